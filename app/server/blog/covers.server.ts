/**
 * Cover images of blog posts, in the `blog-images` bucket at
 * `{userId}/{random}.{extension}`. Files nobody points at are removed: the
 * old cover when a post's cover is replaced or the post deleted, and covers
 * uploaded for a form that was never saved, once they are a day old.
 */
import { randomBytes } from "node:crypto";
import { isNotNull } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { blogs } from "../db/schema.ts";
import { type CoverResult, processCoverImage } from "../uploads/cover-image.server.ts";
import type { ObjectStorage } from "../uploads/storage.server.ts";
import { coversInRevisions } from "./revisions.server.ts";

export const COVER_BUCKET = "blog-images";
const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

export type SavedCover = { ok: true; url: string } | Extract<CoverResult, { ok: false }>;

/** Checks, re-encodes and stores an uploaded cover for the author. */
export async function saveCover(storage: ObjectStorage, authorId: string, bytes: Uint8Array): Promise<SavedCover> {
  const image = await processCoverImage(bytes);
  if (!image.ok) return image;
  const key = `${COVER_BUCKET}/${authorId}/${randomBytes(16).toString("base64url")}.${image.extension}`;
  await storage.put(key, image.data);
  return { ok: true, url: storage.publicUrl(key) };
}

/** Deletes the file behind a cover URL, if it is one of ours. */
export async function removeCover(storage: ObjectStorage, url: string | null | undefined): Promise<void> {
  if (!url) return;
  const key = storage.keyFromPublicUrl(url);
  if (key?.startsWith(`${COVER_BUCKET}/`)) await storage.delete(key);
}

/** Removes cover files no post refers to and that are older than a day; returns how many. */
export async function sweepOrphanCovers(db: Database, storage: ObjectStorage, now = new Date()): Promise<number> {
  const rows = await db.select({ cover: blogs.coverImage }).from(blogs).where(isNotNull(blogs.coverImage));
  // A revision's cover is kept for as long as the revision: restoring it brings the cover back.
  const covers = [...rows.map((row) => row.cover), ...(await coversInRevisions(db))];
  const used = new Set(covers.map((cover) => cover && storage.keyFromPublicUrl(cover)));
  let removed = 0;
  for (const object of await storage.list(COVER_BUCKET)) {
    if (used.has(object.key) || now.getTime() - object.modifiedAt.getTime() < ORPHAN_GRACE_MS) continue;
    await storage.delete(object.key);
    removed += 1;
  }
  return removed;
}

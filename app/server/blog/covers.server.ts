/**
 * Images of blog posts, covers and images in the text alike, in the
 * `blog-images` bucket at `{userId}/{random}-{width}x{height}.{extension}`,
 * with a phone-sized WebP copy beside those wider than a phone needs
 * (`app/lib/uploaded-image.ts`). Files nobody points at are removed: the old
 * cover when nothing holds it any more, and images no post or revision
 * refers to (uploads for a form never saved among them) once a day old.
 */
import { randomBytes } from "node:crypto";
import { imageStem, PHONE_IMAGE_WIDTH, uploadedImage, uploadedImageKeys } from "../../lib/uploaded-image.ts";
import type { Database } from "../db/client.server.ts";
import { blogs, postRevisions } from "../db/schema.ts";
import { type CoverResult, processCoverImage } from "../uploads/cover-image.server.ts";
import type { ObjectStorage } from "../uploads/storage.server.ts";

export const COVER_BUCKET = "blog-images";
const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

export type SavedCover = { ok: true; url: string; width: number; height: number } | Extract<CoverResult, { ok: false }>;

/** Checks, re-encodes and stores an uploaded image for the author, with its phone-sized copy. */
export async function saveCover(storage: ObjectStorage, authorId: string, bytes: Uint8Array): Promise<SavedCover> {
  const image = await processCoverImage(bytes);
  if (!image.ok) return image;
  // Letters, digits and underscores only: the size after the hyphen is read back from the name.
  const random = randomBytes(16).toString("base64url").replace(/-/g, "_");
  const stem = `${COVER_BUCKET}/${authorId}/${random}-${image.width}x${image.height}`;
  if (image.width > PHONE_IMAGE_WIDTH && image.extension !== "gif") {
    const { default: sharp } = await import("sharp");
    const phone = await sharp(image.data).resize({ width: PHONE_IMAGE_WIDTH }).webp({ quality: 78 }).toBuffer();
    await storage.put(`${stem}-${PHONE_IMAGE_WIDTH}w.webp`, phone);
  }
  const key = `${stem}.${image.extension}`;
  await storage.put(key, image.data);
  return { ok: true, url: storage.publicUrl(key), width: image.width, height: image.height };
}

/** Deletes the file behind a cover URL, and its phone copy, if it is one of ours. */
export async function removeCover(storage: ObjectStorage, url: string | null | undefined): Promise<void> {
  if (!url) return;
  const key = storage.keyFromPublicUrl(url);
  if (!key?.startsWith(`${COVER_BUCKET}/`)) return;
  await storage.delete(key);
  const phone = uploadedImage(url)?.phoneSrc;
  const phoneKey = phone ? storage.keyFromPublicUrl(phone) : undefined;
  if (phoneKey) await storage.delete(phoneKey);
}

/**
 * Removes images no post or revision refers to (as cover or in the text) and
 * that are older than a day; returns how many files went.
 */
export async function sweepOrphanCovers(db: Database, storage: ObjectStorage, now = new Date()): Promise<number> {
  const posts = await db.select({ cover: blogs.coverImage, content: blogs.content }).from(blogs);
  const revisions = await db
    .select({ cover: postRevisions.coverImage, content: postRevisions.content })
    .from(postRevisions);
  const used = new Set<string>();
  for (const { cover, content } of [...posts, ...revisions]) {
    const coverKey = cover ? storage.keyFromPublicUrl(cover) : undefined;
    for (const key of [...(coverKey ? [coverKey] : []), ...uploadedImageKeys(content)]) used.add(imageStem(key));
  }
  let removed = 0;
  for (const object of await storage.list(COVER_BUCKET)) {
    if (used.has(imageStem(object.key)) || now.getTime() - object.modifiedAt.getTime() < ORPHAN_GRACE_MS) continue;
    await storage.delete(object.key);
    removed += 1;
  }
  return removed;
}

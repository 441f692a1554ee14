/**
 * The trash: deleting a post moves it here for 30 days, with everything it
 * holds (its translation link, revisions, shared links and images), gone
 * from every public place at once (`publicNow` reads `deleted_at`); it can
 * be restored as it was, or deleted for good, which the server does by
 * itself after 30 days (`purgeTrash`). Every function that takes an author
 * scopes its query by them: another author's post is none.
 *
 * Relative imports only: the server's entry runs the purge, and loads this
 * in plain Node under `npm run dev`.
 */
import { and, desc, eq, inArray, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import { imageStem, uploadedImageKeys } from "../../lib/uploaded-image.ts";
import type { Database } from "../db/client.server.ts";
import { type Blog, blogs, postRevisions } from "../db/schema.ts";
import type { ObjectStorage } from "../uploads/storage.server.ts";
import { COVER_BUCKET } from "./covers.server.ts";
import { invalidatePublicPages } from "./page-cache.server.ts";

/** How long a post stays in the trash before it is deleted for good. */
export const TRASH_DAYS = 30;
const TRASH_MS = TRASH_DAYS * 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** When a post moved to the trash at `deletedAt` is deleted for good. */
export function purgeTime(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + TRASH_MS);
}

const own = (authorId: string, id: string) => and(eq(blogs.id, id), eq(blogs.authorId, authorId));

/**
 * Moves one of the author's posts to the trash; returns it, or undefined when
 * the author has no such post outside the trash. Its `updated_at` moves, so
 * every server's cache forgets its pages (and an editor open on it is stale).
 */
export async function trashPost(db: Database, authorId: string, id: string): Promise<Blog | undefined> {
  if (!UUID.test(id)) return undefined;
  const now = new Date();
  const [post] = await db
    .update(blogs)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(own(authorId, id), isNull(blogs.deletedAt)))
    .returning();
  if (post) invalidatePublicPages();
  return post;
}

/** Whether one of the author's posts in the trash holds `slug` in `lang` (the slug stays taken until it is deleted for good). */
export async function slugInTrash(db: Database, authorId: string, lang: string, slug: string): Promise<boolean> {
  const [post] = await db
    .select({ id: blogs.id })
    .from(blogs)
    .where(and(eq(blogs.authorId, authorId), eq(blogs.lang, lang), eq(blogs.slug, slug), isNotNull(blogs.deletedAt)))
    .limit(1);
  return post !== undefined;
}

/** Puts one of the author's trashed posts back as it was (published, scheduled or a draft). */
export async function restoreTrashedPost(db: Database, authorId: string, id: string): Promise<Blog | undefined> {
  if (!UUID.test(id)) return undefined;
  const [post] = await db
    .update(blogs)
    .set({ deletedAt: null, updatedAt: new Date() })
    .where(and(own(authorId, id), isNotNull(blogs.deletedAt)))
    .returning();
  if (post) invalidatePublicPages();
  return post;
}

/** A post in the trash, as its list shows it. */
export interface TrashedPost {
  id: string;
  title: string;
  slug: string;
  lang: string;
  published: boolean;
  deletedAt: Date;
  /** When it goes for good. */
  purgeAt: Date;
}

/** The author's posts in the trash, the most recently deleted first. */
export async function listTrash(db: Database, authorId: string): Promise<TrashedPost[]> {
  const rows = await db
    .select({
      id: blogs.id,
      title: blogs.title,
      slug: blogs.slug,
      lang: blogs.lang,
      published: blogs.published,
      deletedAt: blogs.deletedAt,
    })
    .from(blogs)
    .where(and(eq(blogs.authorId, authorId), isNotNull(blogs.deletedAt)))
    .orderBy(desc(blogs.deletedAt), desc(blogs.id));
  return rows.flatMap((row) =>
    row.deletedAt ? [{ ...row, deletedAt: row.deletedAt, purgeAt: purgeTime(row.deletedAt) }] : [],
  );
}

/** How many of the author's posts are in the trash. */
export async function countTrash(db: Database, authorId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(blogs)
    .where(and(eq(blogs.authorId, authorId), isNotNull(blogs.deletedAt)));
  return row?.n ?? 0;
}

/**
 * Whether a post readers could see lived at this address and is in the trash
 * now: its page answers 410 Gone rather than 404. A draft or a post still
 * scheduled was never public, and its address reveals nothing.
 */
export async function isTrashedAddress(db: Database, lang: string, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: blogs.id })
    .from(blogs)
    .where(
      and(
        eq(blogs.lang, lang),
        eq(blogs.slug, slug),
        isNotNull(blogs.deletedAt),
        sql`${blogs.published} and coalesce(${blogs.publishedAt}, ${blogs.createdAt}) <= ${blogs.deletedAt}`,
      ),
    );
  return row !== undefined;
}

/** The storage keys' stems of the images a text or a cover names. */
function imageStems(storage: ObjectStorage, rows: readonly { cover: string | null; content: string }[]): Set<string> {
  const stems = new Set<string>();
  for (const { cover, content } of rows) {
    const coverKey = cover ? storage.keyFromPublicUrl(cover) : undefined;
    for (const key of [...(coverKey ? [coverKey] : []), ...uploadedImageKeys(content)]) stems.add(imageStem(key));
  }
  return stems;
}

/**
 * Deletes for good the trashed posts `where` selects, in one transaction:
 * their revisions and shared links go with them (the foreign keys cascade),
 * a translation left alone is unlinked. Rows another server is deleting at
 * the same moment are skipped, so two purges never collide. Then removes
 * the images they used that no other post or revision uses.
 */
async function deleteTrashed(db: Database, storage: ObjectStorage, where: SQL | undefined): Promise<Blog[]> {
  const { removed, stems } = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: blogs.id })
      .from(blogs)
      .where(and(isNotNull(blogs.deletedAt), where))
      .for("update", { skipLocked: true });
    if (due.length === 0) return { removed: [] as Blog[], stems: new Set<string>() };
    const ids = due.map((row) => row.id);
    const revisions = await tx
      .select({ cover: postRevisions.coverImage, content: postRevisions.content })
      .from(postRevisions)
      .where(inArray(postRevisions.postId, ids));
    const deleted = await tx.delete(blogs).where(inArray(blogs.id, ids)).returning();
    for (const group of new Set(deleted.map((post) => post.translationGroup).filter((g) => g !== null))) {
      const members = await tx.select({ id: blogs.id }).from(blogs).where(eq(blogs.translationGroup, group));
      const [alone] = members;
      if (members.length === 1 && alone) {
        await tx.update(blogs).set({ translationGroup: null, updatedAt: new Date() }).where(eq(blogs.id, alone.id));
      }
    }
    const used = imageStems(storage, [
      ...deleted.map((post) => ({ cover: post.coverImage, content: post.content })),
      ...revisions,
    ]);
    return { removed: deleted, stems: used };
  });
  if (removed.length === 0) return removed;
  invalidatePublicPages();
  await removeImagesNoLongerUsed(db, storage, stems);
  return removed;
}

/** Removes the stored images (and phone copies) of these stems that no post or revision refers to any more. */
async function removeImagesNoLongerUsed(db: Database, storage: ObjectStorage, stems: Set<string>): Promise<void> {
  if (stems.size === 0) return;
  const posts = await db.select({ cover: blogs.coverImage, content: blogs.content }).from(blogs);
  const revisions = await db
    .select({ cover: postRevisions.coverImage, content: postRevisions.content })
    .from(postRevisions);
  const stillUsed = imageStems(storage, [...posts, ...revisions]);
  for (const object of await storage.list(COVER_BUCKET)) {
    const stem = imageStem(object.key);
    if (stems.has(stem) && !stillUsed.has(stem)) await storage.delete(object.key);
  }
}

/** Deletes one of the author's trashed posts for good; returns it, or undefined when there is no such post in the trash. */
export async function deleteForever(
  db: Database,
  storage: ObjectStorage,
  authorId: string,
  id: string,
): Promise<Blog | undefined> {
  if (!UUID.test(id)) return undefined;
  const [post] = await deleteTrashed(db, storage, own(authorId, id));
  return post;
}

/**
 * Deletes for good every post in the trash for longer than 30 days, and its
 * images; returns how many. Safe to run on several servers at once.
 */
export async function purgeTrash(db: Database, storage: ObjectStorage, now = new Date()): Promise<number> {
  const removed = await deleteTrashed(db, storage, lt(blogs.deletedAt, new Date(now.getTime() - TRASH_MS)));
  return removed.length;
}

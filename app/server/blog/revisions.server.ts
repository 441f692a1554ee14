/**
 * A post's history: every manual save, publication, schedule and restore
 * records what readers see of the post (title, slug, excerpt, content,
 * cover, tags, language). Revisions belong to the post's author like the
 * post itself: every function here reads them through the post's
 * `author_id`, so another author's revision is one that does not exist.
 *
 * A published post's newest revision may hold a version readers do not see
 * yet (an autosave, a save, a restore): its pending version, published by
 * the author's next publication.
 */
import { and, desc, eq, inArray, isNotNull, isNull, notInArray } from "drizzle-orm";
import { lineDiff } from "../../lib/line-diff.ts";
import type { Database, Transaction } from "../db/client.server.ts";
import { type Blog, blogs, type PostRevision, postRevisions } from "../db/schema.ts";

export type RevisionKind = "save" | "publish" | "update" | "schedule" | "restore" | "autosave";

/** How many revisions of each post are kept (the newest). */
export const REVISIONS_KEPT = 50;

/** The fields a revision holds, in the order a summary names them. */
export const REVISION_FIELDS = ["title", "slug", "excerpt", "content", "coverImage", "tags", "lang"] as const;
export type RevisionField = (typeof REVISION_FIELDS)[number];

/** What readers see of a post: the fields, and the cover's words, which change with the cover. */
export type Version = Pick<PostRevision, RevisionField | "coverAlt" | "coverCaption">;

/** A field as two versions compare it: the cover with its description and caption. */
const compared = (version: Version, field: RevisionField) =>
  field === "coverImage"
    ? [version.coverImage ?? "", version.coverAlt ?? "", version.coverCaption ?? ""].join("\n")
    : version[field];

const sameValue = (a: Version, b: Version, field: RevisionField) => {
  const [before, after] = [compared(a, field), compared(b, field)];
  return Array.isArray(before) && Array.isArray(after) ? before.join("\n") === after.join("\n") : before === after;
};

/** The fields that differ between two versions, and the content's lines added and removed. */
export function summarizeChange(before: Version | undefined, after: Version) {
  if (!before) return { changed: [...REVISION_FIELDS] as string[], linesAdded: 0, linesRemoved: 0 };
  const changed = REVISION_FIELDS.filter((field) => !sameValue(before, after, field));
  const diff = changed.includes("content") ? lineDiff(before.content, after.content) : [];
  return {
    changed: changed as string[],
    linesAdded: diff.filter((line) => line.kind === "added").length,
    linesRemoved: diff.filter((line) => line.kind === "removed").length,
  };
}

/**
 * One autosave revision at most per this much of the clock (14:00 to 14:09,
 * 14:10 to 14:19...): later autosaves in it update that revision, and its
 * time, which is so the time of its last change.
 */
export const AUTOSAVE_REVISION_WINDOW_MS = 10 * 60 * 1000;

/** Whether two moments fall in the same autosave window of the clock. */
export function sameAutosaveWindow(a: Date, b: Date): boolean {
  return (
    Math.floor(a.getTime() / AUTOSAVE_REVISION_WINDOW_MS) === Math.floor(b.getTime() / AUTOSAVE_REVISION_WINDOW_MS)
  );
}

/** What readers would see of a post: the fields a revision holds. */
export function versionOf(post: Version): Version {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    coverImage: post.coverImage,
    coverAlt: post.coverAlt,
    coverCaption: post.coverCaption,
    tags: post.tags,
    lang: post.lang,
  };
}

const newestFirst = [desc(postRevisions.createdAt), desc(postRevisions.id)] as const;

/**
 * Records a version of a post and keeps only the newest revisions. Inside the
 * save's transaction. An autosave in the same window of the clock as the
 * autosave revision before it updates that one (its text and its time)
 * instead of adding another.
 */
export async function recordRevision(
  tx: Transaction,
  postId: string,
  version: Version,
  kind: RevisionKind,
  now = new Date(),
): Promise<void> {
  const [previous, beforePrevious] = await tx
    .select()
    .from(postRevisions)
    .where(eq(postRevisions.postId, postId))
    .orderBy(...newestFirst)
    .limit(2);
  if (kind === "autosave" && previous?.kind === "autosave" && sameAutosaveWindow(previous.createdAt, now)) {
    await tx
      .update(postRevisions)
      .set({ ...version, ...summarizeChange(beforePrevious, version), createdAt: now })
      .where(eq(postRevisions.id, previous.id));
    return;
  }
  // An update of the published version says what readers now see changed: against the version they saw.
  const [published] =
    kind === "update"
      ? await tx
          .select()
          .from(postRevisions)
          .where(and(eq(postRevisions.postId, postId), inArray(postRevisions.kind, ["publish", "update"])))
          .orderBy(...newestFirst)
          .limit(1)
      : [];
  await tx
    .insert(postRevisions)
    .values({ postId, kind, ...version, ...summarizeChange(published ?? previous, version), createdAt: now });
  const kept = tx
    .select({ id: postRevisions.id })
    .from(postRevisions)
    .where(eq(postRevisions.postId, postId))
    .orderBy(...newestFirst)
    .limit(REVISIONS_KEPT);
  await tx.delete(postRevisions).where(and(eq(postRevisions.postId, postId), notInArray(postRevisions.id, kept)));
}

const sameVersion = (a: Version, b: Version) => REVISION_FIELDS.every((field) => sameValue(a, b, field));

/**
 * The versions of published posts that readers do not see yet: for each post
 * whose newest revision differs from what the post shows (an autosave, a save
 * kept aside, a restore), that version. Every revision that changes the post
 * itself holds what the post then shows, so a newest one that differs is
 * pending.
 */
export async function pendingVersions(db: Database, postIds: readonly string[]): Promise<Map<string, Version>> {
  const result = new Map<string, Version>();
  if (postIds.length === 0) return result;
  const rows = await db
    .selectDistinctOn([postRevisions.postId], {
      revision: postRevisions,
      post: {
        title: blogs.title,
        slug: blogs.slug,
        excerpt: blogs.excerpt,
        content: blogs.content,
        coverImage: blogs.coverImage,
        coverAlt: blogs.coverAlt,
        coverCaption: blogs.coverCaption,
        tags: blogs.tags,
        lang: blogs.lang,
      },
    })
    .from(postRevisions)
    .innerJoin(blogs, eq(blogs.id, postRevisions.postId))
    .where(inArray(postRevisions.postId, [...postIds]))
    .orderBy(postRevisions.postId, ...newestFirst);
  for (const { revision, post } of rows) {
    if (!sameVersion(versionOf(revision), post)) result.set(revision.postId, versionOf(revision));
  }
  return result;
}

/**
 * Names the newest revision of a post as a manual save: a published post's
 * save kept aside from readers is recorded as an autosave would be, but the
 * author asked for it, and the next autosave starts a revision of its own.
 */
export async function markNewestAsSave(db: Database, postId: string): Promise<void> {
  const [newest] = await db
    .select({ id: postRevisions.id })
    .from(postRevisions)
    .where(eq(postRevisions.postId, postId))
    .orderBy(...newestFirst)
    .limit(1);
  if (newest) await db.update(postRevisions).set({ kind: "save" }).where(eq(postRevisions.id, newest.id));
}

export type PendingRestore =
  | { status: "saved"; post: Blog; replacedCover: null; pending: true }
  | { status: "not-found" }
  | { status: "stale"; current: Blog };

/**
 * Restores a revision of a post readers can see as its pending version: a
 * new revision of kind "restore" that the author's next publication puts
 * live; readers keep the published text until then. The post's `updated_at`
 * moves, so another tab's save of the older version is refused as stale.
 * Under the same stale-edit guard as a save (`expectedUpdatedAt`).
 */
export function restoreAsPending(
  db: Database,
  authorId: string,
  postId: string,
  revisionId: string,
  expectedUpdatedAt: Date,
): Promise<PendingRestore> {
  return db.transaction(async (tx): Promise<PendingRestore> => {
    const [post] = await tx
      .select()
      .from(blogs)
      .where(and(eq(blogs.id, postId), eq(blogs.authorId, authorId), isNull(blogs.deletedAt)))
      .for("update");
    if (!post) return { status: "not-found" };
    if (post.updatedAt.getTime() !== expectedUpdatedAt.getTime()) return { status: "stale", current: post };
    const [revision] = await tx
      .select()
      .from(postRevisions)
      .where(and(eq(postRevisions.id, revisionId), eq(postRevisions.postId, postId)));
    if (!revision) return { status: "not-found" };
    const now = new Date();
    const [moved] = await tx.update(blogs).set({ updatedAt: now }).where(eq(blogs.id, postId)).returning();
    if (!moved) throw new Error(`Restoring a revision of post ${postId} returned no row`);
    await recordRevision(tx, postId, versionOf(revision), "restore", now);
    return { status: "saved", post: moved, replacedCover: null, pending: true };
  });
}

/** What the admin's list shows of a revision: no text, only its summary. */
export interface RevisionSummary {
  id: string;
  kind: RevisionKind;
  createdAt: string;
  changed: string[];
  linesAdded: number;
  linesRemoved: number;
}

/** The author's post's revisions, newest first; undefined when the author has no such post. */
export async function listRevisions(
  db: Database,
  authorId: string,
  postId: string,
): Promise<RevisionSummary[] | undefined> {
  const [post] = await db
    .select({ id: blogs.id })
    .from(blogs)
    .where(and(eq(blogs.id, postId), eq(blogs.authorId, authorId)));
  if (!post) return undefined;
  const rows = await db
    .select({
      id: postRevisions.id,
      kind: postRevisions.kind,
      createdAt: postRevisions.createdAt,
      changed: postRevisions.changed,
      linesAdded: postRevisions.linesAdded,
      linesRemoved: postRevisions.linesRemoved,
    })
    .from(postRevisions)
    .where(eq(postRevisions.postId, postId))
    .orderBy(...newestFirst);
  return rows.map((row) => ({ ...row, kind: row.kind as RevisionKind, createdAt: row.createdAt.toISOString() }));
}

/** One revision of one of the author's posts, or undefined. */
export async function findRevision(
  db: Database,
  authorId: string,
  postId: string,
  revisionId: string,
): Promise<PostRevision | undefined> {
  const [row] = await db
    .select({ revision: postRevisions })
    .from(postRevisions)
    .innerJoin(blogs, eq(blogs.id, postRevisions.postId))
    .where(and(eq(postRevisions.id, revisionId), eq(postRevisions.postId, postId), eq(blogs.authorId, authorId)));
  return row?.revision;
}

/** Cover URLs some revision still holds: they are kept for a restore. */
export async function coversInRevisions(db: Database, urls?: readonly string[]): Promise<Set<string>> {
  if (urls && urls.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ cover: postRevisions.coverImage })
    .from(postRevisions)
    .where(urls ? inArray(postRevisions.coverImage, [...urls]) : isNotNull(postRevisions.coverImage));
  return new Set(rows.map((row) => row.cover).filter((cover) => cover !== null));
}

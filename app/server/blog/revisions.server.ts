/**
 * A post's history: every manual save, publication, schedule and restore
 * records what readers see of the post (title, slug, excerpt, content,
 * cover, tags, language). Revisions belong to the post's author like the
 * post itself: every function here reads them through the post's
 * `author_id`, so another author's revision is one that does not exist.
 */
import { and, desc, eq, inArray, isNotNull, notInArray } from "drizzle-orm";
import { lineDiff } from "../../lib/line-diff.ts";
import type { Database } from "../db/client.server.ts";
import { blogs, type PostRevision, postRevisions } from "../db/schema.ts";

export type RevisionKind = "save" | "publish" | "schedule" | "restore" | "autosave";

/** How many revisions of each post are kept (the newest). */
export const REVISIONS_KEPT = 50;

/** The fields a revision holds, in the order a summary names them. */
export const REVISION_FIELDS = ["title", "slug", "excerpt", "content", "coverImage", "tags", "lang"] as const;
export type RevisionField = (typeof REVISION_FIELDS)[number];

type Version = Pick<PostRevision, RevisionField>;

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

const sameValue = (a: Version[RevisionField], b: Version[RevisionField]) =>
  Array.isArray(a) && Array.isArray(b) ? a.join("\n") === b.join("\n") : a === b;

/** The fields that differ between two versions, and the content's lines added and removed. */
export function summarizeChange(before: Version | undefined, after: Version) {
  if (!before) return { changed: [...REVISION_FIELDS] as string[], linesAdded: 0, linesRemoved: 0 };
  const changed = REVISION_FIELDS.filter((field) => !sameValue(before[field], after[field]));
  const diff = changed.includes("content") ? lineDiff(before.content, after.content) : [];
  return {
    changed: changed as string[],
    linesAdded: diff.filter((line) => line.kind === "added").length,
    linesRemoved: diff.filter((line) => line.kind === "removed").length,
  };
}

/** One autosave revision at most per this much editing: later autosaves update it. */
export const AUTOSAVE_REVISION_WINDOW_MS = 10 * 60 * 1000;

/** What readers would see of a post: the fields a revision holds. */
export function versionOf(post: Version): Version {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    coverImage: post.coverImage,
    tags: post.tags,
    lang: post.lang,
  };
}

const newestFirst = [desc(postRevisions.createdAt), desc(postRevisions.id)] as const;

/**
 * Records a version of a post and keeps only the newest revisions. Inside the
 * save's transaction. An autosave within `AUTOSAVE_REVISION_WINDOW_MS` of the
 * autosave revision before it updates that one instead of adding another.
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
  if (
    kind === "autosave" &&
    previous?.kind === "autosave" &&
    now.getTime() - previous.createdAt.getTime() < AUTOSAVE_REVISION_WINDOW_MS
  ) {
    await tx
      .update(postRevisions)
      .set({ ...version, ...summarizeChange(beforePrevious, version) })
      .where(eq(postRevisions.id, previous.id));
    return;
  }
  await tx.insert(postRevisions).values({ postId, kind, ...version, ...summarizeChange(previous, version) });
  const kept = tx
    .select({ id: postRevisions.id })
    .from(postRevisions)
    .where(eq(postRevisions.postId, postId))
    .orderBy(...newestFirst)
    .limit(REVISIONS_KEPT);
  await tx.delete(postRevisions).where(and(eq(postRevisions.postId, postId), notInArray(postRevisions.id, kept)));
}

/**
 * The changes autosaved into published posts and not yet published: for
 * each post whose newest revision is an autosave, that version. (A manual
 * save records a revision after it, so an autosave on top means pending.)
 */
export async function pendingVersions(db: Database, postIds: readonly string[]): Promise<Map<string, Version>> {
  const result = new Map<string, Version>();
  if (postIds.length === 0) return result;
  const rows = await db
    .selectDistinctOn([postRevisions.postId])
    .from(postRevisions)
    .where(inArray(postRevisions.postId, [...postIds]))
    .orderBy(postRevisions.postId, ...newestFirst);
  for (const row of rows) if (row.kind === "autosave") result.set(row.postId, versionOf(row));
  return result;
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

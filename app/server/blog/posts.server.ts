/**
 * Blog posts in the database. Every author-facing function takes the
 * author's id and scopes its query by it: another author's post is, to these
 * functions, a post that does not exist.
 */
import { and, desc, eq, ne } from "drizzle-orm";
import { staticArticleIds } from "~/content/ids.ts";
import type { PostInput } from "~/lib/post-input.ts";
import type { Database } from "../db/client.server.ts";
import { pgErrorCode, UNIQUE_VIOLATION } from "../db/errors.server.ts";
import { type Blog, blogs } from "../db/schema.ts";
import { invalidatePublicPages } from "./page-cache.server.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs and forms; anything that is not a UUID cannot name a post. */
export function isPostId(id: string): boolean {
  return UUID.test(id);
}

export type SaveResult =
  | { status: "saved"; post: Blog; replacedCover: string | null }
  | { status: "slug-taken" }
  | { status: "not-found" }
  | { status: "stale"; current: Blog };

/** The author's posts, newest first. */
export function listOwnPosts(db: Database, authorId: string): Promise<Blog[]> {
  return db.select().from(blogs).where(eq(blogs.authorId, authorId)).orderBy(desc(blogs.createdAt), desc(blogs.id));
}

/** One of the author's posts, or undefined. */
export async function findOwnPost(db: Database, authorId: string, id: string): Promise<Blog | undefined> {
  if (!isPostId(id)) return undefined;
  const [post] = await db
    .select()
    .from(blogs)
    .where(and(eq(blogs.id, id), eq(blogs.authorId, authorId)));
  return post;
}

// A static article already lives at /blog/{id}; a post may not take its address.
const reservedSlugs = new Set<string>(staticArticleIds);

/** Creates a post for the author. */
export async function createPost(db: Database, authorId: string, input: PostInput): Promise<SaveResult> {
  if (reservedSlugs.has(input.slug)) return { status: "slug-taken" };
  try {
    const [post] = await db
      .insert(blogs)
      .values({ ...input, authorId })
      .returning();
    if (!post) throw new Error("Inserting a post returned no row");
    invalidatePublicPages();
    return { status: "saved", post, replacedCover: null };
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) return { status: "slug-taken" };
    throw error;
  }
}

/**
 * Updates one of the author's posts, unless it changed since the editor
 * loaded it (`expectedUpdatedAt`): a second tab's stale form must not
 * silently overwrite the first one's save.
 */
export async function updatePost(
  db: Database,
  authorId: string,
  id: string,
  input: PostInput,
  expectedUpdatedAt: Date,
): Promise<SaveResult> {
  if (!isPostId(id)) return { status: "not-found" };
  if (reservedSlugs.has(input.slug)) return { status: "slug-taken" };
  try {
    const result = await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(blogs)
        .where(and(eq(blogs.id, id), eq(blogs.authorId, authorId)))
        .for("update");
      if (!current) return { status: "not-found" } as const;
      if (current.updatedAt.getTime() !== expectedUpdatedAt.getTime()) return { status: "stale", current } as const;
      const [clash] = await tx
        .select({ id: blogs.id })
        .from(blogs)
        .where(and(eq(blogs.slug, input.slug), ne(blogs.id, id)));
      if (clash) return { status: "slug-taken" } as const;
      // Millisecond precision, so the editor's copy of this value compares exactly next time.
      const [post] = await tx
        .update(blogs)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(blogs.id, id))
        .returning();
      if (!post) throw new Error(`Updating post ${id} returned no row`);
      const replacedCover = current.coverImage && current.coverImage !== post.coverImage ? current.coverImage : null;
      return { status: "saved", post, replacedCover } as const;
    });
    // After the commit: a page rendered from the old row until now must not be kept.
    if (result.status === "saved") invalidatePublicPages();
    return result;
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) return { status: "slug-taken" };
    throw error;
  }
}

/** Deletes one of the author's posts; returns it, or undefined if the author has no such post. */
export async function deletePost(db: Database, authorId: string, id: string): Promise<Blog | undefined> {
  if (!isPostId(id)) return undefined;
  const [post] = await db
    .delete(blogs)
    .where(and(eq(blogs.id, id), eq(blogs.authorId, authorId)))
    .returning();
  if (post) invalidatePublicPages();
  return post;
}

/** Published posts for the public blog, newest first. Drafts never leave this module. */
export function listPublishedPosts(db: Database): Promise<Blog[]> {
  return db.select().from(blogs).where(eq(blogs.published, true)).orderBy(desc(blogs.createdAt), desc(blogs.id));
}

/** A published post by its slug, or undefined (unknown or draft). */
export async function findPublishedPost(db: Database, slug: string): Promise<Blog | undefined> {
  const [post] = await db
    .select()
    .from(blogs)
    .where(and(eq(blogs.slug, slug), eq(blogs.published, true)));
  return post;
}

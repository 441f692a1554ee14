/**
 * Links that show a post's latest saved version to anyone who has one, signed
 * in or not, for 7 days, until the author revokes it. Only the SHA-256 of a
 * link's token is stored: the token itself (32 random bytes, base64url) is
 * shown to the author once, when the link is made, so a copy of the database
 * opens nothing. A revoked, expired or made-up token, or a post in the trash,
 * finds nothing, and nothing tells these apart.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { type Blog, blogs, postShareLinks } from "../db/schema.ts";

/** How long a shared link opens the post. */
export const SHARE_LINK_DAYS = 7;
const SHARE_LINK_MS = SHARE_LINK_DAYS * 24 * 60 * 60 * 1000;
/** 32 bytes in base64url: 43 characters, nothing else. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What is stored of a token. */
export function hashShareToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A live link as its author's list shows it (never its token). */
export interface ShareLink {
  id: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Whether the post is one of the author's, outside the trash. */
async function ownPost(db: Database, authorId: string, postId: string): Promise<boolean> {
  if (!UUID.test(postId)) return false;
  const [post] = await db
    .select({ id: blogs.id })
    .from(blogs)
    .where(and(eq(blogs.id, postId), eq(blogs.authorId, authorId), isNull(blogs.deletedAt)));
  return post !== undefined;
}

/**
 * Makes a link to one of the author's posts; returns its token (to show
 * once) and the link, or undefined when the author has no such post.
 */
export async function createShareLink(
  db: Database,
  authorId: string,
  postId: string,
  now = new Date(),
): Promise<{ token: string; link: ShareLink } | undefined> {
  if (!(await ownPost(db, authorId, postId))) return undefined;
  const token = randomBytes(32).toString("base64url");
  const [link] = await db
    .insert(postShareLinks)
    .values({
      postId,
      tokenHash: hashShareToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SHARE_LINK_MS),
    })
    .returning({ id: postShareLinks.id, createdAt: postShareLinks.createdAt, expiresAt: postShareLinks.expiresAt });
  if (!link) throw new Error("Inserting a shared link returned no row");
  return { token, link };
}

const live = (now: Date) => and(isNull(postShareLinks.revokedAt), gt(postShareLinks.expiresAt, now));

/** The links of one of the author's posts that still open it, newest first; none for another author's post. */
export async function listShareLinks(
  db: Database,
  authorId: string,
  postId: string,
  now = new Date(),
): Promise<ShareLink[]> {
  if (!(await ownPost(db, authorId, postId))) return [];
  return db
    .select({ id: postShareLinks.id, createdAt: postShareLinks.createdAt, expiresAt: postShareLinks.expiresAt })
    .from(postShareLinks)
    .where(and(eq(postShareLinks.postId, postId), live(now)))
    .orderBy(desc(postShareLinks.createdAt), desc(postShareLinks.id));
}

/** Revokes a link of one of the author's posts at once; false when there is no such live link. */
export async function revokeShareLink(
  db: Database,
  authorId: string,
  postId: string,
  linkId: string,
  now = new Date(),
): Promise<boolean> {
  if (!UUID.test(linkId) || !(await ownPost(db, authorId, postId))) return false;
  const revoked = await db
    .update(postShareLinks)
    .set({ revokedAt: now })
    .where(and(eq(postShareLinks.id, linkId), eq(postShareLinks.postId, postId), isNull(postShareLinks.revokedAt)))
    .returning({ id: postShareLinks.id });
  return revoked.length > 0;
}

/** The post a token opens now, or undefined (unknown, revoked, expired, or the post in the trash). */
export async function findSharedPost(db: Database, token: string, now = new Date()): Promise<Blog | undefined> {
  // Anything that cannot be a token is no link, and costs no query.
  if (!TOKEN.test(token)) return undefined;
  const [row] = await db
    .select({ post: blogs })
    .from(postShareLinks)
    .innerJoin(blogs, eq(blogs.id, postShareLinks.postId))
    .where(and(eq(postShareLinks.tokenHash, hashShareToken(token)), live(now), isNull(blogs.deletedAt)));
  return row?.post;
}

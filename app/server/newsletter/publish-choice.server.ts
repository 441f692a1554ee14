/**
 * What publishing a post does to the newsletter, asked before it is done: a
 * post that becomes public is mailed to the confirmed readers of its
 * language (at once, or in their weekly digest), unless its author chose to
 * publish it without mailing. That choice is kept as the post's entry in
 * `newsletter_posts`, marked `skipped`, written in the same transaction as
 * the publication: the worker, which announces every public post not listed
 * there, never queues a mail for it, now or after it is unpublished and
 * published again.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Lang } from "../../i18n/paths.ts";
import type { Database, Transaction } from "../db/client.server.ts";
import { blogs, newsletterPosts, newsletterSubscribers } from "../db/schema.ts";

/** The author's answer to "mail the subscribers?", as the editor's publish request carries it. */
export type NewsletterChoice = "send" | "skip";

/** The form field of the answer. */
export const NEWSLETTER_FIELD = "newsletter";

/** The answer a form carries, if it carries one. */
export function newsletterChoiceOf(form: FormData): NewsletterChoice | undefined {
  const value = form.get(NEWSLETTER_FIELD);
  return value === "send" || value === "skip" ? value : undefined;
}

/** Confirmed readers of each language (a reader of both counts in each): those a post in it reaches. */
export async function readersByLang(db: Database): Promise<Record<Lang, number>> {
  const result = await db.execute(sql`
    select
      count(*) filter (where 'pt' = any(${newsletterSubscribers.langs}))::int as pt,
      count(*) filter (where 'en' = any(${newsletterSubscribers.langs}))::int as en
    from ${newsletterSubscribers}
    where ${newsletterSubscribers.status} = 'confirmed'`);
  const row = (result as { rows: { pt?: number; en?: number }[] }).rows[0];
  return { pt: Number(row?.pt ?? 0), en: Number(row?.en ?? 0) };
}

/** The posts among `ids` the newsletter is done with: announced (mailed) or published without mailing. */
export async function settledPosts(db: Database, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: newsletterPosts.postId })
    .from(newsletterPosts)
    .where(inArray(newsletterPosts.postId, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/**
 * Lists the post as published without mailing, in the transaction that
 * makes it public (or schedules it), so no worker announces it in between.
 * A post already listed (mailed before) stays as it is.
 */
export async function skipNewsletter(tx: Transaction, postId: string): Promise<void> {
  const [post] = await tx
    .select({ id: blogs.id, group: blogs.translationGroup })
    .from(blogs)
    .where(eq(blogs.id, postId));
  if (!post) return;
  await tx
    .insert(newsletterPosts)
    .values({ postId, issue: `post:${post.group ?? post.id}`, skipped: true })
    .onConflictDoNothing();
}

/** Whether a post was published without mailing. */
export async function newsletterSkipped(db: Database, postId: string): Promise<boolean> {
  const [row] = await db
    .select({ skipped: newsletterPosts.skipped })
    .from(newsletterPosts)
    .where(and(eq(newsletterPosts.postId, postId), eq(newsletterPosts.skipped, true)));
  return row !== undefined;
}

/**
 * The webmention queues, claimed like the newsletter's mails (a lease on
 * `next_attempt_at`, `FOR UPDATE SKIP LOCKED`), so every server may run the
 * worker on one database and each mention is handled by one of them:
 *
 * - **Sending.** A post public now whose version (`coalesce(edited_at,
 *   published_at)`) is newer than the one recorded in `webmention_posts`
 *   queues one row per external page it links to, and puts the pages it
 *   linked to before back in the queue too (a link removed is mentioned
 *   once more, so the page can see it gone). One statement records the
 *   version, so one server queues it. A version older than
 *   `SEND_HORIZON_MS` when first seen (an imported archive, posts public
 *   before webmentions came) is recorded and sends nothing.
 * - **Withdrawing.** A post readers no longer see (unpublished, in the
 *   trash) mentions again the pages it mentioned, so each can find its
 *   address gone; its recorded version becomes `WITHDRAWN`, older than any,
 *   so publishing it again mentions them once more.
 * - **Receiving.** A mention the endpoint accepted waits in
 *   `webmentions_received` until its source is fetched and verified.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { isLang } from "../../i18n/paths.ts";
import { postPath } from "../../lib/blog-paths.ts";
import { FOREIGN_IMAGE } from "../blog/rendered-html.server.ts";
import type { Database } from "../db/client.server.ts";
import {
  blogs,
  type WebmentionReceived,
  type WebmentionSend,
  webmentionPosts,
  webmentionSends,
  webmentionsReceived,
} from "../db/schema.ts";
import { claimLeased } from "../jobs/leased-claims.server.ts";
import { retryDelayMs } from "../newsletter/queue.server.ts";
import { type ResponseSubject, subjectColumns } from "../responses/subject.server.ts";
import { startTags } from "./html-tags.server.ts";

/** A version first seen longer ago than this is recorded without sending (an import, a server long down). */
export const SEND_HORIZON_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many pages are mentioned per post version. */
export const MAX_TARGETS = 100;
/** Tries of one mention before it is given up (about 4 hours of retries with the newsletter's backoff). */
export const MAX_ATTEMPTS = 10;
/** Posts looked at per round for a new version. */
const POSTS_PER_ROUND = 20;

/**
 * The external pages a post's HTML links to, once each, in order, without fragments.
 * @example externalLinks('<a href="https://a.example/x#y">', "https://site.example") // ["https://a.example/x"]
 */
export function externalLinks(html: string, siteOrigin: string): string[] {
  const own = new URL(siteOrigin).host;
  const found = new Set<string>();
  for (const tag of startTags(html)) {
    // A link standing for an image kept elsewhere names a picture, not a page the post mentions.
    if (tag.name !== "a" || tag.attributes.get("class")?.split(/\s+/).includes(FOREIGN_IMAGE)) continue;
    const url = URL.parse(tag.attributes.get("href") ?? "");
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.host === own) continue;
    url.hash = "";
    found.add(url.href);
    if (found.size >= MAX_TARGETS) break;
  }
  return [...found];
}

/** The version recorded for a post readers no longer see: any version it gets when public again is newer. */
const WITHDRAWN = new Date(0);

const versionOf = sql`coalesce(${blogs.editedAt}, ${blogs.publishedAt}, ${blogs.createdAt})`;

const publicAt = (now: Date) =>
  sql`(${blogs.published} and coalesce(${blogs.publishedAt}, ${blogs.createdAt}) <= ${now.toISOString()}::timestamptz and ${blogs.deletedAt} is null)`;

/**
 * Queues the mentions of every post public at `now` whose version is not recorded yet.
 * @returns how many mentions were queued
 */
export async function queueNewVersions(db: Database, publicUrl: string, now = new Date()): Promise<number> {
  const due = await db
    .select({
      id: blogs.id,
      lang: blogs.lang,
      slug: blogs.slug,
      content: blogs.content,
      version: sql<string>`${versionOf}`.mapWith((value: string | Date) => new Date(value)),
      withdrawn: sql<boolean>`coalesce(${webmentionPosts.version} = ${WITHDRAWN.toISOString()}::timestamptz, false)`,
    })
    .from(blogs)
    .leftJoin(webmentionPosts, eq(webmentionPosts.postId, blogs.id))
    .where(and(publicAt(now), sql`(${webmentionPosts.postId} is null or ${webmentionPosts.version} < ${versionOf})`))
    .limit(POSTS_PER_ROUND);
  let queued = 0;
  for (const post of due) {
    if (!isLang(post.lang)) continue;
    const source = new URL(postPath({ lang: post.lang, slug: post.slug }), publicUrl).href;
    // Published again after it was withdrawn: its pages are told again, however old the post.
    const recent = post.withdrawn || now.getTime() - post.version.getTime() <= SEND_HORIZON_MS;
    // The renderer loads with the first post that has pages to tell, not with the server.
    const render = recent ? (await import("../blog/markdown.server.ts")).renderMarkdown : undefined;
    const targets = render ? externalLinks(render(post.content, post.lang).html, publicUrl) : [];
    queued += await db.transaction(async (tx) => {
      // Recorded by one server only: the one whose statement moved the version.
      const [claimed] = await tx
        .insert(webmentionPosts)
        .values({ postId: post.id, version: post.version, source, queuedAt: now })
        .onConflictDoUpdate({
          target: webmentionPosts.postId,
          set: { version: post.version, source, queuedAt: now },
          setWhere: sql`${webmentionPosts.version} < ${post.version.toISOString()}::timestamptz`,
        })
        .returning({ postId: webmentionPosts.postId });
      if (!claimed || !recent) return 0;
      // The pages mentioned before are mentioned again, linked or not any more.
      const again = await tx
        .update(webmentionSends)
        .set({ source, nextAttemptAt: now, attempts: 0, sentAt: null, failedAt: null, lastError: null })
        .where(eq(webmentionSends.postId, post.id))
        .returning({ id: webmentionSends.id });
      const added =
        targets.length === 0
          ? []
          : await tx
              .insert(webmentionSends)
              .values(targets.map((target) => ({ postId: post.id, source, target, nextAttemptAt: now })))
              .onConflictDoNothing()
              .returning({ id: webmentionSends.id });
      return again.length + added.length;
    });
  }
  return queued;
}

/**
 * Mentions again the pages a post mentioned, once it is no longer public (unpublished, in the trash):
 * its address now answers 404 or 410, and each page can see the mention gone.
 * @returns how many mentions were queued
 */
export async function queueWithdrawals(db: Database, now = new Date()): Promise<number> {
  const gone = await db
    .select({ postId: webmentionPosts.postId })
    .from(webmentionPosts)
    .innerJoin(blogs, eq(blogs.id, webmentionPosts.postId))
    .where(and(sql`not ${publicAt(now)}`, sql`${webmentionPosts.version} > ${WITHDRAWN.toISOString()}::timestamptz`))
    .limit(POSTS_PER_ROUND);
  let queued = 0;
  for (const { postId } of gone) {
    queued += await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(webmentionPosts)
        .set({ version: WITHDRAWN, queuedAt: now })
        .where(
          and(
            eq(webmentionPosts.postId, postId),
            sql`${webmentionPosts.version} > ${WITHDRAWN.toISOString()}::timestamptz`,
          ),
        )
        .returning({ postId: webmentionPosts.postId });
      if (!claimed) return 0;
      // Only the pages that were told of it: a page without an endpoint has nothing to take back.
      const again = await tx
        .update(webmentionSends)
        .set({ nextAttemptAt: now, attempts: 0, sentAt: null, failedAt: null, lastError: null })
        .where(and(eq(webmentionSends.postId, postId), sql`${webmentionSends.sentAt} is not null`))
        .returning({ id: webmentionSends.id });
      return again.length;
    });
  }
  return queued;
}

const openSend = and(isNull(webmentionSends.sentAt), isNull(webmentionSends.failedAt));

/** Claims up to `limit` due mentions to send: their next attempt moves a lease ahead. */
export function claimSends(db: Database, now: Date, limit: number, leaseMs: number): Promise<WebmentionSend[]> {
  return claimLeased(db, webmentionSends, { now, limit, leaseMs, open: openSend });
}

/** What became of one send: done (sent or given up) or a later try. */
export async function recordSend(
  db: Database,
  row: WebmentionSend,
  now: Date,
  result: { done: "sent" | "failed" | undefined; endpoint?: string; status?: number; error?: string },
): Promise<void> {
  const givingUp = result.done === undefined && row.attempts >= MAX_ATTEMPTS;
  const done = result.done ?? (givingUp ? "failed" : undefined);
  await db
    .update(webmentionSends)
    .set({
      endpoint: result.endpoint ?? null,
      status: result.status ?? null,
      lastError: result.error?.slice(0, 500) ?? null,
      sentAt: done === "sent" ? now : null,
      failedAt: done === "failed" ? now : null,
      nextAttemptAt: done ? null : new Date(now.getTime() + retryDelayMs(row.attempts)),
    })
    // Only while the claim is ours: a new version of the post may have queued it again meanwhile.
    .where(and(eq(webmentionSends.id, row.id), eq(webmentionSends.attempts, row.attempts), openSend));
}

/**
 * Records a mention the endpoint accepted, to be verified now. A mention
 * sent again (the source changed, or lost its link) is verified again.
 */
export async function queueReceived(
  db: Database,
  mention: { source: string; target: string } & ({ postId: string } | { subject: ResponseSubject }),
  now = new Date(),
): Promise<void> {
  const subject = subjectColumns("subject" in mention ? mention.subject : { postId: mention.postId });
  await db
    .insert(webmentionsReceived)
    .values({ source: mention.source, target: mention.target, ...subject, receivedAt: now, nextAttemptAt: now })
    .onConflictDoUpdate({
      target: [webmentionsReceived.source, webmentionsReceived.target],
      set: { ...subject, receivedAt: now, nextAttemptAt: now, attempts: 0, lastError: null },
    });
}

/** Claims up to `limit` received mentions due for verification. */
export function claimReceived(db: Database, now: Date, limit: number, leaseMs: number): Promise<WebmentionReceived[]> {
  return claimLeased(db, webmentionsReceived, { now, limit, leaseMs });
}

/** What the verification found; a failure to fetch is tried again later, up to `MAX_ATTEMPTS`. */
export async function recordVerification(
  db: Database,
  row: WebmentionReceived,
  now: Date,
  result: { outcome: string; retry?: boolean; error?: string },
): Promise<void> {
  const retry = result.retry === true && row.attempts < MAX_ATTEMPTS;
  await db
    .update(webmentionsReceived)
    .set({
      outcome: result.outcome.slice(0, 100),
      lastError: result.error?.slice(0, 500) ?? null,
      verifiedAt: retry ? row.verifiedAt : now,
      nextAttemptAt: retry ? new Date(now.getTime() + retryDelayMs(row.attempts)) : null,
    })
    // A mention sent again while this verification ran is verified again, not marked done.
    .where(and(eq(webmentionsReceived.id, row.id), eq(webmentionsReceived.attempts, row.attempts)));
}

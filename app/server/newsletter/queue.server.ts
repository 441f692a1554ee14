/**
 * The newsletter's queue: which mails are due, claimed and sent once.
 *
 * - A post that becomes public (now or by schedule) is *announced* once: one
 *   statement lists it in `newsletter_posts` and, only if that insert was
 *   new, queues one row per confirmed reader of its language who gets each
 *   post. The row's issue is the one of its translation if that was
 *   announced before (else its translation group), so a reader of both
 *   languages gets one mail for a post and its translation.
 * - A weekly digest slot that passed is queued once (`last_digest_slot`), for
 *   readers of the digest with something new in their languages.
 * - Rows are claimed like contact messages: a lease on `next_attempt_at`,
 *   `FOR UPDATE SKIP LOCKED`, renewed just before the send; a server killed
 *   mid-send leaves its rows to another server after the lease.
 */
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import {
  blogs,
  type NewsletterMail,
  newsletterMails,
  newsletterPosts,
  newsletterSettings,
  newsletterSubscribers,
} from "../db/schema.ts";
import { SITE_UTC_OFFSET_MINUTES } from "../site-time.server.ts";

const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60 * 1000;
/** Temporary refusals (4xx) of one mail for this long suppress the address. */
export const DEFERRAL_LIMIT_MS = 72 * 60 * 60 * 1000;
/** A digest slot missed by more than this (every server down) is skipped, not sent late. */
const DIGEST_LATE_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The wait before the next try after `attempts` failures: 30 s, 1 min, 2 min… at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

const publicAt = (now: Date) =>
  sql`(${blogs.published} and coalesce(${blogs.publishedAt}, ${blogs.createdAt}) <= ${now.toISOString()}::timestamptz and ${blogs.deletedAt} is null)`;

/** Not published without mailing: such a post is never sent, neither itself nor as a translation, nor in a digest. */
const notSkipped = sql`not exists (select 1 from newsletter_posts np where np.post_id = ${blogs.id} and np.skipped)`;

/** The count a queueing statement selects, on either engine. */
const queuedCount = (result: unknown) => Number((result as { rows: { queued?: number }[] }).rows[0]?.queued ?? 0);

/**
 * Announces every post public at `now` and not announced yet, queueing its
 * mails. Safe on every server at once: a post's announcement is inserted by
 * one of them, and mails are unique per reader and issue.
 * @returns how many mails were queued.
 */
export async function announcePosts(db: Database, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    with due as (
      select b.id, coalesce(
        (select np.issue from newsletter_posts np join blogs s on s.id = np.post_id
          where b.translation_group is not null and s.translation_group = b.translation_group
            and not np.skipped limit 1),
        'post:' || coalesce(b.translation_group, b.id)::text) as issue
      from ${blogs} b
      where b.published and coalesce(b.published_at, b.created_at) <= ${at}::timestamptz and b.deleted_at is null
        and not exists (select 1 from newsletter_posts p where p.post_id = b.id)
    ), announced as (
      insert into ${newsletterPosts} (post_id, announced_at, issue)
      select id, ${at}::timestamptz, issue from due
      on conflict do nothing
      returning post_id, issue
    ), queued as (
      insert into ${newsletterMails} (subscriber_id, kind, issue, post_id, lang, next_attempt_at)
      select s.id, 'post', a.issue, b.id, b.lang, ${at}::timestamptz
      from announced a
      join blogs b on b.id = a.post_id
      join newsletter_subscribers s on s.status = 'confirmed' and s.frequency = 'post' and b.lang = any(s.langs)
      on conflict (subscriber_id, issue) do nothing
      returning 1
    )
    select count(*)::int as queued from queued`);
  return queuedCount(result);
}

/**
 * The latest digest slot at or before `now`: the weekday (0 = Sunday) and
 * hour in the site's time zone.
 * @example digestSlot(new Date("2026-11-30T12:30:00Z"), 1, 9) // 2026-11-30T12:00:00Z (Monday 9:00 in Recife)
 */
export function digestSlot(now: Date, weekday: number, hour: number): Date {
  const offsetMs = SITE_UTC_OFFSET_MINUTES * 60_000;
  const local = new Date(now.getTime() + offsetMs);
  const slot = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour));
  slot.setUTCDate(slot.getUTCDate() - ((local.getUTCDay() - weekday + 7) % 7));
  if (slot.getTime() > local.getTime()) slot.setUTCDate(slot.getUTCDate() - 7);
  return new Date(slot.getTime() - offsetMs);
}

export interface DigestSettings {
  weekday: number;
  hour: number;
}

export async function readDigestSettings(db: Database): Promise<DigestSettings> {
  const [row] = await db.select().from(newsletterSettings).where(eq(newsletterSettings.id, 1));
  return { weekday: row?.digestWeekday ?? 1, hour: row?.digestHour ?? 9 };
}

export async function saveDigestSettings(db: Database, settings: DigestSettings): Promise<void> {
  await db
    .insert(newsletterSettings)
    .values({ id: 1, digestWeekday: settings.weekday, digestHour: settings.hour })
    .onConflictDoUpdate({
      target: newsletterSettings.id,
      set: { digestWeekday: settings.weekday, digestHour: settings.hour },
    });
}

/**
 * Queues the digest of the slot that passed last, once for all servers: for
 * each reader of the digest, when a post in one of their languages became
 * public in the week before the slot (one published without mailing is not
 * counted, nor listed).
 * @returns how many mails were queued (0 when the slot was queued already).
 */
export async function queueDigest(db: Database, now = new Date()): Promise<number> {
  const { weekday, hour } = await readDigestSettings(db);
  const slot = digestSlot(now, weekday, hour);
  if (now.getTime() - slot.getTime() > DIGEST_LATE_MS) return 0;
  const from = new Date(slot.getTime() - WEEK_MS);
  const result = await db.execute(sql`
    with claimed as (
      update ${newsletterSettings} set last_digest_slot = ${slot.toISOString()}::timestamptz
      where id = 1 and (last_digest_slot is null or last_digest_slot < ${slot.toISOString()}::timestamptz)
      returning 1
    ), queued as (
      insert into ${newsletterMails} (subscriber_id, kind, issue, lang, next_attempt_at)
      select s.id, 'digest', ${`digest:${slot.toISOString()}`}, s.langs[1], ${now.toISOString()}::timestamptz
      from newsletter_subscribers s
      where exists (select 1 from claimed) and s.status = 'confirmed' and s.frequency = 'weekly'
        and exists (
          select 1 from blogs b where b.published and b.lang = any(s.langs)
            and coalesce(b.published_at, b.created_at) >= ${from.toISOString()}::timestamptz
            and coalesce(b.published_at, b.created_at) < ${slot.toISOString()}::timestamptz
            and not exists (select 1 from newsletter_posts np where np.post_id = b.id and np.skipped))
      on conflict (subscriber_id, issue) do nothing
      returning 1
    )
    select count(*)::int as queued from queued`);
  return queuedCount(result);
}

/** The week of posts a digest slot covers. */
export function digestWindow(issue: string): { from: Date; to: Date } | undefined {
  const to = new Date(issue.slice("digest:".length));
  if (!issue.startsWith("digest:") || Number.isNaN(to.getTime())) return undefined;
  return { from: new Date(to.getTime() - WEEK_MS), to };
}

const open = and(isNull(newsletterMails.deliveredAt), isNull(newsletterMails.failedAt));

/** Claims up to `limit` due mails: their next attempt moves past the lease, so no other worker takes them. */
export async function claimDueMails(
  db: Database,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<NewsletterMail[]> {
  const due = db
    .select({ id: newsletterMails.id })
    .from(newsletterMails)
    .where(and(open, lte(newsletterMails.nextAttemptAt, now)))
    .orderBy(asc(newsletterMails.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(newsletterMails)
    .set({ attempts: sql`${newsletterMails.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(newsletterMails.id, due))
    .returning();
}

/**
 * Renews the claim on one mail just before it is sent, if it is still ours
 * and still owed: the subscriber is in the state the mail is for (pending
 * for a confirmation, confirmed for the rest). A mail whose reader left
 * meanwhile is given up here, so leaving stops even a send that is running.
 */
export async function renewClaim(
  db: Database,
  mail: NewsletterMail,
  now: Date,
  leaseMs: number,
): Promise<NewsletterMail | "not-owed" | undefined> {
  if (!mail.nextAttemptAt) return undefined;
  const owedStatus = mail.kind === "confirm" ? "pending" : "confirmed";
  const [renewed] = await db
    .update(newsletterMails)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        eq(newsletterMails.id, mail.id),
        open,
        eq(newsletterMails.nextAttemptAt, mail.nextAttemptAt),
        sql`exists (select 1 from ${newsletterSubscribers} s where s.id = ${newsletterMails.subscriberId}
          and s.status = ${owedStatus}
          and (${newsletterMails.kind} <> 'confirm' or 'confirm:' || (extract(epoch from s.confirm_sent_at) * 1000)::bigint = ${newsletterMails.issue}))`,
      ),
    )
    .returning();
  if (renewed) return renewed;
  // Still ours but no longer owed: the reader left, was suppressed, or a newer confirmation replaced this one.
  const [given] = await db
    .update(newsletterMails)
    .set({ failedAt: now, nextAttemptAt: null, lastError: "no longer owed" })
    .where(and(eq(newsletterMails.id, mail.id), open, eq(newsletterMails.nextAttemptAt, mail.nextAttemptAt)))
    .returning({ id: newsletterMails.id });
  return given ? "not-owed" : undefined;
}

/** Records a mail the relay accepted, and the post it carried (unless that post was deleted meanwhile). */
export async function markSent(db: Database, mail: NewsletterMail, now: Date, sent?: { postId: string; lang: string }) {
  await db
    .update(newsletterMails)
    .set({
      deliveredAt: now,
      nextAttemptAt: null,
      lastError: null,
      ...(sent
        ? { postId: sql`(select ${blogs.id} from ${blogs} where ${blogs.id} = ${sent.postId})`, lang: sent.lang }
        : {}),
    })
    .where(eq(newsletterMails.id, mail.id));
}

/** Gives a mail up for good (refused, withdrawn, nothing to send). */
export async function markGivenUp(db: Database, mail: NewsletterMail, reason: string, now: Date) {
  await db
    .update(newsletterMails)
    .set({ failedAt: now, nextAttemptAt: null, lastError: reason.slice(0, 500) })
    .where(eq(newsletterMails.id, mail.id));
}

/** Schedules the next try; `deferred` marks a temporary refusal by the mail server (the 72-hour clock). */
export async function markRetry(db: Database, mail: NewsletterMail, reason: string, now: Date, deferred: boolean) {
  await db
    .update(newsletterMails)
    .set({
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(mail.attempts)),
      lastError: reason.slice(0, 500),
      ...(deferred ? { deferredSince: mail.deferredSince ?? now } : {}),
    })
    .where(eq(newsletterMails.id, mail.id));
}

/** The public post a post mail sends: the reader's first language when both versions are public, else the other. */
export async function postForMail(
  db: Database,
  mail: NewsletterMail,
  langs: readonly string[],
  now: Date,
): Promise<typeof blogs.$inferSelect | undefined> {
  if (!mail.postId) return undefined;
  // The post announced, or its translation: linked now, whenever they were linked.
  const rows = await db
    .select()
    .from(blogs)
    .where(
      and(
        sql`(${blogs.id} = ${mail.postId} or ${blogs.translationGroup} = (select b.translation_group from blogs b where b.id = ${mail.postId}))`,
        publicAt(now),
        inArray(blogs.lang, [...langs]),
        notSkipped,
      ),
    );
  return rows.sort((a, b) => langs.indexOf(a.lang) - langs.indexOf(b.lang))[0];
}

/** The posts of a digest for a reader: public, in the week, one per translation group in the first language there is. */
export async function postsForDigest(
  db: Database,
  window: { from: Date; to: Date },
  langs: readonly string[],
  now: Date,
): Promise<(typeof blogs.$inferSelect)[]> {
  const rows = await db
    .select()
    .from(blogs)
    .where(
      and(
        publicAt(now),
        inArray(blogs.lang, [...langs]),
        sql`coalesce(${blogs.publishedAt}, ${blogs.createdAt}) >= ${window.from.toISOString()}::timestamptz`,
        sql`coalesce(${blogs.publishedAt}, ${blogs.createdAt}) < ${window.to.toISOString()}::timestamptz`,
        notSkipped,
      ),
    )
    .orderBy(sql`coalesce(${blogs.publishedAt}, ${blogs.createdAt}) desc`);
  const chosen = new Map<string, (typeof rows)[number]>();
  for (const post of rows) {
    const group = post.translationGroup ?? post.id;
    const held = chosen.get(group);
    if (!held || langs.indexOf(post.lang) < langs.indexOf(held.lang)) chosen.set(group, post);
  }
  return [...chosen.values()];
}

export interface PostSendCounts {
  postId: string | null;
  title: string | null;
  lang: string;
  sent: number;
  failed: number;
  pending: number;
}

/** For each post and language, how many mails were sent, given up and still to go (newest posts first). */
export async function postSendCounts(db: Database, limit = 50): Promise<PostSendCounts[]> {
  const m = newsletterMails;
  return db
    .select({
      postId: m.postId,
      title: blogs.title,
      lang: m.lang,
      sent: sql<number>`count(${m.deliveredAt})::int`,
      failed: sql<number>`count(${m.failedAt})::int`,
      pending: sql<number>`count(*) filter (where ${m.deliveredAt} is null and ${m.failedAt} is null)::int`,
    })
    .from(m)
    .leftJoin(blogs, eq(blogs.id, m.postId))
    .where(eq(m.kind, "post"))
    .groupBy(m.postId, blogs.title, m.lang)
    .orderBy(sql`max(${m.createdAt}) desc`)
    .limit(limit);
}

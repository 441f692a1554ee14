/**
 * Newsletter readers in the database: subscribing (double opt-in),
 * confirming, leaving, changing what they receive, and what the owner sees
 * and does in the admin. Subscribing answers the same whatever the address's
 * state, so nobody learns who subscribes: what differs happens only in the
 * database and in the reader's own mailbox.
 */
import { and, asc, count, eq, ilike, sql } from "drizzle-orm";
import type { Lang } from "../../i18n/paths.ts";
import type { Database } from "../db/client.server.ts";
import { type NewsletterSubscriber, newsletterMails, newsletterSubscribers } from "../db/schema.ts";

export type Frequency = "post" | "weekly";
export type SubscriberStatus = "pending" | "confirmed" | "unsubscribed" | "suppressed";

/** A confirmation link works this long; after it, the reader is asked to subscribe again. */
export const CONFIRM_VALID_MS = 7 * 24 * 60 * 60 * 1000;
/** A pending address gets a new confirmation at most this often, however often the form is sent for it. */
export const CONFIRM_RESEND_MS = 10 * 60 * 1000;

export interface Subscription {
  /** Lower-cased. */
  email: string;
  /** The languages chosen, the first one first. */
  langs: Lang[];
  frequency: Frequency;
  /** The page the form was on. */
  source: string;
}

/** The confirmation mail's issue: one per sending of it. */
export const confirmIssue = (sentAt: Date) => `confirm:${sentAt.getTime()}`;

/**
 * Records a subscription and queues its confirmation mail in `lang` when one
 * is due: a new address, one that left or was suppressed (subscribing anew),
 * or one still pending whose last confirmation is older than
 * `CONFIRM_RESEND_MS`. A confirmed reader's subscription is left as it is.
 * Resolves with whether a mail was queued (for the worker, never for the reader).
 */
export async function subscribe(db: Database, input: Subscription, lang: Lang, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .insert(newsletterSubscribers)
      .values({ ...input, status: "pending", confirmSentAt: new Date(0), createdAt: now })
      .onConflictDoNothing({ target: newsletterSubscribers.email });
    const [row] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, input.email))
      .for("update");
    if (!row || row.status === "confirmed") return false;
    const resend = row.status !== "pending" || now.getTime() - row.confirmSentAt.getTime() >= CONFIRM_RESEND_MS;
    await tx
      .update(newsletterSubscribers)
      .set({
        langs: input.langs,
        frequency: input.frequency,
        source: input.source,
        status: "pending",
        ...(resend ? { confirmSentAt: now } : {}),
      })
      .where(eq(newsletterSubscribers.id, row.id));
    if (!resend) return false;
    await tx
      .insert(newsletterMails)
      .values({ subscriberId: row.id, kind: "confirm", issue: confirmIssue(now), lang, nextAttemptAt: now })
      .onConflictDoNothing();
    return true;
  });
}

export function findSubscriber(db: Database, id: string): Promise<NewsletterSubscriber | undefined> {
  return db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id))
    .then((rows) => rows[0]);
}

/** Confirms a pending subscription (the consent is now); a confirmed one stays as it is. */
export async function confirmSubscriber(db: Database, id: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ status: "confirmed", confirmedAt: now })
    .where(and(eq(newsletterSubscribers.id, id), eq(newsletterSubscribers.status, "pending")))
    .returning({ id: newsletterSubscribers.id });
  return row !== undefined;
}

/**
 * Ends a subscription at once: no mail is sent to the address after this,
 * not even one of a send already running (the worker checks the status just
 * before each mail). A suppressed address stays suppressed.
 */
export async function unsubscribe(db: Database, id: string, now = new Date()): Promise<void> {
  await db
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", unsubscribedAt: now })
    .where(and(eq(newsletterSubscribers.id, id), sql`${newsletterSubscribers.status} in ('pending', 'confirmed')`));
}

/** Changes what a confirmed reader receives. */
export async function updatePreferences(
  db: Database,
  id: string,
  preferences: Pick<Subscription, "langs" | "frequency">,
): Promise<boolean> {
  const [row] = await db
    .update(newsletterSubscribers)
    .set(preferences)
    .where(and(eq(newsletterSubscribers.id, id), eq(newsletterSubscribers.status, "confirmed")))
    .returning({ id: newsletterSubscribers.id });
  return row !== undefined;
}

/** An address that never confirmed is forgotten this long after its last confirmation was sent. */
export const UNCONFIRMED_KEPT_MS = CONFIRM_VALID_MS + 24 * 60 * 60 * 1000;

/** Forgets subscriptions never confirmed whose link has expired: nothing is kept of someone who did not consent. */
export async function forgetUnconfirmed(db: Database, now = new Date()): Promise<number> {
  const rows = await db
    .delete(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.status, "pending"),
        sql`${newsletterSubscribers.confirmedAt} is null`,
        sql`${newsletterSubscribers.confirmSentAt} < ${new Date(now.getTime() - UNCONFIRMED_KEPT_MS).toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return rows.length;
}

/** Stops all mail to an address the mail server refused: a permanent refusal, or 72 hours of temporary ones. */
export async function suppress(db: Database, id: string, reason: string, now = new Date()): Promise<void> {
  await db
    .update(newsletterSubscribers)
    .set({ status: "suppressed", suppressedAt: now, suppressedReason: reason.slice(0, 500) })
    .where(eq(newsletterSubscribers.id, id));
}

export interface SubscriberCounts {
  byStatus: Record<SubscriberStatus, number>;
  /** Confirmed readers per language (a reader of both counts in both) and per frequency. */
  confirmedByLang: Record<Lang, number>;
  confirmedByFrequency: Record<Frequency, number>;
  /** Confirmed readers per page they signed up on, most first. */
  sources: { source: string; count: number }[];
}

export async function subscriberCounts(db: Database): Promise<SubscriberCounts> {
  const s = newsletterSubscribers;
  const [statuses, langs, frequencies, sources] = await Promise.all([
    db.select({ key: s.status, value: count() }).from(s).groupBy(s.status),
    db
      .select({ key: sql<string>`unnest(${s.langs})`, value: count() })
      .from(s)
      .where(eq(s.status, "confirmed"))
      .groupBy(sql`1`),
    db.select({ key: s.frequency, value: count() }).from(s).where(eq(s.status, "confirmed")).groupBy(s.frequency),
    db
      .select({ source: s.source, count: count() })
      .from(s)
      .where(eq(s.status, "confirmed"))
      .groupBy(s.source)
      .orderBy(sql`2 desc`, asc(s.source))
      .limit(20),
  ]);
  const tally = <K extends string>(keys: readonly K[], rows: { key: string; value: number }[]) =>
    Object.fromEntries(keys.map((key) => [key, rows.find((row) => row.key === key)?.value ?? 0])) as Record<K, number>;
  return {
    byStatus: tally(["pending", "confirmed", "unsubscribed", "suppressed"], statuses),
    confirmedByLang: tally(["pt", "en"], langs),
    confirmedByFrequency: tally(["post", "weekly"], frequencies),
    sources,
  };
}

/** The admin's list: newest first, at most `limit`, those whose address contains `search`. */
export function listSubscribers(db: Database, search = "", limit = 200): Promise<NewsletterSubscriber[]> {
  const s = newsletterSubscribers;
  const pattern = `%${search
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select()
    .from(s)
    .where(search.trim() ? ilike(s.email, pattern) : undefined)
    .orderBy(sql`${s.createdAt} desc`, asc(s.email))
    .limit(limit);
}

/** Every subscriber, a page at a time by address (for the CSV export: memory stays flat). */
export function subscribersAfter(db: Database, email: string, limit: number): Promise<NewsletterSubscriber[]> {
  const s = newsletterSubscribers;
  return db.select().from(s).where(sql`${s.email} > ${email}`).orderBy(asc(s.email)).limit(limit);
}

/** Forgets a subscriber and every mail queued or sent to them (the right to erasure). */
export async function deleteSubscriber(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .delete(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id))
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}

/**
 * The e-mail worker: in the server process, it polls for stored messages
 * whose e-mail is due, claims them, and sends each one. A failed send is
 * retried later with a growing delay; the message itself is never touched,
 * so a mail outage loses nothing. Claiming with SKIP LOCKED and a lease lets
 * several servers share one PostgreSQL without sending a message twice, and
 * a server that dies mid-send leaves the message to be retried when the
 * lease ends.
 */
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { type ContactMessage, contactMessages } from "../db/schema.ts";
import { drainClaims, type PollingWorker, startPollingWorker } from "../jobs/polling-worker.server.ts";
import { logEvent } from "../log.server.ts";
import type { Mailer } from "./mailer.server.ts";

const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60 * 1000;
/** After this many failed sends (about eight hours of trying) the message stays in the admin only. */
export const MAX_ATTEMPTS = 12;
/** How long a claim lasts by default (CONTACT_LEASE_SECONDS). */
export const LEASE_MS = 5 * 60 * 1000;
const BATCH = 10;

/** The wait before the next try after `attempts` failures: 30 s, 1 min, 2 min… at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** Claims up to `limit` due messages: their next attempt moves past the lease, so no other worker takes them. */
export async function claimDueMessages(
  db: Database,
  now: Date,
  limit = BATCH,
  leaseMs = LEASE_MS,
): Promise<ContactMessage[]> {
  const due = db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(and(isNull(contactMessages.deliveredAt), lte(contactMessages.nextAttemptAt, now)))
    .orderBy(asc(contactMessages.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(contactMessages)
    .set({
      deliveryAttempts: sql`${contactMessages.deliveryAttempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + leaseMs),
    })
    .where(inArray(contactMessages.id, due))
    .returning();
}

/**
 * Renews the claim on one claimed message just before it is sent, if it is
 * still ours (its next attempt is still the time our lease set): a batch is
 * sent one message at a time, and one whose lease ran out meanwhile may have
 * been taken over by another worker, which then sends it instead.
 */
export async function renewClaim(
  db: Database,
  message: ContactMessage,
  now: Date,
  leaseMs = LEASE_MS,
): Promise<ContactMessage | undefined> {
  if (!message.nextAttemptAt) return undefined;
  const [renewed] = await db
    .update(contactMessages)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        eq(contactMessages.id, message.id),
        isNull(contactMessages.deliveredAt),
        eq(contactMessages.nextAttemptAt, message.nextAttemptAt),
      ),
    )
    .returning();
  return renewed;
}

export async function markDelivered(db: Database, id: string, now: Date): Promise<void> {
  await db
    .update(contactMessages)
    .set({ deliveredAt: now, nextAttemptAt: null, lastError: null })
    .where(eq(contactMessages.id, id));
}

/** Records a failed send and when to try again; `attempts` already counts this one. */
export async function markFailed(db: Database, id: string, attempts: number, error: string, now: Date): Promise<void> {
  const next = attempts >= MAX_ATTEMPTS ? null : new Date(now.getTime() + retryDelayMs(attempts));
  await db
    .update(contactMessages)
    .set({ nextAttemptAt: next, lastError: error.slice(0, 500) })
    .where(eq(contactMessages.id, id));
}

/** Sends every message due now; resolves with how many went out. */
export async function deliverDue(
  db: Database,
  mailer: Mailer,
  now = () => new Date(),
  leaseMs = LEASE_MS,
): Promise<number> {
  let sent = 0;
  await drainClaims({
    size: BATCH,
    claim: () => claimDueMessages(db, now(), BATCH, leaseMs),
    handle: async (claimed) => {
      const message = await renewClaim(db, claimed, now(), leaseMs);
      if (!message) return undefined;
      try {
        await mailer.send(message);
        await markDelivered(db, message.id, now());
        sent += 1;
        logEvent("contact_mail_sent", `Contact message ${message.id} e-mailed.`, { messageId: message.id });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        logEvent(
          "contact_mail_failed",
          `E-mailing contact message ${message.id} failed (attempt ${message.deliveryAttempts}): ${reason}`,
          { messageId: message.id, attempt: message.deliveryAttempts },
          "error",
        );
        await markFailed(db, message.id, message.deliveryAttempts, reason, now());
      }
      return undefined;
    },
  });
  return sent;
}

/** @example const worker = startDelivery(db, smtpMailer(settings, to)); worker.wake(); */
export function startDelivery(db: Database, mailer: Mailer, pollMs = 30_000, leaseMs = LEASE_MS): PollingWorker {
  return startPollingWorker({
    name: "the contact e-mail worker",
    pollMs,
    round: () => deliverDue(db, mailer, undefined, leaseMs).then(() => undefined),
    onStop: () => mailer.close(),
  });
}

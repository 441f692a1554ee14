/**
 * The newsletter's worker, in every server process: each round announces the
 * posts that became public, queues a digest whose slot passed, forgets
 * subscriptions never confirmed once their link expired, then sends
 * the mails that are due, a batch at a time (memory stays flat however many
 * readers), paced by `NEWSLETTER_RATE`. Each mail is claimed with a lease and
 * sent once; the reader's state is checked just before each send.
 */
import { and, eq, sql } from "drizzle-orm";
import type { SendMailOptions } from "nodemailer";
import { isLang, type Lang } from "../../i18n/paths.ts";
import type { Database } from "../db/client.server.ts";
import { type NewsletterMail, newsletterMails } from "../db/schema.ts";
import { drainClaims, type PollingWorker, startPollingWorker } from "../jobs/polling-worker.server.ts";
import { logError, logEvent } from "../log.server.ts";
import type { SmtpTransport } from "../mail/smtp.server.ts";
import { confirmationMail, digestMail, type MailContext, postMail } from "./compose.server.ts";
import type { Pacer } from "./pace.server.ts";
import {
  announcePosts,
  claimDueMails,
  DEFERRAL_LIMIT_MS,
  digestWindow,
  markGivenUp,
  markRetry,
  markSent,
  postForMail,
  postsForDigest,
  queueDigest,
  renewClaim,
} from "./queue.server.ts";
import { findSubscriber, forgetUnconfirmed, suppress } from "./subscribers.server.ts";
import { signToken } from "./tokens.server.ts";
import { refusalKind } from "./transport.server.ts";

export interface NewsletterWorkerOptions {
  db: Database;
  transport: SmtpTransport;
  pacer: Pacer;
  /** Signs the links in the mails. */
  secret: Buffer;
  publicUrl: string;
  from: string;
  leaseMs: number;
  /** Mails claimed at once; by default what the rate sends in half a lease (1–50). */
  batch: number;
  now?: () => Date;
}

/** Waits shorter than this are slept through within a round; longer ones end the round until then. */
const SHORT_WAIT_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Hands a claimed mail back, to be claimed again at `at` (the rate was reached before it was sent). */
async function release(db: Database, mail: NewsletterMail, at: Date): Promise<void> {
  if (!mail.nextAttemptAt) return;
  await db
    .update(newsletterMails)
    .set({ nextAttemptAt: at, attempts: sql`greatest(${newsletterMails.attempts} - 1, 0)` })
    .where(and(eq(newsletterMails.id, mail.id), eq(newsletterMails.nextAttemptAt, mail.nextAttemptAt)));
}

/** The post each post mail of a batch carries, by announced post and the reader's languages. */
type PostLookups = Map<string, ReturnType<typeof postForMail>>;

/** What a claimed mail sends, or why nothing is to be sent. */
async function compose(
  options: NewsletterWorkerOptions,
  mail: NewsletterMail,
  now: Date,
  posts: PostLookups,
): Promise<{ message: SendMailOptions; sent?: { postId: string; lang: string } } | { nothing: string }> {
  const subscriber = await findSubscriber(options.db, mail.subscriberId);
  if (!subscriber) return { nothing: "no such subscriber" };
  const langs = subscriber.langs.filter(isLang);
  const context = (lang: Lang): MailContext => ({
    publicUrl: options.publicUrl,
    from: options.from,
    to: subscriber.email,
    lang,
    unsubscribeToken: signToken(options.secret, "unsubscribe", subscriber.id),
    mailId: mail.id,
  });
  if (mail.kind === "confirm") {
    const token = signToken(options.secret, "confirm", subscriber.id, subscriber.confirmSentAt);
    return { message: confirmationMail(context(isLang(mail.lang) ? mail.lang : "pt"), token) };
  }
  if (mail.kind === "post") {
    const key = `${mail.postId}|${langs.join()}`;
    let lookup = posts.get(key);
    if (!lookup) {
      lookup = postForMail(options.db, mail, langs, now);
      posts.set(key, lookup);
    }
    const post = await lookup;
    if (!post || !isLang(post.lang)) return { nothing: "the post is no longer public" };
    return { message: postMail(context(post.lang), post), sent: { postId: post.id, lang: post.lang } };
  }
  const window = digestWindow(mail.issue);
  const week = window ? await postsForDigest(options.db, window, langs, now) : [];
  if (week.length === 0) return { nothing: "nothing new in the week" };
  return { message: digestMail(context(langs[0] ?? "pt"), week) };
}

/** Sends one claimed mail and records the outcome; a number is the wait the rate asks for before any more. */
async function sendOne(
  options: NewsletterWorkerOptions,
  claimed: NewsletterMail,
  posts: PostLookups,
): Promise<"sent" | "skipped" | number> {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  // A place in the next second is waited for here, once; a longer wait ends the round until then.
  let wait = await options.pacer.take(now().getTime());
  if (wait > 0 && wait <= SHORT_WAIT_MS) {
    await sleep(wait);
    wait = await options.pacer.take(now().getTime());
  }
  if (wait > 0) return wait;
  const mail = await renewClaim(db, claimed, now(), options.leaseMs);
  if (mail === undefined || mail === "not-owed") return "skipped";
  let composed: Awaited<ReturnType<typeof compose>>;
  try {
    composed = await compose(options, mail, now(), posts);
  } catch (error) {
    logError(`Composing newsletter mail ${mail.id} failed:`, error);
    await markRetry(db, mail, error instanceof Error ? error.message : String(error), now(), false);
    return "skipped";
  }
  if ("nothing" in composed) {
    await markGivenUp(db, mail, composed.nothing, now());
    return "skipped";
  }
  try {
    await options.transport.send(composed.message);
  } catch (error) {
    await recordRefusal(db, mail, error, now());
    return "skipped";
  }
  // Sent: from here on nothing may send it again. Should recording fail, the
  // claim runs out and the mail goes again (as after a kill), so say so.
  try {
    await markSent(db, mail, now(), composed.sent);
  } catch (error) {
    logError(`Newsletter mail ${mail.id} was sent but recording it failed; it may be sent again:`, error);
    return "sent";
  }
  return "sent";
}

/** What a refused send means: the address suppressed (for good, or after 72 hours of deferrals), or a later try. */
async function recordRefusal(db: Database, mail: NewsletterMail, error: unknown, at: Date): Promise<void> {
  const reason = error instanceof Error ? error.message : String(error);
  const kind = refusalKind(error);
  const deferredTooLong =
    kind === "temporary" && mail.deferredSince && at.getTime() - mail.deferredSince.getTime() >= DEFERRAL_LIMIT_MS;
  logEvent(
    "newsletter_mail_failed",
    `Sending newsletter mail ${mail.id} failed (${kind}, attempt ${mail.attempts}): ${reason}`,
    { mailId: mail.id, kind: mail.kind, refusal: kind, attempt: mail.attempts },
    kind === "unreachable" ? "error" : "warn",
  );
  if (kind === "permanent" || deferredTooLong) {
    await markGivenUp(db, mail, reason, at);
    await suppress(db, mail.subscriberId, reason, at);
  } else {
    await markRetry(db, mail, reason, at, kind === "temporary");
  }
}

/**
 * One round: announce, queue a digest, send what is due.
 * @returns how many mails went out, and when to come back if the rate stopped the round.
 */
export async function newsletterRound(
  options: NewsletterWorkerOptions,
): Promise<{ sent: number; resumeInMs?: number }> {
  const outcome = await sendDue(options);
  // One line per round that sent something, not one per mail: a post to ten thousand readers is one event.
  if (outcome.sent > 0)
    logEvent("newsletter_mails_sent", `Newsletter: ${outcome.sent} mails sent.`, { sent: outcome.sent });
  return outcome;
}

async function sendDue(options: NewsletterWorkerOptions): Promise<{ sent: number; resumeInMs?: number }> {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  await announcePosts(db, now());
  await queueDigest(db, now());
  await forgetUnconfirmed(db, now());
  let sent = 0;
  // The mails of one batch are mostly of one post: it is read once for them (and again for the next batch).
  let posts: PostLookups = new Map();
  const { resumeInMs } = await drainClaims({
    size: options.batch,
    claim: () => {
      posts = new Map();
      return claimDueMails(db, now(), options.batch, options.leaseMs);
    },
    handle: async (mail) => {
      const outcome = await sendOne(options, mail, posts);
      if (outcome === "sent") sent += 1;
      return typeof outcome === "number" ? outcome : undefined;
    },
    // Over the rate: the rest of the batch goes back to the queue for when there is room.
    release: async (rest, waitMs) => {
      const at = new Date(now().getTime() + waitMs);
      for (const mail of rest) await release(db, mail, at);
    },
  });
  return resumeInMs === undefined ? { sent } : { sent, resumeInMs };
}

/** @example const worker = startNewsletterWorker(options, 30_000); worker.wake(); */
export function startNewsletterWorker(options: NewsletterWorkerOptions, pollMs: number): PollingWorker {
  return startPollingWorker({
    name: "the newsletter worker",
    pollMs,
    round: () => newsletterRound(options),
    onStop: () => options.transport.close(),
  });
}

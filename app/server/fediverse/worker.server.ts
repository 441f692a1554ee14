/**
 * The fediverse's worker, in every server process (decision 064): each
 * round federates what changed in the posts (publication.server.ts), then
 * delivers what is due, a batch at a time, each delivery claimed with a
 * lease and signed with its actor's RSA key (draft-cavage, which every
 * ActivityPub server verifies), keeps the remote authors' avatars, forgets
 * what is finished a month ago, and once an hour mails the author the
 * responses that wait for moderation, grouped.
 */
import { sql } from "drizzle-orm";
import { format } from "../../i18n/format.ts";
import { isLang, localizePath } from "../../i18n/paths.ts";
import type { Database } from "../db/client.server.ts";
import { type FediverseDelivery, fediverseKv } from "../db/schema.ts";
import { type PollingWorker, startPollingWorker } from "../jobs/polling-worker.server.ts";
import { logError, logEvent } from "../log.server.ts";
import type { SmtpTransport } from "../mail/smtp.server.ts";
import { type FetchLimits, requestBounded } from "../net/guarded-fetch.server.ts";
import type { RemoteAvatars } from "../responses/avatars.server.ts";
import { countPendingResponses, takeUnnotified } from "../responses/responses.server.ts";
import { activityBody, claimDueDeliveries, markDelivered, markFailed, renewDelivery } from "./deliveries.server.ts";
import { signedHeaders } from "./document-loader.server.ts";
import type { FinishedRecords } from "./expiry.server.ts";
import { type SiteFederation, words } from "./federation.server.ts";
import { ACTOR_IDENTIFIERS } from "./handles.server.ts";
import { announceMove } from "./move.server.ts";
import { federatePostChanges } from "./publication.server.ts";

export interface FediverseWorkerOptions {
  db: Database;
  federation: SiteFederation;
  origin: string;
  allowPrivate: boolean;
  /** Every address of an inbox's host, for the guard; Node's resolver unless a test gives its own. */
  resolve?: FetchLimits["resolve"];
  /** FEDERATION_MOVED_TO: each account's followers are sent a Move there, once. */
  movedTo?: string | undefined;
  leaseMs: number;
  /** Deliveries claimed and sent at once. */
  batch?: number;
  /** Deliveries a second at most, a batch at a time: a fan-out to thousands of inboxes leaves the server to its readers. */
  deliveriesPerSecond?: number;
  /** The author's mail about waiting responses; absent without a mail server. */
  mail?: { transport: SmtpTransport; from: string; to: string };
  now?: () => Date;
  /** The remote authors' avatars, fetched and stored by the server (absent: not kept, initials shown). */
  avatars?: RemoteAvatars;
  /** Forgets, once an hour, the finished records and old caches the federation no longer needs (expiry.server.ts). */
  finished?: FinishedRecords;
  /** Called after each delivery is sent, before it is recorded (the kill check's hook). */
  onSent?: (delivery: FediverseDelivery) => void | Promise<void>;
}

/**
 * The fan-out's pace on each server: 2,000 instances' inboxes in under a minute, while a reader's page keeps its budget
 * on the embedded database, which shares the server's one thread (bench/fediverse.ts, decision 077).
 */
const DELIVERIES_PER_SECOND = 40;
/** An inbox that has not answered in this long is a failure, tried again later. */
const SEND_TIMEOUT_MS = 15_000;
/** The author's mail about waiting responses goes at most this often. */
const MAIL_EVERY_MS = 60 * 60 * 1000;

/** Delivers one claimed activity; the outcome is recorded either way. */
async function deliver(
  options: FediverseWorkerOptions,
  claimed: FediverseDelivery,
): Promise<"sent" | "failed" | "skipped"> {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const delivery = await renewDelivery(db, claimed, now(), options.leaseMs);
  if (!delivery) return "skipped";
  const activity = await activityBody(db, delivery.activityId);
  if (!activity || !isLang(activity.lang)) {
    await markFailed(db, delivery, { status: 404, reason: "the activity is gone" }, now());
    return "failed";
  }
  let response: { status: number; ok: boolean };
  try {
    const context = options.federation.createContext(new URL(options.origin), {});
    const [key] = await context.getActorKeyPairs(ACTOR_IDENTIFIERS[activity.lang]);
    if (!key) throw new Error("the actor has no key");
    // Sent by the site's guarded client: the inbox's addresses are checked as it connects, a redirect not followed.
    const answer = await requestBounded(
      delivery.inbox,
      {
        timeoutMs: SEND_TIMEOUT_MS,
        maxBytes: 0,
        maxRedirects: 0,
        allowPrivate: options.allowPrivate,
        userAgent: `rafael-werneck-site (+${options.origin})`,
        ...(options.resolve ? { resolve: options.resolve } : {}),
      },
      {
        method: "POST",
        body: activity.body,
        contentType: "application/activity+json",
        accept: "application/activity+json, application/ld+json",
        headers: (url) =>
          signedHeaders(
            new Request(url, {
              method: "POST",
              headers: { "Content-Type": "application/activity+json" },
              body: activity.body,
            }),
            key,
            "draft-cavage-http-signatures-12",
          ),
        statusOnly: true,
      },
    );
    response = { status: answer.status, ok: answer.status >= 200 && answer.status < 300 };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await markFailed(db, delivery, { reason }, now());
    return "failed";
  }
  if (!response.ok) {
    const outcome = await markFailed(
      db,
      delivery,
      { status: response.status, reason: `HTTP ${response.status}` },
      now(),
    );
    logEvent(
      "fediverse_delivery_failed",
      `Delivering ${activity.type} to ${new URL(delivery.inbox).host} failed (HTTP ${response.status}, ${outcome}).`,
      { status: response.status, outcome, attempt: delivery.attempts },
      "warn",
    );
    return "failed";
  }
  await options.onSent?.(delivery);
  // Sent: should recording fail, the lease runs out and it goes again (as after a kill), so say so.
  try {
    await markDelivered(db, delivery, now());
  } catch (error) {
    logError(`Delivery ${delivery.id} was accepted but recording it failed; it may be sent again:`, error);
  }
  return "sent";
}

const MAIL_SLOT_KEY = JSON.stringify(["site", "responses-mailed"]);

/** Takes the hour's mail slot if the last mail is an hour old (or there was none): one conditional write. */
async function takeMailSlot(db: Database, now: Date): Promise<boolean> {
  const at = JSON.stringify(now.toISOString());
  const before = new Date(now.getTime() - MAIL_EVERY_MS).toISOString();
  const result = await db.execute(sql`
    insert into ${fediverseKv} (key, value) values (${MAIL_SLOT_KEY}, ${at})
    on conflict (key) do update set value = excluded.value
      where (${fediverseKv.value}::jsonb #>> '{}')::timestamptz <= ${before}::timestamptz
    returning key`);
  return (result as { rows: unknown[] }).rows.length > 0;
}

/** Mails the author the responses waiting that were not told yet, at most once an hour. */
async function mailWaiting(options: FediverseWorkerOptions): Promise<void> {
  const now = (options.now ?? (() => new Date()))();
  if (!options.mail || (await countPendingResponses(options.db)) === 0) return;
  // The hour's slot is taken by one server of all those sharing the database.
  if (!(await takeMailSlot(options.db, now))) return;
  const waiting = await takeUnnotified(options.db, now);
  if (waiting.length === 0) return;
  const w = words.pt;
  const kind = { reply: w.kindReply, like: w.kindLike, announce: w.kindAnnounce, webmention: w.kindWebmention };
  const lines = waiting.map((response) =>
    format(w.mailKinds, {
      kind: kind[response.kind],
      author: response.authorHandle ?? response.authorName ?? response.sourceUrl,
      post: response.postTitle,
    }),
  );
  await options.mail.transport.send({
    from: options.mail.from,
    to: options.mail.to,
    subject: waiting.length === 1 ? w.mailSubjectOne : format(w.mailSubject, { count: waiting.length }),
    text: [
      w.mailIntro,
      "",
      ...lines.map((line) => `- ${line}`),
      "",
      format(w.mailLink, { url: `${options.origin}${localizePath("/admin/responses", "pt")}` }),
    ].join("\n"),
  });
}

/** One round: federate changes, deliver what is due, mail the author. */
export async function fediverseRound(options: FediverseWorkerOptions): Promise<{ sent: number }> {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  // A post that cannot be federated now (its page failed to render) must not hold up what is queued already.
  await federatePostChanges(db, options.federation, options.origin, now()).catch((error: unknown) =>
    logError("Federating the posts' changes failed; tried again next round:", error),
  );
  const batch = options.batch ?? 8;
  let sent = 0;
  if (options.movedTo)
    await announceMove(db, options.federation, options.origin, options.movedTo).catch((error: unknown) =>
      logError("Queueing the accounts' Move failed; tried again next round:", error),
    );
  // Like drainClaims, but the batch's inboxes (different servers) are asked at once: one slow inbox does not
  // hold the others.
  const batchMs = (1000 * batch) / (options.deliveriesPerSecond ?? DELIVERIES_PER_SECOND);
  for (;;) {
    const started = Date.now();
    const claimed = await claimDueDeliveries(db, now(), batch, options.leaseMs);
    const outcomes = await Promise.all(claimed.map((delivery) => deliver(options, delivery)));
    sent += outcomes.filter((outcome) => outcome === "sent").length;
    if (claimed.length < batch) break;
    // Paced: the next batch is claimed (so nothing is held meanwhile) once this one's share of the second is over.
    const rest = batchMs - (Date.now() - started);
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  }
  if (sent > 0) logEvent("fediverse_delivered", `Fediverse: ${sent} deliveries accepted.`, { sent });
  await options.avatars
    ?.round(db, now())
    .catch((error: unknown) => logError("Keeping the remote avatars failed; tried again next round:", error));
  const forgotten = await options.finished
    ?.round(db, now())
    .catch((error: unknown) => logError("Forgetting the fediverse's finished records failed; tried again:", error));
  if (forgotten && forgotten.deliveries + forgotten.activities + forgotten.mentions + forgotten.cached > 0)
    logEvent(
      "fediverse_forgotten",
      `Fediverse: forgot ${forgotten.deliveries} deliveries, ${forgotten.activities} activities, ${forgotten.mentions} mentions' records and ${forgotten.cached} cached entries.`,
      { ...forgotten },
    );
  await mailWaiting(options).catch((error: unknown) =>
    logError("Mailing the author about waiting responses failed:", error),
  );
  return { sent };
}

/** @example const worker = startFediverseWorker(options, 10_000); worker.wake(); */
export function startFediverseWorker(options: FediverseWorkerOptions, pollMs: number): PollingWorker {
  return startPollingWorker({
    name: "the fediverse worker",
    pollMs,
    round: async () => {
      await fediverseRound(options);
      return undefined;
    },
    onStop: () => options.mail?.transport.close(),
  });
}

/**
 * The fediverse's worker, in every server process (decision 064): each
 * round federates what changed in the posts (publication.server.ts), then
 * delivers what is due, a batch at a time, each delivery claimed with a
 * lease and signed with its actor's RSA key (sending.server.ts), keeps the
 * remote authors' avatars, forgets what is finished a month ago, and once
 * an hour mails the author the responses that wait for moderation, grouped.
 * A round asks the database first and loads Fedify, with the sending, only
 * when a change or a delivery waits (decision 095).
 */
import { sql } from "drizzle-orm";
import { format } from "../../i18n/format.ts";
import { localizePath } from "../../i18n/paths.ts";
import { fediverse as words } from "../../i18n/pt/fediverse.ts";
import type { Database } from "../db/client.server.ts";
import { fediverseKv } from "../db/schema.ts";
import { type PollingWorker, startPollingWorker } from "../jobs/polling-worker.server.ts";
import { logError, logEvent } from "../log.server.ts";
import type { SmtpTransport } from "../mail/smtp.server.ts";
import type { RemoteAvatars } from "../responses/avatars.server.ts";
import { countPendingResponses, takeUnnotified } from "../responses/responses.server.ts";
import { claimDueDeliveries } from "./deliveries.server.ts";
import type { FinishedRecords } from "./expiry.server.ts";
import { hasPendingChanges } from "./federated-posts.server.ts";
import type { SendingOptions } from "./sending.server.ts";

export interface FediverseWorkerOptions extends SendingOptions {
  /** Deliveries claimed and sent at once. */
  batch?: number;
  /** Deliveries a second at most, a batch at a time: a fan-out to thousands of inboxes leaves the server to its readers. */
  deliveriesPerSecond?: number;
  /** The author's mail about waiting responses; absent without a mail server. */
  mail?: { transport: SmtpTransport; from: string; to: string };
  /** The remote authors' avatars, fetched and stored by the server (absent: not kept, initials shown). */
  avatars?: RemoteAvatars;
  /** Forgets, once an hour, the finished records and old caches the federation no longer needs (expiry.server.ts). */
  finished?: FinishedRecords;
}

/**
 * The fan-out's pace on each server: 2,000 instances' inboxes in under a minute, while a reader's page keeps its budget
 * on the embedded database, which shares the server's one thread (bench/fediverse.ts, decision 077).
 */
const DELIVERIES_PER_SECOND = 40;
/** The author's mail about waiting responses goes at most this often. */
const MAIL_EVERY_MS = 60 * 60 * 1000;

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
  const w = words;
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
  const sending = () => import("./sending.server.ts");
  const changed = await hasPendingChanges(db, now()).catch((error: unknown) => {
    logError("Reading the posts' changes failed; tried again next round:", error);
    return false;
  });
  if (changed || options.movedTo) await (await sending()).federateChanges(options);
  const batch = options.batch ?? 8;
  let sent = 0;
  // Like drainClaims, but the batch's inboxes (different servers) are asked at once: one slow inbox does not
  // hold the others.
  const batchMs = (1000 * batch) / (options.deliveriesPerSecond ?? DELIVERIES_PER_SECOND);
  for (;;) {
    const started = Date.now();
    const claimed = await claimDueDeliveries(db, now(), batch, options.leaseMs);
    const { deliver } = claimed.length > 0 ? await sending() : { deliver: undefined };
    const outcomes = deliver ? await Promise.all(claimed.map((delivery) => deliver(options, delivery))) : [];
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

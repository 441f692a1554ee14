/**
 * What the fediverse's worker sends, the part of its round that needs
 * Fedify (decision 095): the activities of the posts' changes and of a move,
 * and each claimed delivery, signed with its actor's RSA key (draft-cavage,
 * which every ActivityPub server verifies). The worker (worker.server.ts)
 * loads this module once a round finds something to send.
 */

import { isLang } from "../../i18n/paths.ts";
import type { Database } from "../db/client.server.ts";
import type { FediverseDelivery } from "../db/schema.ts";
import { logError, logEvent } from "../log.server.ts";
import { type FetchLimits, requestBounded } from "../net/guarded-fetch.server.ts";
import { activityBody, markDelivered, markFailed, renewDelivery } from "./deliveries.server.ts";
import { signedHeaders } from "./document-loader.server.ts";
import { ACTOR_IDENTIFIERS } from "./handles.server.ts";
import { announceMove } from "./move.server.ts";
import { federatePostChanges } from "./publication.server.ts";
import type { SiteFederation } from "./types.server.ts";

/** What sending needs of the worker's options. */
export interface SendingOptions {
  db: Database;
  /** The site's federation, made on first use. */
  federation: () => Promise<SiteFederation>;
  origin: string;
  allowPrivate: boolean;
  /** Every address of an inbox's host, for the guard; Node's resolver unless a test gives its own. */
  resolve?: FetchLimits["resolve"];
  /** FEDERATION_MOVED_TO: each account's followers are sent a Move there, once. */
  movedTo?: string | undefined;
  leaseMs: number;
  now?: () => Date;
  /** Called after each delivery is sent, before it is recorded (the kill check's hook). */
  onSent?: (delivery: FediverseDelivery) => void | Promise<void>;
}

/** An inbox that has not answered in this long is a failure, tried again later. */
const SEND_TIMEOUT_MS = 15_000;

/** Queues the activities of the posts' changes and, after a move, the accounts' Move; each failure waits for the next round. */
export async function federateChanges(options: SendingOptions): Promise<void> {
  const { db, origin } = options;
  const now = options.now ?? (() => new Date());
  const federation = await options.federation();
  // A post that cannot be federated now (its page failed to render) must not hold up what is queued already.
  await federatePostChanges(db, federation, origin, now()).catch((error: unknown) =>
    logError("Federating the posts' changes failed; tried again next round:", error),
  );
  if (options.movedTo)
    await announceMove(db, federation, origin, options.movedTo).catch((error: unknown) =>
      logError("Queueing the accounts' Move failed; tried again next round:", error),
    );
}

/** Delivers one claimed activity; the outcome is recorded either way. */
export async function deliver(
  options: SendingOptions,
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
    const federation = await options.federation();
    const context = federation.createContext(new URL(options.origin), {});
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

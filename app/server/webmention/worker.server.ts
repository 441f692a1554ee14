/**
 * The webmention worker, in every server process, on the house's polling
 * worker: each round queues the mentions of posts published or updated
 * since the last, sends the mentions that are due, and verifies the
 * mentions received, a batch at a time, each fetch bounded in time and size
 * (a page that never answers costs its time limit, never the queue). A
 * verified mention is stored among the post's responses, pending the
 * author's approval; a source gone (410), answering that it is missing, or
 * no longer linking to the post removes it.
 */
import { escapeHtml } from "../../lib/html-entities.ts";
import type { Database } from "../db/client.server.ts";
import type { WebmentionReceived, WebmentionSend } from "../db/schema.ts";
import { drainClaims, type PollingWorker, startPollingWorker } from "../jobs/polling-worker.server.ts";
import { logEvent } from "../log.server.ts";
import { FetchError, type FetchLimits, fetchBounded } from "../net/guarded-fetch.server.ts";
import { deleteResponseBySource, isBlocked, saveResponse } from "../responses/responses.server.ts";
import { subjectOfRow } from "../responses/subject.server.ts";
import {
  claimReceived,
  claimSends,
  queueNewVersions,
  queueWithdrawals,
  recordSend,
  recordVerification,
} from "./queue.server.ts";
import { sendWebmention } from "./send.server.ts";

export interface WebmentionWorkerOptions {
  db: Database;
  /** The site's origin: the posts' addresses, and the links that are the site's own. */
  publicUrl: string;
  limits: FetchLimits;
  leaseMs: number;
  /** Rows claimed at once. */
  batch: number;
  now?: () => Date;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Sends one claimed mention and records what happened. */
async function sendOne(options: WebmentionWorkerOptions, row: WebmentionSend): Promise<"sent" | "other"> {
  const now = options.now ?? (() => new Date());
  let outcome: Awaited<ReturnType<typeof sendWebmention>>;
  try {
    outcome = await sendWebmention(row.source, row.target, options.limits);
  } catch (error) {
    outcome = { kind: "retry", reason: errorText(error) };
  }
  const status = "status" in outcome ? outcome.status : undefined;
  const endpoint = "endpoint" in outcome ? outcome.endpoint : undefined;
  const common = { ...(endpoint ? { endpoint } : {}), ...(status !== undefined ? { status } : {}) };
  if (outcome.kind === "sent") await recordSend(options.db, row, now(), { done: "sent", ...common });
  else if (outcome.kind === "no-endpoint")
    await recordSend(options.db, row, now(), { done: "failed", ...common, error: "no webmention endpoint" });
  else if (outcome.kind === "refused")
    await recordSend(options.db, row, now(), { done: "failed", ...common, error: outcome.reason });
  else await recordSend(options.db, row, now(), { done: undefined, ...common, error: outcome.reason });
  return outcome.kind === "sent" ? "sent" : "other";
}

/** The HTML a mention shows under the post: its text, escaped, in one paragraph. */
const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

/** Fetches a received mention's source and stores, keeps or removes the mention by what it says. */
async function verifyOne(options: WebmentionWorkerOptions, row: WebmentionReceived): Promise<"stored" | "other"> {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const host = URL.parse(row.source)?.hostname ?? "";
  const subject = subjectOfRow(row);
  const remove = async () => {
    if (subject) await deleteResponseBySource(db, "webmention", row.source, subject);
  };
  if (await isBlocked(db, { host })) {
    await remove();
    await recordVerification(db, row, now(), { outcome: "blocked" });
    return "other";
  }
  let page: Awaited<ReturnType<typeof fetchBounded>>;
  try {
    page = await fetchBounded(row.source, options.limits, {
      accept: "text/html, application/xhtml+xml;q=0.9, text/plain;q=0.5, */*;q=0.1",
    });
  } catch (error) {
    // A source the site may not reach (a private address) is no source; a network failure or time limit is tried again.
    const retry = error instanceof FetchError && !/over the limit|passed the limit/.test(error.message);
    if (!retry) await remove();
    await recordVerification(db, row, now(), {
      outcome: retry ? "unreachable" : "refused",
      retry,
      error: errorText(error),
    });
    return "other";
  }
  if (page.status >= 500 || page.status === 429 || page.status === 408) {
    await recordVerification(db, row, now(), { outcome: "unreachable", retry: true, error: `answered ${page.status}` });
    return "other";
  }
  const contentType = String(page.headers["content-type"] ?? "");
  // The page's reader (its microformats parser, parse5 with it) loads with the first mention to verify.
  const { comparable, linksTo, sourceDetails } = await import("./source-page.server.ts");
  if (page.status < 200 || page.status >= 300 || !linksTo(page.body, contentType, page.url, row.target)) {
    await remove();
    const outcome = page.status === 410 ? "gone" : page.status >= 300 ? `answered ${page.status}` : "no-link";
    await recordVerification(db, row, now(), { outcome });
    return "other";
  }
  // A static article no longer shipped with the site takes no mention.
  if (!subject) {
    await recordVerification(db, row, now(), { outcome: "no-target" });
    return "other";
  }
  const details = sourceDetails(page.body, contentType, page.url);
  const entryUrl = details.url && details.url !== comparable(row.source) ? details.url : null;
  await saveResponse(db, {
    kind: "webmention",
    subject,
    sourceUrl: row.source,
    sourcePage: entryUrl,
    targetUrl: row.target,
    title: details.title ?? null,
    authorName: details.authorName ?? null,
    authorUrl: details.authorUrl ?? null,
    authorAvatar: details.authorPhoto ?? null,
    instance: host,
    contentHtml: details.excerpt ? paragraph(details.excerpt) : null,
    publishedAt: details.published ?? null,
    verifiedAt: now(),
  });
  await recordVerification(db, row, now(), { outcome: "linked" });
  return "stored";
}

/**
 * Claims and handles rows until none is due, counting those `handle` says were done; a row whose
 * handling throws is recorded by `failed` and the drain goes on.
 */
async function drainEach<Row>(
  options: WebmentionWorkerOptions,
  claim: (now: Date) => Promise<Row[]>,
  handle: (row: Row) => Promise<boolean>,
  failed: (row: Row, error: string) => Promise<void>,
): Promise<number> {
  let done = 0;
  const now = options.now ?? (() => new Date());
  await drainClaims({
    size: options.batch,
    claim: () => claim(now()),
    handle: async (row) => {
      try {
        if (await handle(row)) done += 1;
      } catch (error) {
        await failed(row, errorText(error)).catch(() => undefined);
      }
      return undefined;
    },
  });
  return done;
}

/**
 * One round: queue new versions' mentions, send what is due, verify what was received.
 * @returns how many mentions were queued, sent and stored
 */
export async function webmentionRound(options: WebmentionWorkerOptions) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const queued = (await queueNewVersions(db, options.publicUrl, now())) + (await queueWithdrawals(db, now()));
  const sent = await drainEach(
    options,
    (at) => claimSends(db, at, options.batch, options.leaseMs),
    async (row) => (await sendOne(options, row)) === "sent",
    (row, error) => recordSend(db, row, now(), { done: undefined, error }),
  );
  const stored = await drainEach(
    options,
    (at) => claimReceived(db, at, options.batch, options.leaseMs),
    async (row) => (await verifyOne(options, row)) === "stored",
    (row, error) => recordVerification(db, row, now(), { outcome: "error", retry: true, error }),
  );
  if (queued + sent + stored > 0)
    logEvent("webmentions", `Webmentions: ${queued} queued, ${sent} sent, ${stored} verified and held for approval.`, {
      queued,
      sent,
      stored,
    });
  return { queued, sent, stored };
}

/** @example const worker = startWebmentionWorker(options, 30_000); worker.wake(); */
export function startWebmentionWorker(options: WebmentionWorkerOptions, pollMs: number): PollingWorker {
  return startPollingWorker({
    name: "the webmention worker",
    pollMs,
    round: async () => {
      await webmentionRound(options);
      return undefined;
    },
  });
}

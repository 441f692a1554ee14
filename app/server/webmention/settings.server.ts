/**
 * Webmentions in one server process: the limit of mentions per source host,
 * the worker (polling every 30 s at most, woken by a save and by a mention
 * received) and the limits of every request it makes. Off with
 * `FEDERATION=off`: no endpoint, nothing advertised, nothing sent.
 */
import type { RateLimitFactory } from "../auth/rate-limit.server.ts";
import type { Database } from "../db/client.server.ts";
import type { FetchLimits } from "../net/guarded-fetch.server.ts";
import { MENTIONS_PER_HOST, MENTIONS_WINDOW_MS, type WebmentionRuntime } from "./runtime.server.ts";
import { startWebmentionWorker } from "./worker.server.ts";

export interface WebmentionSetup {
  enabled: boolean;
  publicUrl: string;
  /** FEDERATION_ALLOW_PRIVATE: loopback and private addresses reachable (tests on loopback). */
  allowPrivate: boolean;
  leaseMs: number;
  pollMs?: number;
}

/** The bounds of every request the worker makes: a page, an endpoint, a source. */
export function webmentionFetchLimits(publicUrl: string, allowPrivate: boolean): FetchLimits {
  return {
    timeoutMs: 10_000,
    maxBytes: 1024 * 1024,
    maxRedirects: 5,
    allowPrivate,
    userAgent: `Webmention (+${publicUrl})`,
  };
}

/** @example const webmentions = startWebmentions(setup, db, limiters); services.webmentions = webmentions.runtime; */
export function startWebmentions(
  setup: WebmentionSetup,
  db: Database,
  limiters: RateLimitFactory,
): { runtime: WebmentionRuntime; stop(): Promise<void> } {
  const limiter = limiters("webmention", MENTIONS_PER_HOST, MENTIONS_WINDOW_MS);
  const worker = setup.enabled
    ? startWebmentionWorker(
        {
          db,
          publicUrl: setup.publicUrl,
          limits: webmentionFetchLimits(setup.publicUrl, setup.allowPrivate),
          leaseMs: setup.leaseMs,
          batch: 10,
        },
        setup.pollMs ?? Math.min(30_000, setup.leaseMs),
      )
    : undefined;
  return {
    runtime: { enabled: setup.enabled, limiter, worker },
    stop: async () => {
      await worker?.stop();
    },
  };
}

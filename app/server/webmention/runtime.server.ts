/**
 * What the webmention endpoint and the post pages need of this process:
 * whether webmentions are on (`FEDERATION`), the limit of mentions per
 * source host, and the worker to wake. Made by `startWebmentions` and handed
 * to the routes with the server's other services (`AppServices.webmentions`).
 */
import type { RateLimit } from "../auth/rate-limit.server.ts";

export interface WebmentionRuntime {
  /** The endpoint answers and is advertised, mentions are sent. */
  enabled: boolean;
  /** Mentions accepted per source host (`MENTIONS_PER_HOST` an hour). */
  limiter: RateLimit;
  worker?: { wake(): void } | undefined;
}

/** Mentions one source host may send in an hour: far above a site's own re-sends, far below a flood. */
export const MENTIONS_PER_HOST = 60;
export const MENTIONS_WINDOW_MS = 60 * 60 * 1000;

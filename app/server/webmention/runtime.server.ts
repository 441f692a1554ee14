/**
 * What the webmention endpoint and the post pages need of this process:
 * whether webmentions are on (`FEDERATION`), the limit of mentions per
 * source host, and the worker to wake. Set by `runtime/serve.ts` before the
 * server listens; a singleton, as the route modules run from React Router's
 * copy of the code.
 */
import { singleton } from "../../lib/singleton.ts";
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

const store = singleton("webmentions", (): { current?: WebmentionRuntime | undefined } => ({}));

/** Installs (or, with undefined, removes) this process's webmention settings. */
export function provideWebmentions(value: WebmentionRuntime | undefined): void {
  store.current = value;
}

/** This process's webmention settings, when the server started them. */
export function webmentionRuntime(): WebmentionRuntime | undefined {
  return store.current;
}

/** Whether post pages advertise the endpoint. */
export function webmentionsEnabled(): boolean {
  return store.current?.enabled === true;
}

/** Runs the worker's round now: a post was saved, or a mention arrived. */
export function wakeWebmentions(): void {
  store.current?.worker?.wake();
}

/**
 * Limits per client on the work that costs CPU: every request that gets this
 * far (past the static files and the cached pages), stored objects aside, is
 * about to be rendered by React Router or to run a route's code. Searches and
 * cover uploads have buckets of their own; the rest share the render bucket.
 * Sign-in and the contact form are left to their own limits, counted in the
 * database on PostgreSQL (app/server/auth/rate-limit.server.ts), and the
 * admin's endpoints to the author's session. A client is its IP address as
 * Express sees it (`trust proxy` is loopback). Over the limit: 429, with
 * `Retry-After` and a page in the path's language for a navigation.
 * See docs/decisions/027-flood-limits.md.
 */
import type { NextFunction, Request, Response } from "express";
import { langFromPath, stripLang } from "../app/i18n/paths.ts";
import { pagePathOf } from "../app/lib/data-request.ts";
import { tooManyRequests, wantsPage } from "../app/server/too-many-requests.server.ts";
import type { FloodLimits } from "../config/config.ts";
import { DEFAULT_MAX_CLIENTS, TokenBuckets } from "./token-buckets.ts";

/** The limits, whose defaults the configuration holds (RENDER_, SEARCH_ and UPLOAD_RATE_LIMIT). */
export type { FloodLimits };

export type WorkKind = "render" | "search" | "upload";

const SEARCH_PATH = "/blog/search";
/**
 * Endpoints with limits of their own (sign-in, contact) or open to a signed-in
 * author only (the admin, in either language), matched on the path without its
 * language prefix or `.data` suffix.
 */
const OWN_LIMITS = /^\/(?:auth\/|contact\/(?:send|started)$|admin(?:\/|$))/;
const CONTACT_PAGE = "/contact";

/**
 * Which bucket a request that reaches the routes spends from, or none.
 * @example workKind("GET", "/en/blog/search.data", "/admin/blog/upload") // "search"
 * @example workKind("GET", "/auth/me", "/admin/blog/upload") // undefined
 */
export function workKind(
  method: string,
  path: string,
  uploadPath: string,
  servedElsewhere: readonly string[] = [],
): WorkKind | undefined {
  if (path === uploadPath) return "upload";
  if (servedElsewhere.some((prefix) => path.startsWith(prefix))) return undefined;
  const neutral = stripLang(pagePathOf(path));
  if (neutral === SEARCH_PATH) return "search";
  if (OWN_LIMITS.test(neutral)) return undefined;
  // The contact form's own submission (without scripts) is counted by the contact limit.
  if (neutral === CONTACT_PAGE && method === "POST") return undefined;
  return "render";
}

/** Per-minute limits as buckets: that many at once, earned back over a minute. */
function buckets(perMinute: number, maxClients: number): TokenBuckets | undefined {
  if (perMinute <= 0) return undefined;
  return new TokenBuckets({ capacity: perMinute, refillPerSecond: perMinute / 60, maxClients });
}

/**
 * The middleware; put it after the static files and the page cache's hits.
 * `servedElsewhere`: path prefixes the server answers without a route (stored objects).
 */
export function floodLimits(limits: FloodLimits, uploadPath: string, servedElsewhere: readonly string[] = []) {
  const maxClients = limits.maxClients ?? DEFAULT_MAX_CLIENTS;
  const byKind: Record<WorkKind, TokenBuckets | undefined> = {
    render: buckets(limits.renders, maxClients),
    search: buckets(limits.searches, maxClients),
    upload: buckets(limits.uploads, maxClients),
  };
  const middleware = (req: Request, res: Response, next: NextFunction) => {
    const kind = workKind(req.method, req.path, uploadPath, servedElsewhere);
    const bucket = kind && byKind[kind];
    if (!bucket) return next();
    // An address is at most 45 characters; a longer key (a header from a local client) is cut.
    const taken = bucket.take((req.ip ?? "unknown").slice(0, 64));
    if (taken.allowed) return next();
    const answer = tooManyRequests({
      lang: langFromPath(req.path),
      page: wantsPage(req.path, { accept: req.get("accept"), "sec-fetch-mode": req.get("sec-fetch-mode") }),
      retryAfterSeconds: taken.retryAfterSeconds,
    });
    res.status(answer.status).set(answer.headers);
    if (req.method === "HEAD") res.end();
    else res.send(answer.body);
  };
  return Object.assign(middleware, { buckets: byKind });
}

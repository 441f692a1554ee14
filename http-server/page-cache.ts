/**
 * A response cache for the public pages built from the database (blog list,
 * articles, feeds, sitemap, and their loader data): whole responses, kept per
 * URL with their brotli and gzip encodings made once, and served without
 * React Router. `app/server/blog/page-cache.server.ts` says which URLs qualify
 * and counts writes to posts.
 *
 * - A miss renders the URL alone (no cookies or headers of the visitor), so
 *   the stored page cannot depend on who asked. A response that sets a cookie
 *   or varies by a header is not stored and the visitor's own request goes on
 *   to React Router.
 * - Any write to posts in this process empties the cache at once; writes of
 *   other server processes (PostgreSQL) are noticed by a fingerprint query of
 *   the posts table, run at most once per `revalidateMs` and shared by the
 *   requests that arrive meanwhile.
 * - Entries are bounded in number and bytes; pages that do not exist (404)
 *   have a pool of their own, so made-up URLs cannot push real pages out.
 * - Addresses that surely name nothing (an unknown slug or tag) are handed
 *   to their route's one not-found page before any lookup or render, by an
 *   index of the data loaded once per version of it (`missing`), so a flood
 *   of made-up slugs costs what a cached page costs.
 * - Cached HTML carries no nonce: its CSP allows its inline scripts by hash,
 *   like the prerendered pages.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { contentSecurityPolicy } from "../app/lib/csp.ts";
import { isCacheablePageUrl, publicPagesGeneration } from "../app/server/blog/page-cache.server.ts";
import { postAddress } from "../app/server/fediverse/handles.server.ts";
import { logError } from "../app/server/log.server.ts";
import { cacheableRenderContext, servicesContext } from "../app/server/request-context.server.ts";
import type { AppServices } from "../app/server/services.server.ts";
import { type Encoding, preferredEncoding } from "./accept-encoding.ts";
import { inlineScriptHashes, inlineStyleHashes } from "./static-pages.ts";

/** One stored response. */
export interface CachedPage {
  status: number;
  /** Response headers, lower-cased, without length and encoding. */
  headers: [string, string][];
  identity: Buffer;
  /** Present when smaller than the identity body. */
  br?: Buffer;
  gzip?: Buffer;
  /** Weak validator of the body (shared by its encodings). */
  etag: string;
  /** Bytes held: all encodings. */
  bytes: number;
  storedAt: number;
}

export interface PageCacheOptions {
  /** Turns a request for a cacheable URL into a complete response (React Router). */
  render: (request: globalThis.Request, context: RouterContextProvider) => Promise<globalThis.Response>;
  /** Origin the pages are rendered for (the public URL). */
  origin: string;
  /** Extra `form-action` sources of the CSP (the sign-in form's targets). */
  formTargets?: readonly string[];
  /** Fingerprint of the data the pages are built from; checked at most every `revalidateMs`. None: no check. */
  version?: () => Promise<string>;
  revalidateMs?: number;
  /** Bounds of pages found (any status but 404). */
  maxEntries?: number;
  /** Bounds of 404 pages, kept apart. */
  maxNotFoundEntries?: number;
  /** Bytes of all entries together (every encoding counted). */
  maxBytes?: number;
  /** Larger bodies are served but not stored. */
  maxEntryBytes?: number;
  /** Age after which an entry is rendered again even without a write (time-dependent text, e.g. the footer year). */
  maxAgeMs?: number;
  /** Whether a request URL may be cached; defaults to the public blog pages. */
  isCacheableUrl?: (url: string) => boolean;
  /**
   * Loads, from the data the pages are built from, a check of request paths
   * that surely name nothing: it returns the path that answers such a path
   * (its route's not-found page), or undefined when it may exist. Loaded
   * again whenever the entries are forgotten (a write here, another version
   * there); until it is, every path is looked up as usual.
   */
  missing?: () => Promise<(path: string) => string | undefined>;
  /** Changes whenever entries must be forgotten; defaults to the count of writes to posts. */
  generation?: () => number;
  now?: () => number;
}

const DEFAULTS = {
  revalidateMs: 1000,
  maxEntries: 1000,
  maxNotFoundEntries: 100,
  maxBytes: 32 * 1024 * 1024,
  maxEntryBytes: 2 * 1024 * 1024,
  maxAgeMs: 10 * 60 * 1000,
};

const STORED_STATUSES = new Set([200, 404]);
// Hop-by-hop headers and those the cache sets itself per response.
const DROPPED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "vary",
]);
const REVALIDATE_EVERY_TIME = "public, max-age=0, must-revalidate";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Pages found are compressed hard once (quality 11: 16 KB instead of 17 KB
 * at 9 for an article, 75 ms once); 404 pages cheaply, so random URLs cannot
 * buy 75 ms of CPU each.
 */
async function encodings(body: Buffer, hard: boolean): Promise<{ br?: Buffer; gzip?: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: hard ? zlib.constants.BROTLI_MAX_QUALITY : 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: hard ? zlib.constants.Z_BEST_COMPRESSION : 6 }),
  ]);
  return {
    ...(br.length < body.length ? { br } : {}),
    ...(gz.length < body.length ? { gzip: gz } : {}),
  };
}

/** Whether an If-None-Match header names this (weak) ETag. */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === bare;
  });
}

type Rendered =
  /** A response for this URL, whoever asked; `entry` is what may be stored. */
  | { kind: "page"; page: CachedPage; storable: boolean }
  /** Not for sharing (it sets a cookie or varies): the visitor's own request must be handled. */
  | { kind: "pass" };

export class PageCache {
  readonly #options: PageCacheOptions & typeof DEFAULTS;
  readonly #found = new Map<string, CachedPage>();
  readonly #notFound = new Map<string, CachedPage>();
  readonly #pending = new Map<string, Promise<Rendered>>();
  #bytes = 0;
  /** Counts the times everything was dropped; a render stores its page only if none happened meanwhile. */
  #epoch = 0;
  #seenGeneration: number;
  #lastCheck = Number.NEGATIVE_INFINITY;
  #checking: Promise<void> | undefined;
  #knownVersion: string | undefined;
  readonly #generation: () => number;
  readonly #now: () => number;
  readonly #isCacheableUrl: (url: string) => boolean;
  /** The check of paths that name nothing, and the epoch whose data it was loaded from. */
  #missing: { epoch: number; target: (path: string) => string | undefined } | undefined;
  #loadingMissing = false;
  #missingFailedAt = Number.NEGATIVE_INFINITY;

  constructor(options: PageCacheOptions) {
    this.#options = { ...DEFAULTS, ...options };
    this.#generation = options.generation ?? publicPagesGeneration;
    this.#now = options.now ?? Date.now;
    this.#isCacheableUrl = options.isCacheableUrl ?? isCacheablePageUrl;
    this.#seenGeneration = this.#generation();
  }

  /** Entries held (found and 404) and their bytes; for tests and logs. */
  get size(): { entries: number; notFound: number; bytes: number } {
    this.#sync();
    return { entries: this.#found.size, notFound: this.#notFound.size, bytes: this.#bytes };
  }

  /**
   * Which version of the data the entries were made from: it moves whenever
   * they are forgotten (a write here, another version there), so what is
   * derived from the same data (the old addresses' redirects) follows it.
   */
  get epoch(): number {
    this.#sync();
    return this.#epoch;
  }

  /** A GET or HEAD without a body, for a URL whose page may be shared. */
  eligible(req: Request): boolean {
    return bodilessRead(req) && this.#isCacheableUrl(req.originalUrl);
  }

  /**
   * The path that answers a path which surely names nothing, or undefined
   * (it may exist, or the check of this version of the data is not loaded
   * yet: then its loading starts, and the path is looked up as usual).
   */
  missingTarget(path: string): string | undefined {
    const load = this.#options.missing;
    if (!load) return undefined;
    this.#sync();
    if (this.#missing?.epoch === this.#epoch) return this.#missing.target(path);
    // After a failure, tried again once per revalidation interval, not by every request.
    if (!this.#loadingMissing && this.#now() - this.#missingFailedAt >= this.#options.revalidateMs) {
      this.#loadingMissing = true;
      const epoch = this.#epoch;
      load()
        .then(
          (target) => {
            // Data read before a write may lack what the write added: only a check as new as the entries counts.
            this.#sync();
            if (this.#epoch === epoch) this.#missing = { epoch, target };
          },
          (error: unknown) => {
            this.#missingFailedAt = this.#now();
            console.error("Loading the blog's slugs and tags failed; unknown ones render:", error);
          },
        )
        .finally(() => {
          this.#loadingMissing = false;
        });
    }
    return undefined;
  }

  /**
   * Checks the data fingerprint when the last check is `revalidateMs` old;
   * returns the check to wait for, or undefined when the entries are fresh.
   * Concurrent callers share one query.
   */
  revalidate(): Promise<void> | undefined {
    const { version, revalidateMs } = this.#options;
    if (!version) return undefined;
    if (this.#checking) return this.#checking;
    const now = this.#now();
    if (now - this.#lastCheck < revalidateMs) return undefined;
    this.#lastCheck = now;
    this.#checking = version()
      .then(
        (current) => {
          if (current !== this.#knownVersion) this.#forget();
          this.#knownVersion = current;
        },
        (error: unknown) => {
          // Without a fingerprint nothing proves the entries current: drop them and ask again next time.
          logError("Checking the blog for changes failed; the page cache was emptied:", error);
          this.#forget();
          this.#knownVersion = undefined;
        },
      )
      .finally(() => {
        this.#checking = undefined;
      });
    return this.#checking;
  }

  /** The stored page of a URL, if current. */
  lookup(url: string): CachedPage | undefined {
    this.#sync();
    const pool = this.#found.has(url) ? this.#found : this.#notFound;
    const page = pool.get(url);
    if (!page) return undefined;
    if (this.#now() - page.storedAt > this.#options.maxAgeMs) {
      this.#remove(pool, url);
      return undefined;
    }
    // Re-inserting keeps each pool in least-recently-used order.
    pool.delete(url);
    pool.set(url, page);
    return page;
  }

  /** Renders a URL once for all who ask at the same time, storing the page when it may be shared. */
  load(url: string): Promise<Rendered> {
    this.#sync();
    const pending = this.#pending.get(url);
    if (pending) return pending;
    const rendering = this.#render(url).finally(() => {
      if (this.#pending.get(url) === rendering) this.#pending.delete(url);
    });
    this.#pending.set(url, rendering);
    return rendering;
  }

  /** Middleware: answers from the cache, or passes the request on. Put it ahead of static files and React Router. */
  readonly serveHits = (req: Request, res: Response, next: NextFunction): void => {
    const checkMissing = this.#options.missing !== undefined && bodilessRead(req);
    if (!checkMissing && !this.eligible(req)) {
      next();
      return;
    }
    const waiting = this.revalidate();
    const serve = () => {
      const target = checkMissing ? this.missingTarget(req.path) : undefined;
      if (target) {
        // The route's not-found page ignores the query; without it, every unknown address shares one entry.
        req.url = target;
        req.originalUrl = target;
      }
      if (!this.eligible(req)) return next();
      const page = this.lookup(req.originalUrl);
      if (page) send(req, res, page, "hit");
      else next();
    };
    if (waiting) waiting.then(serve, next);
    else serve();
  };

  /** Middleware: renders and stores what `serveHits` did not have. Put it right before React Router. */
  readonly renderMisses = (req: Request, res: Response, next: NextFunction): void => {
    if (!this.eligible(req)) {
      next();
      return;
    }
    const url = req.originalUrl;
    const ready = this.revalidate() ?? Promise.resolve();
    ready
      .then(() => {
        const page = this.lookup(url);
        if (page) return send(req, res, page, "hit");
        return this.load(url).then((rendered) => {
          if (rendered.kind === "pass") next();
          else send(req, res, rendered.page, rendered.storable ? "miss" : "bypass");
        });
      })
      .catch(next);
  };

  async #render(url: string): Promise<Rendered> {
    this.#sync();
    const epoch = this.#epoch;
    const context = new RouterContextProvider();
    context.set(cacheableRenderContext, true);
    // The URL alone: no cookie or header of the visitor reaches the page.
    const response = await this.#options.render(new globalThis.Request(new URL(url, this.#options.origin)), context);
    if (response.headers.has("set-cookie") || response.headers.has("vary")) {
      await response.body?.cancel();
      return { kind: "pass" };
    }
    const identity = Buffer.from(await response.arrayBuffer());
    const cacheControl = response.headers.get("cache-control") ?? "";
    const storable =
      STORED_STATUSES.has(response.status) &&
      !/\b(?:no-store|private)\b/i.test(cacheControl) &&
      identity.length <= this.#options.maxEntryBytes;
    const headers: [string, string][] = [];
    for (const [name, value] of response.headers) if (!DROPPED_HEADERS.has(name)) headers.push([name, value]);
    if ((response.headers.get("content-type") ?? "").startsWith("text/html")) {
      const html = identity.toString("utf8");
      const csp = contentSecurityPolicy({
        scripts: inlineScriptHashes(html),
        styles: inlineStyleHashes(html),
        formTargets: this.#options.formTargets ?? [],
      });
      setHeader(headers, "content-security-policy", csp);
    }
    if (!cacheControl) setHeader(headers, "cache-control", REVALIDATE_EVERY_TIME);
    const compressed = storable ? await encodings(identity, response.status !== 404) : {};
    const page: CachedPage = {
      status: response.status,
      headers,
      identity,
      ...compressed,
      etag: `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 32)}"`,
      bytes: identity.length + (compressed.br?.length ?? 0) + (compressed.gzip?.length ?? 0),
      storedAt: this.#now(),
    };
    // A write during the render may not be in this page: serve it to those who asked, keep it not.
    this.#sync();
    if (storable && this.#epoch === epoch) this.#store(url, page);
    return { kind: "page", page, storable };
  }

  #store(url: string, page: CachedPage) {
    const pool = page.status === 404 ? this.#notFound : this.#found;
    const limit = page.status === 404 ? this.#options.maxNotFoundEntries : this.#options.maxEntries;
    this.#remove(this.#found, url);
    this.#remove(this.#notFound, url);
    pool.set(url, page);
    this.#bytes += page.bytes;
    while (pool.size > limit) this.#evictOldest(pool);
    while (this.#bytes > this.#options.maxBytes && this.#notFound.size + this.#found.size > 0) {
      this.#evictOldest(this.#notFound.size > 0 ? this.#notFound : this.#found);
    }
  }

  #evictOldest(pool: Map<string, CachedPage>) {
    const oldest = pool.keys().next().value;
    if (oldest !== undefined) this.#remove(pool, oldest);
  }

  #remove(pool: Map<string, CachedPage>, url: string) {
    const page = pool.get(url);
    if (!page) return;
    pool.delete(url);
    this.#bytes -= page.bytes;
  }

  /** Drops everything when posts were written since the entries were made. */
  #sync() {
    const generation = this.#generation();
    if (generation === this.#seenGeneration) return;
    this.#seenGeneration = generation;
    this.#forget();
  }

  #forget() {
    this.#found.clear();
    this.#notFound.clear();
    // Renders under way may have read the old data: later requests start their own, and theirs are not stored.
    this.#pending.clear();
    this.#bytes = 0;
    this.#epoch++;
  }
}

/** A GET or HEAD without a body. */
function bodilessRead(req: Request): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.headers["transfer-encoding"] !== undefined) return false;
  return req.headers["content-length"] === undefined || req.headers["content-length"] === "0";
}

function setHeader(headers: [string, string][], name: string, value: string) {
  const index = headers.findIndex(([existing]) => existing === name);
  if (index >= 0) headers.splice(index, 1);
  headers.push([name, value]);
}

/** Writes a stored page in the encoding the client prefers, or 304 when its copy is current. */
function send(req: Request, res: Response, page: CachedPage, state: "hit" | "miss" | "bypass") {
  res.statusCode = page.status;
  for (const [name, value] of page.headers) res.setHeader(name, value);
  // A post's address answers ActivityPub too (http-server/federation.ts): a shared cache must keep the two apart.
  res.setHeader("Vary", postAddress(req.path) ? "Accept, Accept-Encoding" : "Accept-Encoding");
  res.setHeader("X-Cache", state);
  if (state !== "bypass") res.setHeader("ETag", page.etag);
  const ifNoneMatch = req.headers["if-none-match"];
  if (state !== "bypass" && page.status === 200 && ifNoneMatch && etagMatches(ifNoneMatch, page.etag)) {
    res.statusCode = 304;
    res.removeHeader("Content-Type");
    res.removeHeader("Content-Security-Policy");
    res.end();
    return;
  }
  const available: Encoding[] = [];
  if (page.br) available.push("br");
  if (page.gzip) available.push("gzip");
  const encoding = preferredEncoding(req.headers["accept-encoding"], available);
  const body = (encoding === "identity" ? page.identity : page[encoding]) ?? page.identity;
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** The cache in front of a React Router build, whose renders get the server's services as every request does. */
export function createPageCache(
  build: ServerBuild,
  options: Omit<PageCacheOptions, "render"> & { mode?: string; services: AppServices },
): PageCache {
  const handle = createRequestHandler(build, options.mode ?? "production");
  const { services, ...rest } = options;
  return new PageCache({
    ...rest,
    render: (request, context) => {
      context.set(servicesContext, services);
      return handle(request, context);
    },
  });
}

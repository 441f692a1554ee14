/**
 * Old addresses of imported posts answered with a 301 to the post
 * (docs/decisions/068-old-addresses-answered-from-memory.md). The table of
 * old addresses is held in memory, loaded once per version of the blog's
 * data: the response cache's epoch (http-server/page-cache.ts), which moves
 * with any write here and, checked at most once a second, with a write of
 * another server. A request looks its path up in a map; a path not in it
 * goes on untouched, so a 404 costs what it cost, and the not-found page
 * stays one cached page. Only a path no page of the site answers is
 * redirected: one the route table sends to the not-found page, or a post's
 * address no post holds (the table leaves out those that became a post's).
 */
import type { NextFunction, Request, Response } from "express";
import { publicPagesGeneration } from "../app/server/blog/page-cache.server.ts";
import { logError } from "../app/server/log.server.ts";
import { oldPathKey } from "../app/server/transfer/redirects.server.ts";

/** What says whether the table is current: the response cache, or this process's writes alone. */
export interface DataVersion {
  /** Moves whenever the data may have changed. */
  readonly epoch: number;
  /** Checks other servers' writes when due; the promise to wait for, if a check runs. */
  revalidate(): Promise<void> | undefined;
}

/** This process's writes alone (the development server, which has no response cache). */
export const localWrites: DataVersion = {
  get epoch() {
    return publicPagesGeneration();
  },
  revalidate: () => undefined,
};

export interface OldAddressOptions {
  /** Every old address and where it leads. */
  load: () => Promise<ReadonlyMap<string, string>>;
  version: () => DataVersion;
  /** Whether a page of the site answers the path (the route table and the blog's addresses); none yet: not served. */
  isPage: () => ((path: string) => boolean) | undefined;
  /** Which requests this instance looks at (mounted ahead of the static files for `/?p=` alone). */
  only?: (req: Request) => boolean;
}

/** A post's address (`/blog/{slug}`, `/en/blog/{slug}`): a page only while a post holds it, which the table knows. */
export const POST_ADDRESS = /^(?:\/en)?\/blog\/(?!search$|tag$|preview$)[^/]+\/?$/;

/** How long a browser may keep a redirect: removed ones stop answering within a day. */
const REDIRECT_MAX_AGE = 24 * 60 * 60;

/** The key of a request: its path, and WordPress's `?p=` on the home page. */
export function requestKey(req: Request): string | undefined {
  const queryAt = req.originalUrl.indexOf("?");
  const query = queryAt === -1 ? "" : req.originalUrl.slice(queryAt);
  return oldPathKey(`${req.path}${req.path === "/" || req.path === "/index.php" ? query : ""}`);
}

/** WordPress's `/?p=ID`: the home page's path with a query no page of the site reads. */
export const wordpressQuery = (req: Request) =>
  (req.path === "/" || req.path === "/index.php") && typeof req.query.p === "string";

/**
 * Middleware: answers an old address with a 301 to its post's address,
 * passes every other request on.
 */
export function oldAddresses(options: OldAddressOptions) {
  let table: { epoch: number; map: ReadonlyMap<string, string> } | undefined;
  let loading: { epoch: number; promise: Promise<void> } | undefined;

  const current = async (): Promise<ReadonlyMap<string, string> | undefined> => {
    const version = options.version();
    await version.revalidate();
    const epoch = version.epoch;
    if (table?.epoch === epoch) return table.map;
    if (loading?.epoch !== epoch) {
      const promise = options.load().then(
        (map) => {
          // Read before a later write? Then the next request loads again.
          if (options.version().epoch === epoch) table = { epoch, map };
        },
        (error: unknown) => logError("Loading the old addresses failed; they answer 404 until the next try:", error),
      );
      loading = { epoch, promise };
    }
    await loading.promise;
    return table?.epoch === epoch ? table.map : table?.map;
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (options.only && !options.only(req)) return next();
    const isPage = options.isPage();
    const key = isPage && requestKey(req);
    if (!isPage || !key) return next();
    current().then(
      (map) => {
        const target = map?.get(key);
        if (!target || (!key.startsWith("/?p=") && isPage(req.path))) return next();
        res.setHeader("Cache-Control", `public, max-age=${REDIRECT_MAX_AGE}`);
        res.redirect(301, target);
      },
      () => next(),
    );
  };
}

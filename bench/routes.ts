/**
 * The pages the bench visits: every public page of the route table in both
 * languages, the server-rendered blog included, so a new page is measured
 * the day it is added.
 */

import { languages, localizePath } from "../app/i18n/paths.ts";
import { pageRoutes } from "../app/routing/pages.ts";
import { sleep } from "./stats.ts";

/** A page path as a browser requests it (non-ASCII segments percent-encoded; a query, as `?q=cloud`, kept a query). */
export function encodePath(path: string): string {
  const queryAt = path.indexOf("?");
  const pathname = queryAt < 0 ? path : path.slice(0, queryAt);
  const query = queryAt < 0 ? "" : `?${encodeURI(path.slice(queryAt + 1))}`;
  return pathname.split("/").map(encodeURIComponent).join("/") + query;
}

const trimSlash = (path: string) => (path === "/" ? "/" : path.replace(/\/$/, ""));

/** Every public page, Portuguese first, then English. */
export function allPublicPaths(): string[] {
  const paths = pageRoutes.flatMap((page) => page.staticPaths.map(trimSlash));
  return languages.flatMap((lang) => paths.map((path) => localizePath(path, lang)));
}

/**
 * One page of each kind (home, list, detail, prerendered and server-rendered)
 * in either language: enough to see a regression in minutes.
 */
export const quickPaths = [
  "/",
  "/about",
  "/projects/devstudio",
  "/services/web-development",
  "/blog",
  "/blog/bot-discord",
  "/en",
  "/en/contact",
  "/en/blog/bot-discord",
];

/** The throughput targets: a prerendered page, a server-rendered post, a page that does not exist. */
export const loadTargets = {
  static: "/about",
  post: "/blog/bot-discord",
  notFound: "/this-does-not-exist",
} as const;

export function benchPaths(kind: "full" | "quick"): string[] {
  const all = allPublicPaths();
  if (kind === "full") return all;
  const known = new Set(all);
  return quickPaths.filter((path) => known.has(path));
}

/**
 * Asks for each page as a browser does until it is sent brotli: a server whose public address is not the build's
 * rewrites its pages at start and makes their brotli copies on the first request that wants one, sending gzip
 * meanwhile (http-server/static-files.ts), a larger document than any reader after it gets. What is measured after
 * (the bench's Lighthouse runs, the suite's first-window check) is the copy every later reader gets.
 */
export async function askUntilBrotli(origin: string, paths: readonly string[]) {
  for (const pagePath of paths) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const response = await fetch(`${origin}${encodePath(pagePath)}`, {
        headers: { "accept-encoding": "gzip, deflate, br, zstd", accept: "text/html" },
      });
      await response.arrayBuffer();
      if (response.headers.get("content-encoding") !== "gzip") break;
      await sleep(50);
    }
  }
}

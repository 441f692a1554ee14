/**
 * The floor: each page's own HTML with no JavaScript at all, served the same
 * way as the site, so the report can say how far a page's LCP and TBT are
 * from what its HTML, CSS, fonts and images alone would give.
 *
 * The floor pages are the site's HTML as the running server sends it (a
 * prerendered file or a server-rendered post alike), with every `<script>`
 * and every module preload taken out. They are written into a copy of the
 * client build, compressed by the build's own step (tools/build/precompress.ts:
 * brotli 11 and gzip 9, as every file of the build), and served by the
 * site's own static-file layer (http-server/static-files.ts), behind the headers
 * every response of the site carries (http-server/transport-security.ts), in a
 * process of its own (bench/floor-server.ts). So the bytes, the encodings,
 * the security headers and the code that answers are the site's; missing
 * are the rest of the site's middleware, which does not touch a static
 * answer, and the Content-Security-Policy the site gives each page for its
 * scripts, which a page without scripts has no use for. Server-rendered posts are compressed per request by the site and
 * ahead of time here: the floor's copy may be a few hundred bytes smaller.
 */
import { cp, mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { HELD_PRELOAD_REL } from "../app/first-paint/held-hydration.ts";
import { pageKey } from "../http-server/static-pages.ts";
import { precompressDirectory } from "../tools/build/precompress.ts";
import { freePort } from "../tools/processes/free-port.ts";
import { type Child, startChild, waitFor200 } from "./processes.ts";
import { encodePath } from "./routes.ts";

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const LINK = /<link\b[^>]*>/gi;
const REL = /\brel\s*=\s*["']?([^"'>]+)["']?/i;

/** Link relations that load JavaScript: React Router's module preloads, released or still held. */
const SCRIPT_RELS = new Set(["modulepreload", HELD_PRELOAD_REL]);

/**
 * A page's HTML without its JavaScript: every `<script>` element (external,
 * inline, held or data) and every `modulepreload` link (held ones too) removed;
 * everything else, stylesheets and font or image preloads included, kept. The
 * root is marked painted, as the page's inline loader marks it at the first
 * paint (app/first-paint/page-script-loader.ts): without it the stylesheet would keep
 * the page's other pictures clipped and unloaded for good, where a browser
 * without scripts shows them.
 * @example stripScripts('<p>a</p><script src="/x.js"></script>') // "<p>a</p>"
 */
export function stripScripts(html: string): string {
  const stripped = html.replace(SCRIPT, "").replace(LINK, (tag) => {
    const rels = (REL.exec(tag)?.[1] ?? "").toLowerCase().split(/\s+/);
    return rels.some((rel) => SCRIPT_RELS.has(rel)) ? "" : tag;
  });
  return stripped.replace(/<html\b/i, '<html data-painted=""');
}

/** Where the build keeps a page's file: `/about` in `about/index.html`, segments percent-encoded. */
export function floorFileOf(pagePath: string): string {
  const key = pageKey(pagePath) ?? "/";
  return path.join(...key.split("/").filter(Boolean), "index.html");
}

/**
 * Writes the floor site into `floorDir`: the client build copied, each page
 * of `paths` replaced by its script-less HTML as `origin` serves it, then
 * compressed like the build. Pages only the server renders are added as
 * files.
 */
export async function writeFloorSite(
  origin: string,
  paths: readonly string[],
  clientDir: string,
  floorDir: string,
): Promise<void> {
  await rm(floorDir, { recursive: true, force: true });
  await cp(clientDir, floorDir, { recursive: true });
  const pagesDir = path.join(floorDir, ".pages");
  for (const pagePath of paths) {
    const response = await fetch(`${origin}${encodePath(pagePath)}`, { headers: { "accept-encoding": "identity" } });
    if (!response.ok) throw new Error(`floor: ${pagePath} answered ${response.status}`);
    const html = stripScripts(await response.text());
    const file = floorFileOf(pagePath);
    // Written apart first and compressed there, so only the pages are compressed again.
    await mkdir(path.dirname(path.join(pagesDir, file)), { recursive: true });
    await writeFile(path.join(pagesDir, file), html);
  }
  await precompressDirectory(pagesDir);
  await cp(pagesDir, floorDir, { recursive: true, force: true });
  // A page that had no copy compressed small enough keeps no stale one from the build.
  await rm(pagesDir, { recursive: true, force: true });
}

export interface RunningFloor {
  child: Child;
  origin: string;
}

/** Starts bench/floor-server.ts on a free loopback port over `floorDir`; the caller stops it. */
export async function startFloorServer(floorDir: string): Promise<RunningFloor> {
  const port = await freePort();
  const started = performance.now();
  const script = path.join(import.meta.dirname, "floor-server.ts");
  const child = startChild(process.execPath, [script, floorDir, String(port)], {
    ...process.env,
    NODE_ENV: "production",
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitFor200(`${origin}/`, child, started, 30_000);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { child, origin };
}

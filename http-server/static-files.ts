/**
 * Serves the client build: prerendered pages, fingerprinted assets and the
 * other public files. Each file is read once at start-up with the brotli and
 * gzip copies the build wrote beside it (tools/build/precompress.ts), so a request
 * is a map lookup and one write of a ready body in the best encoding the
 * client accepts. Nothing is compressed per request, but the pages of a
 * build made with another PUBLIC_URL: they are rewritten to name this
 * server's at start, and their compressed copies made as they are first
 * asked for (docs/decisions/041-public-url-at-run-time.md).
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { contentSecurityPolicy } from "../app/lib/csp.ts";
import { DATA_SUFFIX } from "../app/lib/data-request.ts";
import { logWarning } from "../app/server/log.server.ts";
import { brotliMax, CODING_SUFFIX, type Encoding, gzipMaxSync, preferredEncoding } from "./accept-encoding.ts";
import { labelRoute } from "./route-label.ts";
import { inlineScriptHashes, inlineStyleHashes, pageKey, rewriteOrigin } from "./static-pages.ts";

/** Files above this size are streamed from disk instead of held in memory (the build has none today). */
export const MAX_IN_MEMORY_BYTES = 1024 * 1024;

const LOAD_CONCURRENCY = 8;

const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";
const CACHE_PAGE = "public, max-age=0, must-revalidate";
const CACHE_OTHER = "public, max-age=3600";

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  // React Router's loader data of prerendered pages, fetched on client-side navigation.
  ".data": "text/x-script",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".map": "application/json; charset=utf-8",
  ".wasm": "application/wasm",
  ".pdf": "application/pdf",
};

export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

/** One encoding of a file: its headers prepared at start-up and its body (or where to stream it from). */
interface Variant {
  etag: string;
  headers: OutgoingHttpHeaders;
  notModified: OutgoingHttpHeaders;
  body?: Buffer;
  file: string;
}

interface StaticFile {
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
  /** Compressed copies held, in the order offered when the client likes them equally. */
  encodings: readonly Encoding[];
  lastModifiedMs: number;
  /** A prerendered page (`/about` for `about/index.html`), as opposed to a file addressed by name. */
  page: boolean;
  /** A page rewritten at start: its compressed copies, made when first asked for. */
  copies?: RewrittenCopies;
}

/**
 * The compressed copies of a page rewritten at start, whose copies on disk
 * name the build's address. gzip at the build's level takes about a
 * millisecond a page and is made on the request that first takes it. Brotli
 * at the build's quality takes 30 to 150 ms a page: the first request that
 * wants it starts it on libuv's thread pool and is sent gzip meanwhile, so
 * no request waits and no copy is worse than the build's.
 */
class RewrittenCopies {
  readonly #body: Buffer;
  readonly #make: (encoding: Encoding, body: Buffer) => Variant;
  #gzip: Variant | undefined;
  #br: Variant | undefined;
  #brotliStarted = false;

  constructor(body: Buffer, make: (encoding: Encoding, body: Buffer) => Variant) {
    this.#body = body;
    this.#make = make;
  }

  /** The copy to send for the encoding chosen, or undefined for the page itself. */
  variant(encoding: Encoding, acceptEncoding: string | undefined): Variant | undefined {
    if (encoding === "gzip") {
      this.#gzip ??= this.#make("gzip", gzipMaxSync(this.#body));
      return this.#gzip;
    }
    if (this.#br) return this.#br;
    if (!this.#brotliStarted) {
      this.#brotliStarted = true;
      brotliMax(this.#body).then(
        (copy) => {
          this.#br = this.#make("br", copy);
        },
        (error: unknown) => logWarning("brotli_failed", `A rewritten page stays without brotli: ${String(error)}`),
      );
    }
    return preferredEncoding(acceptEncoding ?? "", ["gzip"]) === "gzip" ? this.variant("gzip", undefined) : undefined;
  }
}

export interface StaticSite {
  /** By URL path, spelled as pageKey spells it; pages under their directory's path too. */
  entries: Map<string, StaticFile>;
  /** Text files that have neither a .br nor a .gz copy (a build without the precompress step). */
  unencodedText: number;
  /**
   * Prerendered pages and their data rewritten to name the server's address, the milliseconds
   * that took, and other files that still name the build's (sent as built: a fingerprinted
   * asset cannot change).
   */
  rewritten: { pages: number; data: number; ms: number; asBuilt: string[] };
}

/** The address a build's pages name, and the one this server is published at (PUBLIC_URL). */
export interface PageOrigins {
  built: string;
  served: string;
}

const TEXT_TYPE = /^text\/|^application\/(?:json|xml|manifest\+json)|^image\/svg\+xml/;

/** A disk path relative to the client directory as the URL key requests are looked up by. */
function urlKey(relative: string): string {
  const segments = relative.split(path.sep).map((segment) => {
    // Prerendered directories are already percent-encoded on disk; other names are plain.
    try {
      return encodeURIComponent(decodeURIComponent(segment));
    } catch {
      return encodeURIComponent(segment);
    }
  });
  return `/${segments.join("/")}`;
}

/** Directories of the client build whose file names change with their content. */
const IMMUTABLE_DIRECTORIES = new Set([
  // Vite's fingerprinted assets.
  "assets",
  // Link-preview images of the static articles, versioned by what they show (app/lib/og-image.ts).
  "og",
]);

function cacheControlOf(relative: string): string {
  if (IMMUTABLE_DIRECTORIES.has(relative.split(path.sep)[0] ?? "")) return CACHE_IMMUTABLE;
  if (relative.endsWith(".html")) return CACHE_PAGE;
  return CACHE_OTHER;
}

function variantOf(
  file: string,
  size: number,
  body: Buffer | undefined,
  etag: string,
  common: OutgoingHttpHeaders,
  encoding: string | undefined,
): Variant {
  const notModified: OutgoingHttpHeaders = { ...common, ETag: etag };
  const headers: OutgoingHttpHeaders = { ...notModified, "Content-Length": size };
  if (encoding) headers["Content-Encoding"] = encoding;
  const variant: Variant = { etag, headers, notModified, file };
  if (body) variant.body = body;
  return variant;
}

/**
 * Reads the client build: every file (dot files excepted) with its
 * precompressed copies, a strong ETag per encoding and, for HTML, the CSP
 * that allows exactly its inline scripts and styles.
 */
export async function loadStaticSite(
  clientDir: string,
  options: { formTargets?: readonly string[]; maxInMemoryBytes?: number; origins?: PageOrigins | undefined } = {},
): Promise<StaticSite> {
  const maxInMemory = options.maxInMemoryBytes ?? MAX_IN_MEMORY_BYTES;
  const origins = options.origins?.built === options.origins?.served ? undefined : options.origins;
  const rewritten: StaticSite["rewritten"] = { pages: 0, data: 0, ms: 0, asBuilt: [] };
  const startedAt = new Date();
  const listing = await readdir(clientDir, { recursive: true, withFileTypes: true });
  const relatives = listing
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(clientDir, path.join(entry.parentPath, entry.name)))
    .filter((relative) => !relative.split(path.sep).some((segment) => segment.startsWith(".")));
  const present = new Set(relatives);
  const isCopy = (relative: string) =>
    Object.values(CODING_SUFFIX).some(
      (suffix) => relative.endsWith(suffix) && present.has(relative.slice(0, -suffix.length)),
    );

  const entries = new Map<string, StaticFile>();
  let unencodedText = 0;
  const load = async (relative: string) => {
    const file = path.join(clientDir, relative);
    const info = await stat(file);
    const inMemory = info.size <= maxInMemory;
    let body = inMemory ? await readFile(file) : undefined;
    // What the build prerendered, pages and their data, names the server's address; a page
    // over the in-memory limit (none is) would be served as built.
    let rewrite = false;
    const isPageData = relative.endsWith(DATA_SUFFIX);
    if (body && origins && (relative.endsWith(".html") || isPageData)) {
      const started = performance.now();
      const page = rewriteOrigin(body.toString("utf8"), origins.built, origins.served);
      if (page.count > 0) {
        body = Buffer.from(page.html);
        rewrite = true;
        if (isPageData) rewritten.data += 1;
        else rewritten.pages += 1;
      }
      rewritten.ms += performance.now() - started;
    } else if (body && origins && TEXT_TYPE.test(contentTypeOf(relative)) && body.includes(`"${origins.built}`)) {
      rewritten.asBuilt.push(relative);
    }
    // Content hash for files in memory; size and time for streamed ones, as express.static does.
    const tag = body
      ? createHash("sha256").update(body).digest("base64url").slice(0, 27)
      : `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`;
    const type = contentTypeOf(relative);
    const isPage = path.basename(relative) === "index.html";
    // A rewritten page is as new as this start: a copy cached from another address is not fresh.
    const modified = rewrite ? startedAt : info.mtime;
    const common: OutgoingHttpHeaders = {
      "Content-Type": type,
      "Cache-Control": cacheControlOf(relative),
      "Last-Modified": modified.toUTCString(),
    };
    if (relative.endsWith(".html")) {
      const html = body ? body.toString("utf8") : await readFile(file, "utf8");
      common["Content-Security-Policy"] = contentSecurityPolicy({
        scripts: inlineScriptHashes(html),
        styles: inlineStyleHashes(html),
        formTargets: options.formTargets ?? [],
      });
    }
    const encodings = (Object.keys(CODING_SUFFIX) as Encoding[]).filter((encoding) =>
      present.has(relative + CODING_SUFFIX[encoding]),
    );
    if (encodings.length > 0) common.Vary = "Accept-Encoding";
    else if (TEXT_TYPE.test(type) && info.size > 1024) unencodedText++;

    const entry: StaticFile = {
      identity: variantOf(file, body?.length ?? info.size, body, `"${tag}"`, common, undefined),
      encodings,
      // HTTP dates have whole seconds.
      lastModifiedMs: Math.floor(modified.getTime() / 1000) * 1000,
      page: false,
    };
    if (rewrite && body) {
      entry.copies = new RewrittenCopies(body, (encoding, copy) =>
        variantOf(file, copy.length, copy, `"${tag}-${encoding}"`, common, encoding),
      );
    }
    for (const encoding of rewrite ? [] : encodings) {
      const copyFile = file + CODING_SUFFIX[encoding];
      const copySize = (await stat(copyFile)).size;
      const copy = copySize <= maxInMemory ? await readFile(copyFile) : undefined;
      entry[encoding] = variantOf(copyFile, copySize, copy, `"${tag}-${encoding}"`, common, encoding);
    }
    entries.set(urlKey(relative), entry);
    if (isPage) {
      const dir = path.dirname(relative);
      entries.set(dir === "." ? "/" : urlKey(dir), { ...entry, page: true });
    }
  };
  // A few files at a time: start-up waits on the disk less than one by one.
  const queue = relatives.filter((relative) => !isCopy(relative));
  const worker = async () => {
    for (let relative = queue.pop(); relative !== undefined; relative = queue.pop()) await load(relative);
  };
  await Promise.all(Array.from({ length: LOAD_CONCURRENCY }, worker));
  return { entries, unencodedText, rewritten };
}

function withoutWeakPrefix(tag: string): string {
  return tag.startsWith("W/") ? tag.slice(2) : tag;
}

/** Whether the client's cached copy is still this variant (RFC 9110 section 13.2.2 order). */
function isFresh(headers: IncomingHttpHeaders, variant: Variant, lastModifiedMs: number): boolean {
  const ifNoneMatch = headers["if-none-match"];
  const ifModifiedSince = headers["if-modified-since"];
  if (ifNoneMatch === undefined && ifModifiedSince === undefined) return false;
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/.test(headers["cache-control"] ?? "")) return false;
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === "*") return true;
    return ifNoneMatch.split(",").some((tag) => withoutWeakPrefix(tag.trim()) === variant.etag);
  }
  const since = Date.parse(ifModifiedSince ?? "");
  return !Number.isNaN(since) && since >= lastModifiedMs;
}

/** The encoding to send a file in, remembered per Accept-Encoding value (browsers send only a few). */
function encodingPicker(maxRemembered = 64) {
  const remembered = new Map<string, Encoding | "identity">();
  return (header: string | undefined, encodings: readonly Encoding[]): Encoding | "identity" => {
    if (header === undefined) return "identity";
    // Nearly every compressed file has both copies; only those answers are remembered.
    if (encodings.length !== 2) return preferredEncoding(header, encodings);
    let choice = remembered.get(header);
    if (choice === undefined) {
      choice = preferredEncoding(header, encodings);
      if (remembered.size >= maxRemembered) remembered.clear();
      remembered.set(header, choice);
    }
    return choice;
  };
}

/** The metrics label of every file of the client build but its prerendered pages (decision 028). */
export const STATIC_LABEL = "static";

/**
 * GET and HEAD of a file of the build, answered before the rest of the
 * middleware; anything else goes on to `next`. `/about/` redirects to `/about`.
 */
export function staticFilesMiddleware(site: StaticSite) {
  const { entries } = site;
  const pick = encodingPicker();
  return (req: Request, res: Response, next: NextFunction) => {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return next();
    const urlPath = req.path;
    let entry = entries.get(urlPath);
    if (entry === undefined) {
      const key = pageKey(urlPath);
      entry = key === undefined ? undefined : entries.get(key);
      if (entry === undefined) return next();
      if (urlPath.length > 1 && urlPath.endsWith("/")) {
        // One URL per page: `/about/` redirects to `/about`; a file name with a slash is not a file.
        if (!entry.page) return next();
        const query = req.originalUrl.slice(urlPath.length);
        return res.redirect(301, urlPath.replace(/\/+$/, "") + query);
      }
    }
    // Prerendered pages are labelled by their route when they end; every other file is one group.
    if (!entry.page) labelRoute(res, STATIC_LABEL);
    const acceptEncoding = req.headers["accept-encoding"];
    const chosen = entry.encodings.length === 0 ? "identity" : pick(acceptEncoding, entry.encodings);
    const variant =
      entry[chosen] ??
      (chosen === "identity" ? undefined : entry.copies?.variant(chosen, acceptEncoding)) ??
      entry.identity;
    if (isFresh(req.headers, variant, entry.lastModifiedMs)) {
      res.writeHead(304, variant.notModified);
      res.end();
      return;
    }
    res.writeHead(200, variant.headers);
    if (method === "HEAD") {
      res.end();
    } else if (variant.body) {
      res.end(variant.body);
    } else {
      createReadStream(variant.file)
        .on("error", (error) => res.destroy(error))
        .pipe(res);
    }
  };
}

/**
 * Loads the client build and returns its handler; says so when the build was
 * not precompressed, and when its pages were rewritten to name this server's address.
 */
export async function staticFiles(
  clientDir: string,
  options: { formTargets?: readonly string[]; origins?: PageOrigins | undefined } = {},
) {
  const site = await loadStaticSite(clientDir, options);
  const { origins } = options;
  if (origins && origins.built !== origins.served) {
    const { pages, data, ms, asBuilt } = site.rewritten;
    const others =
      asBuilt.length === 0
        ? ""
        : ` ${asBuilt.length} other files still name ${origins.built} and are sent as built (${asBuilt.slice(0, 3).join(", ")}${asBuilt.length > 3 ? "…" : ""}).`;
    logWarning(
      "public_url_rewritten",
      `PUBLIC_URL is ${origins.served}, the build's pages name ${origins.built}: ${pages} prerendered pages` +
        `${data > 0 ? ` and ${data} data files` : ""} rewritten in memory to name ${origins.served} (${Math.round(ms)} ms; ` +
        `compressed as first asked for).${others} Build with PUBLIC_URL=${origins.served} to serve them as built.`,
      { served: origins.served, built: origins.built, pages, data, asBuilt: asBuilt.length },
    );
  }
  if (site.unencodedText > 0) {
    logWarning(
      "static_files_uncompressed",
      `${site.unencodedText} text files in ${clientDir} have no .br or .gz copy and are sent uncompressed; ` +
        "build with `react-router build` (npm run build), which writes them.",
    );
  }
  return staticFilesMiddleware(site);
}

/**
 * Bytes per page: what a phone downloads before it can be used. Text sizes
 * are gzip (level 9, what a build-time precompression step produces) of the
 * built files, so they do not depend on how the server compresses today;
 * images and fonts are what crossed the wire in the Lighthouse load.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { HELD_SCRIPT_TYPE } from "../app/first-paint/held-hydration.ts";
import type { NetworkRecord } from "./lighthouse.ts";

export interface PageBytes {
  /** The page's HTML, gzip. */
  html: number;
  /**
   * The document as it crossed the wire in the Lighthouse load: compressed
   * as served, headers included. A phone's first round trip on a new
   * connection carries at most 14,600 bytes (ten TCP segments): past that
   * the first paint waits one more (docs/decisions/032-first-screen-requests.md).
   */
  document: number;
  /** Every stylesheet the page loads, gzip. */
  css: number;
  /**
   * Every script loaded before interaction, gzip: on a page to read the page
   * script (the hydration code is held until the first interaction); on the
   * admin the module preloads, entry and route chunks.
   */
  js: number;
  jsFiles: number;
  /** Images loaded on first view (mobile viewport), bytes transferred. */
  images: number;
  imageCount: number;
  fonts: number;
  /** Requests in the page load, the document included. */
  requests: number;
  /** Everything transferred in the page load, as served today. */
  transferred: number;
}

const gzipSize = (content: Buffer | string) => gzipSync(content, { level: 9 }).length;

// The attribute itself, not one ending in its name (`data-src` is not `src`).
const ATTRIBUTE = (name: string) => new RegExp(`(?<![\\w-])${name}\\s*=\\s*["']([^"']+)["']`, "i");

/**
 * Script and stylesheet URLs the HTML itself loads before any interaction.
 * The hydration code a page to read holds back (`held-modulepreload` links,
 * `text/x-held-module` scripts, app/first-paint/held-hydration.ts) waits for the
 * first interaction, so it is not counted.
 */
export function assetsInHtml(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const src = ATTRIBUTE("src").exec(tag)?.[1];
    const href = ATTRIBUTE("href").exec(tag)?.[1];
    const rel = ATTRIBUTE("rel").exec(tag)?.[1]?.toLowerCase() ?? "";
    const rels = rel.split(/\s+/);
    if (tag.toLowerCase().startsWith("<script") && src) scripts.push(src);
    else if (href && rels.includes("modulepreload")) scripts.push(href);
    else if (href && rels.includes("stylesheet")) styles.push(href);
  }
  // Module scripts written inline import the entry by URL, e.g. import("/assets/entry.client-x.js").
  for (const [, attributes = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (ATTRIBUTE("type").exec(attributes)?.[1] === HELD_SCRIPT_TYPE) continue;
    for (const match of body.matchAll(/import\s*(?:\(\s*)?["'](\/assets\/[^"']+\.js)["']/g)) {
      if (match[1]) scripts.push(match[1]);
    }
  }
  return { scripts, styles };
}

export class BytesCounter {
  private cache = new Map<string, number>();

  private clientDir: string;
  private origin: string;

  constructor(clientDir: string, origin: string) {
    this.clientDir = clientDir;
    this.origin = origin;
  }

  /** gzip size of a same-origin asset, read from the build (fetched if the build has no such file). */
  private async assetGzip(url: string): Promise<number> {
    const absolute = new URL(url, this.origin);
    if (absolute.origin !== this.origin) return 0;
    const key = absolute.pathname;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    let size: number;
    try {
      size = gzipSize(await readFile(path.join(this.clientDir, decodeURIComponent(key))));
    } catch {
      const response = await fetch(absolute);
      size = gzipSize(Buffer.from(await response.arrayBuffer()));
    }
    this.cache.set(key, size);
    return size;
  }

  private async sum(urls: Iterable<string>): Promise<number> {
    let total = 0;
    for (const url of urls) total += await this.assetGzip(url);
    return total;
  }

  /** The HTML as served (prerendered file or server render), so both kinds of page are counted alike. */
  async measure(pagePath: string, network: readonly NetworkRecord[]): Promise<PageBytes> {
    const response = await fetch(new URL(pagePath, this.origin), { headers: { "accept-encoding": "identity" } });
    const html = await response.text();
    const inHtml = assetsInHtml(html);
    const normalize = (url: string) => new URL(url, this.origin).href;
    const scripts = new Set(inHtml.scripts.map(normalize));
    const styles = new Set(inHtml.styles.map(normalize));
    for (const record of network) {
      if (record.resourceType === "Script") scripts.add(normalize(record.url));
      if (record.resourceType === "Stylesheet") styles.add(normalize(record.url));
    }
    const of = (type: string) => network.filter((record) => record.resourceType === type);
    const total = (records: NetworkRecord[]) => records.reduce((sum, record) => sum + record.transferSize, 0);
    return {
      html: gzipSize(html),
      document: total(of("Document")),
      css: await this.sum(styles),
      js: await this.sum(scripts),
      jsFiles: scripts.size,
      images: total(of("Image")),
      imageCount: of("Image").length,
      fonts: total(of("Font")),
      requests: network.length,
      transferred: total([...network]),
    };
  }
}

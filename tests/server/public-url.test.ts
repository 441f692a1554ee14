/**
 * PUBLIC_URL is the server's (decision 041): what it renders names its own
 * address, and the prerendered pages of a build made with another address
 * are rewritten at start, their CSP and compressed copies with them.
 */
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { absoluteUrl } from "../../app/lib/seo.ts";
import { inBothLanguages, rssFeed, sitemap } from "../../app/server/blog/feeds.server.ts";
import { configureLog, standardStreams } from "../../app/server/log.server.ts";
import { setSiteUrl, siteUrl } from "../../app/site.config.ts";
import { readBuildRecord, writeBuildRecord } from "../../config/build-record.ts";
import { loadStaticSite, type StaticSite, staticFiles, staticFilesMiddleware } from "../../http-server/static-files.ts";
import { rewriteOrigin } from "../../http-server/static-pages.ts";
import { precompressDirectory } from "../../tools/build/precompress.ts";
import { decodedBody, rawRequest } from "../helpers/raw-http.ts";

const BUILT = "http://localhost:3000";
const SERVED = "https://site.example";

const JSON_LD = `{"@type":"WebSite","url":"${BUILT}/","inLanguage":"pt-BR"}`;
const INLINE_SCRIPT = `window.siteOrigin="${BUILT}"`;
const filler = Array.from({ length: 200 }, (_, i) => `<p>Parágrafo ${i}</p>`).join("");
const PAGE =
  `<!doctype html><html><head><link rel="canonical" href="${BUILT}/about"/>` +
  `<link rel="alternate" hrefLang="en" href="${BUILT}/en/about"/>` +
  `<meta property="og:url" content="${BUILT}/about"/>` +
  `<script type="application/ld+json">${JSON_LD}</script><script>${INLINE_SCRIPT}</script></head>` +
  `<body><pre><code>npm start, then open ${BUILT} in a browser</code></pre>${filler}</body></html>`;
const served = (text: string) => text.replace(/(["'])http:\/\/localhost:3000/g, `$1${SERVED}`);

describe("rewriteOrigin", () => {
  it.each([
    [`<link rel="canonical" href="${BUILT}/"/>`, `<link rel="canonical" href="${SERVED}/"/>`, 1],
    [`{"url":"${BUILT}/","id":"${BUILT}"}`, `{"url":"${SERVED}/","id":"${SERVED}"}`, 2],
    [`\\"${BUILT}/en\\"`, `\\"${SERVED}/en\\"`, 1],
    // An address written as text, or another port of the same host, stays.
    [`<code>${BUILT}</code>`, `<code>${BUILT}</code>`, 0],
    [`"${BUILT}1/"`, `"${BUILT}1/"`, 0],
  ])("%s", (html, expected, count) => {
    expect(rewriteOrigin(html, BUILT, SERVED)).toEqual({ html: expected, count });
  });
});

describe("siteUrl", () => {
  afterEach(() => setSiteUrl(undefined));

  it("is the server's PUBLIC_URL once it starts, in links, feeds and the sitemap", () => {
    setSiteUrl(SERVED);
    expect(siteUrl()).toBe(SERVED);
    expect(absoluteUrl("/en/about")).toBe(`${SERVED}/en/about`);
    expect(rssFeed("en", [])).toContain(`<link>${SERVED}/en/blog</link>`);
    expect(sitemap([inBothLanguages("/about")])).toContain(`<loc>${SERVED}/about</loc>`);
    setSiteUrl("https://another.example");
    expect(absoluteUrl("/")).toBe("https://another.example/");
  });
});

describe("the build's record", () => {
  it("keeps the PUBLIC_URL a build was made with beside it, and is absent from older builds", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "build-record-"));
    try {
      expect(readBuildRecord(dir)).toBeUndefined();
      writeBuildRecord(dir, { publicUrl: BUILT });
      expect(readBuildRecord(dir)).toEqual({ publicUrl: BUILT });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

async function listen(site: StaticSite) {
  const app = express();
  app.use(staticFilesMiddleware(site));
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("prerendered pages of a build made with another PUBLIC_URL", () => {
  let dir = "";
  let site: StaticSite;
  let origin = "";
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "public-url-"));
    await mkdir(path.join(dir, "about"), { recursive: true });
    await mkdir(path.join(dir, "assets"), { recursive: true });
    await writeFile(path.join(dir, "about", "index.html"), PAGE);
    await writeFile(path.join(dir, "about.data"), `[{"canonical":"${BUILT}/about"}]`);
    await writeFile(path.join(dir, "assets", "app.js"), `export const page = "${BUILT}/about";`.repeat(50));
    await precompressDirectory(dir);
    site = await loadStaticSite(dir, { origins: { built: BUILT, served: SERVED } });
    ({ origin, close } = await listen(site));
  });

  afterAll(async () => {
    await close();
    await rm(dir, { recursive: true, force: true });
  });

  it("name the server's address in every link, Open Graph tag and JSON-LD, and leave text alone", async () => {
    const reply = await rawRequest(`${origin}/about`);
    const html = reply.body.toString();
    expect(html).toBe(served(PAGE));
    expect(html).toContain(`<link rel="canonical" href="${SERVED}/about"/>`);
    expect(html).toContain(`open ${BUILT} in a browser`);
    expect(reply.headers["content-length"]).toBe(String(reply.body.length));
    expect(site.rewritten.pages).toBe(1);
  });

  it("get the CSP of their rewritten inline scripts", async () => {
    const reply = await rawRequest(`${origin}/about`);
    const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(served(INLINE_SCRIPT)).not.toBe(INLINE_SCRIPT);
    expect(reply.headers["content-security-policy"]).toContain(hash(served(INLINE_SCRIPT)));
    // JSON-LD is rewritten too, but no browser runs it: the policy names no hash for it.
    expect(reply.body.toString()).toContain(served(JSON_LD));
    expect(reply.headers["content-security-policy"]).not.toContain(hash(served(JSON_LD)));
  });

  it("are sent compressed from the rewritten text: gzip at once, brotli once made", async () => {
    const gzip = await rawRequest(`${origin}/about`, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decodedBody(gzip).toString()).toBe(served(PAGE));
    // The first request that wants brotli starts it and gets gzip; brotli follows.
    const first = await rawRequest(`${origin}/about`, { "accept-encoding": "gzip, br" });
    expect(first.headers["content-encoding"]).toBe("gzip");
    let br = first;
    for (let tries = 0; br.headers["content-encoding"] !== "br" && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      br = await rawRequest(`${origin}/about`, { "accept-encoding": "gzip, br" });
    }
    expect(br.headers["content-encoding"]).toBe("br");
    expect(decodedBody(br).toString()).toBe(served(PAGE));
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
    // A client that takes brotli only gets the page itself until then; never the build's copy.
    const identityOnly = await rawRequest(`${origin}/about`, { "accept-encoding": "identity" });
    expect(identityOnly.body.toString()).toBe(served(PAGE));
  });

  it("answer a revalidation with 304 only for the rewritten text", async () => {
    const first = await rawRequest(`${origin}/about`);
    const again = await rawRequest(`${origin}/about`, { "if-none-match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    const asBuilt = await loadStaticSite(dir);
    expect(asBuilt.entries.get("/about")?.identity.etag).not.toBe(first.headers.etag);
  });

  it("rewrite the pages' data too, and leave other files as built, saying which", async () => {
    const data = await rawRequest(`${origin}/about.data`);
    expect(data.body.toString()).toBe(`[{"canonical":"${SERVED}/about"}]`);
    expect(site.rewritten.data).toBe(1);
    const reply = await rawRequest(`${origin}/assets/app.js`);
    expect(reply.body.toString()).toContain(`"${BUILT}/about"`);
    expect(site.rewritten.asBuilt).toEqual([path.join("assets", "app.js")]);
  });

  it("are served as built when the addresses agree", async () => {
    const same = await loadStaticSite(dir, { origins: { built: BUILT, served: BUILT } });
    expect(same.rewritten.pages).toBe(0);
    expect(same.entries.get("/about")?.br).toBeDefined();
  });

  it("make the server say so in one line naming both addresses", async () => {
    const lines: string[] = [];
    configureLog({ format: "text", write: (line) => lines.push(line) });
    try {
      await staticFiles(dir, { origins: { built: BUILT, served: SERVED } });
      await staticFiles(dir, { origins: { built: SERVED, served: SERVED } });
    } finally {
      configureLog({ write: standardStreams });
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(
      `PUBLIC_URL is ${SERVED}, the build's pages name ${BUILT}: 1 prerendered pages and 1 data files rewritten`,
    );
    expect(lines[0]).toContain(`1 other files still name ${BUILT} and are sent as built (assets/app.js)`);
    expect(lines[0]).toContain(`Build with PUBLIC_URL=${SERVED}`);
  });
});

import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadStaticSite, type StaticSite, staticFilesMiddleware } from "../../http-server/static-files.ts";
import { baseHeaders } from "../../http-server/transport-security.ts";
import { precompressDirectory } from "../../tools/build/precompress.ts";
import { decodedBody, type RawReply as Reply, rawRequest } from "../helpers/raw-http.ts";

const request = (origin: string, urlPath: string, headers: Record<string, string> = {}, method = "GET") =>
  rawRequest(`${origin}${urlPath}`, headers, method);

function decode(reply: Reply): Buffer {
  const encoding = reply.headers["content-encoding"];
  if (encoding !== "br" && encoding !== "gzip") expect(encoding).toBeUndefined();
  return decodedBody(reply);
}

const lines = (text: string, times: number) => Array.from({ length: times }, (_, i) => `${text} ${i}`).join("\n");
const INLINE = "document.documentElement.dataset.theme='dark'";
const INLINE_STYLE = "p{margin:0}";
const PAGE = `<!doctype html><html><head><script>${INLINE}</script><script src="/assets/root-1a2b.js"></script></head><body>${lines("<p>Sobre mim</p>", 300)}</body></html>`;
const SCRIPT = lines("export const answer = 42;", 400);
const DATA = lines('["loader",{"data":1}]', 200);
const IMAGE = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 251));
const UNCOMPRESSED_TEXT = lines("plain text the build did not compress", 100);

async function makeClientDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "static-files-"));
  const put = async (relative: string, content: string | Buffer) => {
    await mkdir(path.dirname(path.join(dir, relative)), { recursive: true });
    await writeFile(path.join(dir, relative), content);
  };
  await put("index.html", PAGE.replace("Sobre mim", "Início"));
  await put("about/index.html", PAGE);
  await put("projects/site-da-fam%C3%ADlia-werneck/index.html", PAGE.replace("Sobre mim", "Família"));
  await put("projects/site-da-fam%C3%ADlia-werneck.data", DATA);
  await put("assets/root-1a2b.js", SCRIPT);
  await put("assets/photo-1a2b.webp", IMAGE);
  await put("og/blog/docker/1a2b3c.png", IMAGE);
  await put("styled/index.html", PAGE.replace("<head>", `<head><style>${INLINE_STYLE}</style>`));
  await put("favicon.svg", `<svg xmlns="http://www.w3.org/2000/svg">${lines("<g/>", 100)}</svg>`);
  await put(".env", "SECRET=1");
  await precompressDirectory(dir);
  // Written after the precompress step: a text file without copies.
  await put("notes.txt", UNCOMPRESSED_TEXT);
  return dir;
}

/** The production order: security headers, static files, then compression for everything else. */
async function serve(site: StaticSite) {
  const app = express();
  app.disable("x-powered-by");
  app.use(baseHeaders);
  app.use(staticFilesMiddleware(site));
  app.use(compression());
  app.all("/{*splat}", (req, res) => {
    res
      .status(req.method === "GET" ? 404 : 200)
      .type("text/html")
      .send(`dynamic ${req.method} ${lines("x", 500)}`);
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const BROWSER = { "accept-encoding": "gzip, deflate, br" };

describe.each([
  ["held in memory", undefined],
  ["streamed from disk", 16],
])("static files %s", (_name, maxInMemoryBytes) => {
  let dir: string;
  let origin: string;
  let site: StaticSite;
  let close: () => Promise<void>;

  beforeAll(async () => {
    dir = await makeClientDir();
    site = await loadStaticSite(dir, {
      formTargets: ["https://github.com"],
      ...(maxInMemoryBytes === undefined ? {} : { maxInMemoryBytes }),
    });
    ({ origin, close } = await serve(site));
  });

  afterAll(async () => {
    await close();
    await rm(dir, { recursive: true, force: true });
  });

  it("sends brotli, gzip and identity bodies that decode to the same page", async () => {
    const replies = await Promise.all([
      request(origin, "/about", BROWSER),
      request(origin, "/about", { "accept-encoding": "gzip" }),
      request(origin, "/about"),
      request(origin, "/about", { "accept-encoding": "br;q=0, gzip;q=0" }),
    ]);
    expect(replies.map((reply) => reply.headers["content-encoding"])).toEqual(["br", "gzip", undefined, undefined]);
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(decode(reply).toString()).toBe(PAGE);
      expect(reply.headers["content-length"]).toBe(String(reply.body.length));
      expect(reply.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(reply.headers.vary).toBe("Accept-Encoding");
      expect(reply.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
      expect(reply.headers["x-content-type-options"]).toBe("nosniff");
      expect(reply.headers["x-frame-options"]).toBe("DENY");
      expect(reply.headers["cross-origin-resource-policy"]).toBe("same-origin");
    }
    expect(replies[0]?.body.length).toBeLessThan(PAGE.length / 4);
  });

  it("gives each page the CSP of its own inline scripts and styles", async () => {
    const reply = await request(origin, "/about", BROWSER);
    const hash = createHash("sha256").update(INLINE).digest("base64");
    const csp = reply.headers["content-security-policy"];
    expect(csp).toMatch(/^default-src 'none'; /);
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("form-action 'self' https://github.com");
    expect(csp).not.toContain("unsafe");
    const styled = await request(origin, "/styled", BROWSER);
    const styleHash = createHash("sha256").update(INLINE_STYLE).digest("base64");
    expect(styled.headers["content-security-policy"]).toContain(`style-src 'self' 'sha256-${styleHash}';`);
  });

  it("lets other sites show the link-preview images, and nothing else", async () => {
    const preview = await request(origin, "/og/blog/docker/1a2b3c.png");
    expect(preview.status).toBe(200);
    expect(preview.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    const asset = await request(origin, "/assets/photo-1a2b.webp");
    expect(asset.headers["cross-origin-resource-policy"]).toBe("same-origin");
  });

  it("finds pages and files however the path is percent-encoded", async () => {
    for (const spelling of ["/projects/site-da-fam%C3%ADlia-werneck", "/projects/site-da-fam%c3%adlia-werneck"]) {
      const reply = await request(origin, spelling);
      expect(reply.status, spelling).toBe(200);
      expect(reply.body.toString()).toContain("Família");
    }
    const data = await request(origin, "/projects/site-da-fam%c3%adlia-werneck.data", BROWSER);
    expect(data.headers["content-type"]).toBe("text/x-script");
    expect(data.headers["cache-control"]).toBe("public, max-age=3600");
    expect(decode(data).toString()).toBe(DATA);
    const home = await request(origin, "/", BROWSER);
    expect(decode(home).toString()).toContain("Início");
  });

  it("caches fingerprinted assets for good and honours q=0", async () => {
    const reply = await request(origin, "/assets/root-1a2b.js", { "accept-encoding": "br;q=0, gzip" });
    expect(reply.headers["content-encoding"]).toBe("gzip");
    expect(reply.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(reply.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(decode(reply).toString()).toBe(SCRIPT);
  });

  it("sends files without copies as they are, with no Vary", async () => {
    const image = await request(origin, "/assets/photo-1a2b.webp", BROWSER);
    expect(image.headers["content-type"]).toBe("image/webp");
    expect(image.headers["content-encoding"]).toBeUndefined();
    expect(image.headers.vary).toBeUndefined();
    expect(image.body.equals(IMAGE)).toBe(true);
    const text = await request(origin, "/notes.txt", BROWSER);
    expect(text.headers["content-encoding"]).toBeUndefined();
    expect(text.body.toString()).toBe(UNCOMPRESSED_TEXT);
    expect(site.unencodedText).toBe(1);
  });

  it("answers 304 when the client's copy is the current one of that encoding", async () => {
    const first = await request(origin, "/about", BROWSER);
    const etag = first.headers.etag ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await request(origin, "/about", { ...BROWSER, "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers.vary).toBe("Accept-Encoding");
    expect(revalidated.headers["content-encoding"]).toBeUndefined();
    expect((await request(origin, "/about", { ...BROWSER, "if-none-match": `W/${etag}` })).status).toBe(304);
    expect((await request(origin, "/about", { ...BROWSER, "if-none-match": `"other", ${etag}` })).status).toBe(304);
    // The gzip copy has its own tag: a cached brotli body does not validate it.
    const gzip = await request(origin, "/about", { "accept-encoding": "gzip", "if-none-match": etag });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.etag).not.toBe(etag);
    expect((await request(origin, "/about", { ...BROWSER, "if-none-match": '"stale"' })).status).toBe(200);
    expect(
      (await request(origin, "/about", { ...BROWSER, "if-none-match": etag, "cache-control": "no-cache" })).status,
    ).toBe(200);
  });

  it("answers 304 to If-Modified-Since when the file is not newer", async () => {
    const first = await request(origin, "/favicon.svg", BROWSER);
    const lastModified = first.headers["last-modified"] ?? "";
    expect(lastModified).not.toBe("");
    expect((await request(origin, "/favicon.svg", { ...BROWSER, "if-modified-since": lastModified })).status).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await request(origin, "/favicon.svg", { ...BROWSER, "if-modified-since": earlier })).status).toBe(200);
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const get = await request(origin, "/assets/root-1a2b.js", BROWSER);
    const head = await request(origin, "/assets/root-1a2b.js", BROWSER, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ["content-length", "content-encoding", "content-type", "etag", "cache-control", "vary"]) {
      expect(head.headers[name], name).toBe(get.headers[name]);
    }
  });

  it("redirects a page's trailing slash and leaves other paths to the next handler", async () => {
    const redirect = await request(origin, "/about/?tab=career");
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe("/about?tab=career");
    for (const urlPath of ["/favicon.svg/", "/.env", "/about/index.html.br", "/assets/root-1a2b.js.gz", "/../x"]) {
      const reply = await request(origin, urlPath);
      expect(reply.status, urlPath).toBe(404);
      expect(reply.body.toString(), urlPath).toMatch(/^dynamic GET/);
    }
    const post = await request(origin, "/about", {}, "POST");
    expect(post.body.toString()).toMatch(/^dynamic POST/);
  });

  it("leaves dynamic responses to compression, and static ones are encoded once", async () => {
    const dynamic = await request(origin, "/nope", { "accept-encoding": "gzip" });
    expect(dynamic.headers["content-encoding"]).toBe("gzip");
    expect(decode(dynamic).toString()).toMatch(/^dynamic GET/);
    const page = await request(origin, "/about", { "accept-encoding": "gzip" });
    expect(gunzipSync(page.body).toString()).toBe(PAGE);
  });
});

import { createHash } from "node:crypto";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import type { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { isCacheablePageUrl } from "../../app/server/blog/page-cache.server.ts";
import { configureLog, standardStreams } from "../../app/server/log.server.ts";
import { cacheableRenderContext } from "../../app/server/request-context.server.ts";
import { etagMatches, PageCache, type PageCacheOptions } from "../../http-server/page-cache.ts";
import { rawRequest } from "../helpers/raw-http.ts";

/** A raw HTTP request: no automatic decompression, so the encoding on the wire shows. */
const request = (origin: string, path: string, headers: Record<string, string> = {}, method = "GET", body?: string) =>
  rawRequest(new URL(path, origin), headers, method, body);

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

interface Harness {
  origin: string;
  cache: PageCache;
  renders: string[];
  /** Requests React Router would have handled itself. */
  passedOn: string[];
  generation: { value: number };
  clock: { now: number };
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

type RenderFn = (url: URL, context: RouterContextProvider, request: Request) => Response | Promise<Response>;

const page = (text: string, init: ResponseInit = {}) =>
  new Response(
    `<!doctype html><html><head><script>theme()</script></head><body>${text}${"x".repeat(2000)}</body></html>`,
    {
      ...init,
      headers: { "Content-Type": "text/html; charset=utf-8", ...(init.headers ?? {}) },
    },
  );

/** The cache between a plain Express app and a fake renderer, as http-server/app.ts wires it. */
async function harness(
  render: RenderFn = (url) => page(`page ${url.pathname}`),
  options: Partial<PageCacheOptions> = {},
): Promise<Harness> {
  const renders: string[] = [];
  const passedOn: string[] = [];
  const generation = { value: 0 };
  const clock = { now: 1_000_000 };
  const cache = new PageCache({
    origin: "https://site.example",
    generation: () => generation.value,
    now: () => clock.now,
    ...options,
    render: async (req, context) => {
      renders.push(new URL(req.url).pathname);
      return render(new URL(req.url), context, req);
    },
  });
  const app = express();
  app.use(cache.serveHits);
  app.use(cache.renderMisses);
  app.use((req, res) => {
    passedOn.push(req.originalUrl);
    res
      .status(200)
      .type("text/plain")
      .send(`handled by the router: cookie=${req.get("cookie") ?? ""}`);
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, cache, renders, passedOn, generation, clock };
}

describe("isCacheablePageUrl", () => {
  it.each([
    "/blog",
    "/blog/",
    "/blog/bot-discord",
    "/en/blog",
    "/en/blog/bot-discord",
    "/blog.data",
    "/en/blog.data",
    "/blog/bot-discord.data",
    "/blog/_.data",
    "/rss.xml",
    "/en/rss.xml",
    "/sitemap.xml",
    // The feeds' stylesheets, drawn from the dictionary.
    "/rss.xsl",
    "/en/rss.xsl",
    "/blog/tag/docker",
    "/en/blog/tag/node-js",
    "/blog/tag/docker.data",
    "/blog/ola-mundo?from=en",
    "/en/blog/hello-world?from=pt",
    // The not-found page every path no route matches is handed to (http-server/unmatched-paths.ts).
    "/404",
    "/en/404",
    // And those of unknown projects and services (http-server/unmatched-paths.ts).
    "/projects/~",
    "/en/services/~",
  ])("caches %s", (url) => {
    expect(isCacheablePageUrl(url)).toBe(true);
  });

  it.each([
    "/admin/blog",
    "/en/admin/blog",
    "/auth/github",
    "/auth/me",
    "/blog?page=2",
    "/blog/bot-discord?utm_source=x",
    "/blog/bot-discord.data?_routes=x",
    "/blog/a/b",
    "/blog/tag/a/b",
    "/blog/ola-mundo?from=fr",
    "/blog/ola-mundo?from=en&x=1",
    "/blog/search?q=node",
    "/about",
    "/en/sitemap.xml",
    "/blogs",
    "/this-does-not-exist",
    "/404.data",
    "/404?x=1",
    "/projects/devstudio",
    "/projects/~.data",
  ])("leaves %s alone", (url) => {
    expect(isCacheablePageUrl(url)).toBe(false);
  });
});

describe("etagMatches", () => {
  it("compares weakly and understands lists and *", () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches("*", 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
  });
});

describe("PageCache", () => {
  it("renders a page once and answers the next requests from memory", async () => {
    const h = await harness();
    const first = await request(h.origin, "/blog/one");
    const second = await request(h.origin, "/blog/one");
    expect(first.headers["x-cache"]).toBe("miss");
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.body.toString()).toContain("page /blog/one");
    expect(second.body.equals(first.body)).toBe(true);
    expect(h.renders).toEqual(["/blog/one"]);
    expect(h.passedOn).toEqual([]);
  });

  it("renders the URL alone, for the cache, without the visitor's cookies or headers", async () => {
    const seen: unknown[] = [];
    const h = await harness((url, context, req) => {
      seen.push({
        url: req.url,
        cookie: req.headers.get("cookie"),
        language: req.headers.get("accept-language"),
        forCache: context.get(cacheableRenderContext),
      });
      return page(url.pathname);
    });
    await request(h.origin, "/blog/y", { cookie: "session=secret", "accept-language": "en" });
    expect(seen).toEqual([{ url: "https://site.example/blog/y", cookie: null, language: null, forCache: true }]);
  });

  it("sends brotli, gzip or identity by Accept-Encoding, with Vary", async () => {
    const h = await harness();
    const plain = await request(h.origin, "/blog/enc");
    const br = await request(h.origin, "/blog/enc", { "accept-encoding": "gzip, deflate, br" });
    const gz = await request(h.origin, "/blog/enc", { "accept-encoding": "gzip" });
    const refusesBr = await request(h.origin, "/blog/enc", { "accept-encoding": "br;q=0, *" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(refusesBr.headers["content-encoding"]).toBe("gzip");
    for (const reply of [plain, br, gz]) {
      // A post's address answers ActivityPub too (decision 063): Accept is named beside the encoding.
      expect(reply.headers.vary).toBe("Accept, Accept-Encoding");
      expect(Number(reply.headers["content-length"])).toBe(reply.body.length);
    }
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(h.renders).toHaveLength(1);
  });

  it("answers 304 to a client whose copy is current, and HEAD without a body", async () => {
    const h = await harness();
    const first = await request(h.origin, "/blog/tag");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await request(h.origin, "/blog/tag", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const stale = await request(h.origin, "/blog/tag", { "if-none-match": 'W/"other"' });
    expect(stale.status).toBe(200);
    const head = await request(h.origin, "/blog/tag", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
  });

  it("gives cached HTML a CSP of its inline scripts' hashes and a revalidate-every-time Cache-Control", async () => {
    const h = await harness(() => page("csp"), { formTargets: ["https://github.example"] });
    const reply = await request(h.origin, "/blog/csp");
    const csp = String(reply.headers["content-security-policy"]);
    expect(csp).toContain(`script-src 'self' ${sha("theme()")}`);
    expect(csp).toMatch(/^default-src 'none'; /);
    expect(csp).toContain("style-src 'self';");
    expect(csp).not.toContain("nonce");
    expect(csp).not.toContain("unsafe");
    expect(csp).toContain("form-action 'self' https://github.example");
    expect(reply.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
  });

  it("keeps a feed's own Cache-Control and sends no CSP with non-HTML", async () => {
    const h = await harness(
      () =>
        new Response("<rss/>", {
          headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
        }),
    );
    const reply = await request(h.origin, "/rss.xml");
    expect(reply.headers["cache-control"]).toBe("public, max-age=300");
    expect(reply.headers["content-security-policy"]).toBeUndefined();
    expect((await request(h.origin, "/rss.xml")).headers["x-cache"]).toBe("hit");
  });

  it("never stores a response that sets a cookie or varies: the visitor's own request goes on", async () => {
    const h = await harness((url) =>
      url.pathname === "/blog/cookie"
        ? page("cookie", { headers: { "Set-Cookie": "a=1" } })
        : page("varies", { headers: { Vary: "Cookie" } }),
    );
    for (const path of ["/blog/cookie", "/blog/varies"]) {
      const first = await request(h.origin, path, { cookie: "session=mine" });
      const second = await request(h.origin, path, { cookie: "session=mine" });
      expect(first.body.toString()).toBe("handled by the router: cookie=session=mine");
      expect(first.headers["set-cookie"]).toBeUndefined();
      expect(second.body.toString()).toBe(first.body.toString());
    }
    expect(h.renders).toEqual(["/blog/cookie", "/blog/cookie", "/blog/varies", "/blog/varies"]);
    expect(h.cache.size.entries).toBe(0);
  });

  it("serves but never stores errors, private responses or oversized bodies", async () => {
    const h = await harness(
      (url) => {
        if (url.pathname === "/blog/error") return page("error", { status: 500 });
        if (url.pathname === "/blog/private") return page("private", { headers: { "Cache-Control": "private" } });
        return page("y".repeat(5000));
      },
      { maxEntryBytes: 4000 },
    );
    for (const path of ["/blog/error", "/blog/private", "/blog/big"]) {
      const first = await request(h.origin, path);
      expect(first.headers["x-cache"]).toBe("bypass");
      expect((await request(h.origin, path)).headers["x-cache"]).toBe("bypass");
    }
    expect((await request(h.origin, "/blog/error")).status).toBe(500);
    expect(h.cache.size.entries).toBe(0);
  });

  it("leaves other URLs, queries, writes and requests with bodies to the router", async () => {
    const h = await harness();
    await request(h.origin, "/admin/blog");
    await request(h.origin, "/blog?page=2");
    await request(h.origin, "/blog", {}, "POST");
    await request(h.origin, "/blog", { "content-length": "3" }, "GET", "abc");
    expect(h.renders).toEqual([]);
    expect(h.passedOn).toEqual(["/admin/blog", "/blog?page=2", "/blog", "/blog"]);
  });

  it("renders once for many simultaneous requests of one URL", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const h = await harness(async (url) => {
      await gate;
      return page(url.pathname);
    });
    const replies = Array.from({ length: 10 }, () => request(h.origin, "/blog/busy"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const all = await Promise.all(replies);
    expect(h.renders).toEqual(["/blog/busy"]);
    expect(new Set(all.map((reply) => reply.body.toString())).size).toBe(1);
  });

  it("forgets every page when posts are written", async () => {
    let version = "v1";
    const h = await harness((url) => page(`${url.pathname} ${version}`));
    await request(h.origin, "/blog/a");
    await request(h.origin, "/blog");
    version = "v2";
    h.generation.value++;
    expect((await request(h.origin, "/blog/a")).body.toString()).toContain("/blog/a v2");
    expect((await request(h.origin, "/blog")).body.toString()).toContain("/blog v2");
    expect(h.renders).toEqual(["/blog/a", "/blog", "/blog/a", "/blog"]);
  });

  it("does not keep a page whose render overlapped a write", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let first = true;
    let rendering: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      rendering = resolve;
    });
    const h = await harness(async (url) => {
      if (first) {
        first = false;
        rendering();
        await gate;
        return page(`${url.pathname} old`);
      }
      return page(`${url.pathname} new`);
    });
    const during = request(h.origin, "/blog/race");
    // The write comes once the render has begun, however long the request took to reach it.
    await started;
    h.generation.value++;
    release();
    expect((await during).body.toString()).toContain("old");
    expect((await request(h.origin, "/blog/race")).body.toString()).toContain("new");
  });

  it("notices another process's write within the revalidation interval, with one query per interval", async () => {
    let dbVersion = "3:t1";
    let queries = 0;
    let articleTitle = "first";
    const h = await harness((url) => page(`${url.pathname} ${articleTitle}`), {
      revalidateMs: 1000,
      version: async () => {
        queries++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return dbVersion;
      },
    });
    await Promise.all(Array.from({ length: 5 }, () => request(h.origin, "/blog/p")));
    expect(queries).toBe(1);
    // Another server publishes; this process was not told.
    dbVersion = "4:t2";
    articleTitle = "second";
    h.clock.now += 500;
    expect((await request(h.origin, "/blog/p")).body.toString()).toContain("first");
    expect(queries).toBe(1);
    h.clock.now += 500;
    const replies = await Promise.all(Array.from({ length: 5 }, () => request(h.origin, "/blog/p")));
    expect(queries).toBe(2);
    for (const reply of replies) expect(reply.body.toString()).toContain("second");
    // Unchanged fingerprint: the entries stay.
    h.clock.now += 1000;
    expect((await request(h.origin, "/blog/p")).headers["x-cache"]).toBe("hit");
    expect(queries).toBe(3);
  });

  it("drops its entries when the fingerprint query fails", async () => {
    let fail = false;
    const errors: string[] = [];
    configureLog({ write: (line, level) => level === "error" && errors.push(line) });
    try {
      const h = await harness(undefined, {
        version: async () => {
          if (fail) throw new Error("database down");
          return "v";
        },
      });
      await request(h.origin, "/blog/f");
      expect(h.cache.size.entries).toBe(1);
      fail = true;
      h.clock.now += 1000;
      expect((await request(h.origin, "/blog/f")).headers["x-cache"]).toBe("miss");
      expect(errors).toHaveLength(1);
    } finally {
      configureLog({ write: standardStreams });
    }
  });

  it("re-renders an entry older than its maximum age", async () => {
    const h = await harness(undefined, { maxAgeMs: 60_000 });
    await request(h.origin, "/blog/old");
    h.clock.now += 60_001;
    expect((await request(h.origin, "/blog/old")).headers["x-cache"]).toBe("miss");
  });

  it("holds at most maxEntries pages, dropping the least recently used", async () => {
    const h = await harness(undefined, { maxEntries: 3 });
    for (const path of ["/blog/1", "/blog/2", "/blog/3"]) await request(h.origin, path);
    await request(h.origin, "/blog/1");
    await request(h.origin, "/blog/4");
    expect(h.cache.size.entries).toBe(3);
    expect(h.cache.lookup("/blog/2")).toBeUndefined();
    expect(h.cache.lookup("/blog/1")).toBeDefined();
    expect(h.cache.lookup("/blog/4")).toBeDefined();
  });

  it("keeps 404s in a bounded pool of their own, so made-up URLs cannot push real pages out", async () => {
    const h = await harness(
      (url) => (url.pathname.startsWith("/blog/nope-") ? page("not found", { status: 404 }) : page(url.pathname)),
      { maxEntries: 10, maxNotFoundEntries: 5 },
    );
    await request(h.origin, "/blog/real");
    for (let i = 0; i < 50; i++) expect((await request(h.origin, `/blog/nope-${i}`)).status).toBe(404);
    expect(h.cache.size).toMatchObject({ entries: 1, notFound: 5 });
    expect((await request(h.origin, "/blog/real")).headers["x-cache"]).toBe("hit");
    expect((await request(h.origin, "/blog/nope-49")).headers["x-cache"]).toBe("hit");
  });

  it("holds at most maxBytes, counting every encoding", async () => {
    const h = await harness(
      (url) => page(`${url.pathname} ${createHash("sha256").update(url.pathname).digest("hex")}`),
      {
        maxBytes: 12_000,
      },
    );
    for (let i = 0; i < 20; i++) await request(h.origin, `/blog/${i}`);
    const { entries, bytes } = h.cache.size;
    expect(bytes).toBeLessThanOrEqual(12_000);
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(20);
  });
});

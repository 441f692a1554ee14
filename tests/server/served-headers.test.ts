import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPost } from "../../app/server/blog/posts.server.ts";
import { limit } from "../harness/host-speed.ts";
import { decodedBody, rawRequest } from "../helpers/raw-http.ts";
import { type TestBuild, testBuild } from "./helpers/build.ts";
import { metaContent } from "./helpers/html.ts";
import { postInput, saved } from "./helpers/posts.ts";
import { type SiteProcess, startSeededSite } from "./helpers/site-process.ts";

let build: TestBuild | undefined;
let site: SiteProcess | undefined;
/** A Portuguese post published before the server started, whose link-preview image no one has asked for. */
const publishedSlug = "post-com-previa";

beforeAll(async () => {
  build = await testBuild("served-headers");
  // A published post whose link-preview image no one has asked for yet.
  ({ site } = await startSeededSite(build.dir, async (db, author) =>
    saved(
      await createPost(
        db,
        author.id,
        postInput(publishedSlug, { title: "Um post com prévia", content: "Texto.", published: true }),
      ),
    ),
  ));
}, limit(600_000));

afterAll(async () => {
  await site?.stop();
  build?.remove();
}, limit(60_000));

const url = (pathname: string) => `${site?.origin}${pathname}`;

/** A GET as a browser's fetch makes it (decoded, redirects not followed unless asked). */
async function get(pathname: string, headers: Record<string, string> = {}, redirect: RequestRedirect = "manual") {
  return fetch(url(pathname), { headers, redirect });
}

const BROWSER = { "accept-encoding": "gzip, deflate, br" };

/** A fingerprinted script the home page loads or preloads. */
async function someAsset(): Promise<string> {
  const html = decodedBody(await rawRequest(url("/"))).toString();
  const src = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(src, "the home page loads a script from /assets").toBeDefined();
  return src ?? "";
}

describe("the security headers", () => {
  it("every kind of response carries the security headers", async () => {
    for (const path of ["/", "/en/about", "/nope", "/favicon.svg"]) {
      const headers = (await get(path, {}, "follow")).headers;
      expect(headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(headers.get("x-frame-options"), path).toBe("DENY");
      expect(headers.get("cross-origin-resource-policy"), path).toBe("same-origin");
      expect(headers.get("x-powered-by") ?? undefined, path).toBeUndefined();
    }
    // Only where the author works does a page get a browsing context group of its own
    // (signed out, the admin answers with a redirect to the home page).
    for (const path of ["/admin/blog", "/en/admin/messages", "/auth/me"]) {
      const response = await get(path);
      expect(response.headers.get("cross-origin-opener-policy"), path).toBe("same-origin");
    }
    for (const path of ["/", "/en/about", "/blog"])
      expect(
        (await get(path, {}, "follow")).headers.get("cross-origin-opener-policy") ?? undefined,
        path,
      ).toBeUndefined();
  });

  it("prerendered pages allow their inline scripts by hash, rendered pages by nonce", async () => {
    const staticCsp = (await get("/about")).headers.get("content-security-policy") ?? "";
    expect(staticCsp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(staticCsp).toContain("frame-ancestors 'none'");
    expect(staticCsp).toMatch(/^default-src 'none'; /);
    expect(staticCsp).not.toContain("'unsafe-");

    // A search is rendered per request (unknown paths and ids come from the response cache, by hash).
    const first = (await get("/blog/search?q=docker")).headers.get("content-security-policy") ?? "";
    const second = (await get("/blog/search?q=docker")).headers.get("content-security-policy") ?? "";
    expect(first).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+';/);
    expect(first).not.toBe(second);
  });

  it("oversized and unsized request bodies are refused before they are read", async () => {
    const big = await fetch(url("/contact"), {
      method: "POST",
      body: "x".repeat(1024 * 1024 + 1),
      headers: { "content-type": "text/plain" },
    });
    expect(big.status).toBe(413);
  });
});

describe("encodings and caching", () => {
  it("fingerprinted assets are cached for a year, pages revalidate", async () => {
    const page = await get("/");
    expect(page.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    // The scripts and styles the page loads.
    const assets = [...(await page.text()).matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map(([, asset]) => asset);
    expect(assets.length).toBeGreaterThan(0);
    const asset = await get(assets[0] ?? "");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("keeps an idle connection open longer than the proxy in front of it does", async () => {
    // Closed by the server first, a connection a client reuses at that moment resets (nginx answers 502).
    const response = await rawRequest(url("/healthz"), { connection: "keep-alive" });
    expect(response.headers["keep-alive"]).toBe("timeout=65");
  });

  it("text responses are compressed", async () => {
    const response = await rawRequest(url("/en/about"), { "accept-encoding": "gzip" });
    expect(response.headers["content-encoding"]).toBe("gzip");
  });

  it("pages, assets and files decode to the same bytes in brotli, gzip and identity", async () => {
    const asset = await someAsset();
    for (const [path, type] of [
      ["/about", "text/html; charset=utf-8"],
      ["/en/projects/site-da-fam%C3%ADlia-werneck", "text/html; charset=utf-8"],
      [asset, "text/javascript; charset=utf-8"],
      ["/favicon.svg", "image/svg+xml"],
    ] as const) {
      // A page rewritten at start (its address) makes its brotli copy on the first request that wants it,
      // sent gzip meanwhile (http-server/static-files.ts): the first brotli answer, then the check.
      await expect
        .poll(async () => (await rawRequest(url(path), BROWSER)).headers["content-encoding"], {
          timeout: limit(15_000),
        })
        .toBe("br");
      const br = await rawRequest(url(path), BROWSER);
      const gzip = await rawRequest(url(path), { "accept-encoding": "gzip" });
      const identity = await rawRequest(url(path));
      expect([br.headers["content-encoding"], gzip.headers["content-encoding"]], path).toEqual(["br", "gzip"]);
      expect(identity.headers["content-encoding"], path).toBeUndefined();
      for (const reply of [br, gzip, identity]) {
        expect(reply.status, path).toBe(200);
        expect(reply.headers["content-type"], path).toBe(type);
        expect(reply.headers.vary, path).toBe("Accept-Encoding");
        expect(reply.headers["content-length"], path).toBe(String(reply.body.length));
        expect(reply.headers["x-content-type-options"], path).toBe("nosniff");
        expect(decodedBody(reply).equals(identity.body), path).toBe(true);
      }
      expect(br.body.length, path).toBeLessThan(identity.body.length);
    }
  });

  it("prerendered pages keep their own CSP in every encoding", async () => {
    const policies = await Promise.all(
      [BROWSER, { "accept-encoding": "gzip" }, {}].map(async (headers) => {
        const reply = await rawRequest(url("/about"), headers);
        return reply.headers["content-security-policy"] ?? "";
      }),
    );
    expect(policies[0]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(new Set(policies).size).toBe(1);
  });

  it("revalidation answers 304, HEAD has no body, assets stay immutable", async () => {
    const page = await rawRequest(url("/about"), BROWSER);
    expect(page.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    const etag = page.headers.etag ?? "";
    expect(etag).not.toBe("");
    const again = await rawRequest(url("/about"), { ...BROWSER, "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    const asset = await someAsset();
    const got = await rawRequest(url(asset), BROWSER);
    const head = await rawRequest(url(asset), BROWSER, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(got.headers["content-length"]);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(got.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("rendered responses are still compressed, once", async () => {
    const reply = await rawRequest(url("/nope"), { "accept-encoding": "gzip" });
    expect(reply.status).toBe(404);
    expect(reply.headers["content-encoding"]).toBe("gzip");
    expect(decodedBody(reply).toString()).toMatch(/^<!DOCTYPE html>/i);
  });

  it("blog pages come from the response cache, with a CSP of script hashes instead of a nonce", async () => {
    await get("/en/blog/bot-discord");
    const cached = await rawRequest(url("/en/blog/bot-discord"), BROWSER);
    expect(cached.status).toBe(200);
    expect(cached.headers["x-cache"]).toBe("hit");
    // A post's address answers ActivityPub too (decision 063): a shared cache must not hand one to the other.
    expect(cached.headers.vary).toBe("Accept, Accept-Encoding");
    expect(cached.headers["content-encoding"]).toBe("br");
    const csp = cached.headers["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp).not.toContain("nonce");
    expect(decodedBody(cached).toString()).not.toMatch(/nonce="[^"]/);

    const revalidated = await get("/en/blog/bot-discord", { "if-none-match": cached.headers.etag ?? "" });
    expect(revalidated.status).toBe(304);
  });
});

describe("addresses", () => {
  it("a typed non-ASCII project slug and its percent-encoded form both work", async () => {
    for (const spelling of ["/projects/site-da-fam%C3%ADlia-werneck", "/projects/site-da-fam%c3%adlia-werneck"]) {
      const response = await get(spelling);
      expect(response.status, spelling).toBe(200);
    }
  });

  it("a trailing slash redirects to the one canonical spelling", async () => {
    const response = await get("/about/");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/about");
  });

  it("an unknown company goes back to the list, as its page does", async () => {
    const response = await get("/en/companies/no-such-company");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/en/companies");
  });
});

// Paths no route matches share their language's one not-found page, rendered once and then
// answered from memory (http-server/unmatched-paths.ts): same text and status as before, no render each.
describe("unknown paths and ids", () => {
  for (const [lang, paths, heading] of [
    ["pt", ["/nao-existe-um", "/nao/existe/dois?x=1", "/assets/nao-existe.js"], "Oops! Página não encontrada"],
    ["en", ["/en/does-not-exist-one", "/en/does/not/exist/two?x=1"], "Oops! Page not found"],
  ] as const) {
    it(`unknown paths answer 404 from one cached not-found page (${lang})`, async () => {
      const answers = [];
      for (const path of paths) {
        const response = await get(path);
        expect(response.status, path).toBe(404);
        answers.push({ path, cache: response.headers.get("x-cache"), body: await response.text() });
      }
      for (const { path, body } of answers) expect(body, path).toContain(heading);
      // After the first (which may have been rendered by another test already), every one is a hit.
      expect(answers.slice(1).map((answer) => answer.cache)).toEqual(answers.slice(1).map(() => "hit"));
    });
  }

  it("stored objects, loader data and forms of unknown paths keep their own answers", async () => {
    const upload = await get("/uploads/covers/nao-existe.webp");
    expect(upload.status).toBe(404);
    expect(upload.headers.get("x-cache") ?? undefined).toBeUndefined();
    const data = await get("/nao-existe.data");
    expect(data.status).toBe(404);
    expect(data.headers.get("content-type")).not.toContain("text/html");
  });

  // Unknown ids of the dynamic routes get their route's own not-found page (its own text), also
  // rendered once and then answered from memory (decision 027).
  for (const [paths, heading] of [
    [["/projects/nao-existe-1", "/projects/nao-existe-2?x=1"], "Projeto não encontrado"],
    [["/en/projects/no-such-one", "/en/projects/no-such-two"], "Project not found"],
    [["/en/services/no-such-one", "/en/services/no-such-two"], "Service not found"],
    [["/blog/post-que-nao-existe-1", "/blog/post-que-nao-existe-2?utm_source=x"], "Oops! Página não encontrada"],
    [["/en/blog/tag/no-such-tag-1", "/en/blog/tag/no-such-tag-2"], "Oops! Page not found"],
  ] as const) {
    it(`unknown ids answer 404 from their route's cached page: ${paths[0]}`, async () => {
      // The first request of a server may render its own page (the blog's index of slugs and tags
      // loads meanwhile) and the first of the route's page is a miss; from then on, every one is a hit.
      await expect
        .poll(async () => (await get(paths[0])).headers.get("x-cache"), { timeout: limit(15_000) })
        .toBe("hit");
      for (const path of paths) {
        const response = await get(path);
        expect(response.status, path).toBe(404);
        expect(response.headers.get("x-cache"), path).toBe("hit");
        // The route's own not-found page, as the browser layer shows it.
        expect(await response.text(), path).toContain(heading);
      }
    });
  }
});

describe("link previews", () => {
  const IMMUTABLE = "public, max-age=31536000, immutable";

  /** Width and height of a PNG, from its header (IHDR). */
  function pngSize(bytes: Buffer): { width: number; height: number } {
    expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }

  /** Fetches an image URL of the site (the page names it on the server's PUBLIC_URL) and checks it. */
  async function expectLinkPreviewImage(address: string) {
    const { pathname } = new URL(address, "http://site.invalid");
    expect(pathname).toMatch(/^\/og\/(?:en\/)?blog\/[a-z0-9-]+\/[0-9a-f]{12}\.png$/);
    // The page names the image's current version: no redirect on the way (one more round trip, another cache key).
    const response = await get(pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe(IMMUTABLE);
    const body = Buffer.from(await response.arrayBuffer());
    expect(pngSize(body)).toEqual({ width: 1200, height: 630 });
    return body;
  }

  it("an article's link preview is a 1200 × 630 PNG cached for good, a different one per language", async () => {
    const images: Record<string, string> = {};
    for (const [path, alt] of [
      ["/blog/bot-discord", "Capa do artigo: Como criar um bot para Discord"],
      ["/en/blog/bot-discord", "Cover of the article: How to build a Discord bot"],
    ] as const) {
      const html = await (await get(path)).text();
      const meta = (attribute: "property" | "name", key: string) => metaContent(html, attribute, key);
      const image = meta("property", "og:image") ?? "";
      await expectLinkPreviewImage(image);
      expect(meta("property", "og:image:width")).toBe("1200");
      expect(meta("property", "og:image:height")).toBe("630");
      expect(meta("property", "og:image:type")).toBe("image/png");
      expect(meta("property", "og:image:alt")).toBe(alt);
      expect(meta("name", "twitter:image")).toBe(image);
      expect(meta("name", "twitter:image:alt")).toBe(alt);
      images[path] = image;
    }
    expect(images["/blog/bot-discord"]).not.toBe(images["/en/blog/bot-discord"]);
  });

  it("an image URL of another version redirects to the current one; malformed or unknown ones are 404", async () => {
    const outdated = await get("/og/en/blog/bot-discord/000000000000.png");
    expect(outdated.status).toBe(302);
    const location = outdated.headers.get("location") ?? "";
    expect(location).toMatch(/^\/og\/en\/blog\/bot-discord\/[0-9a-f]{12}\.png$/);
    expect(outdated.headers.get("cache-control")).toBe("no-cache");
    await expectLinkPreviewImage(location);

    for (const path of [
      "/og/blog/no-such-post/000000000000.png",
      "/og/blog/bot%00discord/000000000000.png",
      "/og/blog/%00/000000000000.png",
      "/og/blog/bot-discord/%00.png",
      "/og/blog/bot-discord/000000000000.webp",
      "/og/blog/..%2F..%2Fetc/000000000000.png",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
    }
  });

  it("a published post's image is drawn on its first request and then served as it was kept", async () => {
    const asked = await get(`/og/blog/${publishedSlug}/000000000000.png`);
    expect(asked.status).toBe(302);
    const current = asked.headers.get("location") ?? "";
    const first = await expectLinkPreviewImage(current);
    const again = await expectLinkPreviewImage(current);
    expect(again.equals(first)).toBe(true);
    // The post is Portuguese: there is no English image of it.
    expect((await get(current.replace("/og/blog/", "/og/en/blog/"))).status).toBe(404);
  });
});

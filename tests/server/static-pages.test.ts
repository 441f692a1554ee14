import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, crossOriginOpenerPolicy, crossOriginResourcePolicy } from "../../app/lib/csp.ts";
import { readConfig } from "../../config/config.ts";
import { inlineScriptHashes, inlineStyleHashes, pageKey, sha256Source } from "../../http-server/static-pages.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes inline scripts and skips external and empty ones", () => {
    const html = `<head><script>a()</script><script src="/x.js"></script><script type="module">b()</script><script></script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha("b()")]);
  });

  it("skips JSON, which CSP does not govern, and hashes every script that runs, held ones included", () => {
    const html = [
      `<script type="application/ld+json">{"@context":"https://schema.org"}</script>`,
      `<script type="text/x-held-script">held()</script>`,
      `<script type="text/javascript">c()</script>`,
      `<script type='importmap'>{"imports":{}}</script>`,
      `<script data-at-once="" type=module>d()</script>`,
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha("held()"), sha("c()"), sha(`{"imports":{}}`), sha("d()")]);
  });
});

describe("inlineStyleHashes", () => {
  it("hashes the text of inline <style> elements as a browser does, and skips empty ones", () => {
    const html = `<head><style>body{color:red}</style><style media="print">a{}</style><style></style><link rel="stylesheet" href="/x.css"></head>`;
    expect(inlineStyleHashes(html)).toEqual([sha("body{color:red}"), sha("a{}")]);
    expect(sha256Source("body{color:red}")).toBe(sha("body{color:red}"));
    expect(inlineStyleHashes("<p>no styles</p>")).toEqual([]);
  });
});

describe("pageKey", () => {
  it.each([
    ["/", "/"],
    ["/about", "/about"],
    ["/about/", "/about"],
    ["/projects/site-da-família-werneck", "/projects/site-da-fam%C3%ADlia-werneck"],
    ["/projects/site-da-fam%c3%adlia-werneck", "/projects/site-da-fam%C3%ADlia-werneck"],
    ["/projects/site-da-fam%C3%ADlia-werneck", "/projects/site-da-fam%C3%ADlia-werneck"],
  ])("%s -> %s", (path, key) => {
    expect(pageKey(path)).toBe(key);
  });

  it.each(["/%E0%A4%A", "/../etc/passwd", "/a/%2e%2e/b", "/a%00b"])("refuses %s", (path) => {
    expect(pageKey(path)).toBeUndefined();
  });
});

/** A policy as a map of directive to its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe("contentSecurityPolicy", () => {
  it("allows only our origin and the given sources for scripts", () => {
    const policy = contentSecurityPolicy({ scripts: ["'nonce-abc'"] });
    expect(policy).toContain("script-src 'self' 'nonce-abc'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe-eval");
  });

  it("denies by default and names every source the site needs, each directive once", () => {
    const policy = contentSecurityPolicy({ scripts: [sha("a()")], formTargets: ["https://github.com"] });
    expect(Object.fromEntries(directives(policy))).toEqual({
      "default-src": ["'none'"],
      "script-src": ["'self'", sha("a()")],
      "style-src": ["'self'"],
      "img-src": ["'self'", "data:", "blob:"],
      "font-src": ["'self'"],
      "connect-src": ["'self'"],
      "manifest-src": ["'self'"],
      "form-action": ["'self'", "https://github.com"],
      "frame-ancestors": ["'none'"],
      "base-uri": ["'self'"],
      "object-src": ["'none'"],
    });
    expect(policy.split(";")).toHaveLength(directives(policy).size);
  });

  it("allows inline styles by hash only, never 'unsafe-inline', but in development", () => {
    const policy = contentSecurityPolicy({ scripts: [], styles: [sha("body{}")] });
    expect(directives(policy).get("style-src")).toEqual(["'self'", sha("body{}")]);
    expect(policy).not.toMatch(/'unsafe-(inline|hashes|eval)'/);
    // Vite's development server injects stylesheets as <style> elements.
    const development = contentSecurityPolicy({ scripts: ["'nonce-abc'"], development: true });
    expect(directives(development).get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives(development).get("script-src")).toEqual(["'self'", "'nonce-abc'"]);
  });
});

describe("crossOriginResourcePolicy", () => {
  it("keeps everything to our origin but the images other sites show: link previews and uploads", () => {
    for (const path of ["/", "/en/about", "/assets/root-1a2b.js", "/blog/a-post", "/rss.xml", "/favicon.svg"])
      expect(crossOriginResourcePolicy(path), path).toBe("same-origin");
    for (const path of ["/og/blog/docker/1a2b3c.png", "/og/en/blog/docker/1a2b3c.png", "/uploads/covers/a.webp"])
      expect(crossOriginResourcePolicy(path), path).toBe("cross-origin");
    expect(crossOriginResourcePolicy("/ogre")).toBe("same-origin");
    expect(crossOriginResourcePolicy("/uploadsx/a.png")).toBe("same-origin");
  });
});

describe("crossOriginOpenerPolicy", () => {
  it("keeps other sites' windows away from the admin and the sign-in flow, and leaves the public pages alone", () => {
    for (const path of [
      "/admin/blog",
      "/en/admin/messages",
      "/admin/blog/upload",
      "/auth/github",
      "/auth/github/callback",
      "/admin",
    ])
      expect(crossOriginOpenerPolicy(path), path).toBe("same-origin");
    for (const path of [
      "/",
      "/en",
      "/about",
      "/en/blog/bot-discord",
      "/blog/search",
      "/administer",
      "/authors",
      "/nope",
    ])
      expect(crossOriginOpenerPolicy(path), path).toBeUndefined();
  });
});

describe("readConfig", () => {
  it("has working defaults", () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      publicUrl: "http://localhost:3000",
      production: false,
    });
  });

  it("trims the public URL and reads the port", () => {
    expect(readConfig({ PORT: "8080", PUBLIC_URL: "https://example.com/" })).toMatchObject({
      port: 8080,
      publicUrl: "https://example.com",
    });
  });

  it("explains a bad value in one line", () => {
    expect(() => readConfig({ PORT: "eighty" })).toThrow('PORT: "eighty" is not a port number (1–65535)');
    expect(() => readConfig({ PUBLIC_URL: "example.com" })).toThrow(
      'PUBLIC_URL: "example.com" is not an http(s) origin such as https://example.com (no path)',
    );
    expect(() => readConfig({ PUBLIC_URL: "https://example.com/blog" })).toThrow(/^PUBLIC_URL: .* \(no path\)$/);
  });
});

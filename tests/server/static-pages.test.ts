import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../app/lib/csp.ts";
import { readConfig } from "../../server/config.ts";
import { inlineScriptHashes, pageKey } from "../../server/static-pages.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes inline scripts and skips external and empty ones", () => {
    const html = `<head><script>a()</script><script src="/x.js"></script><script type="module">b()</script><script></script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha("b()")]);
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

describe("contentSecurityPolicy", () => {
  it("allows only our origin and the given sources for scripts", () => {
    const policy = contentSecurityPolicy(["'nonce-abc'"]);
    expect(policy).toContain("script-src 'self' 'nonce-abc'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe-eval");
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
    expect(() => readConfig({ PORT: "eighty" })).toThrow('PORT must be a whole number, got "eighty"');
    expect(() => readConfig({ PUBLIC_URL: "example.com" })).toThrow(/PUBLIC_URL must be an absolute URL/);
  });
});

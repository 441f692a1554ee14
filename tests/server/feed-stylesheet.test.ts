/**
 * The feeds as the compiled server answers them over HTTP: each names its
 * language's XSLT stylesheet, which is served as XSL with the site's security
 * headers, and both carry the site's strict Content-Security-Policy, which
 * governs the page a browser draws from the feed (decision 056). What the
 * drawn page looks like is the browser layer's (tests/e2e/blog/feeds.spec.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../bench/server.ts";
import { limit } from "../harness/host-speed.ts";
import { type TestBuild, testBuild } from "./helpers/build.ts";

let build: TestBuild | undefined;
let server: RunningServer | undefined;
let dataDir = "";

beforeAll(async () => {
  build = await testBuild("feed-stylesheet-test");
  dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-feed-stylesheet-"));
  server = await startServer({ buildDir: build.dir, dataDir });
}, limit(600_000));

afterAll(async () => {
  await server?.child.stop();
  build?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, limit(60_000));

async function get(pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server?.origin}${pathname}`, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** A policy as a map of directive to its sources. */
function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? "").split(";").map((part) => {
      const [name = "", ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

/** The headers every answer of the site carries (app/lib/csp.ts, http-server/transport-security.ts). */
function expectSecurityHeaders(headers: Headers) {
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("x-frame-options")).toBe("DENY");
  expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(headers.get("cross-origin-resource-policy")).toBe("same-origin");
}

/** The site's strict policy: nothing but its own files, no inline script or style. */
function expectStrictPolicy(policy: string | null) {
  const csp = directives(policy);
  expect(csp.get("default-src")).toEqual(["'none'"]);
  // A browser fetches an XSLT stylesheet under script-src: the site's own origin.
  expect(csp.get("script-src")).toEqual(["'self'"]);
  expect(csp.get("style-src")).toEqual(["'self'"]);
  expect(policy).not.toContain("unsafe");
}

describe.each([
  ["pt", "/rss.xml", "/rss.xsl", "pt-BR", "Endereço do feed"],
  ["en", "/en/rss.xml", "/en/rss.xsl", "en", "Feed address"],
] as const)("the %s feed", (_lang, feedPath, stylesheetPath, htmlLang, addressLabel) => {
  it("is XML a browser shows, names its stylesheet and carries the site's headers and policy", async () => {
    const feed = await get(feedPath);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const [declaration, instruction, root] = feed.text.split("\n");
    expect(declaration).toBe('<?xml version="1.0" encoding="UTF-8"?>');
    expect(instruction).toBe(`<?xml-stylesheet type="text/xsl" href="${stylesheetPath}"?>`);
    expect(root).toMatch(/^<rss version="2.0"/);
    expect(feed.text).toMatch(/<item>[\s\S]*<link>[^<]+<\/link>[\s\S]*<pubDate>/);
    expectSecurityHeaders(feed.headers);
    expectStrictPolicy(feed.headers.get("content-security-policy"));
  });

  it("reads the same for a feed reader", async () => {
    const browser = await get(feedPath, { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" });
    const reader = await get(feedPath, {
      Accept: "application/rss+xml, application/xml;q=0.9",
      "User-Agent": "Feedly/1.0 (+http://www.feedly.com/fetcher.html; 12 subscribers)",
    });
    expect(reader.status).toBe(200);
    expect(reader.text).toBe(browser.text);
  });

  it("has its stylesheet served as XSL, with the site's headers, in the feed's language", async () => {
    const stylesheet = await get(stylesheetPath);
    expect(stylesheet.status).toBe(200);
    expect(stylesheet.headers.get("content-type")).toBe("text/xsl; charset=utf-8");
    expect(stylesheet.headers.get("cache-control")).toBe("public, max-age=3600");
    expectSecurityHeaders(stylesheet.headers);
    expectStrictPolicy(stylesheet.headers.get("content-security-policy"));
    expect(stylesheet.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<xsl:stylesheet version="1.0"/);
    expect(stylesheet.text).toContain(`<html lang="${htmlLang}">`);
    expect(stylesheet.text).toContain(addressLabel);
    // Its look comes from a file of the site's own, which the policy allows.
    const css = /<link rel="stylesheet" href="([^"]+)"\/>/.exec(stylesheet.text)?.[1] ?? "";
    const look = await get(css);
    expect(look.status).toBe(200);
    expect(look.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(look.text).toContain("prefers-color-scheme: dark");
  });
});

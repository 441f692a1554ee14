import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, readConfig, readTrustProxy } from "../../config/config.ts";
import {
  baseHeaders,
  pageHeadersReplaceBase,
  STRICT_TRANSPORT_SECURITY,
  strictTransportSecurity,
  transportSecurity,
  trustProxySetting,
} from "../../http-server/transport-security.ts";

let close: (() => void) | undefined;
afterEach(() => close?.());

/**
 * A server set up as the site's app is, from the same environment: `trust
 * proxy` from TRUST_PROXY, the headers of every response, the transport
 * middleware, and a page that says "ok" and who asked over what.
 */
async function serve(env: NodeJS.ProcessEnv): Promise<string> {
  const config = readConfig(env);
  const app = express();
  app.set("trust proxy", trustProxySetting(config.trustProxy));
  app.use(baseHeaders);
  app.use(transportSecurity(config));
  app.all("/{*splat}", (req, res) => {
    res.send(`ok ${req.ip} ${req.protocol}`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const HTTPS_SITE = { PUBLIC_URL: "https://site.example" };

describe("pageHeadersReplaceBase", () => {
  it("lets a page's own value of a site-wide header replace the default, and leaves other headers appended", async () => {
    const app = express();
    app.use(baseHeaders);
    app.all("/{*splat}", pageHeadersReplaceBase, (req, res) => {
      // As the page renderer answers: every header of the page's response appended.
      if (req.path === "/private") res.append("Referrer-Policy", "no-referrer");
      res.append("Link", "</a.css>; rel=preload");
      res.append("Link", "</b.css>; rel=preload");
      res.send("ok");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => server.close();
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const own = await fetch(`${origin}/private`);
    expect(own.headers.get("referrer-policy")).toBe("no-referrer");
    expect(own.headers.get("link")).toBe("</a.css>; rel=preload, </b.css>; rel=preload");
    expect(own.headers.get("x-frame-options")).toBe("DENY");
    const site = await fetch(`${origin}/about`);
    expect(site.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("transportSecurity", () => {
  it("sends Strict-Transport-Security for a year with subdomains, only for an https site", async () => {
    expect(STRICT_TRANSPORT_SECURITY).toBe("max-age=31536000; includeSubDomains");
    let origin = await serve(HTTPS_SITE);
    expect((await fetch(`${origin}/about`)).headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
    close?.();
    origin = await serve({ PUBLIC_URL: "http://localhost:3000" });
    expect((await fetch(`${origin}/about`)).headers.get("strict-transport-security")).toBeNull();
  });

  it("asks to be preloaded only when the owner opts in (HSTS_PRELOAD)", async () => {
    expect(strictTransportSecurity(false)).not.toContain("preload");
    const origin = await serve({ ...HTTPS_SITE, HSTS_PRELOAD: "1" });
    expect((await fetch(`${origin}/`)).headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains; preload",
    );
  });

  it("with FORCE_HTTPS, redirects plain HTTP to the same path at PUBLIC_URL: 301 to read, 308 to post", async () => {
    const origin = await serve({ ...HTTPS_SITE, FORCE_HTTPS: "true" });
    const get = await fetch(`${origin}/en/blog?q=a%20b`, { redirect: "manual" });
    expect(get.status).toBe(301);
    expect(get.headers.get("location")).toBe("https://site.example/en/blog?q=a%20b");
    // The redirect itself says to come back over HTTPS only.
    expect(get.headers.get("strict-transport-security")).toBe(STRICT_TRANSPORT_SECURITY);
    const post = await fetch(`${origin}/contact`, { method: "POST", body: "a=1", redirect: "manual" });
    expect(post.status).toBe(308);
    expect(post.headers.get("location")).toBe("https://site.example/contact");
    // The Host header never chooses where to: PUBLIC_URL does.
    const spoofed = await fetch(`${origin}/`, { headers: { Host: "evil.example" }, redirect: "manual" });
    expect(spoofed.headers.get("location")).toBe("https://site.example/");
  });

  it("lets through what a trusted proxy (loopback by default) received over https", async () => {
    const origin = await serve({ ...HTTPS_SITE, FORCE_HTTPS: "true" });
    const response = await fetch(`${origin}/about`, {
      headers: { "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7" },
      redirect: "manual",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok 203.0.113.7 https");
    // What it received over plain HTTP is redirected.
    const plain = await fetch(`${origin}/about`, { headers: { "X-Forwarded-Proto": "http" }, redirect: "manual" });
    expect(plain.status).toBe(301);
    expect(plain.headers.get("location")).toBe("https://site.example/about");
  });

  it.each([
    ["false", "no proxy"],
    ["10.0.0.1", "another address"],
    ["192.168.0.0/16,::1/128", "ranges without the IPv4 loopback"],
  ])("believes no forwarded header from loopback with TRUST_PROXY=%s (%s)", async (value) => {
    const origin = await serve({ ...HTTPS_SITE, FORCE_HTTPS: "true", TRUST_PROXY: value });
    const response = await fetch(`${origin}/about`, {
      headers: { "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7" },
      redirect: "manual",
    });
    expect(response.status).toBe(301);
  });

  it.each([
    ["127.0.0.0/8", "a CIDR range"],
    ["127.0.0.1, 10.0.0.0/255.0.0.0", "an address and a netmask range"],
    ["1", "one hop"],
    ["loopback,uniquelocal", "named ranges"],
  ])("believes the proxy with TRUST_PROXY=%s (%s)", async (value) => {
    const origin = await serve({ ...HTTPS_SITE, FORCE_HTTPS: "true", TRUST_PROXY: value });
    const response = await fetch(`${origin}/about`, {
      headers: { "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7" },
      redirect: "manual",
    });
    expect(await response.text()).toBe("ok 203.0.113.7 https");
  });
});

describe("the headers of every response", () => {
  it("keep resources to our origin, but the images other sites show", async () => {
    const origin = await serve(HTTPS_SITE);
    for (const path of ["/", "/en/about", "/assets/app.js", "/rss.xml"]) {
      const response = await fetch(`${origin}${path}`);
      expect(response.headers.get("cross-origin-resource-policy"), path).toBe("same-origin");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
    for (const path of ["/og/blog/docker/1a2b3c.png", "/uploads/covers/a.webp"]) {
      const response = await fetch(`${origin}${path}`);
      expect(response.headers.get("cross-origin-resource-policy"), path).toBe("cross-origin");
    }
  });
});

describe("FORCE_HTTPS and HSTS_PRELOAD", () => {
  it("are off by default and need an https PUBLIC_URL", () => {
    expect(readConfig({}).forceHttps).toBe(false);
    expect(readConfig({}).hstsPreload).toBe(false);
    expect(readConfig({ FORCE_HTTPS: "true", PUBLIC_URL: "https://site.example" }).forceHttps).toBe(true);
    expect(readConfig({ HSTS_PRELOAD: "true", PUBLIC_URL: "https://site.example" }).hstsPreload).toBe(true);
    expect(() => readConfig({ FORCE_HTTPS: "true", PUBLIC_URL: "http://site.example" })).toThrow(ConfigError);
    expect(() => readConfig({ HSTS_PRELOAD: "1", PUBLIC_URL: "http://site.example" })).toThrow(
      'HSTS_PRELOAD: needs an https PUBLIC_URL; PUBLIC_URL is "http://site.example"',
    );
    expect(() => readConfig({ FORCE_HTTPS: "maybe" })).toThrow('FORCE_HTTPS: "maybe" is not true or false');
  });
});

describe("TRUST_PROXY", () => {
  it("is loopback by default", () => {
    expect(readConfig({}).trustProxy).toEqual(["loopback"]);
    expect(readTrustProxy({ TRUST_PROXY: " " })).toEqual(["loopback"]);
  });

  it("reads addresses, ranges, names, a hop count or false", () => {
    expect(readTrustProxy({ TRUST_PROXY: "false" })).toBe(false);
    expect(readTrustProxy({ TRUST_PROXY: "2" })).toBe(2);
    expect(readTrustProxy({ TRUST_PROXY: "10.0.0.1, 172.16.0.0/12,fd00::/8,::1" })).toEqual([
      "10.0.0.1",
      "172.16.0.0/12",
      "fd00::/8",
      "::1",
    ]);
    expect(readTrustProxy({ TRUST_PROXY: "linklocal,uniquelocal" })).toEqual(["linklocal", "uniquelocal"]);
  });

  it.each([
    "true",
    "0",
    "101",
    "everyone",
    "10.0.0.1/33",
    "::1/129",
    "10.0.0.0/8/8",
    "300.1.1.1",
    "10.0.0.1,",
    "fd00::/ffff::",
  ])("refuses %s with a line that names the variable", (value) => {
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(`TRUST_PROXY: "${value}" is not loopback (the default), `);
  });
});

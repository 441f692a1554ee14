import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "../../server/config.ts";
import { STRICT_TRANSPORT_SECURITY, transportSecurity } from "../../server/transport-security.ts";

let close: (() => void) | undefined;
afterEach(() => close?.());

/** A server with the middleware in front of a page that says "ok", as the site's app sets it up. */
async function serve(settings: { publicUrl: string; forceHttps: boolean }): Promise<string> {
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(transportSecurity(settings));
  app.all("/{*splat}", (_req, res) => {
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("transportSecurity", () => {
  it("sends Strict-Transport-Security only for an https site", async () => {
    let origin = await serve({ publicUrl: "https://site.example", forceHttps: false });
    expect((await fetch(`${origin}/about`)).headers.get("strict-transport-security")).toBe(STRICT_TRANSPORT_SECURITY);
    close?.();
    origin = await serve({ publicUrl: "http://localhost:3000", forceHttps: false });
    expect((await fetch(`${origin}/about`)).headers.get("strict-transport-security")).toBeNull();
  });

  it("with FORCE_HTTPS, redirects plain HTTP to the same path at PUBLIC_URL: 301 to read, 308 to post", async () => {
    const origin = await serve({ publicUrl: "https://site.example", forceHttps: true });
    const get = await fetch(`${origin}/en/blog?q=a%20b`, { redirect: "manual" });
    expect(get.status).toBe(301);
    expect(get.headers.get("location")).toBe("https://site.example/en/blog?q=a%20b");
    const post = await fetch(`${origin}/contact`, { method: "POST", body: "a=1", redirect: "manual" });
    expect(post.status).toBe(308);
    expect(post.headers.get("location")).toBe("https://site.example/contact");
    // The Host header never chooses where to: PUBLIC_URL does.
    const spoofed = await fetch(`${origin}/`, { headers: { Host: "evil.example" }, redirect: "manual" });
    expect(spoofed.headers.get("location")).toBe("https://site.example/");
  });

  it("lets through what a proxy on the same host received over https", async () => {
    const origin = await serve({ publicUrl: "https://site.example", forceHttps: true });
    const response = await fetch(`${origin}/about`, { headers: { "X-Forwarded-Proto": "https" }, redirect: "manual" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
  });
});

describe("FORCE_HTTPS", () => {
  it("is off by default and needs an https PUBLIC_URL", () => {
    expect(readConfig({}).forceHttps).toBe(false);
    expect(readConfig({ FORCE_HTTPS: "true", PUBLIC_URL: "https://site.example" }).forceHttps).toBe(true);
    expect(() => readConfig({ FORCE_HTTPS: "true", PUBLIC_URL: "http://site.example" })).toThrow(ConfigError);
    expect(() => readConfig({ FORCE_HTTPS: "maybe" })).toThrow(/FORCE_HTTPS must be true or false/);
  });
});

import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { type FloodLimits, floodLimits, workKind } from "../../http-server/flood-limits.ts";
import { TokenBuckets } from "../../http-server/token-buckets.ts";
import { rawRequest } from "../helpers/raw-http.ts";

const UPLOAD = "/admin/blog/upload";

describe("TokenBuckets", () => {
  it("lets a client spend its capacity at once, then refuses it with the wait until the next token", () => {
    const clock = { now: 0 };
    const buckets = new TokenBuckets({ capacity: 3, refillPerSecond: 0.5, now: () => clock.now });
    for (let i = 0; i < 3; i++) expect(buckets.take("a").allowed).toBe(true);
    expect(buckets.take("a")).toEqual({ allowed: false, retryAfterSeconds: 2 });
    clock.now += 1000;
    expect(buckets.take("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("counts per client: one client over its limit does not limit another", () => {
    const buckets = new TokenBuckets({ capacity: 2, refillPerSecond: 1, now: () => 0 });
    buckets.take("a");
    buckets.take("a");
    expect(buckets.take("a").allowed).toBe(false);
    expect(buckets.take("b").allowed).toBe(true);
  });

  it("gives tokens back over time: a refused client may ask again after the wait, and refills up to its capacity", () => {
    const clock = { now: 0 };
    const buckets = new TokenBuckets({ capacity: 2, refillPerSecond: 1, now: () => clock.now });
    buckets.take("a");
    buckets.take("a");
    const refused = buckets.take("a");
    expect(refused.allowed).toBe(false);
    clock.now += (refused.allowed ? 0 : refused.retryAfterSeconds) * 1000;
    expect(buckets.take("a").allowed).toBe(true);
    clock.now += 60_000;
    expect(buckets.take("a").allowed).toBe(true);
    expect(buckets.take("a").allowed).toBe(true);
    expect(buckets.take("a").allowed).toBe(false);
  });

  it("holds at most maxClients, forgetting the least recently seen first", () => {
    const buckets = new TokenBuckets({ capacity: 1, refillPerSecond: 0.001, maxClients: 100, now: () => 0 });
    buckets.take("kept");
    for (let i = 0; i < 99; i++) buckets.take(`10.0.0.${i}`);
    buckets.take("kept");
    for (let i = 0; i < 10_000; i++) buckets.take(`flood-${i}`);
    expect(buckets.size).toBe(100);
    // "kept" was pushed out by the flood: forgotten, it starts over (the bound costs that, not memory).
    expect(buckets.take("kept").allowed).toBe(true);
  });

  it("forgets buckets that have filled up again", () => {
    const clock = { now: 0 };
    const buckets = new TokenBuckets({ capacity: 10, refillPerSecond: 1, now: () => clock.now });
    for (let i = 0; i < 500; i++) buckets.take(`client-${i}`);
    expect(buckets.size).toBe(500);
    clock.now += 10_000;
    buckets.take("late");
    expect(buckets.size).toBe(1);
  });
});

describe("workKind", () => {
  it.each([
    ["GET", "/blog/search", "search"],
    ["GET", "/en/blog/search.data", "search"],
    ["GET", "/blog/bot-discord?x=1", "render"],
    ["GET", "/en/blog.data", "render"],
    ["POST", "/about", "render"],
    ["POST", UPLOAD, "upload"],
    ["GET", "/auth/me", undefined],
    ["POST", "/auth/github", undefined],
    ["GET", "/auth/github/callback", undefined],
    ["POST", "/contact/send", undefined],
    ["POST", "/en/contact", undefined],
    ["GET", "/admin/blog", undefined],
    ["POST", "/admin/blog/preview", undefined],
    ["GET", "/en/admin/blog", undefined],
    ["GET", "/en/admin/blog/new.data", undefined],
    ["GET", "/admin.data", undefined],
    ["GET", "/administration", "render"],
    ["GET", "/uploads/covers/x.webp", undefined],
  ] as const)("%s %s spends from %s", (method, path, kind) => {
    expect(workKind(method, path.split("?")[0] ?? path, UPLOAD, ["/uploads/"])).toBe(kind);
  });
});

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** The limits in front of a stand-in for React Router that counts what reaches it. */
async function limitedApp(limits: FloodLimits = { renders: 3, searches: 2, uploads: 1 }) {
  const app = express();
  app.set("trust proxy", "loopback");
  const reached: string[] = [];
  const middleware = floodLimits(limits, UPLOAD);
  app.use(middleware);
  app.use((req, res) => {
    reached.push(req.path);
    res.send("rendered");
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Raw requests: fetch would send its own Sec-Fetch-Mode.
  const get = async (path: string, client: string, headers: Record<string, string> = {}) => {
    const reply = await rawRequest(`${origin}${path}`, { "X-Forwarded-For": client, ...headers });
    const header = (name: string) => [reply.headers[name] ?? ""].flat().join(", ") || null;
    return { status: reply.status, header, text: reply.body.toString("utf8") };
  };
  return { get, reached, middleware };
}

describe("floodLimits", () => {
  it("answers a client over its render limit 429 with Retry-After, before the render", async () => {
    const { get, reached } = await limitedApp();
    for (let i = 0; i < 3; i++) expect((await get(`/blog/nope-${i}?q=${i}`, "203.0.113.1")).status).toBe(200);
    const refused = await get("/blog/nope-4?q=4", "203.0.113.1");
    expect(refused.status).toBe(429);
    expect(Number(refused.header("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.header("cache-control")).toBe("no-store");
    expect(reached).toHaveLength(3);
    // Another client is not limited by the first.
    expect((await get("/blog/nope-5?q=5", "203.0.113.2")).status).toBe(200);
  });

  it("shows a navigation a page in the path's language, and fetches and loader data a plain line", async () => {
    const { get } = await limitedApp({ renders: 1, searches: 1, uploads: 1 });
    const client = "198.51.100.20";
    await get("/blog/search?q=a", client);
    const en = await get("/en/blog/search?q=b", client, { "Sec-Fetch-Mode": "navigate", Accept: "text/html" });
    expect(en.status).toBe(429);
    expect(en.header("content-type")).toContain("text/html");
    const enPage = en.text;
    expect(enPage).toContain('<html lang="en">');
    expect(enPage).toContain("Too many requests in a short time");
    expect(enPage).toMatch(/Try again in \d+ s\./);
    const pt = await get("/blog/search?q=c", client, { Accept: "text/html,application/xhtml+xml" });
    const ptPage = pt.text;
    expect(ptPage).toContain('<html lang="pt-BR">');
    expect(ptPage).toContain("Muitas solicitações em pouco tempo");
    expect(ptPage).toMatch(/Tente de novo em \d+ s\./);
    const data = await get("/en/blog/search.data?q=d", client, { Accept: "text/html" });
    expect(data.status).toBe(429);
    expect(data.header("content-type")).toContain("text/plain");
    expect(data.text).toMatch(/^You have made too many requests in a short time\. Try again in \d+ s\.\n$/);
  });

  it("keeps searches, renders and uploads in buckets of their own, and leaves sign-in, contact and the admin alone", async () => {
    const { get, reached } = await limitedApp({ renders: 1, searches: 1, uploads: 1 });
    const client = "192.0.2.7";
    expect((await get("/blog/search?q=a", client)).status).toBe(200);
    expect((await get("/blog/search?q=b", client)).status).toBe(429);
    expect((await get("/blog/nope?x=1", client)).status).toBe(200);
    expect((await get("/blog/nope?x=2", client)).status).toBe(429);
    for (let i = 0; i < 5; i++) {
      expect((await get("/auth/me", client)).status).toBe(200);
      expect((await get("/admin/blog", client)).status).toBe(200);
    }
    expect(reached.filter((path) => path === "/auth/me")).toHaveLength(5);
  });

  it("lets a client in again once the wait is over", async () => {
    // 60 per minute: one token a second.
    const { get } = await limitedApp({ renders: 60, searches: 1, uploads: 1 });
    const client = "198.51.100.99";
    for (let i = 0; i < 60; i++) await get(`/x${i}?q`, client);
    const refused = await get("/x?q", client);
    expect(refused.status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, Number(refused.header("retry-after")) * 1000 + 50));
    expect((await get("/x?q", client)).status).toBe(200);
  });

  it("holds a bounded number of clients whatever the number of addresses", async () => {
    const { get, middleware } = await limitedApp({ renders: 5, searches: 5, uploads: 5, maxClients: 50 });
    for (let i = 0; i < 300; i++) await get(`/blog/search?q=${i}`, `10.1.${i >> 8}.${i & 255}`);
    expect(middleware.buckets.search?.size).toBe(50);
  });

  it("turns a limit of 0 off", async () => {
    const { get } = await limitedApp({ renders: 0, searches: 0, uploads: 0 });
    for (let i = 0; i < 20; i++) expect((await get(`/blog/search?q=${i}`, "192.0.2.1")).status).toBe(200);
  });
});

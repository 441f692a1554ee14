/** /healthz, /readyz, /metrics and the JSON request log (server/observability.ts). */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, OpenDatabase } from "../../app/server/db/client.server.ts";
import { isLoopback, observability } from "../../server/observability.ts";
import { engines } from "./helpers/databases.ts";

const hanging = { execute: () => new Promise(() => undefined) } as unknown as Database;

describe("health, readiness, metrics and request logs", () => {
  let database: OpenDatabase;
  let db: Database | undefined;
  let origin: string;
  let server: ReturnType<ReturnType<typeof express>["listen"]>;
  const logged: string[] = [];

  beforeAll(async () => {
    database = (await engines[0]?.open()) as OpenDatabase;
    db = database.db;
    const app = express();
    app.set("trust proxy", "loopback");
    app.use(
      observability({
        database: () => db,
        metricsToken: "t0ken-for-tests",
        log: (line) => logged.push(line),
        readyTimeoutMs: 300,
      }),
    );
    app.get("/blog/cached", (_req, res) => {
      res.set("X-Cache", "hit").send("page");
    });
    app.get("/blog/rendered", (_req, res) => {
      res.set("X-Cache", "miss").send("page");
    });
    const mounted = express.Router();
    mounted.get("/x/y.png", (_req, res) => {
      res.send("png");
    });
    app.use("/uploads", mounted);
    app.get("/boom", (_req, res) => {
      res.status(500).send("no");
    });
    app.use((_req, res) => res.status(404).send("router"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await database?.close();
  });

  it("answers /healthz while the process serves, never cached", async () => {
    const response = await fetch(`${origin}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe("ok\n");
  });

  it("answers /readyz 200 while the database answers, 503 without one or when it hangs", async () => {
    const ready = await fetch(`${origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    db = hanging;
    expect((await fetch(`${origin}/readyz`)).status).toBe(503);
    db = undefined;
    expect((await fetch(`${origin}/readyz`)).status).toBe(503);
    db = database.db;
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);
  });

  it("counts responses by status class, their times and page-cache hits in Prometheus text", async () => {
    const read = async () => {
      const response = await fetch(`${origin}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await response.text();
      return (name: string) => Number(new RegExp(`^${name.replace(/[{}".+]/g, "\\$&")} (\\S+)$`, "m").exec(text)?.[1]);
    };
    const earlier = await read();
    await fetch(`${origin}/blog/cached`);
    await fetch(`${origin}/blog/cached`);
    await fetch(`${origin}/blog/rendered`);
    await fetch(`${origin}/boom`);
    await fetch(`${origin}/nothing`);
    const later = await read();
    const added = (name: string) => later(name) - earlier(name);
    expect(added('page_cache_requests_total{result="hit"}')).toBe(2);
    expect(added('page_cache_requests_total{result="miss"}')).toBe(1);
    expect(added('http_requests_total{class="5xx"}')).toBe(1);
    expect(added('http_requests_total{class="4xx"}')).toBe(1);
    // The three pages and the first /metrics.
    expect(added('http_requests_total{class="2xx"}')).toBe(4);
    expect(added("http_request_duration_seconds_count")).toBe(6);
    const count = later("http_request_duration_seconds_count");
    expect(later('http_request_duration_seconds_bucket{le="+Inf"}')).toBe(count);
    expect(later('http_request_duration_seconds_bucket{le="5"}')).toBeLessThanOrEqual(count);
    expect(later("http_request_duration_seconds_sum")).toBeGreaterThan(0);
    expect(later("process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(later("nodejs_heap_used_bytes")).toBeGreaterThan(0);
  });

  it("keeps /metrics from other hosts than loopback unless they carry the token", async () => {
    const forwarded = { "X-Forwarded-For": "203.0.113.9" };
    expect((await fetch(`${origin}/metrics`, { headers: forwarded })).status).toBe(404);
    const wrong = { ...forwarded, Authorization: "Bearer wrong" };
    expect((await fetch(`${origin}/metrics`, { headers: wrong })).status).toBe(404);
    const right = { ...forwarded, Authorization: "Bearer t0ken-for-tests" };
    expect((await fetch(`${origin}/metrics`, { headers: right })).status).toBe(200);
    expect(isLoopback("::ffff:127.0.0.1")).toBe(true);
    expect(isLoopback("::1")).toBe(true);
    expect(isLoopback("10.0.0.1")).toBe(false);
    expect(isLoopback(undefined)).toBe(false);
  });

  it("logs one JSON line per request: method, path, status, duration; no query string or cookie", async () => {
    logged.length = 0;
    await fetch(`${origin}/blog/cached?code=secret-code&state=s`, { headers: { Cookie: "session=secret-session" } });
    await fetch(`${origin}/uploads/x/y.png?v=1`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logged).toHaveLength(2);
    expect(JSON.parse(logged[1] ?? "{}")).toMatchObject({ path: "/uploads/x/y.png", status: 200 });
    const line = JSON.parse(logged[0] ?? "{}");
    expect(line).toMatchObject({ method: "GET", path: "/blog/cached", status: 200, cache: "hit" });
    expect(typeof line.durationMs).toBe("number");
    expect(new Date(line.time).getTime()).toBeGreaterThan(0);
    expect(logged[0]).not.toMatch(/secret/);
  });
});

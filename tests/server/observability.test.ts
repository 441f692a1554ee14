/**
 * /healthz, /readyz, the request id, the metrics by route and status, the
 * metrics port and the JSON request log (http-server/observability.ts,
 * runtime/metrics-server.ts, app/server/metrics.server.ts,
 * app/server/log.server.ts), in this process. The compiled server is
 * tested in tests/server/metrics-process.test.ts.
 */

import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, OpenDatabase } from "../../app/server/db/client.server.ts";
import { configureLog, logError, logEvent, redact, standardStreams } from "../../app/server/log.server.ts";
import { collectRegistered, counter, registerBackupAge, registerGauge } from "../../app/server/metrics.server.ts";
import { HttpMetrics, isLoopback, observability, requestIdFor } from "../../http-server/observability.ts";
import { labelRoute } from "../../http-server/route-label.ts";
import { routeLabeller, UNMATCHED } from "../../http-server/unmatched-paths.ts";
import { startMetricsServer } from "../../runtime/metrics-server.ts";
import { mergeProcesses, renderFamilies } from "../../runtime/metrics-text.ts";
import { processCollector } from "../../runtime/process-metrics.ts";
import { limit, until } from "../harness/host-speed.ts";
import { engines } from "./helpers/databases.ts";

const hanging = { execute: () => new Promise(() => undefined) } as unknown as Database;

/** A build with the shape of the site's routes: a root, pages in two languages, catch-alls. */
const build = {
  routes: {
    root: { id: "root", path: "" },
    "pt:home": { id: "pt:home", parentId: "root", index: true },
    "pt:article": { id: "pt:article", parentId: "root", path: "/blog/:id" },
    "en:article": { id: "en:article", parentId: "root", path: "/en/blog/:id" },
    "routes/auth-github": { id: "routes/auth-github", parentId: "root", path: "auth/github" },
    "pt:not-found": { id: "pt:not-found", parentId: "root", path: "/*" },
    "en:not-found": { id: "en:not-found", parentId: "root", path: "/en/*" },
  },
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

describe("route labels", () => {
  it("are the route's pattern, its data requests' too, and one label for every unknown path", () => {
    const label = routeLabeller(build);
    expect(label("/blog/bot-discord")).toBe("/blog/:id");
    expect(label("/blog/bot-discord.data")).toBe("/blog/:id");
    expect(label("/en/blog/x")).toBe("/en/blog/:id");
    expect(label("/auth/github")).toBe("/auth/github");
    expect(label("/")).toBe("/");
    expect(label("/_.data")).toBe("/");
    expect(label("/__manifest")).toBe("/__manifest");
    const labels = new Set<string>();
    for (let i = 0; i < 1000; i++) labels.add(label(`/${Math.random().toString(36).slice(2)}/${i}`));
    for (let i = 0; i < 1000; i++) labels.add(label(`/en/${Math.random().toString(36).slice(2)}`));
    expect([...labels]).toEqual([UNMATCHED]);
  });
});

describe("health, readiness, request ids, metrics by route and the request log", () => {
  let database: OpenDatabase;
  let db: Database | undefined;
  let expectedMigrations = 0;
  let stopping = false;
  let origin: string;
  let server: ReturnType<ReturnType<typeof express>["listen"]>;
  const metrics = new HttpMetrics();
  const logged: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    database = (await engines[0]?.open()) as OpenDatabase;
    db = database.db;
    expectedMigrations = database.migrations;
    configureLog({ format: "json", write: (line, level) => (level === "info" ? logged : errors).push(line) });
    const app = express();
    app.set("trust proxy", "loopback");
    const label = routeLabeller(build);
    app.use(
      observability(
        {
          database: () => db,
          expectedMigrations: undefined,
          stopping: () => stopping,
          routeLabel: () => label,
          log: (line) => logged.push(line),
          readyTimeoutMs: 300,
        },
        metrics,
      ),
    );
    app.get("/blog/:id", (req, res) => {
      res.set("X-Cache", req.params.id === "cached" ? "hit" : "miss").send("page");
    });
    app.get("/static.css", (_req, res) => {
      labelRoute(res, "static");
      res.send("css");
    });
    app.get("/en/blog/:id", (_req, res) => {
      // Logged while serving: the line carries the request's id.
      setTimeout(() => {
        logError("Something failed for a@example.com at 198.51.100.4:", new Error("boom from 198.51.100.4"));
        res.status(500).send("no");
      }, 5);
    });
    app.use((_req, res) => res.status(404).send("router"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, limit(60_000));
  afterAll(async () => {
    configureLog({
      format: "text",
      write: standardStreams,
    });
    await new Promise((resolve) => server.close(resolve));
    await database?.close();
  });

  it("answers /healthz while the process serves, never cached", async () => {
    const response = await fetch(`${origin}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe("ok\n");
  });

  it("answers /readyz 200 while the database answers, 503 without one, when it hangs, and while stopping", async () => {
    const ready = await fetch(`${origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    db = hanging;
    expect((await fetch(`${origin}/readyz`)).status).toBe(503);
    db = undefined;
    expect((await fetch(`${origin}/readyz`)).status).toBe(503);
    db = database.db;
    stopping = true;
    const stopped = await fetch(`${origin}/readyz`);
    expect(stopped.status).toBe(503);
    expect(await stopped.text()).toBe("stopping\n");
    stopping = false;
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);
  });

  it("answers /readyz 503 while the database lacks migrations the server knows", async () => {
    expect(expectedMigrations).toBeGreaterThan(0);
    const check = (expected: number) => {
      const app = express();
      app.use(observability({ database: () => database.db, expectedMigrations: expected, log: undefined }));
      return new Promise<number>((resolve) => {
        const listener = app.listen(0, "127.0.0.1", async () => {
          const port = (listener.address() as AddressInfo).port;
          const response = await fetch(`http://127.0.0.1:${port}/readyz`);
          listener.close();
          resolve(response.status);
        });
      });
    };
    expect(await check(expectedMigrations)).toBe(200);
    expect(await check(expectedMigrations + 1)).toBe(503);
  });

  it("no longer answers /metrics on the public port", async () => {
    const response = await fetch(`${origin}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("router");
  });

  it("counts responses by route pattern and status in a histogram, and page-cache hits", async () => {
    const series = (route: string, status: number) => metrics.series.get(`${status}${route}`)?.count ?? 0;
    const before = { hit: metrics.cacheHits, miss: metrics.cacheMisses, blog: series("/blog/:id", 200) };
    await fetch(`${origin}/blog/cached`);
    await fetch(`${origin}/blog/cached`);
    await fetch(`${origin}/blog/other`);
    await fetch(`${origin}/static.css`);
    await fetch(`${origin}/en/blog/x`);
    await fetch(`${origin}/nothing/here`);
    expect(metrics.cacheHits - before.hit).toBe(2);
    expect(metrics.cacheMisses - before.miss).toBe(1);
    expect(series("/blog/:id", 200) - before.blog).toBe(3);
    expect(series("static", 200)).toBe(1);
    expect(series("/en/blog/:id", 500)).toBe(1);
    expect(series(UNMATCHED, 404)).toBeGreaterThanOrEqual(1);
    expect(series("/healthz", 200)).toBeGreaterThanOrEqual(1);
    const text = renderFamilies(metrics.families());
    expect(text).toMatch(/^http_requests_total\{route="\/blog\/:id",status="200"\} \d+$/m);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{route="\/en\/blog\/:id",status="500",le="\+Inf"\} 1$/m,
    );
    expect(text).toMatch(/^http_request_duration_seconds_count\{route="static",status="200"\} 1$/m);
    expect(text).toMatch(/^page_cache_requests_total\{result="hit"\} \d+$/m);
  });

  it("gives every response an id, keeps a well-formed one from a proxy on loopback, and logs it", async () => {
    logged.length = 0;
    errors.length = 0;
    const own = await fetch(`${origin}/blog/cached?code=secret-code&state=s`, {
      headers: { Cookie: "session=secret-session", Authorization: "Bearer secret-token" },
    });
    const id = own.headers.get("x-request-id") ?? "";
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    const proxied = await fetch(`${origin}/blog/cached`, { headers: { "X-Request-Id": "f".repeat(32) } });
    expect(proxied.headers.get("x-request-id")).toBe("f".repeat(32));
    const bad = await fetch(`${origin}/blog/cached`, { headers: { "X-Request-Id": "short" } });
    expect(bad.headers.get("x-request-id")).not.toBe("short");
    // From another machine the header is not trusted.
    expect(requestIdFor("f".repeat(32), "203.0.113.9")).not.toBe("f".repeat(32));
    expect(requestIdFor("f".repeat(32), "::ffff:127.0.0.1")).toBe("f".repeat(32));
    const failed = await fetch(`${origin}/en/blog/x`);
    const failedId = failed.headers.get("x-request-id");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = logged.map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({ requestId: id, method: "GET", route: "/blog/:id", status: 200, cache: "hit" });
    expect(typeof lines[0].durationMs).toBe("number");
    expect(new Date(lines[0].time).getTime()).toBeGreaterThan(0);
    expect(lines[1]).toMatchObject({ requestId: "f".repeat(32) });
    // The error logged while serving carries that request's id, without the addresses it held.
    expect(errors).toHaveLength(1);
    const error = JSON.parse(errors[0] ?? "{}");
    expect(error).toMatchObject({ level: "error", event: "error", requestId: failedId });
    expect(errors[0]).toMatch(/boom from \[ip\]/);
    for (const line of [...logged, ...errors]) expect(line).not.toMatch(/secret|a@example\.com|198\.51\.100\.4/);
    expect(lines.every((line) => !("path" in line))).toBe(true);
  });

  it("tells loopback from other addresses", () => {
    expect(isLoopback("::ffff:127.0.0.1")).toBe(true);
    expect(isLoopback("::1")).toBe(true);
    expect(isLoopback("10.0.0.1")).toBe(false);
    expect(isLoopback(undefined)).toBe(false);
  });
});

describe("log lines", () => {
  it("hide e-mail and IP addresses, loopback's excepted, and leave times alone", () => {
    expect(redact("to ana.b+x@mail.example.com from 203.0.113.9 and 2001:db8::1 at 10:40:00")).toBe(
      "to [e-mail] from [ip] and [ip] at 10:40:00",
    );
    expect(
      redact(
        "Sent to 2001:db8::1. Then ::ffff:198.51.100.2 then ::ffff:127.0.0.1 and http://127.0.0.1:3000 on 0.0.0.0",
      ),
    ).toBe("Sent to [ip]. Then [ip] then ::ffff:127.0.0.1 and http://127.0.0.1:3000 on 0.0.0.0");
    // Secrets an address carries: a shared draft's token, a mail link's token, a sign-in code and state, an import's
    // kept file's token.
    expect(
      redact(
        "Rendering /en/blog/preview/Zm9yZ2Vk-dG9rZW4.data failed; /BLOG/PREVIEW/abc?x=1 and " +
          "http://site.example/newsletter/confirm?lang=en&token=s3cr3t.sig#top and /auth/github/callback?code=c0de&state=st4te" +
          " and /en/admin/blog/transfer?import=a-kept_file",
      ),
    ).toBe(
      "Rendering /en/blog/preview/{token} failed; /BLOG/PREVIEW/{token}?x=1 and " +
        "http://site.example/newsletter/confirm?lang=en&token={secret}#top and /auth/github/callback?code={secret}&state={secret}" +
        " and /en/admin/blog/transfer?import={secret}",
    );
  });

  it("are text by default, JSON with an event name and fields when asked", () => {
    const lines: string[] = [];
    configureLog({ format: "text", write: (line) => lines.push(line) });
    logEvent("contact_mail_sent", "Contact message 1 e-mailed to x@y.org.", { messageId: "1" });
    configureLog({ format: "json" });
    logEvent("contact_mail_sent", "Contact message 1 e-mailed.", { messageId: "1", to: "x@y.org" });
    configureLog({
      format: "text",
      write: standardStreams,
    });
    expect(lines[0]).toBe("Contact message 1 e-mailed to [e-mail].");
    expect(JSON.parse(lines[1] ?? "{}")).toMatchObject({
      level: "info",
      event: "contact_mail_sent",
      messageId: "1",
      to: "[e-mail]",
    });
  });
});

describe("the metrics registry and the metrics port", () => {
  it("lists counters application code moves and gauges it registers; a gauge with no value has no sample", () => {
    const moved = counter("test_things_total", "Things done in a test.");
    expect(counter("test_things_total", "Things done in a test.")).toBe(moved);
    moved.inc();
    moved.inc({ kind: "b" }, 2);
    const remove = registerGauge("test_level", "A level.", () => 7);
    const removeAge = registerBackupAge(() => undefined);
    const families = collectRegistered();
    const text = renderFamilies(families);
    expect(text).toMatch(/^test_things_total 1$/m);
    expect(text).toMatch(/^test_things_total\{kind="b"\} 2$/m);
    expect(text).toMatch(/^test_level 7$/m);
    expect(text).toMatch(/^# TYPE backup_age_seconds gauge$/m);
    expect(text).not.toMatch(/^backup_age_seconds /m);
    removeAge();
    registerBackupAge(() => new Date(Date.now() - 90_000));
    expect(Number(/^backup_age_seconds (\S+)$/m.exec(renderFamilies(collectRegistered()))?.[1])).toBeGreaterThanOrEqual(
      90,
    );
    remove();
    expect(renderFamilies(collectRegistered())).not.toMatch(/test_level/);
  });

  it("reads event-loop lag, memory and what was registered", async () => {
    const collect = processCollector(new HttpMetrics());
    collect();
    // The lag is sampled every 20 ms, and a read lists its gauges once a sample was taken since the one before:
    // on a busy host, 100 ms can pass without one.
    const text = await until(
      "a read with the event loop's lag",
      () => renderFamilies(collect()),
      (read) => read.includes("\nnodejs_eventloop_lag_p50_seconds "),
    );
    for (const name of [
      "nodejs_eventloop_lag_p50_seconds",
      "nodejs_eventloop_lag_p99_seconds",
      "nodejs_eventloop_lag_max_seconds",
    ])
      expect(text).toMatch(new RegExp(`^${name} [0-9.e+-]+$`, "m"));
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(text).toMatch(/^# TYPE blog_autosaves_total counter$/m);
    expect(text).toMatch(/^# TYPE blog_uploads_total counter$/m);
  });

  it("merges processes under a worker label, each family once", () => {
    const family = (value: number) => [
      {
        name: "x_total",
        help: "X.",
        type: "counter" as const,
        samples: [{ name: "x_total", labels: { route: "/" }, value }],
      },
    ];
    const text = renderFamilies(
      mergeProcesses([
        { worker: "0", families: family(1) },
        { worker: "1", families: family(2) },
      ]),
    );
    expect(text.match(/# TYPE x_total/g)).toHaveLength(1);
    expect(text).toMatch(/^x_total\{worker="0",route="\/"\} 1$/m);
    expect(text).toMatch(/^x_total\{worker="1",route="\/"\} 2$/m);
  });

  it("serves /metrics on its port only, with the token when one is set, and stays off when the port is taken", async () => {
    const lines: string[] = [];
    configureLog({ format: "text", write: (line) => lines.push(line) });
    const metricsServer = startMetricsServer({
      port: 0,
      host: "127.0.0.1",
      token: "t0ken",
      collect: () => collectRegistered(),
    });
    expect(await metricsServer.listening).toBe(true);
    await metricsServer.close();

    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as AddressInfo).port;
    taken.close();
    const open = startMetricsServer({ port, host: "127.0.0.1", token: "t0ken", collect: () => collectRegistered() });
    expect(await open.listening).toBe(true);
    const url = `http://127.0.0.1:${port}`;
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    expect((await fetch(`${url}/metrics`, { headers: { Authorization: "Bearer wrong" } })).status).toBe(404);
    const right = await fetch(`${url}/metrics`, { headers: { Authorization: "Bearer t0ken" } });
    expect(right.status).toBe(200);
    expect(right.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect((await fetch(`${url}/`, { headers: { Authorization: "Bearer t0ken" } })).status).toBe(404);
    const head = await fetch(`${url}/metrics`, { method: "HEAD", headers: { Authorization: "Bearer t0ken" } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const huge = await fetch(`${url}/metrics`, {
      headers: { Authorization: "Bearer t0ken", "X-Padding": "x".repeat(9000) },
    });
    expect(huge.status).toBe(431);

    const second = startMetricsServer({ port, host: "127.0.0.1", token: undefined, collect: () => [] });
    expect(await second.listening).toBe(false);
    expect(lines.filter((line) => line.includes(`Metrics port ${port} is already in use`))).toHaveLength(1);
    await second.close();
    await open.close();
    configureLog({
      format: "text",
      write: standardStreams,
    });
  });
});

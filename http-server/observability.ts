/**
 * What a load balancer and an operator need from the public port: liveness
 * (`/healthz`), readiness (`/readyz`: the database answers, its migrations
 * are applied, the server is not stopping), a request id on every response
 * (`X-Request-Id`) and, with LOG_FORMAT=json, one JSON line per request.
 * Every response is counted and timed by route pattern and status for the
 * metrics, which are served on their own port (runtime/metrics-server.ts),
 * never here. Answered ahead of everything else, never cached, never
 * rendered by React Router. Decisions 021 and 028.
 */
import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { sql } from "drizzle-orm";
import type { NextFunction, Request, Response } from "express";
import type { Database } from "../app/server/db/client.server.ts";
import { withRequestId } from "../app/server/log.server.ts";
import type { MetricFamily, Sample } from "../app/server/metrics.server.ts";
import { labelRoute, routeLabelOf } from "./route-label.ts";
import { UNMATCHED } from "./unmatched-paths.ts";

/** A database slower than this to answer makes the server not ready. */
export const READY_TIMEOUT_MS = 2000;

/** Upper bounds of the response-time histogram, in seconds. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** A request id a trusted proxy may hand on (nginx's `$request_id` is 32 hex digits). */
export const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{7,127}$/;

const NO_STORE = "no-store";

export interface ObservabilityOptions {
  /** The open database, or undefined while the server has none (then not ready). */
  database: () => Database | undefined;
  /** Migrations the server was built with; /readyz is 503 while the database has fewer applied. Unset: not checked. */
  expectedMigrations?: number | undefined;
  /** True once the server is shutting down: /readyz is then 503. */
  stopping?: (() => boolean) | undefined;
  /** The route label of a path no middleware labelled (unmatched-paths.ts); read per response, the build loads later. */
  routeLabel?: () => ((path: string) => string) | undefined;
  /** Where request log lines go; undefined: no request log. */
  log: ((line: string) => void) | undefined;
  /** READY_TIMEOUT_MS unless given. */
  readyTimeoutMs?: number;
}

interface Series {
  labels: { route: string; status: string };
  /** Responses per bucket (not cumulative; summed when rendered), the last one past every bound. */
  buckets: number[];
  sum: number;
  count: number;
}

/** Responses by route pattern and status, their times, and page-cache hits, of this process. */
export class HttpMetrics {
  readonly series = new Map<string, Series>();
  cacheHits = 0;
  cacheMisses = 0;

  record(route: string, status: number, seconds: number, cache: string | undefined) {
    const key = `${status}${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = {
        labels: { route, status: String(status) },
        buckets: new Array(DURATION_BUCKETS.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      this.series.set(key, series);
    }
    let index = 0;
    while (index < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[index] ?? 0)) index += 1;
    series.buckets[index] = (series.buckets[index] ?? 0) + 1;
    series.sum += seconds;
    series.count += 1;
    if (cache === "hit") this.cacheHits += 1;
    else if (cache === "miss") this.cacheMisses += 1;
  }

  families(): MetricFamily[] {
    const requests: Sample[] = [];
    const durations: Sample[] = [];
    const bucketName = "http_request_duration_seconds_bucket";
    for (const { labels, buckets, sum, count } of this.series.values()) {
      requests.push({ name: "http_requests_total", labels, value: count });
      let cumulative = 0;
      for (const [index, bound] of DURATION_BUCKETS.entries()) {
        cumulative += buckets[index] ?? 0;
        durations.push({ name: bucketName, labels: { ...labels, le: String(bound) }, value: cumulative });
      }
      durations.push(
        { name: bucketName, labels: { ...labels, le: "+Inf" }, value: count },
        { name: "http_request_duration_seconds_sum", labels, value: sum },
        { name: "http_request_duration_seconds_count", labels, value: count },
      );
    }
    const cacheName = "page_cache_requests_total";
    return [
      {
        name: "http_requests_total",
        help: "Requests answered, by route pattern and status.",
        type: "counter",
        samples: requests,
      },
      {
        name: "http_request_duration_seconds",
        help: "Time from a request's arrival to its response's last byte, by route pattern and status.",
        type: "histogram",
        samples: durations,
      },
      {
        name: cacheName,
        help: "Blog pages answered from the response cache (hit) or rendered for it (miss).",
        type: "counter",
        samples: [
          { name: cacheName, labels: { result: "hit" }, value: this.cacheHits },
          { name: cacheName, labels: { result: "miss" }, value: this.cacheMisses },
        ],
      },
    ];
  }
}

/** Whether an address (as Node gives it, possibly IPv4-mapped) is this machine's loopback. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  if (isIP(bare) === 4) return bare.startsWith("127.");
  return bare === "::1";
}

// Ids of this process: a random prefix, then a count (cheaper than a random id per request, unique all the same).
const idPrefix = randomBytes(4).toString("hex");
let idCount = 0;

/**
 * The id of a request: the one a proxy on this machine (loopback, trusted as
 * for X-Forwarded-For) sent in X-Request-Id when it is well-formed, else a new one.
 */
export function requestIdFor(header: string | string[] | undefined, remoteAddress: string | undefined): string {
  if (typeof header === "string" && REQUEST_ID.test(header) && isLoopback(remoteAddress)) return header;
  idCount += 1;
  return `${idPrefix}-${idCount.toString(36)}`;
}

type Readiness = "ready" | "database not answering" | "migrations not applied";

async function readiness(
  db: Database | undefined,
  expectedMigrations: number | undefined,
  timeoutMs: number,
): Promise<Readiness> {
  if (!db) return "database not answering";
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Readiness>((resolve) => {
    timer = setTimeout(() => resolve("database not answering"), timeoutMs);
  });
  const check = async (): Promise<Readiness> => {
    if (expectedMigrations === undefined) {
      await db.execute(sql`select 1`);
      return "ready";
    }
    // drizzle records each applied migration in this table (drizzle-orm's migrator, both engines).
    const result = (await db.execute(
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    )) as unknown as {
      rows: { applied: number }[];
    };
    return Number(result.rows[0]?.applied) >= expectedMigrations ? "ready" : "migrations not applied";
  };
  try {
    return await Promise.race([check(), timeout]);
  } catch {
    return "database not answering";
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The middleware: gives every request its id, times and counts every response
 * (and logs it), and answers the two health endpoints. Mounted first, so it
 * sees every request.
 */
export function observability(options: ObservabilityOptions, metrics = new HttpMetrics()) {
  const { log, routeLabel } = options;
  return async (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    const id = requestIdFor(req.headers["x-request-id"], req.socket.remoteAddress);
    res.setHeader("X-Request-Id", id);
    res.once("finish", () => {
      const seconds = (performance.now() - started) / 1000;
      const cacheHeader = res.getHeader("x-cache");
      const cache = typeof cacheHeader === "string" ? cacheHeader : undefined;
      // originalUrl: a router mounted on a path (such as /uploads) shortens req.url.
      const route = routeLabelOf(res) ?? routeLabel?.()?.(req.originalUrl.split("?")[0] ?? "/") ?? UNMATCHED;
      metrics.record(route, res.statusCode, seconds, cache);
      // The route pattern, never the path: a path may carry anything a visitor typed (nginx's log has it, by request id).
      log?.(
        JSON.stringify({
          time: new Date().toISOString(),
          requestId: id,
          method: req.method,
          route,
          status: res.statusCode,
          durationMs: Math.round(seconds * 1e5) / 100,
          bytes: Number(res.getHeader("content-length")) || undefined,
          cache,
        }),
      );
    });
    // Most requests are for other paths: one character tells (/healthz, /readyz).
    const second = req.url.charCodeAt(1);
    if ((second !== 104 && second !== 114) || (req.method !== "GET" && req.method !== "HEAD")) {
      return withRequestId(id, next);
    }
    switch (req.path) {
      case "/healthz":
        labelRoute(res, "/healthz");
        res.status(200).set("Cache-Control", NO_STORE).type("text/plain").send("ok\n");
        return;
      case "/readyz": {
        labelRoute(res, "/readyz");
        const state = options.stopping?.()
          ? "stopping"
          : await readiness(options.database(), options.expectedMigrations, options.readyTimeoutMs ?? READY_TIMEOUT_MS);
        res
          .status(state === "ready" ? 200 : 503)
          .set("Cache-Control", NO_STORE)
          .type("text/plain")
          .send(`${state}\n`);
        return;
      }
      default:
        withRequestId(id, next);
    }
  };
}

/**
 * What a load balancer and an operator need to see: liveness (`/healthz`),
 * readiness (`/readyz`: the database answers), a few Prometheus metrics
 * (`/metrics`, loopback only unless METRICS_TOKEN is set) and, with
 * LOG_FORMAT=json, one JSON line per request. Answered ahead of everything
 * else, never cached, never rendered by React Router.
 */
import { timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { sql } from "drizzle-orm";
import type { NextFunction, Request, Response } from "express";
import type { Database } from "../app/server/db/client.server.ts";

/** A database slower than this to answer `select 1` makes the server not ready. */
export const READY_TIMEOUT_MS = 2000;

/** Upper bounds of the response-time histogram, in seconds. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const NO_STORE = "no-store";

export interface ObservabilityOptions {
  /** The open database, or undefined while the server has none (then not ready). */
  database: () => Database | undefined;
  /** Bearer token that opens /metrics to any address; undefined: loopback only. */
  metricsToken: string | undefined;
  /** Where request log lines go; undefined: no request log. */
  log: ((line: string) => void) | undefined;
  /** READY_TIMEOUT_MS unless given. */
  readyTimeoutMs?: number;
}

export class Metrics {
  readonly statusClasses = new Map<string, number>();
  /** Responses per bucket (not cumulative; summed when rendered), the last one past every bound. */
  readonly buckets = new Array<number>(DURATION_BUCKETS.length + 1).fill(0);
  durationSum = 0;
  durationCount = 0;
  cacheHits = 0;
  cacheMisses = 0;

  record(status: number, seconds: number, cache: string | undefined) {
    const statusClass = `${Math.floor(status / 100)}xx`;
    this.statusClasses.set(statusClass, (this.statusClasses.get(statusClass) ?? 0) + 1);
    let index = 0;
    while (index < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[index] ?? 0)) index += 1;
    this.buckets[index] = (this.buckets[index] ?? 0) + 1;
    this.durationSum += seconds;
    this.durationCount += 1;
    if (cache === "hit") this.cacheHits += 1;
    else if (cache === "miss") this.cacheMisses += 1;
  }

  /** The Prometheus text exposition format (version 0.0.4). */
  render(memory: NodeJS.MemoryUsage = process.memoryUsage(), uptime = process.uptime()): string {
    const lines: string[] = [
      "# HELP http_requests_total Requests answered, by status class.",
      "# TYPE http_requests_total counter",
    ];
    for (const statusClass of ["1xx", "2xx", "3xx", "4xx", "5xx"]) {
      lines.push(`http_requests_total{class="${statusClass}"} ${this.statusClasses.get(statusClass) ?? 0}`);
    }
    lines.push(
      "# HELP http_request_duration_seconds Time from a request's arrival to its response's last byte.",
      "# TYPE http_request_duration_seconds histogram",
    );
    let cumulative = 0;
    for (const [index, bound] of DURATION_BUCKETS.entries()) {
      cumulative += this.buckets[index] ?? 0;
      lines.push(`http_request_duration_seconds_bucket{le="${bound}"} ${cumulative}`);
    }
    lines.push(
      `http_request_duration_seconds_bucket{le="+Inf"} ${this.durationCount}`,
      `http_request_duration_seconds_sum ${this.durationSum}`,
      `http_request_duration_seconds_count ${this.durationCount}`,
      "# HELP page_cache_requests_total Blog pages answered from the response cache (hit) or rendered for it (miss).",
      "# TYPE page_cache_requests_total counter",
      `page_cache_requests_total{result="hit"} ${this.cacheHits}`,
      `page_cache_requests_total{result="miss"} ${this.cacheMisses}`,
      "# HELP process_resident_memory_bytes Resident memory of the process.",
      "# TYPE process_resident_memory_bytes gauge",
      `process_resident_memory_bytes ${memory.rss}`,
      "# HELP nodejs_heap_used_bytes V8 heap in use.",
      "# TYPE nodejs_heap_used_bytes gauge",
      `nodejs_heap_used_bytes ${memory.heapUsed}`,
      "# HELP nodejs_heap_total_bytes V8 heap reserved.",
      "# TYPE nodejs_heap_total_bytes gauge",
      `nodejs_heap_total_bytes ${memory.heapTotal}`,
      "# HELP nodejs_external_memory_bytes Memory of C++ objects bound to JavaScript (buffers included).",
      "# TYPE nodejs_external_memory_bytes gauge",
      `nodejs_external_memory_bytes ${memory.external}`,
      "# HELP process_uptime_seconds Seconds since the process started.",
      "# TYPE process_uptime_seconds gauge",
      `process_uptime_seconds ${uptime}`,
    );
    return `${lines.join("\n")}\n`;
  }
}

/** Whether an address (as Express gives it, possibly IPv4-mapped) is this machine's loopback. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  if (isIP(bare) === 4) return bare.startsWith("127.");
  return bare === "::1";
}

function tokenMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith("Bearer ")) return false;
  const given = Buffer.from(header.slice("Bearer ".length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function databaseAnswers(db: Database | undefined, timeoutMs: number): Promise<boolean> {
  if (!db) return false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true as const), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The middleware: times and counts every response (and logs it), and answers
 * the three endpoints. Mounted first, so it sees every request.
 */
export function observability(options: ObservabilityOptions, metrics = new Metrics()) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    res.once("finish", () => {
      const seconds = (performance.now() - started) / 1000;
      const cache = res.getHeader("x-cache");
      metrics.record(res.statusCode, seconds, typeof cache === "string" ? cache : undefined);
      // The path only: a query string may carry a sign-in code or a visitor's search.
      options.log?.(
        JSON.stringify({
          time: new Date().toISOString(),
          method: req.method,
          // originalUrl: a router mounted on a path (such as /uploads) shortens req.path.
          path: req.originalUrl.split("?")[0],
          status: res.statusCode,
          durationMs: Math.round(seconds * 1e5) / 100,
          bytes: Number(res.getHeader("content-length")) || undefined,
          cache: typeof cache === "string" ? cache : undefined,
        }),
      );
    });
    // Most requests are for other paths: one character tells (/healthz, /readyz, /metrics).
    const second = req.url.charCodeAt(1);
    if ((second !== 104 && second !== 114 && second !== 109) || (req.method !== "GET" && req.method !== "HEAD")) {
      return next();
    }
    switch (req.path) {
      case "/healthz":
        res.status(200).set("Cache-Control", NO_STORE).type("text/plain").send("ok\n");
        return;
      case "/readyz": {
        const ready = await databaseAnswers(options.database(), options.readyTimeoutMs ?? READY_TIMEOUT_MS);
        res
          .status(ready ? 200 : 503)
          .set("Cache-Control", NO_STORE)
          .type("text/plain")
          .send(ready ? "ready\n" : "database not answering\n");
        return;
      }
      case "/metrics": {
        const allowed = options.metricsToken
          ? tokenMatches(req.get("authorization"), options.metricsToken) || isLoopback(req.ip)
          : isLoopback(req.ip);
        if (!allowed) {
          res.status(404).set("Cache-Control", NO_STORE).type("text/plain").send("Not Found");
          return;
        }
        res
          .status(200)
          .set("Cache-Control", NO_STORE)
          .type("text/plain; version=0.0.4; charset=utf-8")
          .send(metrics.render());
        return;
      }
      default:
        next();
    }
  };
}

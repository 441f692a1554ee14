/**
 * The metrics port (METRICS_PORT, default 9464 on METRICS_HOST 127.0.0.1):
 * `GET /metrics` in Prometheus text, anything else 404, nothing of the site.
 * Served by the process that sees the whole server: the cluster's primary,
 * which asks its workers over IPC, or the only process (decision 028). A
 * port already in use turns the metrics off with one log line; the site
 * serves regardless. Loads node:http and nothing of the server, for the primary.
 */
import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import { logWarning } from "../app/server/log.server.ts";
import type { MetricFamily } from "../app/server/metrics.server.ts";
import { CONTENT_TYPE, renderFamilies } from "./metrics-text.ts";

export interface MetricsServerOptions {
  port: number;
  host: string;
  /** When set, every scrape must carry `Authorization: Bearer {token}` (METRICS_TOKEN). */
  token: string | undefined;
  /** The families of one scrape. */
  collect: () => Promise<MetricFamily[]> | MetricFamily[];
}

export interface MetricsServer {
  /** Resolves true once listening, false when the port could not be had (then logged once). */
  listening: Promise<boolean>;
  close(): Promise<void>;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith("Bearer ")) return false;
  const given = Buffer.from(header.slice("Bearer ".length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** @example startMetricsServer({ port: 9464, host: "127.0.0.1", token: undefined, collect }) */
export function startMetricsServer(options: MetricsServerOptions): MetricsServer {
  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    const allowed = options.token === undefined || tokenMatches(req.headers.authorization, options.token);
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD") || !allowed) {
      res.writeHead(404, { "Content-Type": "text/plain", "Cache-Control": "no-store" }).end("Not Found");
      return;
    }
    try {
      const body = renderFamilies(await options.collect());
      res.writeHead(200, { "Content-Type": CONTENT_TYPE, "Cache-Control": "no-store" });
      res.end(req.method === "HEAD" ? undefined : body);
    } catch {
      res.writeHead(500, { "Content-Type": "text/plain", "Cache-Control": "no-store" }).end("Metrics unavailable");
    }
  });
  // Scrapes are short and few: no connection is worth keeping a stopping server waiting.
  server.keepAliveTimeout = 1000;
  const listening = new Promise<boolean>((resolve) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      logWarning(
        "metrics_port_unavailable",
        error.code === "EADDRINUSE"
          ? `Metrics port ${options.port} is already in use: no metrics from this server; set METRICS_PORT to a free port (or off). The site serves as usual.`
          : `Metrics port ${options.port} could not be opened (${error.code ?? error.message}): no metrics from this server. The site serves as usual.`,
        { port: options.port },
      );
      resolve(false);
    });
    server.listen(options.port, options.host, () => resolve(true));
  });
  server.unref();
  return {
    listening,
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The metrics port (METRICS_PORT, default 9464 on METRICS_HOST 127.0.0.1):
 * `GET /metrics` in Prometheus text, anything else 404, nothing of the site.
 * Served by the process that sees the whole server: the cluster's primary,
 * which asks its workers over IPC, or the only process (decision 028). A
 * port already in use turns the metrics off with one log line; the site
 * serves regardless.
 *
 * HTTP/1.1 is spoken here over `node:net`, one request per connection: a
 * scraper sends a plain GET, and `node:http` would cost the primary 14 MB
 * of resident memory (measured: 46 MB against 60 MB for a primary with two
 * workers), a quarter of what it uses.
 */
import { timingSafeEqual } from "node:crypto";
import { createServer, type Server, type Socket } from "node:net";
import { logWarning } from "../app/server/log.server.ts";
import type { MetricFamily } from "../app/server/metrics.server.ts";
import { CONTENT_TYPE, renderFamilies } from "./metrics-text.ts";

/** Largest request head read; a scrape's is a few hundred bytes. */
const MAX_HEAD_BYTES = 8192;
/** A connection that has not sent its request by then is closed. */
const REQUEST_TIMEOUT_MS = 5000;

const REASONS: Record<number, string> = {
  200: "OK",
  400: "Bad Request",
  404: "Not Found",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
};

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

/** Writes one response and closes the connection. */
function respond(socket: Socket, status: number, type: string, body: string, withBody = true) {
  const bytes = Buffer.from(body, "utf8");
  const head =
    `HTTP/1.1 ${status} ${REASONS[status] ?? ""}\r\nContent-Type: ${type}\r\nContent-Length: ${bytes.length}\r\n` +
    "Cache-Control: no-store\r\nConnection: close\r\n\r\n";
  socket.end(withBody ? Buffer.concat([Buffer.from(head, "latin1"), bytes]) : Buffer.from(head, "latin1"));
}

/** Reads one request head from the connection and answers it. */
function answer(socket: Socket, options: MetricsServerOptions) {
  socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
  socket.on("error", () => socket.destroy());
  let head = "";
  const onData = async (chunk: Buffer) => {
    head += chunk.toString("latin1");
    const end = head.indexOf("\r\n\r\n");
    if (end === -1 && head.length <= MAX_HEAD_BYTES) return;
    socket.off("data", onData);
    if (end === -1 || end > MAX_HEAD_BYTES)
      return respond(socket, 431, "text/plain", "Request Header Fields Too Large");
    const [requestLine = "", ...headerLines] = head.slice(0, end).split("\r\n");
    const [method = "", target = "", version = ""] = requestLine.split(" ");
    if (!version.startsWith("HTTP/1.")) return respond(socket, 400, "text/plain", "Bad Request");
    const authorization = headerLines
      .find((line) => line.toLowerCase().startsWith("authorization:"))
      ?.slice("authorization:".length)
      .trim();
    const allowed = options.token === undefined || tokenMatches(authorization, options.token);
    if (target.split("?")[0] !== "/metrics" || (method !== "GET" && method !== "HEAD") || !allowed)
      return respond(socket, 404, "text/plain", "Not Found");
    try {
      const body = renderFamilies(await options.collect());
      respond(socket, 200, CONTENT_TYPE, body, method === "GET");
    } catch {
      respond(socket, 500, "text/plain", "Metrics unavailable");
    }
  };
  socket.on("data", onData);
}

/** @example startMetricsServer({ port: 9464, host: "127.0.0.1", token: undefined, collect }) */
export function startMetricsServer(options: MetricsServerOptions): MetricsServer {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    answer(socket, options);
  });
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
        for (const socket of sockets) socket.destroy();
        if (!server.listening) return resolve();
        server.close(() => resolve());
      }),
  };
}

/**
 * Starts the site: `npm start` (production build) or `npm run dev` (Vite,
 * hot reload); the server itself is runtime/serve.ts.
 *
 * On PostgreSQL in production it runs WEB_CONCURRENCY workers (default one per
 * core) under node:cluster sharing the port; this process then only starts
 * them, starts again one that dies (waiting longer after each quick failure)
 * and passes SIGTERM/SIGINT on, without loading the server; it also serves
 * the metrics port for all of them, gathering each worker's metrics over IPC
 * (decision 028). The embedded database belongs to one process, so it runs
 * one. Decision 024.
 */
import cluster, { type Worker } from "node:cluster";
import { realpathSync } from "node:fs";
import { loadContactSecret } from "../app/server/contact/secret.server.ts";
import { DataDirLockedError } from "../app/server/db/lock.server.ts";
import { configureLog, logError, logEvent } from "../app/server/log.server.ts";
import type { MetricFamily } from "../app/server/metrics.server.ts";
import { ConfigError, readConfig, type ServerConfig } from "../config/config.ts";
import { WORKER_INDEX_VARIABLE } from "../config/process.ts";
import { startMetricsServer } from "./metrics-server.ts";
import { eventLoopLag, mergeProcesses, processFamilies } from "./metrics-text.ts";
import { gatherFromWorkers } from "./worker-metrics.ts";

/** As in runtime/serve.ts (not imported from there: the primary loads none of the server). */
const SHUTDOWN_GRACE_MS = 10_000;
/** A worker that ran this long before dying is started again at once; one dying sooner waits 1 s, 2 s, 4 s… up to 30 s. */
const WORKER_STABLE_MS = 30_000;
const WORKER_RESTART_MAX_MS = 30_000;

/** The server of this process, loaded only where it serves. */
async function serve(config: ServerConfig) {
  const server = await import("./serve.ts");
  return server.serve(config);
}

async function start() {
  const config = readConfig();
  configureLog({ format: config.logFormat ?? "text" });
  if (cluster.isWorker) return serve(config);
  if (!config.databaseUrl) {
    logEvent(
      "single_process",
      "Embedded database (PGlite): one server process; set DATABASE_URL for one per core (WEB_CONCURRENCY).",
    );
    return serve(config);
  }
  if (!config.production || config.webConcurrency === 1) return serve(config);
  return runWorkers(config);
}

/**
 * The primary: forks the workers and keeps their number. Work that must run once per
 * machine (the storage sweep) is given to worker 0; the rest is safe in each (decision 024).
 */
function runWorkers(config: ServerConfig) {
  // Created here once, so workers starting together read one secret.
  loadContactSecret(config.contact.secret, config.dataDir);
  // Workers, those started again included, run this process's build, not the one a later
  // rebuild points BUILD_DIR at (tools/build/build.ts): the link is resolved now, once.
  if (process.argv[1]) cluster.setupPrimary({ exec: realpathSync(process.argv[1]) });
  const count = config.webConcurrency;
  logEvent("workers_start", `Starting ${count} workers on PostgreSQL (WEB_CONCURRENCY=${count}).`, { workers: count });
  const workers = new Map<Worker, { index: number; startedAt: number }>();
  let restarts = 0;
  const quickFailures = new Array<number>(count).fill(0);
  const pending = new Set<ReturnType<typeof setTimeout>>();
  let stopping = false;

  const fork = (index: number) => {
    const worker = cluster.fork({ [WORKER_INDEX_VARIABLE]: String(index) });
    workers.set(worker, { index, startedAt: Date.now() });
  };
  cluster.on("exit", (worker, code, signal) => {
    const started = workers.get(worker);
    workers.delete(worker);
    if (stopping) {
      if (workers.size === 0) void metricsServer?.close().finally(() => process.exit(0));
      return;
    }
    if (!started) return;
    const { index } = started;
    quickFailures[index] = Date.now() - started.startedAt >= WORKER_STABLE_MS ? 0 : (quickFailures[index] ?? 0) + 1;
    const failures = quickFailures[index] ?? 0;
    const delay = failures === 0 ? 0 : Math.min(1000 * 2 ** (failures - 1), WORKER_RESTART_MAX_MS);
    restarts += 1;
    logError(
      `Worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another${delay > 0 ? ` in ${delay / 1000} s` : ""}.`,
      undefined,
      "worker_exit",
      {
        pid: worker.process.pid,
        worker: index,
        code: code ?? undefined,
        signal: signal ?? undefined,
        restartInMs: delay,
      },
    );
    const timer = setTimeout(() => {
      pending.delete(timer);
      fork(index);
    }, delay);
    pending.add(timer);
  });
  cluster.on("online", (worker) =>
    logEvent("worker_start", `Worker ${worker.process.pid} started.`, {
      pid: worker.process.pid,
      worker: workers.get(worker)?.index,
    }),
  );
  for (let index = 0; index < count; index++) fork(index);

  // One scrape shows every worker (label `worker`) and this process (`primary`).
  const lag = eventLoopLag();
  const primaryFamilies = (): MetricFamily[] => [
    ...processFamilies(),
    ...lag(),
    {
      name: "server_workers",
      help: "Worker processes running.",
      type: "gauge",
      samples: [{ name: "server_workers", labels: {}, value: workers.size }],
    },
    {
      name: "server_worker_restarts_total",
      help: "Workers started again after one stopped.",
      type: "counter",
      samples: [{ name: "server_worker_restarts_total", labels: {}, value: restarts }],
    },
  ];
  const metricsServer =
    config.metricsPort === undefined
      ? undefined
      : startMetricsServer({
          port: config.metricsPort,
          host: config.metricsHost,
          token: config.metricsToken,
          collect: async () => {
            const live = [...workers].map(([worker, { index }]) => [worker, index] as const);
            const parts = await gatherFromWorkers(live);
            return mergeProcesses([...parts, { worker: "primary", families: primaryFamilies() }]);
          },
        });
  void metricsServer?.listening.then((listening) => {
    if (listening)
      logEvent(
        "metrics_start",
        `Metrics of all workers at http://${config.metricsHost}:${config.metricsPort}/metrics`,
        {
          port: config.metricsPort,
        },
      );
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const timer of pending) clearTimeout(timer);
    if (workers.size === 0) process.exit(0);
    logEvent("server_stop", `${signal} received, stopping the workers…`, { signal, pid: process.pid });
    // Each worker finishes its requests in flight (10 s at most), then exits.
    for (const worker of workers.keys()) worker.process.kill(signal);
    setTimeout(() => {
      logError("Workers still running after 15 s; stopping them.", undefined, "server_stop_forced");
      for (const worker of workers.keys()) worker.process.kill("SIGKILL");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 5_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

start().catch((error: unknown) => {
  // Configuration mistakes get one readable line each, not a stack trace.
  if (error instanceof ConfigError)
    for (const line of error.message.split("\n")) console.error(`Configuration error: ${line}`);
  else if (error instanceof DataDirLockedError) console.error(error.message);
  else logError("The server could not start:", error, "server_error");
  process.exit(1);
});

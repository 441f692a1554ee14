/**
 * Starts the site: `npm start` (production build) or `npm run dev` (Vite,
 * hot reload). Opens the database (and its directory lock) before listening.
 * Stops cleanly on SIGTERM/SIGINT: no new connections, requests in flight
 * finish, the database closes, then the process exits.
 *
 * On PostgreSQL in production it runs WEB_CONCURRENCY workers (default one per
 * core) under node:cluster sharing the port; this process then only starts
 * them, starts again one that dies (waiting longer after each quick failure)
 * and passes SIGTERM/SIGINT on. The embedded database belongs to one process,
 * so it runs one. Decision 024.
 */
import cluster, { type Worker } from "node:cluster";
import type { Server } from "node:http";
import path from "node:path";
import { rateLimitFactory } from "../app/server/auth/rate-limit.server.ts";
import { createAuthSettings } from "../app/server/auth/settings.server.ts";
import { sweepOrphanCovers } from "../app/server/blog/covers.server.ts";
import { sweepOgImages } from "../app/server/blog/og-images.server.ts";
import { startScheduledPublishing } from "../app/server/blog/schedule.server.ts";
import { loadContactSecret } from "../app/server/contact/secret.server.ts";
import { createContactServices } from "../app/server/contact/settings.server.ts";
import { openDatabase } from "../app/server/db/client.server.ts";
import { DataDirLockedError } from "../app/server/db/lock.server.ts";
import { provideServices } from "../app/server/services.server.ts";
import { openStorage } from "../app/server/uploads/storage.server.ts";
import { createApp } from "./app.ts";
import { ConfigError, missingSignInSettings, readConfig, type ServerConfig } from "./config.ts";
import { serverCommandArgs, startedNotAsServe } from "./node-flags.ts";

const SHUTDOWN_GRACE_MS = 10_000;
const SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** A worker that ran this long before dying is started again at once; one dying sooner waits 1 s, 2 s, 4 s… up to 30 s. */
const WORKER_STABLE_MS = 30_000;
const WORKER_RESTART_MAX_MS = 30_000;
/** Which worker this is (0…WEB_CONCURRENCY−1), kept by its replacement; the primary sets it. */
const WORKER_INDEX_VARIABLE = "SERVER_WORKER_INDEX";

async function start() {
  const config = readConfig();
  if (cluster.isWorker) return serve(config);
  if (!config.databaseUrl) {
    console.log("Embedded database (PGlite): one server process; set DATABASE_URL for one per core (WEB_CONCURRENCY).");
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
  const count = config.webConcurrency;
  console.log(`Starting ${count} workers on PostgreSQL (WEB_CONCURRENCY=${count}).`);
  const workers = new Map<Worker, { index: number; startedAt: number }>();
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
      if (workers.size === 0) process.exit(0);
      return;
    }
    if (!started) return;
    const { index } = started;
    quickFailures[index] = Date.now() - started.startedAt >= WORKER_STABLE_MS ? 0 : (quickFailures[index] ?? 0) + 1;
    const failures = quickFailures[index] ?? 0;
    const delay = failures === 0 ? 0 : Math.min(1000 * 2 ** (failures - 1), WORKER_RESTART_MAX_MS);
    console.error(
      `Worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another${delay > 0 ? ` in ${delay / 1000} s` : ""}.`,
    );
    const timer = setTimeout(() => {
      pending.delete(timer);
      fork(index);
    }, delay);
    pending.add(timer);
  });
  cluster.on("online", (worker) => console.log(`Worker ${worker.process.pid} started.`));
  for (let index = 0; index < count; index++) fork(index);

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const timer of pending) clearTimeout(timer);
    if (workers.size === 0) process.exit(0);
    console.log(`${signal} received, stopping the workers…`);
    // Each worker finishes its requests in flight (10 s at most), then exits.
    for (const worker of workers.keys()) worker.process.kill(signal);
    setTimeout(() => {
      console.error("Workers still running after 15 s; stopping them.");
      for (const worker of workers.keys()) worker.process.kill("SIGKILL");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 5_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

async function serve(config: ServerConfig) {
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  // Rate limits are counted in the database when several servers may share it (PostgreSQL).
  const limiters = rateLimitFactory(database);
  const auth = createAuthSettings(config, limiters);
  const uploads = await openStorage(config.storage, database.db);
  const contact = createContactServices(config.contact, config.dataDir, database.db, limiters);
  provideServices({ db: database.db, auth, uploads, contact: contact.services });
  if (!config.contact.smtp)
    console.log("Contact messages are stored and listed in the admin; set SMTP_HOST to e-mail them too.");
  // Covers uploaded for forms that were never saved are removed once a day old; link-preview
  // images of older versions and of posts no longer published, at once.
  const sweep = () =>
    Promise.all([
      sweepOrphanCovers(database.db, uploads).catch((error: unknown) =>
        console.error("Sweeping unused covers failed:", error),
      ),
      sweepOgImages(database.db, uploads).catch((error: unknown) =>
        console.error("Sweeping old link-preview images failed:", error),
      ),
    ]);
  // Once per machine: by worker 0 when several share it (another server may sweep too, which is safe).
  if (!cluster.isWorker || process.env[WORKER_INDEX_VARIABLE] === "0") {
    void sweep();
    setInterval(sweep, SWEEP_INTERVAL_MS).unref();
  }
  // Scheduled posts appear at their time, cached pages included.
  const scheduler = startScheduledPublishing(database.db);
  const missing = missingSignInSettings(config);
  if (missing.length > 0) console.warn(`GitHub sign-in is off until these are set: ${missing.join(", ")}`);
  const notAsServe = startedNotAsServe(import.meta.url);
  if (config.production && notAsServe) {
    const buildDir = path.relative(process.cwd(), config.buildDir) || ".";
    console.warn(
      `${notAsServe}: memory use will be higher. Start it as npm run serve does: node ${serverCommandArgs(buildDir).join(" ")}`,
    );
  }
  const vite = config.production
    ? undefined
    : await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  const app = await createApp(config, auth, vite);

  const server: Server = app.listen(config.port, config.host, () => {
    const shown = config.host === "0.0.0.0" ? "localhost" : config.host;
    console.log(`Site ready at http://${shown}:${config.port} (${config.production ? "production" : "development"})`);
  });
  server.on("error", (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === "EADDRINUSE" ? `Port ${config.port} is already in use; set PORT to another one.` : error.message,
    );
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, finishing requests in flight…`);
    const force = setTimeout(() => {
      console.error("Requests still open after 10 s; exiting anyway.");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      await vite?.close();
      // A send in progress finishes (and is recorded) before the database closes under it.
      await contact.worker?.stop();
      scheduler.stop();
      provideServices(undefined);
      await database.close().catch((error: unknown) => console.error("Closing the database failed:", error));
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

start().catch((error: unknown) => {
  // Configuration mistakes get one readable line each, not a stack trace.
  if (error instanceof ConfigError)
    for (const line of error.message.split("\n")) console.error(`Configuration error: ${line}`);
  else if (error instanceof DataDirLockedError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});

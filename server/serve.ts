/**
 * The server of one process: opens the database (and, embedded, its directory
 * lock), starts the background work and listens; stops cleanly on
 * SIGTERM/SIGINT: no new connections, requests in flight finish, the database
 * closes, then the process exits. Loaded by server/main.ts in the process that
 * serves (a worker, or the only process), never in the primary.
 */
import cluster from "node:cluster";
import type { Server } from "node:http";
import path from "node:path";
import { rateLimitFactory } from "../app/server/auth/rate-limit.server.ts";
import { createAuthSettings } from "../app/server/auth/settings.server.ts";
import { sweepOrphanCovers } from "../app/server/blog/covers.server.ts";
import { sweepOgImages } from "../app/server/blog/og-images.server.ts";
import { startScheduledPublishing } from "../app/server/blog/schedule.server.ts";
import { createContactServices } from "../app/server/contact/settings.server.ts";
import { openDatabase } from "../app/server/db/client.server.ts";
import { provideServices } from "../app/server/services.server.ts";
import { openStorage } from "../app/server/uploads/storage.server.ts";
import { createApp } from "./app.ts";
import { countingStorage, startServerBackups } from "./backup-schedule.ts";
import { missingSignInSettings, type ServerConfig } from "./config.ts";
import { serverCommandArgs, startedNotAsServe } from "./node-flags.ts";

const SHUTDOWN_GRACE_MS = 10_000;
const SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** Which worker this is (0…WEB_CONCURRENCY−1), kept by its replacement; the primary sets it. */
const WORKER_INDEX_VARIABLE = "SERVER_WORKER_INDEX";

export async function serve(config: ServerConfig) {
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  // Rate limits are counted in the database when several servers may share it (PostgreSQL).
  const limiters = rateLimitFactory(database);
  const auth = createAuthSettings(config, limiters);
  // Writes to the stored objects are counted: the embedded server's backups run when something changed.
  const uploads = countingStorage(await openStorage(config.storage, database.db));
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
  // The embedded database's backups: asked for by npm run backup, and every BACKUP_INTERVAL (decision 025).
  const backups = config.databaseUrl
    ? undefined
    : await startServerBackups({
        settings: config,
        database,
        storage: uploads,
        dir: config.backup.dir,
        intervalMs: config.backup.intervalMs,
        keep: config.backup.keep,
      });
  // Once per machine: by worker 0 when several share it (another server may sweep too, which is safe).
  // Never during a backup, which must find every object its database names.
  if (!cluster.isWorker || process.env[WORKER_INDEX_VARIABLE] === "0") {
    const sweepBetweenBackups = () => (backups ? backups.exclusive(sweep) : sweep());
    void sweepBetweenBackups();
    setInterval(sweepBetweenBackups, SWEEP_INTERVAL_MS).unref();
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
      // A backup in progress finishes before the database closes under it.
      await backups?.stop().catch((error: unknown) => console.error("Stopping backups failed:", error));
      provideServices(undefined);
      await database.close().catch((error: unknown) => console.error("Closing the database failed:", error));
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/**
 * The server of one process: opens the database (and, embedded, its directory
 * lock), starts the background work and listens; stops cleanly on
 * SIGTERM/SIGINT: no new connections, requests in flight finish, the database
 * closes, then the process exits. Loaded by runtime/main.ts in the process that
 * serves (a worker, or the only process), never in the primary.
 */
import cluster from "node:cluster";
import type { Server } from "node:http";
import path from "node:path";
import { AudienceRecorder } from "../app/server/analytics/recorder.server.ts";
import { rateLimitFactory } from "../app/server/auth/rate-limit.server.ts";
import { createAuthSettings } from "../app/server/auth/settings.server.ts";
import { sweepOrphanCovers } from "../app/server/blog/covers.server.ts";
import { sweepOgImages } from "../app/server/blog/og-images.server.ts";
import { invalidatePublicPages } from "../app/server/blog/page-cache.server.ts";
import { startScheduledPublishing } from "../app/server/blog/schedule.server.ts";
import { purgeTrash } from "../app/server/blog/trash.server.ts";
import { createContactServices } from "../app/server/contact/settings.server.ts";
import { type OpenDatabase, openDatabase } from "../app/server/db/client.server.ts";
import { configureLog, logError, logEvent, logWarning } from "../app/server/log.server.ts";
import { registerBackupAge, registerGauge } from "../app/server/metrics.server.ts";
import { createNewsletterServices } from "../app/server/newsletter/settings.server.ts";
import type { AppServices } from "../app/server/services.server.ts";
import { type KeptImports, sweepKeptImports } from "../app/server/transfer/kept-imports.server.ts";
import { createImportLimiter } from "../app/server/transfer/limits.server.ts";
import { fillSearchDocuments } from "../app/server/transfer/search-after-import.server.ts";
import { openStorage } from "../app/server/uploads/storage.server.ts";
import { startWebmentions } from "../app/server/webmention/settings.server.ts";
import { countingStorage, lastBackupAt, startServerBackups } from "../backups/schedule.ts";
import { missingSignInSettings, type ServerConfig } from "../config/config.ts";
import { startEnvironment, workerIndex } from "../config/process.ts";
import { createApp } from "../http-server/app.ts";
import { closeConnectionsGracefully } from "../http-server/graceful-close.ts";
import { HttpMetrics } from "../http-server/observability.ts";
import { startMetricsServer } from "./metrics-server.ts";
import { serverShellCommand, startedNotAsServe } from "./node-flags.ts";
import { processCollector } from "./process-metrics.ts";
import { answerMetricsRequests } from "./worker-metrics.ts";

/** How long an idle keep-alive connection stays open: longer than a proxy's (nginx's upstream keepalive_timeout, 60 s). */
const IDLE_CONNECTION_MS = 65_000;

type FediverseModule = typeof import("../app/server/fediverse/start.server.ts");

const SHUTDOWN_GRACE_MS = 10_000;
const SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** How often the import's kept files past their time are looked for, at most. */
const KEPT_SWEEP_MS = 60 * 1000;

/** The database's gauges: the pool on PostgreSQL, the calls in flight on PGlite (decision 028). */
function registerDatabaseGauges(database: OpenDatabase) {
  registerGauge("db_pool_connections", "PostgreSQL connections of this process's pool, by state.", () => {
    const activity = database.activity();
    if (activity.engine !== "postgres") return undefined;
    return [
      { labels: { state: "idle" }, value: activity.idle },
      { labels: { state: "busy" }, value: activity.total - activity.idle },
    ];
  });
  registerGauge("db_pool_waiting_queries", "Queries waiting for a PostgreSQL connection of the pool.", () => {
    const activity = database.activity();
    return activity.engine === "postgres" ? activity.waiting : undefined;
  });
  registerGauge("db_pool_max_connections", "Largest number of connections the pool opens.", () => {
    const activity = database.activity();
    return activity.engine === "postgres" ? activity.max : undefined;
  });
  registerGauge("db_queries_in_flight", "Embedded database (PGlite) calls running or queued.", () => {
    const activity = database.activity();
    return activity.engine === "pglite" ? activity.inFlight : undefined;
  });
}

export async function serve(config: ServerConfig) {
  configureLog({ format: config.logFormat ?? "text" });
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  registerDatabaseGauges(database);
  // The newest backup this server wrote or found checked (embedded database); no sample until there is one.
  registerBackupAge(lastBackupAt);
  const http = new HttpMetrics();
  const collect = processCollector(http);
  // A worker's metrics are gathered by the primary, which serves the metrics port; the only process serves it itself.
  if (cluster.isWorker) answerMetricsRequests(collect);
  const metricsServer =
    cluster.isWorker || config.metricsPort === undefined
      ? undefined
      : startMetricsServer({ port: config.metricsPort, host: config.metricsHost, token: config.metricsToken, collect });
  void metricsServer?.listening.then((listening) => {
    if (listening)
      logEvent("metrics_start", `Metrics at http://${config.metricsHost}:${config.metricsPort}/metrics`, {
        port: config.metricsPort,
      });
  });
  // Rate limits are counted in the database when several servers may share it (PostgreSQL).
  const limiters = rateLimitFactory(database);
  const auth = createAuthSettings(config, limiters);
  // Writes to the stored objects are counted: the embedded server's backups run when something changed.
  const uploads = countingStorage(await openStorage(config.storage, database.db));
  const contact = createContactServices(config.contact, config.dataDir, database.db, limiters);
  const newsletter = createNewsletterServices(
    {
      config: config.newsletter,
      smtp: config.contact.smtp,
      secret: contact.services.secret,
      publicUrl: config.publicUrl,
      leaseMs: config.contact.leaseSeconds * 1000,
    },
    database.db,
    limiters,
  );
  // Webmentions sent for posts published and updated, and received mentions verified (FEDERATION=off: none).
  const webmentions = startWebmentions(
    {
      enabled: config.fediverse.on,
      publicUrl: config.publicUrl,
      allowPrivate: config.fediverse.allowPrivate,
      leaseMs: config.contact.leaseSeconds * 1000,
    },
    database.db,
    limiters,
  );
  // The audience's counts, added to the database once a second (ANALYTICS=off: none).
  const audience = config.analytics ? new AudienceRecorder({ db: database.db }).start() : undefined;
  // Development serves the app through Vite, whose module graph also loads what the server's own files cannot in
  // plain Node (the static articles and pictures, found by import.meta.glob).
  const vite = config.production
    ? undefined
    : await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  // The blog in the fediverse (FEDERATION=on): its endpoints and the worker that federates posts and delivers. Its
  // posts are the app's, static articles included: loaded through Vite in development, bundled in a build.
  const { startFediverse } = !config.fediverse.on
    ? { startFediverse: undefined }
    : vite
      ? ((await vite.ssrLoadModule("/app/server/fediverse/start.server.ts")) as FediverseModule)
      : await import("../app/server/fediverse/start.server.ts");
  const fediverse = startFediverse
    ? startFediverse({
        db: database.db,
        origin: config.publicUrl,
        allowPrivate: config.fediverse.allowPrivate,
        previousOrigin: config.fediverse.previousOrigin,
        movedTo: config.fediverse.movedTo,
        leaseMs: config.contact.leaseSeconds * 1000,
        smtp: config.contact.smtp,
        authorMail: config.contact.to,
        uploads,
      })
    : undefined;
  // Published posts an import wrote without their search documents (a stop between its transaction and their
  // making, decision 086) get them.
  await fillSearchDocuments(database.db).catch((error: unknown) =>
    logError("Making the search documents an import left failed:", error),
  );
  // Files checked by the admin's import, kept for their import (decision 085): what processes gone left is removed
  // at start, and each file once its time is over.
  const keptImports: KeptImports = { dir: path.join(config.dataDir, "imports"), keepMs: config.importKeepMs };
  await sweepKeptImports(keptImports, { atStart: true }).catch((error: unknown) =>
    logError("Removing the import's kept files failed:", error),
  );
  setInterval(
    () =>
      void sweepKeptImports(keptImports).catch((error: unknown) =>
        logError("Removing the import's kept files failed:", error),
      ),
    Math.max(1000, Math.min(config.importKeepMs, KEPT_SWEEP_MS)),
  ).unref();
  // What the routes and the server's own handlers are given (app/server/services.server.ts).
  const services: AppServices = {
    db: database.db,
    auth,
    uploads,
    importLimiter: createImportLimiter(config.importRateLimit, limiters),
    keptImports,
    contact: contact.services,
    newsletter: newsletter.services,
    ...(audience ? { audience } : {}),
    ...(fediverse ? { fediverse: fediverse.services } : {}),
    webmentions: webmentions.runtime,
  };
  if (!config.contact.smtp)
    logEvent(
      "contact_mail_off",
      "Contact messages are stored and listed in the admin; set SMTP_HOST to e-mail them too.",
    );
  // Posts 30 days in the trash are deleted for good, with their images; covers uploaded for
  // forms that were never saved are removed once a day old; link-preview images of older
  // versions and of posts no longer published, at once.
  const sweep = () =>
    Promise.all([
      purgeTrash(database.db, uploads)
        .catch((error: unknown) => logError("Emptying the trash of posts 30 days old failed:", error))
        .then(() => sweepOrphanCovers(database.db, uploads))
        .catch((error: unknown) => logError("Sweeping unused covers failed:", error)),
      sweepOgImages(database.db, uploads).catch((error: unknown) =>
        logError("Sweeping old link-preview images failed:", error),
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
  if (!cluster.isWorker || workerIndex() === "0") {
    const sweepBetweenBackups = () => (backups ? backups.exclusive(sweep) : sweep());
    void sweepBetweenBackups();
    setInterval(sweepBetweenBackups, SWEEP_INTERVAL_MS).unref();
  }
  // Scheduled posts appear at their time, cached pages included, and their newsletter goes out.
  const scheduler = startScheduledPublishing(database.db, {
    onDue: () => {
      invalidatePublicPages();
      newsletter.worker?.wake();
      webmentions.runtime.worker?.wake();
      fediverse?.services.wake();
    },
  });
  const missing = missingSignInSettings(config);
  if (missing.length > 0) logWarning("sign_in_off", `GitHub sign-in is off until these are set: ${missing.join(", ")}`);
  const started = startEnvironment();
  const notAsServe = startedNotAsServe(import.meta.url, process.execArgv, started.nodeOptions, started.environment);
  if (config.production && notAsServe) {
    const buildDir = path.relative(process.cwd(), config.buildDir) || ".";
    logWarning(
      "node_flags_missing",
      `${notAsServe}: memory use will be higher. Start it as npm run serve does: ${serverShellCommand(buildDir)}`,
    );
  }
  let stopping = false;
  const app = await createApp(config, services, vite, {
    metrics: http,
    expectedMigrations: database.migrations,
    stopping: () => stopping,
  });

  const server: Server = app.listen(config.port, config.host, () => {
    const shown = config.host === "0.0.0.0" ? "localhost" : config.host;
    logEvent(
      "server_start",
      `Site ready at http://${shown}:${config.port} (${config.production ? "production" : "development"})`,
      { port: config.port, pid: process.pid, worker: workerIndex() },
    );
  });
  closeConnectionsGracefully(server);
  // An idle connection outlives the proxy's hold on it (nginx keeps one to its upstream 60 s), so it is the client
  // that closes it, never this server just as a request arrives on it (a reset, which nginx answers with a 502).
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 1_000;
  server.on("error", (error: NodeJS.ErrnoException) => {
    logError(
      error.code === "EADDRINUSE" ? `Port ${config.port} is already in use; set PORT to another one.` : error.message,
      undefined,
      "server_error",
    );
    process.exit(1);
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logEvent("server_stop", `${signal} received, finishing requests in flight…`, { signal, pid: process.pid });
    const force = setTimeout(() => {
      logError("Requests still open after 10 s; exiting anyway.", undefined, "server_stop_forced");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      await vite?.close();
      await metricsServer?.close();
      // A send in progress finishes (and is recorded) before the database closes under it.
      await contact.worker?.stop();
      await newsletter.worker?.stop();
      await webmentions.stop();
      await fediverse?.worker.stop();
      // The last second's counts go in before the database closes.
      await audience?.stop();
      scheduler.stop();
      // A backup in progress finishes before the database closes under it.
      await backups?.stop().catch((error: unknown) => logError("Stopping backups failed:", error));
      await database.close().catch((error: unknown) => logError("Closing the database failed:", error));
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

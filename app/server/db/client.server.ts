/**
 * Opens the database and brings its schema up to date. Without DATABASE_URL
 * it is PGlite (PostgreSQL compiled to WASM) in DATA_DIR; with it, a
 * PostgreSQL server through a node-postgres pool. Both speak the same SQL and
 * run the same migrations, so code above this module never knows which.
 * Only the engine in use is loaded: its driver is imported when it opens.
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { logError } from "../log.server.ts";
import { acquireLock } from "./lock.server.ts";
import * as schema from "./schema.ts";

/** The query builder, whichever engine is underneath. Inside `db.transaction(tx => …)` use only `tx`. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The `tx` of `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** The database or a transaction on it: what a function that may run inside a caller's transaction takes. */
export type Queryable = Database | Transaction;

export interface OpenDatabase {
  db: Database;
  engine: "pglite" | "postgres";
  /** Ends the pool or flushes and closes PGlite, then releases the directory lock. */
  close(): Promise<void>;
  /**
   * PGlite only: a consistent copy of the whole data directory as a tarball,
   * uncompressed (`npm run backup`). Queries wait while it is read, so the
   * caller compresses it after.
   */
  dumpDataDir?: () => Promise<Blob>;
  /** Migrations this server knows (all applied when it opened): /readyz compares the database's count. */
  migrations: number;
  /** What the engine is doing now, for the metrics. */
  activity(): DatabaseActivity;
}

/**
 * PostgreSQL: the pool's connections (open, idle) and the queries waiting for
 * one. PGlite answers one query at a time: the calls in flight (running or queued).
 */
export type DatabaseActivity =
  | { engine: "postgres"; total: number; idle: number; waiting: number; max: number }
  | { engine: "pglite"; inFlight: number };

/** How many migrations a migrations folder holds (drizzle's journal). */
function migrationCount(folder: string): number {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** Counts PGlite's calls while they run: its query, exec and transaction methods, wrapped on the instance. */
function countInFlight(client: PGlite): () => number {
  let inFlight = 0;
  const wrap =
    <T extends unknown[], R>(method: (...args: T) => Promise<R>) =>
    async (...args: T): Promise<R> => {
      inFlight += 1;
      try {
        return await method(...args);
      } finally {
        inFlight -= 1;
      }
    };
  Object.assign(client, {
    query: wrap(client.query.bind(client)),
    exec: wrap(client.exec.bind(client)),
    transaction: wrap(client.transaction.bind(client)),
  });
  return () => inFlight;
}

export interface DatabaseOptions {
  /** Directory of the embedded database (used when `databaseUrl` is unset). */
  dataDir: string;
  databaseUrl?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  migrationsFolder?: string;
  /** PGlite only: a tarball from `dumpDataDir` to create the data directory from (`npm run restore`). */
  loadDataDir?: Blob;
}

/**
 * The repository's drizzle/ folder, found from this module. In the compiled
 * server (build/server/main.js, tools/build/build-server.ts) this module is part of
 * a chunk in build/server/chunks/, so that build sets MIGRATIONS_DIR to the way from there.
 */
const defaultMigrations = fileURLToPath(
  new URL((import.meta.env?.MIGRATIONS_DIR as string | undefined) ?? "../../../drizzle", import.meta.url),
);

/**
 * PGlite runs PostgreSQL inside this process, so its memory is the site's.
 * Its default 128 MB buffer cache is touched whole at start-up (about 110 MB
 * of resident memory more than 16 MB); the site's tables fit in a fraction
 * of 16 MB, so reads still come from memory.
 */
export const PGLITE_SETTINGS = ["shared_buffers=16MB"];

/** Key of the PostgreSQL advisory lock held while migrating (any constant, unique to this site's schema). */
const MIGRATION_LOCK_ID = 5_021_001;

/** @example const { db, close } = await openDatabase({ dataDir: "./data" }); */
export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrations;
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    const max = options.maxConnections ?? 10;
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max });
    // An idle client losing its server must not crash the process; the next query reconnects.
    pool.on("error", (error) => logError(`PostgreSQL connection error: ${error.message}`));
    try {
      const db = drizzlePostgres({ client: pool, schema });
      // Servers starting together on one database migrate one after the other: the first applies
      // what is pending, the others then find nothing to do (instead of failing on "already exists").
      const lock = await pool.connect();
      try {
        await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePostgres(db, { migrationsFolder });
      } finally {
        await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
        lock.release();
      }
      return {
        db: db as Database,
        engine: "postgres",
        close: () => pool.end(),
        migrations: migrationCount(migrationsFolder),
        activity: () => ({
          engine: "postgres",
          total: pool.totalCount,
          idle: pool.idleCount,
          waiting: pool.waitingCount,
          max,
        }),
      };
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  const dataDir = path.resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const release = acquireLock(path.join(dataDir, "db.lock"), dataDir);
  let client: PGlite | undefined;
  try {
    const [{ PGlite }, { unaccent }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import("@electric-sql/pglite"),
      // The blog's search ignores accents (migration 0003). Its files (13 KB) unpack as PGlite opens: no measurable start-up cost.
      import("@electric-sql/pglite/contrib/unaccent"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
    client = await PGlite.create(path.join(dataDir, "db"), {
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ["-c", setting])],
      extensions: { unaccent },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    const inFlight = countInFlight(client);
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    const opened = client;
    return {
      db: db as unknown as Database,
      engine: "pglite",
      dumpDataDir: () => opened.dumpDataDir("none"),
      migrations: migrationCount(migrationsFolder),
      activity: () => ({ engine: "pglite", inFlight: inFlight() }),
      async close() {
        try {
          await opened.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    release();
    throw error;
  }
}

/** The rows of `db.execute`'s answer, which both drivers give as `{ rows }`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

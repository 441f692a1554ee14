/**
 * The embedded database as the migrations leave it, for every fresh one a
 * test opens or gives a server it starts: its files are copied into the new data directory and
 * PGlite opens them as a database that exists, instead of running `initdb`
 * (4 CPU-s) and every migration (0.6) again, or unpacking a dump of them
 * (0.8 to 1.7 CPU-s and 10 to 25 s on a busy host here, where the copy and
 * the opening take 0.3 to 0.9 CPU-s). The migrations still run on it, and
 * find nothing to do. A test of migrating across a version starts from a
 * copy of the database as `initdb` leaves it, before any migration.
 *
 * Made once for the whole run, not once in each process (38 server test
 * files, the browser tests' seeded servers and the system scenarios open an
 * embedded database): the first process to need it makes the directory in
 * the run's directory while the others wait for it (once-per-run.ts,
 * [decision 072](../docs/decisions/072-the-server-layer-pays-once.md)).
 * Apart from the server tests' databases.ts, which loads the PostgreSQL
 * client: a test of what opening the embedded database loads takes it from
 * here.
 */
import { cpSync, mkdirSync } from "node:fs";
import path from "node:path";
import { type OpenDatabase, openDatabase } from "../../app/server/db/client.server.ts";
import { madeOncePerRun } from "./once-per-run.ts";

let empty: Promise<string> | undefined;

/** The run's embedded database as `initdb` leaves it (no migration run): a data directory no process holds. */
function emptyPgliteDir(): Promise<string> {
  empty ??= madeOncePerRun("pglite-empty", async (partial) => {
    const { PGlite } = await import("@electric-sql/pglite");
    mkdirSync(partial);
    await (await PGlite.create(path.join(partial, "db"))).close();
  });
  return empty;
}

/** Makes `dataDir` hold an embedded database as `initdb` leaves it, for a test of the migrations to open. */
export async function copyEmptyPglite(dataDir: string): Promise<void> {
  cpSync(path.join(await emptyPgliteDir(), "db"), path.join(dataDir, "db"), { recursive: true });
}

let template: Promise<string> | undefined;

/** The run's migrated embedded database: a data directory no process holds, whose `db` folder is copied. */
function migratedPgliteDir(): Promise<string> {
  template ??= madeOncePerRun("pglite-migrated", async (partial) => {
    await copyEmptyPglite(partial);
    await (await openDatabase({ dataDir: partial })).close();
  });
  return template;
}

/**
 * Makes `dataDir` hold a fresh embedded database with the site's tables and no rows, as a server started on it
 * once leaves it; a server or `openDatabase({ dataDir })` then opens it.
 * @example await copyMigratedPglite(dataDir); await startSiteServer({ DATA_DIR: dataDir });
 */
export async function copyMigratedPglite(dataDir: string): Promise<void> {
  cpSync(path.join(await migratedPgliteDir(), "db"), path.join(dataDir, "db"), { recursive: true });
}

/** A fresh embedded database in `dataDir` (see copyMigratedPglite), opened. */
export async function openMigratedPglite(dataDir: string): Promise<OpenDatabase> {
  await copyMigratedPglite(dataDir);
  return openDatabase({ dataDir });
}

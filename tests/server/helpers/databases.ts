/**
 * The engines the database tests run on: PGlite always, PostgreSQL when
 * TEST_DATABASE_URL points at a server (start one with
 * tests/harness/start-test-postgres.sh). Each opened database is fresh and private.
 */
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type Database, type OpenDatabase, openDatabase } from "../../../app/server/db/client.server.ts";
import { copyEmptyPglite, copyMigratedPglite, openMigratedPglite } from "../../harness/migrated-pglite.ts";
import { madeOncePerRun } from "../../harness/once-per-run.ts";
import { POSTGRES_TEMPLATE } from "./run-dir.ts";

export { copyMigratedPglite, openMigratedPglite };

export const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) {
  console.warn(
    "PostgreSQL half of the database tests SKIPPED: set TEST_DATABASE_URL (tests/harness/start-test-postgres.sh prints one)",
  );
}

export interface Engine {
  name: "pglite" | "postgres";
  /** Why the engine is skipped, or undefined when it runs. */
  skip: string | undefined;
  open(): Promise<OpenDatabase>;
}

async function openPglite(): Promise<OpenDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), "portfolio-db-test-"));
  const opened = await openMigratedPglite(dir);
  return {
    ...opened,
    async close() {
      await opened.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs one statement on the PostgreSQL server as its administrator (creating and dropping databases). */
export async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The address of the database `name` on the test PostgreSQL server. */
function postgresDatabase(name: string): string {
  const url = new URL(postgresUrl ?? "");
  url.pathname = `/${name}`;
  return url.toString();
}

let postgresTemplate: Promise<string> | undefined;

/**
 * The name of a PostgreSQL database the migrations have made, once per run: every fresh one a test opens is
 * its copy (`CREATE DATABASE … TEMPLATE`, a copy of its files) instead of an empty one migrated again. The
 * migrations still run on each copy, and find nothing to do. Dropped when the run ends (run-dir.ts).
 */
function migratedPostgres(): Promise<string> {
  postgresTemplate ??= madeOncePerRun(POSTGRES_TEMPLATE, async (partial) => {
    const name = `portfolio_template_${randomBytes(6).toString("hex")}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    try {
      // Closed before its name is given: PostgreSQL copies only a database no one is connected to.
      await (await openDatabase({ dataDir: "unused", databaseUrl: postgresDatabase(name), maxConnections: 2 })).close();
    } catch (error) {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      throw error;
    }
    writeFileSync(partial, name);
  }).then((file) => readFileSync(file, "utf8"));
  return postgresTemplate;
}

/**
 * A new PostgreSQL database as a server leaves it once it has started (its tables made, no rows): a copy of the
 * run's migrated one. Drop it with `DROP DATABASE {name} WITH (FORCE)`.
 */
export async function migratedPostgresDatabase(): Promise<{ name: string; url: string }> {
  const name = `portfolio_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${await migratedPostgres()}`);
  return { name, url: postgresDatabase(name) };
}

async function openPostgres(): Promise<OpenDatabase> {
  const { name } = await migratedPostgresDatabase();
  const opened = await openDatabase({ dataDir: "unused", databaseUrl: postgresDatabase(name), maxConnections: 4 });
  return {
    ...opened,
    async close() {
      await opened.close();
      await adminQuery(`DROP DATABASE ${name} WITH (FORCE)`);
    },
  };
}

export const engines: Engine[] = [
  { name: "pglite", skip: undefined, open: openPglite },
  {
    name: "postgres",
    skip: postgresUrl ? undefined : "TEST_DATABASE_URL is unset (start one with tests/harness/start-test-postgres.sh)",
    open: openPostgres,
  },
];

export function engineTitle(engine: Engine): string {
  return engine.skip ? `${engine.name} — SKIPPED: ${engine.skip}` : engine.name;
}

/** The migrations folder as it was before the migration `tag` (e.g. "0003_blog_search"). */
function migrationsBefore(tag: string): string {
  const folder = path.join(mkdtempSync(path.join(tmpdir(), "portfolio-migrations-")), "drizzle");
  cpSync(path.resolve(import.meta.dirname, "../../../drizzle"), folder, { recursive: true });
  const journalFile = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`No migration ${tag}`);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/**
 * A fresh database of `engine` upgraded across the migration `tag`: opened
 * with the migrations before it, given `before`, closed, opened again with
 * all of them (as a new version of the server starts) and given `after`.
 */
export async function acrossMigration(
  engine: Engine,
  tag: string,
  before: (db: Database) => Promise<void>,
  after: (db: Database) => Promise<void>,
): Promise<void> {
  const folder = migrationsBefore(tag);
  const dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-db-test-"));
  const name = `portfolio_test_${randomBytes(6).toString("hex")}`;
  let databaseUrl: string | undefined;
  if (engine.name === "postgres") {
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(postgresUrl ?? "");
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  } else {
    // What initdb makes is the same every time: a copy of the run's, the migrations before `tag` then run on it.
    await copyEmptyPglite(dataDir);
  }
  const open = (migrationsFolder?: string) =>
    openDatabase({ dataDir, databaseUrl, maxConnections: 2, ...(migrationsFolder ? { migrationsFolder } : {}) });
  try {
    const old = await open(folder);
    try {
      await before(old.db);
    } finally {
      await old.close();
    }
    const upgraded = await open();
    try {
      await after(upgraded.db);
    } finally {
      await upgraded.close();
    }
  } finally {
    rmSync(path.dirname(folder), { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await adminQuery(`DROP DATABASE ${name} WITH (FORCE)`);
  }
}

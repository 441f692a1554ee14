/**
 * The engines the database tests run on: PGlite always, PostgreSQL when
 * TEST_DATABASE_URL points at a server (start one with
 * tests/harness/start-test-postgres.sh). Each opened database is fresh and private.
 */
import { randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openAsBlob,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type Database, type OpenDatabase, openDatabase } from "../../../app/server/db/client.server.ts";
import { limit } from "../../harness/host-speed.ts";

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

/** The embedded database as the migrations leave it, read once per test process (`migratedPglite`). */
let migrated: Promise<Blob> | undefined;

/** A migrated embedded database, dumped: what `migratedPglite` shares. */
async function makeMigratedPglite(): Promise<Blob> {
  const dir = mkdtempSync(path.join(tmpdir(), "portfolio-db-template-"));
  const opened = await openDatabase({ dataDir: dir });
  try {
    const dump = opened.dumpDataDir;
    if (!dump) throw new Error("The embedded database cannot be dumped");
    return await dump();
  } finally {
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The run's shared directory (run-dir.ts, Vitest's global setup), when the tests run under it. */
function runDir(): string | undefined {
  try {
    return inject("runDir");
  } catch {
    return undefined;
  }
}

/**
 * A tarball of an embedded database the migrations have made, for every fresh one a test opens: PGlite then
 * unpacks it instead of running `initdb` and every migration again, about a fifth of the CPU (0.7 against 3 s
 * measured here). The migrations still run on it, and find nothing to do. Made once for the whole run (the
 * first file to need it writes it into the run's directory while the others wait for the file), not once in
 * each file's process: 38 files open an embedded database (decision 072).
 */
export function migratedPglite(): Promise<Blob> {
  migrated ??= (async () => {
    const shared = runDir();
    if (!shared) return makeMigratedPglite();
    const file = path.join(shared, "pglite-migrated.tar");
    const making = path.join(shared, "pglite-migrated.making");
    const deadline = Date.now() + limit(120_000);
    for (;;) {
      if (existsSync(file)) return openAsBlob(file);
      try {
        mkdirSync(making);
      } catch {
        // Another file's process is making it: wait for the file (or for its failure, then make it here);
        // a process killed while making it leaves its mark behind, so past the limit this one makes its own.
        if (Date.now() > deadline) return makeMigratedPglite();
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      try {
        const blob = await makeMigratedPglite();
        const partial = `${file}.${process.pid}`;
        writeFileSync(partial, new Uint8Array(await blob.arrayBuffer()));
        renameSync(partial, file);
        return blob;
      } finally {
        rmSync(making, { recursive: true, force: true });
      }
    }
  })();
  return migrated;
}

async function openPglite(): Promise<OpenDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), "portfolio-db-test-"));
  const opened = await openDatabase({ dataDir: dir, loadDataDir: await migratedPglite() });
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

async function openPostgres(): Promise<OpenDatabase> {
  const name = `portfolio_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl ?? "");
  url.pathname = `/${name}`;
  const opened = await openDatabase({ dataDir: "unused", databaseUrl: url.toString(), maxConnections: 4 });
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

/**
 * Backups of the site's data (`npm run backup`, `npm run restore`): the
 * database and the stored objects, into one directory:
 *
 * - `database.tar.gz`: the embedded database (PGlite's `dumpDataDir`, a
 *   consistent copy of its whole data directory), or `database.pgdump`:
 *   PostgreSQL's `pg_dump --format=custom`, a consistent snapshot taken
 *   while the servers keep running;
 * - `uploads/`: every stored object as files (`blog-images/…`, `og-images/…`),
 *   unless STORAGE_DRIVER is `postgres`, whose objects are in the database dump;
 * - `manifest.json`: when, what engine and driver, how many objects.
 *
 * The embedded database belongs to one process: its backup and restore run
 * while the server is stopped (the data directory's lock says so otherwise).
 * See docs/decisions/021-shared-storage-and-several-servers.md.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { openDatabase } from "../app/server/db/client.server.ts";
import { acquireLock } from "../app/server/db/lock.server.ts";
import { copyObjects } from "../app/server/uploads/copy-objects.server.ts";
import {
  localDiskStorage,
  openStorage,
  type StorageDriverName,
  type StorageSettings,
} from "../app/server/uploads/storage.server.ts";

const run = promisify(execFile);

export interface BackupManifest {
  /** Format of this directory; raised if it ever changes. */
  version: 1;
  createdAt: string;
  engine: "pglite" | "postgres";
  /** `database.tar.gz` (PGlite) or `database.pgdump` (PostgreSQL). */
  databaseFile: string;
  storageDriver: StorageDriverName;
  /** Objects copied into `uploads/`; 0 with the postgres driver (they are in the database). */
  objects: number;
  objectBytes: number;
}

export interface DataSettings {
  dataDir: string;
  databaseUrl: string | undefined;
  storage: StorageSettings;
}

/** A PostgreSQL client program: from PG_BIN, Debian's newest /usr/lib/postgresql/N/bin, or PATH. */
export function postgresTool(name: "pg_dump" | "pg_restore", env: NodeJS.ProcessEnv = process.env): string {
  if (env.PG_BIN) return path.join(env.PG_BIN, name);
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((entry) => existsSync(path.join(root, entry, "bin", name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? path.join(root, versions[0], "bin", name) : name;
}

/** Writes a backup into `outDir` (created; it must not hold one already). */
export async function createBackup(
  settings: DataSettings,
  outDir: string,
  progress: (line: string) => void = () => undefined,
): Promise<BackupManifest> {
  if (existsSync(path.join(outDir, "manifest.json"))) throw new Error(`${outDir} already holds a backup`);
  await mkdir(outDir, { recursive: true });
  let manifest: BackupManifest;
  const database = settings.databaseUrl ? undefined : await openDatabase({ dataDir: settings.dataDir });
  try {
    let databaseFile: string;
    if (database?.dumpDataDir) {
      databaseFile = "database.tar.gz";
      const tarball = await database.dumpDataDir();
      await writeFile(path.join(outDir, databaseFile), new Uint8Array(await tarball.arrayBuffer()));
    } else {
      databaseFile = "database.pgdump";
      await run(
        postgresTool("pg_dump"),
        [
          "--format=custom",
          "--no-owner",
          "--no-privileges",
          `--file=${path.join(outDir, databaseFile)}`,
          `--dbname=${settings.databaseUrl}`,
        ],
        { maxBuffer: 16 * 1024 * 1024 },
      );
    }
    progress(`database → ${databaseFile}`);
    let objects = 0;
    let objectBytes = 0;
    if (settings.storage.driver !== "postgres") {
      const source = await openStorage(settings.storage);
      const report = await copyObjects(source, localDiskStorage(path.join(outDir, "uploads")));
      objects = report.copied;
      objectBytes = report.bytes;
      progress(`stored objects → uploads/ (${objects} objects, ${objectBytes} bytes)`);
    } else {
      progress("stored objects are in the database dump (STORAGE_DRIVER=postgres)");
    }
    manifest = {
      version: 1,
      createdAt: new Date().toISOString(),
      engine: database ? "pglite" : "postgres",
      databaseFile,
      storageDriver: settings.storage.driver,
      objects,
      objectBytes,
    };
  } finally {
    await database?.close();
  }
  await writeFile(path.join(outDir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Puts a backup back: the database replaced by the backup's (the embedded
 * one's directory is kept aside as `db.replaced-{time}`; PostgreSQL's tables
 * are dropped and restored), then the backup's objects copied into the
 * storage in use. Objects the storage holds that the backup does not are
 * left for the usual clean-up.
 */
export async function restoreBackup(
  settings: DataSettings,
  backupDir: string,
  progress: (line: string) => void = () => undefined,
): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(path.join(backupDir, "manifest.json"), "utf8")) as BackupManifest;
  if (manifest.version !== 1) throw new Error(`Unknown backup format ${manifest.version}`);
  const engine = settings.databaseUrl ? "postgres" : "pglite";
  if (manifest.engine !== engine) {
    throw new Error(
      `This backup is of ${manifest.engine === "pglite" ? "the embedded database" : "PostgreSQL"}; ${
        engine === "pglite" ? "set DATABASE_URL to restore it there" : "unset DATABASE_URL to restore it"
      }`,
    );
  }
  const databaseFile = path.join(backupDir, manifest.databaseFile);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  if (engine === "pglite") {
    const dataDir = path.resolve(settings.dataDir);
    await mkdir(dataDir, { recursive: true });
    // Taken and released: a running server holding the directory makes this fail with its pid.
    const release = acquireLock(path.join(dataDir, "db.lock"), dataDir);
    const current = path.join(dataDir, "db");
    try {
      if (existsSync(current)) {
        const aside = `${current}.replaced-${new Date().toISOString().replace(/[:.]/g, "-")}`;
        await rename(current, aside);
        progress(`the database it replaces is kept in ${aside}`);
      }
    } finally {
      release();
    }
    const tarball = new Blob([await readFile(databaseFile)]);
    database = await openDatabase({ dataDir, loadDataDir: tarball });
  } else {
    await run(
      postgresTool("pg_restore"),
      [
        "--clean",
        "--if-exists",
        "--no-owner",
        "--no-privileges",
        "--single-transaction",
        `--dbname=${settings.databaseUrl}`,
        databaseFile,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    // Migrations newer than the backup run here, as at a server's start.
    database = await openDatabase({ dataDir: settings.dataDir, databaseUrl: settings.databaseUrl });
  }
  progress(`database ← ${manifest.databaseFile}`);
  try {
    const uploads = path.join(backupDir, "uploads");
    if (existsSync(uploads)) {
      const target = await openStorage(settings.storage, database.db);
      const report = await copyObjects(localDiskStorage(uploads), target);
      progress(`stored objects ← uploads/ (${report.copied} copied, ${report.skipped} already there)`);
    }
  } finally {
    await database.close();
  }
  return manifest;
}

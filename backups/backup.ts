/**
 * Backups of the site's data (`npm run backup`, `npm run restore`, and the
 * server's own every BACKUP_INTERVAL): one file per backup,
 * `backup-{time}.tar` (backups/archive.ts), holding
 *
 * - `database.tar.gz`: the embedded database (PGlite's `dumpDataDir`, a copy
 *   of its whole directory taken between two queries), or `database.pgdump`:
 *   PostgreSQL's `pg_dump --format=custom`, a consistent snapshot taken
 *   while the servers keep running;
 * - `contact-secret`: `DATA_DIR/contact-secret`, when there is one;
 * - `uploads/{key}`: every stored object, read through the driver in use,
 *   unless STORAGE_DRIVER is `postgres`, whose objects are in the database;
 * - `manifest.json` and `checksum`.
 *
 * The database is read before the objects, so every object the database
 * names is in the backup unless it was deleted in between. A file is written
 * as `….partial`, read back and checked whole, and only then given its name
 * (never over another file). A restore checks the whole file before it
 * changes anything, and goes only into an empty data directory (embedded) or
 * an empty database (PostgreSQL; `force` replaces one, after backing it up).
 * See docs/decisions/025-backups.md.
 */
import { execFile } from "node:child_process";
import { createReadStream, existsSync, openAsBlob, readdirSync } from "node:fs";
import { link, mkdir, mkdtemp, open, readdir, readFile, rm, stat, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { promisify } from "node:util";
import { createGzip } from "node:zlib";
import { type OpenDatabase, openDatabase } from "../app/server/db/client.server.ts";
import { type ObjectStorage, openStorage, type StorageSettings } from "../app/server/uploads/storage.server.ts";
import {
  type ArchiveSink,
  BackupArchiveWriter,
  BackupFileError,
  type CheckedArchive,
  checkBackupFile,
  readMember,
} from "./archive.ts";

const run = promisify(execFile);

/** Format of the backup file; raised if it ever changes (1 was a directory). */
const FORMAT_VERSION = 2;
const CONTACT_SECRET_FILE = "contact-secret";
const UPLOADS_PREFIX = "uploads/";
/** A `.partial` file this old was left by a backup that did not finish. */
const STALE_PARTIAL_MS = 60 * 60 * 1000;

export interface BackupManifest {
  version: typeof FORMAT_VERSION;
  createdAt: string;
  engine: "pglite" | "postgres";
  /** `database.tar.gz` (PGlite) or `database.pgdump` (PostgreSQL). */
  databaseMember: string;
  storageDriver: StorageSettings["driver"];
  /** Objects under `uploads/`; 0 with the postgres driver (they are in the database). */
  objects: number;
  objectBytes: number;
}

export interface DataSettings {
  dataDir: string;
  databaseUrl: string | undefined;
  storage: StorageSettings;
  /** Where pg_dump and pg_restore are (PG_BIN); unset: the newest Debian one, else PATH. */
  pgBin?: string | undefined;
}

/** What a backup reads: the settings, and the embedded database when this process has it open. */
export interface BackupSource {
  settings: DataSettings;
  /** The open embedded database; undefined with PostgreSQL (pg_dump reads it). */
  database: OpenDatabase | undefined;
  /** The storage in use, opened on the same database (the postgres driver's objects are not copied). */
  storage: ObjectStorage;
}

/** A backup file written, read back and checked. */
export interface WrittenBackup {
  file: string;
  manifest: BackupManifest;
  bytes: number;
  sha256: string;
}

/** A restore that would change data it must not, refused before anything changed. */
export class RestoreRefusedError extends Error {}

/** A PostgreSQL client program: from `pgBin` (PG_BIN), Debian's newest /usr/lib/postgresql/N/bin, or PATH. */
export function postgresTool(name: "pg_dump" | "pg_restore", pgBin?: string): string {
  if (pgBin) return path.join(pgBin, name);
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((entry) => existsSync(path.join(root, entry, "bin", name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? path.join(root, versions[0], "bin", name) : name;
}

const BACKUP_NAME = /^backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.tar$/;

/** `backup-2026-11-24T09-05-00-000Z.tar`: sorts by time as text. */
export function backupFileName(at: Date): string {
  return `backup-${at.toISOString().replace(/[:.]/g, "-")}.tar`;
}

/** The backup files in `dir`, newest first (by the time in their names). */
export async function listBackups(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  return names
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .reverse()
    .map((name) => path.join(dir, name));
}

/**
 * Writes one backup archive of the source into `sink`: the database first,
 * then the contact secret and the stored objects.
 */
export async function writeBackup(
  source: BackupSource,
  sink: ArchiveSink,
  progress: (line: string) => void = () => undefined,
): Promise<BackupManifest> {
  const { settings, database, storage } = source;
  const createdAt = new Date();
  const archive = new BackupArchiveWriter(sink);
  let databaseMember: string;
  if (database) {
    if (!database.dumpDataDir) throw new Error("The open database cannot be dumped (it is not the embedded one)");
    databaseMember = "database.tar.gz";
    // Read under the database's lock (queries wait), compressed after it (queries go on).
    const reading = performance.now();
    const tarball = await database.dumpDataDir();
    progress(`database read in ${Math.round(performance.now() - reading)} ms (${tarball.size} bytes; queries waited)`);
    const compressed: Uint8Array[] = [];
    const stream = tarball.stream() as unknown as NodeReadableStream<Uint8Array>;
    for await (const chunk of Readable.fromWeb(stream).pipe(createGzip())) compressed.push(chunk as Buffer);
    const size = compressed.reduce((sum, chunk) => sum + chunk.byteLength, 0);
    await archive.add(databaseMember, size, compressed, createdAt);
  } else {
    if (!settings.databaseUrl) throw new Error("Neither an open embedded database nor DATABASE_URL to back up");
    databaseMember = "database.pgdump";
    const scratch = await mkdtemp(path.join(tmpdir(), "portfolio-pgdump-"));
    try {
      const dump = path.join(scratch, databaseMember);
      await run(
        postgresTool("pg_dump", settings.pgBin),
        ["--format=custom", "--no-owner", "--no-privileges", `--file=${dump}`, `--dbname=${settings.databaseUrl}`],
        { maxBuffer: 16 * 1024 * 1024 },
      );
      const { size } = await stat(dump);
      await archive.add(databaseMember, size, createReadStream(dump), createdAt);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
  progress(`database → ${databaseMember}`);
  const secret = await readFile(path.join(settings.dataDir, CONTACT_SECRET_FILE)).catch(() => undefined);
  if (secret) await archive.add(CONTACT_SECRET_FILE, secret.byteLength, secret);
  let objects = 0;
  let objectBytes = 0;
  if (storage.driver !== "postgres") {
    const listed = (await storage.list("")).sort((a, b) => a.key.localeCompare(b.key));
    for (const object of listed) {
      const data = await storage.get(object.key);
      // Deleted since the listing (a sweep, a replaced cover): nothing to keep.
      if (!data) continue;
      await archive.add(`${UPLOADS_PREFIX}${object.key}`, data.byteLength, data, object.modifiedAt);
      objects += 1;
      objectBytes += data.byteLength;
    }
    progress(`stored objects → uploads/ (${objects} objects, ${objectBytes} bytes)`);
  } else {
    progress("stored objects are in the database (STORAGE_DRIVER=postgres)");
  }
  const manifest: BackupManifest = {
    version: FORMAT_VERSION,
    createdAt: createdAt.toISOString(),
    engine: database ? "pglite" : "postgres",
    databaseMember,
    storageDriver: storage.driver,
    objects,
    objectBytes,
  };
  await archive.finish(manifest);
  return manifest;
}

/**
 * Writes a backup file into `dir` through `produce` (which writes the archive
 * into the sink it is given), reads it back and checks it, and only then
 * names it `backup-{time}.tar`. A failure leaves no file behind.
 */
export async function writeBackupFile(
  dir: string,
  produce: (sink: ArchiveSink) => Promise<unknown>,
  now: Date = new Date(),
): Promise<WrittenBackup> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, backupFileName(now));
  const partial = `${file}.${process.pid}.partial`;
  const handle = await open(partial, "wx", 0o600);
  try {
    try {
      await produce(async (chunk) => {
        // A write may take fewer bytes than given; the rest follows.
        for (let offset = 0; offset < chunk.byteLength; ) {
          const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset);
          offset += bytesWritten;
        }
      });
      await handle.sync();
    } finally {
      await handle.close();
    }
    const checked = await checkBackupFile(partial).catch((error: unknown) => {
      if (error instanceof BackupFileError)
        throw new Error(`The backup just written does not read back: ${error.message}`);
      throw error;
    });
    // link, not rename: it fails rather than replace a file of that name.
    await link(partial, file);
    await unlink(partial);
    await syncDirectory(dir);
    return { file, manifest: backupManifest(checked), bytes: checked.bytes, sha256: checked.sha256 };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

async function syncDirectory(dir: string) {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Deletes the backups in `dir` beyond the newest `keep`, and `.partial` files
 * an hour old. Call it only after a newer backup has been checked.
 * @returns the files deleted
 */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const deleted: string[] = [];
  for (const file of (await listBackups(dir)).slice(keep)) {
    await rm(file, { force: true });
    deleted.push(file);
  }
  for (const name of await readdir(dir).catch(() => [])) {
    if (!name.endsWith(".partial")) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_PARTIAL_MS) {
      await rm(file, { force: true });
      deleted.push(file);
    }
  }
  return deleted;
}

function backupManifest(checked: CheckedArchive): BackupManifest {
  const manifest = checked.manifest as Partial<BackupManifest>;
  if (manifest.version !== FORMAT_VERSION)
    throw new BackupFileError(
      `it is a backup of format ${String(manifest.version)}; this version reads ${FORMAT_VERSION}`,
    );
  if (manifest.engine !== "pglite" && manifest.engine !== "postgres")
    throw new BackupFileError("its manifest names no database engine");
  return manifest as BackupManifest;
}

/** Checks a backup file whole; its manifest, or BackupFileError saying what is wrong. */
export async function verifyBackup(file: string): Promise<{ manifest: BackupManifest; archive: CheckedArchive }> {
  const archive = await checkBackupFile(file);
  return { manifest: backupManifest(archive), archive };
}

/** Entries of the data directory that hold data: all but the lock and the backup directory within it. */
function dataEntries(dataDir: string, backupDir: string): string[] {
  if (!existsSync(dataDir)) return [];
  const inside = path.relative(dataDir, backupDir);
  const backupTop = inside && !inside.startsWith("..") && !path.isAbsolute(inside) ? inside.split(path.sep)[0] : "";
  return readdirSync(dataDir).filter((name) => name !== backupTop && name !== "db.lock" && name !== "backup.sock");
}

/** Site tables with rows, on PostgreSQL: what a restore would replace. */
async function postgresDataTables(databaseUrl: string): Promise<string[]> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const found: string[] = [];
    for (const table of [
      "users",
      "blogs",
      "post_revisions",
      "contact_messages",
      "newsletter_subscribers",
      "stored_objects",
    ]) {
      const exists = await client.query<{ name: string | null }>("select to_regclass($1)::text as name", [
        `public.${table}`,
      ]);
      if (!exists.rows[0]?.name) continue;
      const rows = await client.query(`select 1 from public.${table} limit 1`);
      if (rows.rowCount) found.push(table);
    }
    return found;
  } finally {
    await client.end();
  }
}

export interface RestoreOptions {
  /** BACKUP_DIR: not counted as data in DATA_DIR, and where `force` keeps the data it replaces. */
  backupDir: string;
  /** PostgreSQL only: replace a database that holds data (after backing it up into `backupDir`). */
  force?: boolean;
}

/**
 * Puts a backup back. The file is checked whole first; then the database is
 * restored into an empty data directory (embedded) or database (PostgreSQL),
 * the contact secret written if the data directory has none, and the
 * objects copied into the storage in use (which may be another driver than
 * the one backed up), never over an object already there.
 * @throws BackupFileError or RestoreRefusedError before changing anything
 */
export async function restoreBackup(
  settings: DataSettings,
  file: string,
  options: RestoreOptions,
  progress: (line: string) => void = () => undefined,
): Promise<BackupManifest> {
  const { manifest, archive } = await verifyBackup(file);
  progress(`checked: ${archive.members.length} members, sha256 ${archive.sha256}`);
  const engine = settings.databaseUrl ? "postgres" : "pglite";
  if (manifest.engine !== engine) {
    throw new RestoreRefusedError(
      `This backup is of ${manifest.engine === "pglite" ? "the embedded database" : "PostgreSQL"}; ${
        engine === "pglite" ? "set DATABASE_URL to restore it there" : "unset DATABASE_URL to restore it"
      }.`,
    );
  }
  const member = (name: string) => archive.members.find((entry) => entry.name === name);
  const databaseMember = member(manifest.databaseMember);
  if (!databaseMember) throw new BackupFileError(`it has no ${manifest.databaseMember}`);
  const dataDir = path.resolve(settings.dataDir);
  let database: OpenDatabase;
  if (engine === "pglite") {
    const present = dataEntries(dataDir, path.resolve(options.backupDir));
    if (present.length > 0) {
      throw new RestoreRefusedError(
        `DATA_DIR ${dataDir} is not empty (${present.join(", ")}): restore only into an empty data directory; move it aside or set DATA_DIR to a new one.`,
      );
    }
    const tarball = (await openAsBlob(file)).slice(
      databaseMember.offset,
      databaseMember.offset + databaseMember.size,
      "application/x-gzip",
    );
    // Takes the directory's lock: a server starting meanwhile is refused, and this fails if one got there first.
    database = await openDatabase({ dataDir, loadDataDir: tarball });
  } else {
    const databaseUrl = settings.databaseUrl ?? "";
    const tables = await postgresDataTables(databaseUrl);
    if (tables.length > 0 && !options.force) {
      throw new RestoreRefusedError(
        `The database at DATABASE_URL holds data (${tables.join(", ")}): restore into an empty database, or pass --force to replace it (it is backed up into BACKUP_DIR first).`,
      );
    }
    if (tables.length > 0) {
      const current = await openDatabase({ dataDir, databaseUrl });
      try {
        const storage = await openStorage(settings.storage, current.db);
        const kept = await writeBackupFile(options.backupDir, (sink) =>
          writeBackup({ settings, database: undefined, storage }, sink),
        );
        progress(`the data it replaces is kept in ${kept.file}`);
      } finally {
        await current.close();
      }
    }
    const scratch = await mkdtemp(path.join(tmpdir(), "portfolio-pgrestore-"));
    try {
      const dump = path.join(scratch, manifest.databaseMember);
      await writeFile(dump, await readMember(file, databaseMember));
      await run(
        postgresTool("pg_restore", settings.pgBin),
        [
          "--clean",
          "--if-exists",
          "--no-owner",
          "--no-privileges",
          "--single-transaction",
          `--dbname=${databaseUrl}`,
          dump,
        ],
        { maxBuffer: 16 * 1024 * 1024 },
      );
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    // Migrations newer than the backup run here, as at a server's start.
    database = await openDatabase({ dataDir, databaseUrl });
  }
  progress(`database ← ${manifest.databaseMember}`);
  try {
    const secret = member(CONTACT_SECRET_FILE);
    if (secret) {
      await mkdir(dataDir, { recursive: true });
      const written = await writeFile(path.join(dataDir, CONTACT_SECRET_FILE), await readMember(file, secret), {
        flag: "wx",
        mode: 0o600,
      }).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === "EEXIST") return false;
          throw error;
        },
      );
      progress(written ? "contact secret ← contact-secret" : "contact secret: DATA_DIR has one already, kept");
    }
    const objects = archive.members.filter((entry) => entry.name.startsWith(UPLOADS_PREFIX));
    if (objects.length > 0) {
      const target = await openStorage(settings.storage, database.db);
      const present = new Set((await target.list("")).map((object) => object.key));
      let copied = 0;
      for (const object of objects) {
        const key = object.name.slice(UPLOADS_PREFIX.length);
        if (present.has(key)) continue;
        await target.put(key, await readMember(file, object));
        copied += 1;
      }
      progress(`stored objects ← uploads/ (${copied} copied, ${objects.length - copied} already there, kept)`);
    }
  } finally {
    await database.close();
  }
  return manifest;
}

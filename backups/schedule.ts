/**
 * The server's own backups of the embedded database: every BACKUP_INTERVAL
 * it takes one into BACKUP_DIR when something was written since the last
 * one, keeps the newest BACKUP_KEEP, and deletes older ones only after the
 * new one was read back and checked. It also answers `npm run backup` on the
 * backup socket. Backups taken in this process run one at a time.
 *
 * "Something was written" is the database's write-ahead log position
 * (`pg_current_wal_lsn()`, which every insert, update and delete moves and
 * nothing else does on PGlite: no background process writes there) with a
 * count of this process's writes to the stored objects (disk or S3, outside
 * the database). The embedded database has one process, so both see every
 * write. The first check after a start always takes a backup: what happened
 * before the start is not known.
 * See docs/decisions/025-backups.md.
 */
import { sql } from "drizzle-orm";
import type { Database, OpenDatabase } from "../app/server/db/client.server.ts";
import { logEvent, redact } from "../app/server/log.server.ts";
import type { ObjectStorage } from "../app/server/uploads/storage.server.ts";
import type { ArchiveSink } from "./archive.ts";
import {
  type BackupManifest,
  type DataSettings,
  listBackups,
  pruneBackups,
  verifyBackup,
  type WrittenBackup,
  writeBackup,
  writeBackupFile,
} from "./backup.ts";
import { listenForBackups } from "./socket.ts";

let newestVerified: Date | undefined;
let storageWrites = 0;

/** An error in one line, for a log line. */
const reason = (error: unknown) => redact(error instanceof Error ? error.message : String(error));

/**
 * When the newest backup this server wrote (or found in BACKUP_DIR at start)
 * was taken, once it was read back and checked; undefined before there is one.
 */
export function lastBackupAt(): Date | undefined {
  return newestVerified;
}

function noteBackup(at: Date) {
  if (!newestVerified || at > newestVerified) newestVerified = at;
}

/** The storage, counting its writes and deletes for the change check. */
export function countingStorage(storage: ObjectStorage): ObjectStorage {
  return {
    ...storage,
    async put(key, data) {
      await storage.put(key, data);
      storageWrites += 1;
    },
    async delete(key) {
      await storage.delete(key);
      storageWrites += 1;
    },
  };
}

/** Changes whenever the database or the stored objects were written. One cheap query. */
export async function changeMark(db: Database): Promise<string> {
  const { rows } = (await db.execute(sql`select pg_current_wal_lsn()::text as lsn`)) as unknown as {
    rows: { lsn: string }[];
  };
  return `${rows[0]?.lsn ?? ""}:${storageWrites}`;
}

export interface ScheduleOptions {
  dir: string;
  intervalMs: number;
  keep: number;
  /** Changes whenever something was written (see changeMark). */
  changeMark(): Promise<string>;
  /** Writes one backup file into the directory, checked. */
  backup(dir: string): Promise<WrittenBackup>;
}

export interface Schedule {
  /** Runs one check now (what the timer does); resolves with the backup taken, if any. */
  check(): Promise<WrittenBackup | undefined>;
  /** No more checks; waits for one in progress. */
  stop(): Promise<void>;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Checks every `intervalMs` and takes a backup when the change mark moved. Never throws. */
export function startSchedule(options: ScheduleOptions): Schedule {
  let lastMark: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<WrittenBackup | undefined> = Promise.resolve(undefined);
  let stopped = false;

  const once = async (): Promise<WrittenBackup | undefined> => {
    const mark = await options.changeMark();
    if (mark === lastMark) return undefined;
    const started = performance.now();
    // Taken before the backup: a write while it runs makes the next check take another.
    const written = await options.backup(options.dir);
    lastMark = mark;
    noteBackup(new Date(written.manifest.createdAt));
    const deleted = await pruneBackups(options.dir, options.keep);
    logEvent(
      "backup_taken",
      `Backup written and checked: ${written.file} (${megabytes(written.bytes)}, ${written.manifest.objects} stored objects) in ${seconds(performance.now() - started)}${deleted.length > 0 ? `; ${deleted.length} older deleted` : ""}.`,
      { file: written.file, bytes: written.bytes, objects: written.manifest.objects, deleted: deleted.length },
    );
    return written;
  };
  const check = () => {
    running = running.then(once).catch((error: unknown) => {
      logEvent(
        "backup_failed",
        `Scheduled backup into ${options.dir} failed: ${reason(error)}; the next try is in ${seconds(options.intervalMs)}.`,
        {},
        "error",
      );
      return undefined;
    });
    return running;
  };
  const arm = () => {
    if (stopped) return;
    timer = setTimeout(() => void check().then(arm), options.intervalMs);
    timer.unref();
  };
  arm();
  return {
    check,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Finds the newest backup in `dir` and, once it reads back whole, counts it as the last one. */
async function findNewestBackup(dir: string) {
  for (const file of await listBackups(dir)) {
    try {
      const { manifest } = await verifyBackup(file);
      noteBackup(new Date(manifest.createdAt));
      return;
    } catch (error) {
      logEvent("backup_unreadable", `Backup ${file} does not read back: ${reason(error)}`, { file }, "error");
    }
  }
}

export interface ServerBackupsOptions {
  settings: DataSettings;
  /** The open embedded database. */
  database: OpenDatabase;
  /** The storage the server uses (wrapped by countingStorage). */
  storage: ObjectStorage;
  dir: string;
  /** Undefined: no scheduled backups (BACKUP_INTERVAL=off); the socket still answers. */
  intervalMs: number | undefined;
  keep: number;
}

/** Backups of one server with the embedded database: the socket, the schedule, one backup at a time. */
export async function startServerBackups(options: ServerBackupsOptions) {
  let queue: Promise<unknown> = Promise.resolve();
  /** Runs `work` after any backup in progress (and holds the next one until it ends). */
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work);
    queue = result.catch(() => undefined);
    return result;
  };
  const source = { settings: options.settings, database: options.database, storage: options.storage };
  const produce = (sink: ArchiveSink, progress?: (line: string) => void): Promise<BackupManifest> =>
    exclusive(() => writeBackup(source, sink, progress));
  const socket = await listenForBackups(options.settings.dataDir, produce).catch((error: unknown) => {
    logEvent(
      "backup_socket_failed",
      `npm run backup cannot reach this server (${reason(error)}); scheduled backups go on.`,
      {},
      "error",
    );
    return undefined;
  });
  const schedule =
    options.intervalMs === undefined
      ? undefined
      : startSchedule({
          dir: options.dir,
          intervalMs: options.intervalMs,
          keep: options.keep,
          changeMark: () => changeMark(options.database.db),
          backup: (dir) => writeBackupFile(dir, (sink) => produce(sink)),
        });
  void findNewestBackup(options.dir).catch(() => undefined);
  return {
    /** Runs work no backup overlaps (the storage sweep). */
    exclusive,
    schedule,
    async stop() {
      await socket?.close();
      await schedule?.stop();
      await queue;
    },
  };
}

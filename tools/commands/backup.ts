/**
 * `npm run backup [-- --out DIR]` writes one backup file,
 * `backup-{time}.tar`, into DIR (default BACKUP_DIR: `DATA_DIR/backups`),
 * reads it back and checks it, configured by the server's variables
 * (DATA_DIR, DATABASE_URL, STORAGE_DRIVER, S3_*). With the embedded database
 * a running server takes it (over DATA_DIR/backup.sock) and this command
 * writes it; with no server running, it opens the database itself. With
 * PostgreSQL, pg_dump reads the database while the servers keep running.
 * `npm run restore -- FILE` puts one back (tools/commands/restore.ts).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../../app/server/db/client.server.ts";
import { DataDirLockedError } from "../../app/server/db/lock.server.ts";
import { configureLog, logEvent } from "../../app/server/log.server.ts";
import { openStorage } from "../../app/server/uploads/storage.server.ts";
import { type WrittenBackup, writeBackup, writeBackupFile } from "../../backups/backup.ts";
import { NoServerError, requestBackup } from "../../backups/socket.ts";
import { ConfigError, readConfig, type ServerConfig } from "../../config/config.ts";

const log = (line: string) => console.log(line);

/** How long a server holding the data directory may take to answer on its socket (it may be starting). */
const SERVER_WAIT_MS = 15_000;

/** The embedded database: asked of the server that holds it, or opened here when none runs. */
async function embeddedBackup(config: ServerConfig, dir: string): Promise<WrittenBackup> {
  const deadline = Date.now() + SERVER_WAIT_MS;
  for (;;) {
    try {
      const written = await writeBackupFile(dir, (sink) => requestBackup(config.dataDir, sink, log));
      console.log("Taken by the running server.");
      return written;
    } catch (error) {
      if (!(error instanceof NoServerError)) throw error;
    }
    try {
      const database = await openDatabase({ dataDir: config.dataDir });
      try {
        const storage = await openStorage(config.storage, database.db);
        return await writeBackupFile(dir, (sink) => writeBackup({ settings: config, database, storage }, sink, log));
      } finally {
        await database.close();
      }
    } catch (error) {
      // A server holds the directory but its socket is not there yet: it is starting.
      if (!(error instanceof DataDirLockedError) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function postgresBackup(config: ServerConfig, dir: string): Promise<WrittenBackup> {
  const database = config.storage.driver === "postgres" ? await openDatabase(config) : undefined;
  try {
    const storage = await openStorage(config.storage, database?.db);
    return await writeBackupFile(dir, (sink) =>
      writeBackup({ settings: config, database: undefined, storage }, sink, log),
    );
  } finally {
    await database?.close();
  }
}

async function main() {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const config = readConfig();
  configureLog({ format: config.logFormat ?? "text" });
  const dir = path.resolve(values.out ?? config.backup.dir);
  console.log(`Backing up into ${dir}…`);
  const started = performance.now();
  const written = config.databaseUrl ? await postgresBackup(config, dir) : await embeddedBackup(config, dir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  logEvent(
    "backup_taken",
    `Done: ${written.file} (${written.bytes} bytes, ${written.manifest.engine} database, ${written.manifest.objects} stored objects, sha256 ${written.sha256}) in ${seconds} s, read back and checked.`,
    { file: written.file, bytes: written.bytes, engine: written.manifest.engine, objects: written.manifest.objects },
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError)
    for (const line of error.message.split("\n")) console.error(`Configuration error: ${line}`);
  else if (error instanceof DataDirLockedError)
    console.error(
      `${error.message} It did not answer on its backup socket (DATA_DIR/backup.sock) within ${SERVER_WAIT_MS / 1000} s: is it a version without one? Restart it.`,
    );
  else console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

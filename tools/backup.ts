/**
 * `npm run backup [-- --out DIR]` writes the database and the stored objects
 * into DIR (default `backups/{time}`), configured by the server's variables
 * (DATA_DIR, DATABASE_URL, STORAGE_DRIVER, S3_*). With the embedded database,
 * stop the server first; with PostgreSQL it may keep running.
 * `npm run restore -- DIR` puts one back (tools/restore.ts).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { DataDirLockedError } from "../app/server/db/lock.server.ts";
import { configureLog, logEvent } from "../app/server/log.server.ts";
import { createBackup } from "../server/backup.ts";
import { ConfigError, readConfig } from "../server/config.ts";

async function main() {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const config = readConfig();
  configureLog({ format: config.logFormat ?? "text" });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const outDir = path.resolve(values.out ?? path.join("backups", stamp));
  console.log(`Backing up to ${outDir}…`);
  const manifest = await createBackup(config, outDir, (line) => console.log(line));
  logEvent("backup_taken", `Done: ${manifest.engine} database, ${manifest.objects} stored objects.`, {
    directory: outDir,
    engine: manifest.engine,
    objects: manifest.objects,
    objectBytes: manifest.objectBytes,
    createdAt: manifest.createdAt,
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError)
    for (const line of error.message.split("\n")) console.error(`Configuration error: ${line}`);
  else if (error instanceof DataDirLockedError)
    console.error(`${error.message} Back up the embedded database with the server stopped.`);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

/**
 * `npm run restore -- FILE [--force]` puts back a backup file written by
 * `npm run backup` or by the server: it checks the whole file first and
 * refuses a damaged one; then restores the embedded database into an empty
 * DATA_DIR (a data directory holding anything is refused), or PostgreSQL's
 * into an empty database (`--force` replaces one that holds data, backing
 * it up into BACKUP_DIR first); then the stored objects, into the storage
 * STORAGE_DRIVER names, never over one already there. Stop the servers first.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { DataDirLockedError } from "../../app/server/db/lock.server.ts";
import { BackupFileError } from "../../backups/archive.ts";
import { RestoreRefusedError, restoreBackup } from "../../backups/backup.ts";
import { ConfigError, readConfig } from "../../config/config.ts";

/** The file named, for the refusal's message. */
let file = "";

async function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: "boolean" } } });
  const [given] = positionals;
  if (!given || positionals.length > 1)
    throw new ConfigError("name the backup file: npm run restore -- FILE (a backup-{time}.tar)");
  const config = readConfig();
  file = path.resolve(given);
  console.log(`Restoring ${file}…`);
  const manifest = await restoreBackup(
    config,
    file,
    { backupDir: config.backup.dir, force: values.force ?? false },
    (line) => console.log(line),
  );
  console.log(`Done: the ${manifest.engine} database and stored objects of ${manifest.createdAt}.`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError)
    for (const line of error.message.split("\n")) console.error(`Configuration error: ${line}`);
  else if (error instanceof BackupFileError)
    console.error(`Refused: the backup ${file} is damaged (${error.message}); nothing was changed.`);
  else if (error instanceof RestoreRefusedError) console.error(`Refused: ${error.message} Nothing was changed.`);
  else if (error instanceof DataDirLockedError) console.error(`${error.message} Restore with the server stopped.`);
  else console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

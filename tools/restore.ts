/**
 * `npm run restore -- DIR` puts back a backup written by `npm run backup`:
 * the database (the embedded one's current directory is kept aside as
 * `DATA_DIR/db.replaced-{time}`; PostgreSQL's tables are dropped and
 * restored) and the stored objects, into the storage STORAGE_DRIVER names.
 * Stop the servers first.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { DataDirLockedError } from "../app/server/db/lock.server.ts";
import { restoreBackup } from "../server/backup.ts";
import { ConfigError, readConfig } from "../server/config.ts";

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [dir] = positionals;
  if (!dir || positionals.length > 1) throw new ConfigError("name the backup directory: npm run restore -- DIR");
  const config = readConfig();
  const backupDir = path.resolve(dir);
  console.log(`Restoring ${backupDir}…`);
  const manifest = await restoreBackup(config, backupDir, (line) => console.log(line));
  console.log(`Done: the ${manifest.engine} database and stored objects of ${manifest.createdAt}.`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError)
    for (const line of error.message.split("\n")) console.error(`Configuration error: ${line}`);
  else if (error instanceof DataDirLockedError) console.error(`${error.message} Restore with the server stopped.`);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

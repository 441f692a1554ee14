/**
 * `npm run storage:migrate -- --from disk --to postgres` copies every stored
 * object (covers, link-preview images) from one storage driver to another:
 * disk, postgres or s3, in any pair. Each side is configured by the same
 * variables as the server (DATA_DIR, DATABASE_URL, S3_*). Run it again to
 * resume: objects already copied (same key and size) are skipped. Then set
 * STORAGE_DRIVER to the target and restart the servers.
 */
import { parseArgs } from "node:util";
import { openDatabase } from "../../app/server/db/client.server.ts";
import { copyObjects } from "../../app/server/uploads/copy-objects.server.ts";
import { openStorage, type StorageDriverName } from "../../app/server/uploads/storage.server.ts";
import { ConfigError, readConfig, readStorage } from "../../config/config.ts";

const DRIVERS: StorageDriverName[] = ["disk", "postgres", "s3"];

function driverArg(name: string, value: string | undefined): StorageDriverName {
  const driver = DRIVERS.find((candidate) => candidate === value);
  if (!driver) throw new ConfigError(`--${name} must be disk, postgres or s3, got "${value ?? ""}"`);
  return driver;
}

async function main() {
  const { values } = parseArgs({ options: { from: { type: "string" }, to: { type: "string" } } });
  const from = driverArg("from", values.from);
  const to = driverArg("to", values.to);
  if (from === to) throw new ConfigError("--from and --to must name different drivers");
  const config = readConfig({ ...process.env, STORAGE_DRIVER: "disk" });
  const settingsOf = (driver: StorageDriverName) =>
    readStorage({ ...process.env, STORAGE_DRIVER: driver }, config.dataDir);
  const [fromSettings, toSettings] = [settingsOf(from), settingsOf(to)];
  const database =
    from === "postgres" || to === "postgres"
      ? await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
      : undefined;
  try {
    const source = await openStorage(fromSettings, database?.db);
    const target = await openStorage(toSettings, database?.db);
    console.log(`Copying stored objects from ${from} to ${to}…`);
    await copyObjects(source, target, (line) => console.log(line));
    console.log(`Done. Set STORAGE_DRIVER=${to} and restart the servers.`);
  } finally {
    await database?.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError)
    for (const line of error.message.split("\n")) console.error(`Configuration error: ${line}`);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

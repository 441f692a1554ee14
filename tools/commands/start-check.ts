/**
 * The first step of `npm start`: with the embedded database, a data directory
 * that a running server holds cannot be served by another, so say so in one
 * line before spending a build on it.
 */
import path from "node:path";
import { lockHolder } from "../../app/server/db/lock.server.ts";
import { ConfigError, readConfig } from "../../config/config.ts";

try {
  const config = readConfig();
  const holder = config.databaseUrl ? undefined : lockHolder(path.join(config.dataDir, "db.lock"));
  if (holder !== undefined) {
    // As the owner wrote it: relative inside the project, absolute elsewhere.
    const relative = path.relative(process.cwd(), config.dataDir);
    const shown = relative === "" ? "." : relative.startsWith("..") ? config.dataDir : relative;
    console.error(`DATA_DIR ${shown} is in use by a running server (pid ${holder}); stop it or set another DATA_DIR.`);
    process.exit(1);
  }
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  for (const line of error.message.split("\n")) console.error(`Configuration error: ${line}`);
  process.exit(1);
}

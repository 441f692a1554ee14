/**
 * `npm run export -- FILE [--author LOGIN]` writes the blog's archive
 * (docs/import-and-export.md): every author's posts, or one author's with
 * `--author`, as the admin's "Exportar" gives an author theirs. Configured
 * by the server's variables (DATA_DIR, DATABASE_URL, STORAGE_DRIVER, S3_*).
 * With the embedded database, stop the server first (it holds DATA_DIR).
 */
import { createWriteStream } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { openDatabase } from "../../app/server/db/client.server.ts";
import { DataDirLockedError } from "../../app/server/db/lock.server.ts";
import { exportArchive } from "../../app/server/transfer/export.server.ts";
import { authorByLogin } from "../../app/server/transfer/import.server.ts";
import { openStorage } from "../../app/server/uploads/storage.server.ts";
import { ConfigError, readConfig } from "../../config/config.ts";

async function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { author: { type: "string" } } });
  const [target] = positionals;
  if (!target) throw new ConfigError("Name the archive to write: npm run export -- FILE [--author LOGIN]");
  const config = readConfig();
  const database = await openDatabase(config);
  try {
    const storage = await openStorage(config.storage, database.db);
    let scope: { authorId: string } | { everyone: true } = { everyone: true };
    if (values.author) {
      const authorId = await authorByLogin(database.db, values.author);
      if (!authorId) throw new ConfigError(`No author signed in as ${values.author} on this site`);
      scope = { authorId };
    }
    const file = path.resolve(target);
    const { stream, done } = exportArchive(database.db, storage, scope);
    await pipeline(stream, createWriteStream(file));
    const summary = await done;
    console.log(`Wrote ${file}: ${summary.posts} posts, ${summary.images} images.`);
    for (const missing of summary.missingImages) console.log(`Missing from storage, left out: ${missing}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) for (const line of error.message.split("\n")) console.error(line);
  else if (error instanceof DataDirLockedError)
    console.error(`${error.message} Stop the server first, or export from the admin (Exportar).`);
  else console.error(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

/**
 * The embedded database as the migrations leave it, for every fresh one a
 * server test opens: PGlite unpacks its dump instead of running `initdb` and
 * every migration again, about a fifth of the CPU (0.7 against 3 s measured
 * here). The migrations still run on it, and find nothing to do.
 *
 * Made once for the whole run, not once in each file's process (38 files
 * open an embedded database): the first file to need it writes the dump into
 * the run's directory while the others wait for the file (once-per-run.ts,
 * [decision 072](../../../docs/decisions/072-the-server-layer-pays-once.md)).
 * Apart from databases.ts, which loads the PostgreSQL client: a test of
 * what opening the embedded database loads takes it from here.
 */
import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../../app/server/db/client.server.ts";
import { madeOncePerRun } from "./once-per-run.ts";

/** A migrated embedded database, dumped into `file`. */
async function writeDump(file: string): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "portfolio-db-template-"));
  const opened = await openDatabase({ dataDir: dir });
  try {
    const dump = opened.dumpDataDir;
    if (!dump) throw new Error("The embedded database cannot be dumped");
    writeFileSync(file, new Uint8Array(await (await dump()).arrayBuffer()));
  } finally {
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

let file: Promise<string> | undefined;

/** The file holding the dump, for a child process to open a new database from. */
export function migratedPgliteFile(): Promise<string> {
  file ??= madeOncePerRun("pglite-migrated.tar", writeDump);
  return file;
}

let blob: Promise<Blob> | undefined;

/** The dump, to open a fresh embedded database from: `openDatabase({ dataDir, loadDataDir: await migratedPglite() })`. */
export function migratedPglite(): Promise<Blob> {
  blob ??= migratedPgliteFile().then((dump) => openAsBlob(dump));
  return blob;
}

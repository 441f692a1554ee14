/**
 * The embedded database as the migrations leave it, for every fresh one a
 * server test opens: PGlite unpacks its dump instead of running `initdb` and
 * every migration again, about a fifth of the CPU (0.7 against 3 s measured
 * here). The migrations still run on it, and find nothing to do.
 *
 * Made once for the whole run, not once in each file's process (38 files
 * open an embedded database): the first file to need it writes the dump into
 * the run's directory (run-dir.ts, Vitest's global setup) while the others
 * wait for the file ([decision 072](../../../docs/decisions/072-the-server-layer-pays-once.md)).
 * Apart from databases.ts, which loads the PostgreSQL client: a test of
 * what opening the embedded database loads takes it from here.
 */
import { existsSync, mkdirSync, mkdtempSync, openAsBlob, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { openDatabase } from "../../../app/server/db/client.server.ts";
import { limit } from "../../harness/host-speed.ts";

/** A migrated embedded database, dumped. */
async function makeDump(): Promise<Blob> {
  const dir = mkdtempSync(path.join(tmpdir(), "portfolio-db-template-"));
  const opened = await openDatabase({ dataDir: dir });
  try {
    const dump = opened.dumpDataDir;
    if (!dump) throw new Error("The embedded database cannot be dumped");
    return await dump();
  } finally {
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The run's shared directory, or this process's own when the tests run without the global setup. */
function runDir(): string {
  try {
    return inject("runDir");
  } catch {
    if (!ownDir) {
      const dir = mkdtempSync(path.join(tmpdir(), "portfolio-test-run-"));
      process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
      ownDir = dir;
    }
    return ownDir;
  }
}
let ownDir: string | undefined;

let file: Promise<string> | undefined;

/** The file holding the dump: made by this process if no other has made it or is making it. */
export function migratedPgliteFile(): Promise<string> {
  file ??= (async () => {
    const dir = runDir();
    const dump = path.join(dir, "pglite-migrated.tar");
    const making = path.join(dir, "pglite-migrated.making");
    const deadline = Date.now() + limit(120_000);
    for (;;) {
      if (existsSync(dump)) return dump;
      try {
        mkdirSync(making);
      } catch {
        // Another file's process is making it: wait for the file (or for its failure, then make it here).
        // A process killed while making it leaves its mark behind: past the limit this one makes it anyway.
        if (Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
      }
      try {
        const partial = `${dump}.${process.pid}`;
        writeFileSync(partial, new Uint8Array(await (await makeDump()).arrayBuffer()));
        renameSync(partial, dump);
        return dump;
      } finally {
        rmSync(making, { recursive: true, force: true });
      }
    }
  })();
  return file;
}

let blob: Promise<Blob> | undefined;

/** The dump, to open a fresh embedded database from: `openDatabase({ dataDir, loadDataDir: await migratedPglite() })`. */
export function migratedPglite(): Promise<Blob> {
  blob ??= migratedPgliteFile().then((dump) => openAsBlob(dump));
  return blob;
}

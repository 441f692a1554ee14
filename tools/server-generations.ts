/**
 * A rebuild beside a running server. The server imports `BUILD_DIR/server/
 * index.js` and `main.js` once, at start-up, but loads their hashed chunks
 * (the Markdown pipeline, the link-preview drawing, the database drivers) on
 * first use. So the build does not empty `BUILD_DIR/server` (vite.config.ts):
 * the new build's files are written beside the old ones, and at the end the
 * files of builds older than the last KEPT_SERVER_BUILDS are removed. A
 * server keeps working through that many rebuilds; restarting it picks up the
 * new build. See docs/decisions/020-hardening.md.
 */
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

/** Earlier builds whose server files stay beside the newest. */
export const KEPT_SERVER_BUILDS = 2;

/** The record of which files each build wrote, newest build first. */
const RECORD = "builds.json";

const STARTED_AT = Symbol.for("portfolio.buildStartedAt");

/**
 * When this build started: the first call's time, kept for the process, so a
 * configuration module evaluated again later in the build gives the same answer.
 */
export function buildStartedAt(): number {
  const store = globalThis as { [STARTED_AT]?: number };
  store[STARTED_AT] ??= Date.now();
  return store[STARTED_AT];
}

export interface PruneSummary {
  written: number;
  kept: number;
  removed: number;
}

/**
 * Records the files this build wrote into `serverDir` (those modified since
 * `startedAt`) and removes the files of builds older than the last `keep`.
 * Files found without a record (a build made before this existed) count as
 * one earlier build.
 */
export async function pruneServerBuild(
  serverDir: string,
  startedAt: number,
  keep = KEPT_SERVER_BUILDS,
): Promise<PruneSummary> {
  const entries = await readdir(serverDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(serverDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((file) => file !== RECORD);
  const written: string[] = [];
  const older: string[] = [];
  for (const file of files) {
    const { mtimeMs } = await stat(path.join(serverDir, file));
    (mtimeMs >= startedAt ? written : older).push(file);
  }
  const record = await readRecord(serverDir);
  const earlier = record ?? (older.length > 0 ? [older] : []);
  const keepSet = new Set([...written, ...earlier.slice(0, keep).flat()]);
  const removed = older.filter((file) => !keepSet.has(file));
  for (const file of removed) await rm(path.join(serverDir, file), { force: true });
  await removeEmptyDirectories(serverDir);
  await writeFile(path.join(serverDir, RECORD), `${JSON.stringify([written.sort(), ...earlier].slice(0, keep))}\n`);
  return { written: written.length, kept: older.length - removed.length, removed: removed.length };
}

async function readRecord(serverDir: string): Promise<string[][] | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path.join(serverDir, RECORD), "utf8"));
    if (Array.isArray(parsed) && parsed.every((build) => Array.isArray(build))) return parsed as string[][];
  } catch {
    // No record yet, or an unreadable one: every older file counts as one earlier build.
  }
  return undefined;
}

async function removeEmptyDirectories(dir: string): Promise<boolean> {
  let empty = true;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && (await removeEmptyDirectories(full))) await rm(full, { recursive: true });
    else empty = false;
  }
  return empty;
}

export function describePrune({ written, kept, removed }: PruneSummary): string {
  return `Server build: ${written} files written, ${kept} of earlier builds kept for servers still running them, ${removed} older removed`;
}

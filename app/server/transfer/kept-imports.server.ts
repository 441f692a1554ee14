/**
 * A file checked by the admin's dry run, kept on the server for its import
 * (docs/decisions/085-the-checked-file-kept-for-its-import.md): the import
 * then needs no second upload, with or without the page's script, and the
 * page without scripts reads the import's progress from here.
 *
 * Each file lies in a folder of its own under `DATA_DIR/imports`, named by
 * the SHA-256 of an unguessable token (32 random bytes) that only the
 * author's page holds, so the folder's name does not give the token away.
 * Beside it, who checked it (an author's id: nobody else's token opens
 * it), until when it is kept, and the import's state once one runs. An
 * author keeps one file at a time; files are removed once imported, when
 * their time is over (IMPORT_KEEP_SECONDS), and at a server's start those of
 * processes that are gone. Folders and files are the server's user's only
 * (0700, 0600).
 */
import { createHash, randomBytes } from "node:crypto";
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ImportProgress, ImportResult } from "./import.server.ts";
import type { WrittenPlan } from "./messages.server.ts";

export interface KeptImports {
  /** Where the files are kept: `DATA_DIR/imports`. */
  dir: string;
  /** How long a checked file waits for its import, and an import's outcome for its page (IMPORT_KEEP_SECONDS). */
  keepMs: number;
  /** The clock, for tests. */
  now?: () => number;
}

/** What became of a kept file. */
export type KeptState =
  | { state: "kept" }
  | { state: "running"; progress?: ImportProgress | undefined }
  | { state: "done"; result: ImportResult }
  | { state: "refused"; plan: WrittenPlan }
  | { state: "failed" };

interface Meta {
  authorId: string;
  /** The file's name as sent (made safe), which tells the readers what it is. */
  name: string;
  size: number;
  /** Posts its dry run counted. */
  posts: number;
  /** Until when, in ms since the epoch; an import running in a live process is kept past it. */
  expiresAt: number;
  /** The process that kept it or runs its import. */
  pid: number;
}

export interface KeptUpload {
  /** The kept file, while it waits or is imported; removed once imported. */
  file: string;
  name: string;
  size: number;
  /** Posts its dry run counted. */
  posts: number;
  state: KeptState;
  /** @internal */
  dir: string;
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const FOLDER = /^[0-9a-f]{64}$/;

const folderOf = (kept: KeptImports, token: string) =>
  path.join(kept.dir, createHash("sha256").update(token).digest("hex"));
const nowOf = (kept: KeptImports) => kept.now?.() ?? Date.now();

/** True when the process still runs (another user's process counts as running). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

/** Written whole or not at all: a reader never sees half a file. */
async function writeJson(file: string, value: unknown): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  await writeFile(temporary, JSON.stringify(value), { mode: 0o600 });
  await rename(temporary, file);
}

/** Moves a file into the keep, copying where it lies on another file system. */
async function move(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    await copyFile(from, to);
    await unlink(from);
  }
  await chmod(to, 0o600);
}

/**
 * Removes what is no longer kept: a file past its time whose import is not
 * running in a live process; at a start, also everything of processes gone
 * (an import they ran was rolled back with them).
 */
export async function sweepKeptImports(kept: KeptImports, options: { atStart?: boolean } = {}): Promise<number> {
  let names: string[];
  try {
    names = await readdir(kept.dir);
  } catch {
    return 0;
  }
  const now = nowOf(kept);
  let removed = 0;
  for (const name of names) {
    const folder = path.join(kept.dir, name);
    const meta = await readJson<Meta>(path.join(folder, "meta.json"));
    let gone: boolean;
    if (!meta || !FOLDER.test(name)) {
      // Half made (a crash between the folder and its record), or not ours: gone once a keep's time has passed.
      const made = await stat(folder).catch(() => undefined);
      gone = !made || now - made.mtimeMs > kept.keepMs;
    } else {
      const state = await readJson<KeptState>(path.join(folder, "state.json"));
      const running = state?.state === "running" && alive(meta.pid);
      gone = (options.atStart && !alive(meta.pid)) || (meta.expiresAt < now && !running);
    }
    if (!gone) continue;
    await rm(folder, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/**
 * Keeps a checked file for the author's import and gives its token. The
 * author's other kept files that no import runs are removed: one each.
 */
export async function keepUpload(
  kept: KeptImports,
  authorId: string,
  file: { path: string; name: string; size: number; posts: number },
): Promise<string> {
  await mkdir(kept.dir, { recursive: true, mode: 0o700 });
  await sweepKeptImports(kept);
  for (const name of await readdir(kept.dir)) {
    const folder = path.join(kept.dir, name);
    const meta = await readJson<Meta>(path.join(folder, "meta.json"));
    const state = await readJson<KeptState>(path.join(folder, "state.json"));
    if (meta?.authorId === authorId && state?.state === "kept") await rm(folder, { recursive: true, force: true });
  }
  const token = randomBytes(32).toString("base64url");
  const folder = folderOf(kept, token);
  await mkdir(folder, { mode: 0o700 });
  await move(file.path, path.join(folder, "upload"));
  await writeJson(path.join(folder, "state.json"), { state: "kept" } satisfies KeptState);
  const meta: Meta = {
    authorId,
    name: file.name,
    size: file.size,
    posts: file.posts,
    expiresAt: nowOf(kept) + kept.keepMs,
    pid: process.pid,
  };
  // The record last: a folder without one is half made.
  await writeJson(path.join(folder, "meta.json"), meta);
  return token;
}

/** The author's kept file under the token, or undefined: unknown, past its time, or another author's. */
export async function findKept(kept: KeptImports, token: string, authorId: string): Promise<KeptUpload | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const folder = folderOf(kept, token);
  const meta = await readJson<Meta>(path.join(folder, "meta.json"));
  if (!meta || meta.authorId !== authorId) return undefined;
  const state = (await readJson<KeptState>(path.join(folder, "state.json"))) ?? { state: "failed" };
  const running = state.state === "running" && alive(meta.pid);
  if (meta.expiresAt < nowOf(kept) && !running) return undefined;
  // An import whose process is gone was rolled back with it.
  const seen: KeptState = state.state === "running" && !running ? { state: "failed" } : state;
  return {
    file: path.join(folder, "upload"),
    name: meta.name,
    size: meta.size,
    posts: meta.posts,
    state: seen,
    dir: folder,
  };
}

/**
 * Takes the kept file for its import: true for the one request that does,
 * false when an import of it has begun already (a form sent twice).
 */
export async function claimKept(upload: KeptUpload): Promise<boolean> {
  try {
    await mkdir(path.join(upload.dir, "claimed"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  const meta = await readJson<Meta>(path.join(upload.dir, "meta.json"));
  if (meta) await writeJson(path.join(upload.dir, "meta.json"), { ...meta, pid: process.pid });
  await writeJson(path.join(upload.dir, "state.json"), { state: "running" } satisfies KeptState);
  return true;
}

/**
 * Records the import's progress or outcome. An outcome removes the file and
 * keeps the record a keep's time from now, for the page that shows it.
 */
export async function recordKept(kept: KeptImports, upload: KeptUpload, state: KeptState): Promise<void> {
  await writeJson(path.join(upload.dir, "state.json"), state);
  if (state.state === "running") return;
  await rm(upload.file, { force: true });
  const meta = await readJson<Meta>(path.join(upload.dir, "meta.json"));
  if (meta) await writeJson(path.join(upload.dir, "meta.json"), { ...meta, expiresAt: nowOf(kept) + kept.keepMs });
}

/** A progress recorder that writes at most every `everyMs`, and always the first and the last of a phase. */
export function progressRecorder(
  kept: KeptImports,
  upload: KeptUpload,
  everyMs = 250,
): { record(progress: ImportProgress): void; flush(): Promise<void> } {
  let last = 0;
  let phase: ImportProgress["phase"] | undefined;
  let writing: Promise<void> = Promise.resolve();
  return {
    record(progress) {
      const now = Date.now();
      if (phase === progress.phase && progress.done < progress.total && now - last < everyMs) return;
      last = now;
      phase = progress.phase;
      writing = writing.then(() => recordKept(kept, upload, { state: "running", progress })).catch(() => undefined);
    },
    flush: () => writing,
  };
}

/** The keep's time in whole minutes, for the sentence that says a file is no longer kept. */
export const keptMinutes = (kept: KeptImports) => Math.max(1, Math.round(kept.keepMs / 60_000));

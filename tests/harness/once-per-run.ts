/**
 * What a run's test processes share, made by the first process that needs it
 * while the others wait: each server test file, each browser worker and each
 * command a test starts runs in a process of its own, so a module-level cache
 * is made again in every one. The run's directory is `TEST_RUN_DIR`: the
 * suite makes one for all its layers (tests/harness/suite.ts), Vitest's
 * global setup (tests/server/helpers/run-dir.ts) and Playwright's
 * configuration one for their run when it is unset.
 */
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { limit } from "./host-speed.ts";

let ownDir: string | undefined;

/** The run's shared directory (`TEST_RUN_DIR`), or this process's own when none is set. */
export function runDir(): string {
  const shared = process.env.TEST_RUN_DIR;
  if (shared) return shared;
  if (!ownDir) {
    const dir = mkdtempSync(path.join(tmpdir(), "portfolio-test-run-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    ownDir = dir;
  }
  return ownDir;
}

/**
 * A directory for a run's shared files, named in `TEST_RUN_DIR` for the processes this one starts, unless one is
 * named already; `made` says whether this call made it (and so should remove it when the run ends).
 */
export function provideRunDir(): { dir: string; made: boolean } {
  const given = process.env.TEST_RUN_DIR;
  if (given) return { dir: given, made: false };
  const dir = mkdtempSync(path.join(tmpdir(), "portfolio-test-run-"));
  process.env.TEST_RUN_DIR = dir;
  return { dir, made: true };
}

/**
 * The path of `name` in the run's directory, once `make` has written it (a file or a directory, at the path it is
 * given, which is then moved into place whole): by this process if no other has made it or is making it.
 */
export async function madeOncePerRun(name: string, make: (partial: string) => Promise<void>): Promise<string> {
  const dir = runDir();
  const made = path.join(dir, name);
  const making = `${made}.making`;
  const deadline = Date.now() + limit(120_000);
  for (;;) {
    if (existsSync(made)) return made;
    try {
      mkdirSync(making);
    } catch {
      // Another file's process is making it: wait for it (or for its failure, then make it here). A process
      // killed while making it leaves its mark behind: past the limit this one makes it anyway.
      if (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
    }
    try {
      const partial = `${made}.${process.pid}`;
      await make(partial);
      try {
        renameSync(partial, made);
      } catch (error) {
        // A directory is not replaced by a rename: another process, which this one stopped waiting for, made it.
        if (!existsSync(made)) throw error;
        rmSync(partial, { recursive: true, force: true });
      }
      return made;
    } finally {
      rmSync(making, { recursive: true, force: true });
    }
  }
}

/**
 * What a run's test files share, made by the first file's process that needs
 * it while the others wait: each file runs in a process of its own, so a
 * module-level cache is made again in every file. The run's directory comes
 * from Vitest's global setup (run-dir.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { limit } from "../../harness/host-speed.ts";

let ownDir: string | undefined;

/** The run's shared directory, or this process's own when the tests run without the global setup. */
export function runDir(): string {
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

/**
 * One process per data directory. PGlite has no lock of its own and two
 * processes writing the same files corrupt them, so the server takes a lock
 * file holding its pid before opening the database, and refuses to start
 * while another live process holds it. A lock left by a crashed process
 * (kill -9, power loss) is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";

export class DataDirLockedError extends Error {}

/** Lock files held by this process, so a second open in the same process is refused too. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function ownerPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The pid of the live process holding a data directory's lock, if any; a
 * lock left by a process that died does not count.
 * @example lockHolder("data/db.lock") // 4242 while a server runs on data/
 */
export function lockHolder(file: string): number | undefined {
  const pid = ownerPid(file);
  return pid !== undefined && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

/**
 * Takes the lock or throws DataDirLockedError; returns the release function.
 * @example const release = acquireLock("data/db.lock", "data");
 */
export function acquireLock(file: string, dataDir: string): () => void {
  if (held.has(file)) throw new DataDirLockedError(`DATA_DIR ${dataDir} is already open in this process.`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(file);
      // Any orderly exit drops the lock, even one that skips closing the database (Vite's own SIGTERM handler in dev).
      const onExit = () => rmSync(file, { force: true });
      process.once("exit", onExit);
      return () => {
        process.off("exit", onExit);
        held.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = ownerPid(file);
      // Our own pid in a file we do not hold is a leftover of an earlier run (containers reuse pids).
      if (pid !== undefined && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is in use by another running server (pid ${pid}); stop it or set another DATA_DIR.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`DATA_DIR ${dataDir} is being opened by another process at the same moment.`);
}

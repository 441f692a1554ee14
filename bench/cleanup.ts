/**
 * Everything the bench starts (servers, nginx, Chromium, temp dirs) registers
 * how to undo itself here, so a failure or Ctrl-C never leaves a process on a
 * port or a directory in /tmp.
 */
type Undo = () => void | Promise<void>;

const undos: Undo[] = [];
/** Last-chance synchronous kills for the `exit` event, where nothing async runs. */
const pids = new Set<number>();

/** Registers an undo step; the returned function runs it once and unregisters it. */
export function onCleanup(undo: Undo): () => Promise<void> {
  undos.push(undo);
  return async () => {
    const index = undos.indexOf(undo);
    if (index === -1) return;
    undos.splice(index, 1);
    await undo();
  };
}

export function trackPid(pid: number) {
  pids.add(pid);
}

export function untrackPid(pid: number) {
  pids.delete(pid);
}

let stopping = false;

/** True once cleanup began: nothing new (a relaunched browser, say) may start after that. */
export const isStopping = () => stopping;

/** Undoes everything still registered, newest first; one failing step does not stop the others. */
export async function cleanupAll() {
  stopping = true;
  while (undos.length > 0) {
    const undo = undos.pop() as Undo;
    try {
      await undo();
    } catch (error) {
      console.error("Cleanup step failed:", error instanceof Error ? error.message : error);
    }
  }
}

let installed = false;

/** Ctrl-C and SIGTERM clean up before exiting; a normal exit kills any process left over. */
export function installSignalHandlers() {
  if (installed) return;
  installed = true;
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the bench and cleaning up…`);
      void cleanupAll().finally(() => process.exit(code));
    });
  }
  process.on("exit", () => {
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  });
}

/**
 * A bench command's entry: runs `main`, whose number is the exit code, says why when it throws (exit 2),
 * then undoes everything registered and exits. After Ctrl-C the signal handler is already cleaning up and exits when
 * done: a second `cleanupAll` here would find its list emptied mid-step and exit before the temp dirs are gone.
 * @example await runBench("The search bench", main);
 */
export async function runBench(what: string, main: () => Promise<number>): Promise<void> {
  let code = 2;
  try {
    code = await main();
  } catch (error) {
    if (!stopping) console.error(`${what} could not finish: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    if (!stopping) {
      await cleanupAll();
      process.exit(code);
    }
  }
}

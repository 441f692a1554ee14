/**
 * The background worker every queue of the server runs on (contact e-mails,
 * the newsletter; a future one the same way): a round now, then one every
 * `pollMs`, one more at once when woken, never two at a time, and none after
 * `stop`, which waits for a round in progress so the database can close
 * after it. A round that hit a limit says when to come back, and is run again
 * then rather than at the next poll.
 *
 * The rows a round sends are claimed with a lease (`FOR UPDATE SKIP LOCKED`,
 * their next attempt moved a lease ahead, renewed before each send), so
 * several processes and servers may run the same worker on one database;
 * `drainClaims` is that loop.
 */
import { logError } from "../log.server.ts";

export interface PollingWorker {
  /** Runs a round now (new work need not wait for the next poll). */
  wake(): void;
  /** Stops polling and waits for a round in progress. */
  stop(): Promise<void>;
}

export interface PollingWorkerOptions {
  /** Named in the log line of a failed round ("the newsletter worker"). */
  name: string;
  pollMs: number;
  /** One round; `resumeInMs` asks for the next one that much later. */
  round: () => Promise<{ resumeInMs?: number } | undefined>;
  /** Runs once the worker has stopped (closes its SMTP connection). */
  onStop?: () => void;
}

/** @example const worker = startPollingWorker({ name: "the contact e-mail worker", pollMs: 30_000, round }); worker.wake(); */
export function startPollingWorker(options: PollingWorkerOptions): PollingWorker {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let resume: ReturnType<typeof setTimeout> | undefined;

  const round = () => {
    if (stopped) return;
    // A wake during a round runs one more round after it, so nothing waits for the next poll.
    if (running) {
      again = true;
      return;
    }
    running = options
      .round()
      .then((outcome) => {
        const resumeInMs = outcome?.resumeInMs;
        if (resumeInMs === undefined || stopped) return;
        clearTimeout(resume);
        resume = setTimeout(round, resumeInMs);
        resume.unref();
      })
      .catch((error: unknown) => logError(`${capitalized(options.name)} failed a round:`, error))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          round();
        }
      });
  };

  const timer = setInterval(round, options.pollMs);
  timer.unref();
  round();
  return {
    wake: round,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(resume);
      while (running) await running;
      options.onStop?.();
    },
  };
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Claims batches of `size` until one comes back short, handing each claimed
 * row to `handle`. A handle that answers a number (a wait the rate asks for)
 * ends the drain: the rows of the batch not handled yet go to `release`.
 * @returns the wait that ended the drain, if one did
 */
export async function drainClaims<Row>(options: {
  size: number;
  claim: () => Promise<Row[]>;
  handle: (row: Row) => Promise<number | undefined>;
  release?: (rest: Row[], waitMs: number) => Promise<void>;
}): Promise<{ resumeInMs?: number }> {
  for (;;) {
    const batch = await options.claim();
    for (const [index, row] of batch.entries()) {
      const waitMs = await options.handle(row);
      if (waitMs !== undefined) {
        await options.release?.(batch.slice(index), waitMs);
        return { resumeInMs: waitMs };
      }
    }
    if (batch.length < options.size) return {};
  }
}

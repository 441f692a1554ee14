/**
 * Scheduled posts go out at their time by themselves. A scheduled post is
 * stored published with its `published_at` ahead, and every public query
 * shows it only from then on (`publicNow`); what must happen at that moment
 * is that pages rendered and kept before it (the response cache) are
 * forgotten, with no visitor's request needed to notice. Each server runs
 * this on its own, so servers sharing one database each forget their own
 * pages: the database is read every `pollMs` for the next due time, and a
 * timer fires at it.
 */
import type { Database } from "../db/client.server.ts";
import { logError } from "../log.server.ts";
import { invalidatePublicPages } from "./page-cache.server.ts";
import { nextScheduledPublication } from "./visibility.server.ts";

export interface SchedulerOptions {
  /** How often the next due time is read again (another server may have scheduled one). */
  pollMs?: number;
  /** What to do when a post goes out; by default, forget the cached public pages. */
  onDue?: () => void;
  now?: () => number;
}

/** A post due within this margin is treated as due: clocks of the server and the database differ by a little. */
const RETRY_MS = 250;

/**
 * Starts watching for scheduled posts; `stop()` at shutdown. A schedule is at
 * least `SCHEDULE_MIN_LEAD_MS` (30 s) ahead when saved, more than `pollMs`:
 * the next reading always comes before it is due.
 */
export function startScheduledPublishing(db: Database, options: SchedulerOptions = {}) {
  const { pollMs = 10_000, onDue = invalidatePublicPages, now = Date.now } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let lastDue: number | undefined;

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(check, delay);
    timer.unref();
  };

  async function check() {
    let next: Date | undefined;
    try {
      next = await nextScheduledPublication(db);
    } catch (error) {
      logError("Reading the next scheduled post failed:", error);
      schedule(pollMs);
      return;
    }
    const due = next?.getTime();
    // The last due time passed and the database no longer lists it as ahead: it went out.
    if (lastDue !== undefined && (due === undefined || due > lastDue)) onDue();
    lastDue = due;
    if (due === undefined) return schedule(pollMs);
    // Still ahead in the database's clock: look again at that time (or shortly, once it has passed here).
    const wait = due - now();
    schedule(wait > 0 ? Math.min(wait, pollMs) : RETRY_MS);
  }

  void check();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** The element an event happened in, or its nearest ancestor, that matches `selector`. */
export function closestTarget<T extends Element = HTMLElement>(event: Event, selector: string): T | null {
  const target = event.target;
  return target instanceof Element ? target.closest<T>(selector) : null;
}

/**
 * Runs `task` as a task of its own, queued behind the current one (or `delay`
 * milliseconds later): a task of the Scheduler API at `priority` (a timer
 * where the API is missing). Not `requestAnimationFrame`: a page under a faked
 * clock (tests that stop time) would never run it; nor would it run a
 * page's own timer, which such a clock replaces.
 */
export function queueTask(task: () => void, priority: "user-visible" | "background", delay = 0): void {
  if (typeof scheduler !== "undefined" && typeof scheduler.postTask === "function")
    void scheduler.postTask(task, { priority, delay });
  else window.setTimeout(task, delay);
}

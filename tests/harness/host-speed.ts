/**
 * How slow this host is, measured once per run, and time limits scaled by it.
 *
 * A test waits for the state it checks; its time limit only says when to give
 * up on a hang. Machines of the same kind differ up to 4x in speed from one
 * day to the next, and a limit that holds on a fast host fails a slow one, so
 * every limit in the suite is written as it holds on a fast host and passed
 * through `limit()`, which stretches it by this host's measured slowness.
 *
 * The measure: a fixed piece of JavaScript work of the kind the suite does
 * (building, serializing and matching text), timed a few times; the fastest
 * try against the same work on a fast host of this kind. The suite measures
 * once and hands the factor to every process it starts (TEST_HOST_FACTOR), so
 * the browser tests, the server tests and the scenarios share it.
 */
import { createHash } from "node:crypto";

/**
 * The work below, in milliseconds, on a fast host of this kind: Lighthouse's
 * benchmark index about 4,200. Measured on a host of index 2,600–2,900, idle:
 * 13.4–15.2 ms at the fastest, so about 9 ms at 4,200.
 */
const FAST_HOST_MS = 9;

/** Limits are never shortened below what they are written as, nor stretched past this. */
const MAX_FACTOR = 8;

/** A fixed amount of work: JSON, regular expressions and hashing over a few thousand small records. */
function work(): number {
  let checksum = 0;
  for (let round = 0; round < 4; round++) {
    const records = Array.from({ length: 4000 }, (_, i) => ({
      id: i,
      slug: `post-${i}-${round}`,
      tags: ["a", "b", `t${i % 7}`],
    }));
    const text = JSON.stringify(records);
    const parsed = JSON.parse(text) as typeof records;
    checksum += parsed.filter((record) => /-[13579]-/.test(record.slug)).length;
    checksum += createHash("sha256").update(text).digest()[0] ?? 0;
  }
  return checksum;
}

/** This host's slowness against a fast host of its kind, at least 1: the fastest of a few timed tries. */
export function measureHostFactor(tries = 5): number {
  work(); // once untimed: the first run also compiles the code
  let fastest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < tries; i++) {
    const start = performance.now();
    work();
    fastest = Math.min(fastest, performance.now() - start);
  }
  return Math.min(MAX_FACTOR, Math.max(1, fastest / FAST_HOST_MS));
}

/**
 * The factor of this run: TEST_HOST_FACTOR when the suite measured it already,
 * measured (and set for the processes this one starts) otherwise.
 */
export function hostFactor(): number {
  const given = Number(process.env.TEST_HOST_FACTOR);
  if (Number.isFinite(given) && given >= 1) return given;
  const factor = Math.round(measureHostFactor() * 100) / 100;
  process.env.TEST_HOST_FACTOR = String(factor);
  return factor;
}

/**
 * A time limit written as it holds on a fast host, stretched for this one.
 * @example test.setTimeout(limit(120_000)) // 120 s here, 360 s on a host three times slower
 */
export function limit(ms: number): number {
  return Math.round(ms * hostFactor());
}

/**
 * Reads until `ok` holds (every 100 ms), failing after `limit(timeoutMs)` with what it last saw: a state waited for,
 * not a time.
 * @example await until("the avatar", () => page(), (html) => html.includes("<img"));
 */
export async function until<T>(
  what: string,
  read: () => T | Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + limit(timeoutMs);
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`Waited for ${what}; last saw ${JSON.stringify(value)?.slice(0, 500) ?? String(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

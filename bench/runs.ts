/**
 * What the bench makes of several Lighthouse runs of one page: the medians,
 * the lowest scores, the run that speaks for the page, and the rule that
 * keeps a run taken on a different machine (a CPU suddenly shared with other
 * work) out of them.
 */
import { type Category, categories, type LighthouseRun, type Metric, metrics } from "./lighthouse.ts";
import type { PageResult } from "./results.ts";
import { median, round } from "./stats.ts";

/** A run whose benchmark index is further than this from the reference (as a fraction of it) is repeated. */
export const INDEX_TOLERANCE = 0.3;

/** Repeats of one run at most, so a machine that stays busy still ends the bench. */
export const MAX_REPEATS = 2;

/** Per category and per metric, the median over the runs that completed. */
export function medians(runs: readonly LighthouseRun[]): PageResult["median"] {
  const done = runs.filter((run) => !run.error);
  const scores: PageResult["median"]["scores"] = {};
  for (const category of categories) {
    const value = median(done.flatMap((run) => run.scores[category] ?? []));
    if (value !== undefined) scores[category] = value;
  }
  const values: PageResult["median"]["metrics"] = {};
  for (const key of Object.keys(metrics) as Metric[]) {
    const value = median(done.flatMap((run) => run.metrics[key] ?? []));
    if (value !== undefined) values[key] = round(value, key === "cls" ? 4 : 1);
  }
  return { scores, metrics: values };
}

/** Lowest score of any single run; a run that failed counts as 0. */
export function minScores(runs: readonly LighthouseRun[]): Partial<Record<Category, number>> {
  const lowest: Partial<Record<Category, number>> = {};
  for (const category of categories) lowest[category] = Math.min(...runs.map((run) => run.scores[category] ?? 0));
  return lowest;
}

/** The completed run whose performance score is the median one: its log and findings speak for the page. */
export function representative(runs: readonly LighthouseRun[]): LighthouseRun | undefined {
  const done = runs.filter((run) => !run.error);
  const sorted = [...done].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Probe runs before the measured ones; the calibration takes the fastest (see referenceIndex). */
export const PROBE_RUNS = 3;

/**
 * The reference index of a bench run from its probe runs: the highest one.
 * Other work on the machine only ever lowers the index, so the highest probe
 * is the closest to the machine itself; undefined when no probe had one.
 * @example referenceIndex([1260, undefined, 2700]) // 2700
 */
export function referenceIndex(indexes: readonly (number | undefined)[]): number | undefined {
  const known = indexes.filter((index): index is number => index !== undefined);
  return known.length === 0 ? undefined : Math.max(...known);
}

/**
 * How far an index moved from the reference, as a fraction of the reference.
 * @example indexDrift(1000, 1400) // 0.4
 */
export function indexDrift(reference: number, index: number): number {
  return Math.abs(index - reference) / reference;
}

/** A run kept after the index check, with what it took to get it. */
export interface SteadyRun<T> {
  run: T;
  /** Runs thrown away before this one because their index had moved. */
  repeats: number;
  /** The thrown-away runs' indexes, for the report. */
  discardedIndexes: number[];
  /** The kept run's index is still out of tolerance: the repeats ran out. */
  unsteady: boolean;
}

/**
 * Runs `measure` until its benchmark index is within `tolerance` of the
 * reference (the first index of the bench run), at most `maxRepeats` times
 * more. A run without an index (a failed run) is kept as it is: the caller's
 * own retry deals with failures. Without a reference every run is kept.
 */
export async function runSteady<T extends { benchmarkIndex?: number | undefined }>(
  measure: () => Promise<T>,
  reference: number | undefined,
  options: { tolerance?: number; maxRepeats?: number } = {},
): Promise<SteadyRun<T>> {
  const tolerance = options.tolerance ?? INDEX_TOLERANCE;
  const maxRepeats = options.maxRepeats ?? MAX_REPEATS;
  const discardedIndexes: number[] = [];
  for (;;) {
    const run = await measure();
    const index = run.benchmarkIndex;
    const moved = reference !== undefined && index !== undefined && indexDrift(reference, index) > tolerance;
    if (!moved || discardedIndexes.length >= maxRepeats) {
      return { run, repeats: discardedIndexes.length, discardedIndexes, unsteady: moved };
    }
    discardedIndexes.push(index as number);
  }
}

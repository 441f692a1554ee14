/**
 * How much Lighthouse should slow the CPU so that this machine behaves like
 * the phone its mobile preset stands for. Lighthouse's fixed default (4x)
 * assumes a desktop of a given speed; on a faster or slower host the same 4x
 * simulates a faster or slower phone. Lighthouse measures the host on every
 * run (`environment.benchmarkIndex`) and its CPU throttling calculator turns
 * that index into a multiplier. The calculator is not part of the lighthouse
 * package, so its formula is written out here; `tests/unit/bench-throttling.test.ts`
 * holds it to the calculator's anchor points.
 */

/** Below this index the calculator declines: the host is slower than the phone to emulate. */
export const SLOWEST_INDEX = 150;

/** Lighthouse's own default for its mobile preset, used when no index could be read. */
export const DEFAULT_CPU_SLOWDOWN = 4;

/**
 * The CPU slowdown for a benchmark index, piecewise linear through the
 * calculator's anchor points: 1x at 150, 2x at 800, 3x at 1,300, then one
 * more for every 233 above 1,300 (4x at 1,533, 5x at 1,766, 6x at 2,000).
 * Undefined below 150 or for an index that is not a finite number.
 * @example cpuSlowdownFor(1300) // 3
 */
export function cpuSlowdownFor(benchmarkIndex: number): number | undefined {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < SLOWEST_INDEX) return undefined;
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return 1 + (benchmarkIndex - SLOWEST_INDEX) / 650;
}

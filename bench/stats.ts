/** Small numeric helpers shared by the measurements. */

/**
 * The middle value (the mean of the two middle ones for an even count).
 * @example median([3, 1, 2]) // 2
 */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] as number;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] as number) + upper) / 2;
}

/**
 * The nearest-rank percentile of values sorted in ascending order; 0 for none.
 * @example percentile([1, 2, 3, 4], 50) // 2
 */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** The entry whose value is highest (or lowest), with its value; undefined entries are skipped. */
export function extreme<T>(
  items: readonly T[],
  value: (item: T) => number | undefined,
  direction: "max" | "min",
): { item: T; value: number } | undefined {
  let best: { item: T; value: number } | undefined;
  for (const item of items) {
    const v = value(item);
    if (v === undefined || Number.isNaN(v)) continue;
    if (!best || (direction === "max" ? v > best.value : v < best.value)) best = { item, value: v };
  }
  return best;
}

export const kib = (bytes: number) => bytes / 1024;
export const mib = (bytes: number) => bytes / (1024 * 1024);
export const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

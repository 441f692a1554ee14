/**
 * What one bench run measures and how hard, read once from the environment.
 * The defaults are the release gate; the overrides exist so a developer can
 * get a quick signal on a 2-core machine without waiting for the full run.
 */
export interface BenchOptions {
  /** Lighthouse runs per page; the median decides (BENCH_RUNS, default 3). */
  runs: number;
  /** "full": every public page in both languages; "quick": a representative subset (BENCH_ROUTES). */
  routes: "full" | "quick";
  /** Seconds of load per throughput target (BENCH_DURATION, default 10). */
  durationSeconds: number;
  /** Concurrent connections for the throughput runs (BENCH_CONNECTIONS, default 50). */
  connections: number;
  /** Where the bench builds the site (BENCH_BUILD_DIR, default build-bench). */
  buildDir: string;
  /** PostgreSQL to measure as well as the embedded database (DATABASE_URL). */
  databaseUrl: string | undefined;
}

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number >= 1, got "${raw}"`);
  return value;
}

export function readOptions(): BenchOptions {
  const routes = process.env.BENCH_ROUTES || "full";
  if (routes !== "full" && routes !== "quick")
    throw new Error(`BENCH_ROUTES must be "full" or "quick", got "${routes}"`);
  return {
    runs: positiveInteger("BENCH_RUNS", 3),
    routes,
    durationSeconds: positiveInteger("BENCH_DURATION", 10),
    connections: positiveInteger("BENCH_CONNECTIONS", 50),
    buildDir: process.env.BENCH_BUILD_DIR || "build-bench",
    databaseUrl: process.env.DATABASE_URL || undefined,
  };
}

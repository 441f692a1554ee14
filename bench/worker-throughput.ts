/**
 * Throughput of the production server on PostgreSQL with one worker and with
 * one per core (WEB_CONCURRENCY), on the bench's load targets. Shared by
 * `npm run bench:workers` (bench/workers.ts), which prints it, and `npm run
 * bench`, which adds it to the report when DATABASE_URL is set.
 */
import os from "node:os";
import { type LoadResult, loadTest } from "./load.ts";
import { encodePath, loadTargets } from "./routes.ts";
import { startServer } from "./server.ts";
import { round, sleep } from "./stats.ts";

/** One target under load with a given number of workers. */
export interface WorkerThroughput {
  workers: number;
  /** The load target's name in `loadTargets` (static, post, notFound). */
  target: keyof typeof loadTargets;
  result: LoadResult;
}

/** One worker, then one per core (just one run on a single-core machine). */
export const workerCounts = () => [...new Set([1, os.availableParallelism()])];

/** Measures every load target with each count of workers in turn, on a server that shares `dataDir`. */
export async function measureWorkers(settings: {
  buildDir: string;
  dataDir: string;
  databaseUrl: string;
  connections: number;
  durationSeconds: number;
  counts?: readonly number[];
}): Promise<WorkerThroughput[]> {
  const rows: WorkerThroughput[] = [];
  for (const workers of settings.counts ?? workerCounts()) {
    const server = await startServer({
      buildDir: settings.buildDir,
      dataDir: settings.dataDir,
      databaseUrl: settings.databaseUrl,
      workers,
    });
    try {
      // Every worker started (one answering is enough for startServer), then each target fetched once.
      const deadline = Date.now() + 60_000;
      while ((server.child.output().match(/Site ready at/g)?.length ?? 0) < workers && Date.now() < deadline)
        await sleep(100);
      for (const target of Object.values(loadTargets)) await fetch(`${server.origin}${target}`).then((r) => r.text());
      for (const [name, target] of Object.entries(loadTargets) as [keyof typeof loadTargets, string][]) {
        const result = await loadTest(`${server.origin}${encodePath(target)}`, {
          connections: settings.connections,
          durationSeconds: settings.durationSeconds,
        });
        console.info(
          `  ${workers} worker(s), ${name} (${target}): ${round(result.requestsPerSecond)} req/s, p50 ${result.latencyP50} ms, p99 ${result.latencyP99} ms`,
        );
        rows.push({ workers, target: name, result });
      }
    } finally {
      await server.child.stop();
    }
  }
  return rows;
}

/** The rows as a Markdown table: workers, target, req/s, p50, p99. */
export function workersTable(rows: readonly WorkerThroughput[]): string {
  return [
    "| workers | target | req/s | p50 ms | p99 ms |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map(
      (row) =>
        `| ${row.workers} | ${row.target} (\`${loadTargets[row.target]}\`) | ${round(row.result.requestsPerSecond)} | ${row.result.latencyP50} | ${row.result.latencyP99} |`,
    ),
  ].join("\n");
}

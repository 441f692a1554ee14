/**
 * `npm run bench:workers`: throughput of the production server on PostgreSQL
 * (DATABASE_URL) with one worker and with WEB_CONCURRENCY at one per core,
 * on the bench's load targets (bench/worker-throughput.ts, which `npm run
 * bench` also reports). A scenario of its own: it builds BENCH_BUILD_DIR
 * (default build-bench) when missing, uses a new temporary data directory,
 * and prints a table; nothing is written. BENCH_DURATION and
 * BENCH_CONNECTIONS apply as in the bench.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { serverEntry } from "../runtime/node-flags.ts";
import { buildSite } from "./build.ts";
import { installSignalHandlers, runBench } from "./cleanup.ts";
import { readOptions } from "./options.ts";
import { measureWorkers, workersTable } from "./worker-throughput.ts";

async function main(): Promise<number> {
  installSignalHandlers();
  const options = readOptions();
  if (!options.databaseUrl) {
    console.error("Set DATABASE_URL: several workers run on PostgreSQL only (the embedded database is one process).");
    return 2;
  }
  if (!existsSync(serverEntry(options.buildDir))) await buildSite(options.buildDir);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "portfolio-bench-workers-"));
  try {
    const rows = await measureWorkers({
      buildDir: options.buildDir,
      dataDir,
      databaseUrl: options.databaseUrl,
      connections: options.connections,
      durationSeconds: options.durationSeconds,
    });
    console.info(
      `\n${os.availableParallelism()} cores, ${options.connections} connections, ${options.durationSeconds} s per target\n`,
    );
    console.info(workersTable(rows));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return 0;
}

await runBench("The measurement", main);

/**
 * `npm run bench:workers`: throughput of the production server on PostgreSQL
 * (DATABASE_URL) with one worker and with WEB_CONCURRENCY at one per core,
 * on the bench's load targets. A scenario of its own, apart from `npm run
 * bench`: it builds BENCH_BUILD_DIR (default build-bench) when missing, uses
 * a new temporary data directory, and prints a table; nothing is written.
 * BENCH_DURATION and BENCH_CONNECTIONS apply as in the bench.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { serverEntry } from "../server/node-flags.ts";
import { buildSite } from "./build.ts";
import { cleanupAll, installSignalHandlers } from "./cleanup.ts";
import { loadTest } from "./load.ts";
import { readOptions } from "./options.ts";
import { encodePath, loadTargets } from "./routes.ts";
import { startServer } from "./server.ts";
import { round, sleep } from "./stats.ts";

async function main(): Promise<number> {
  installSignalHandlers();
  const options = readOptions();
  if (!options.databaseUrl) {
    console.error("Set DATABASE_URL: several workers run on PostgreSQL only (the embedded database is one process).");
    return 2;
  }
  if (!existsSync(serverEntry(options.buildDir))) await buildSite(options.buildDir);
  const cores = os.availableParallelism();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "portfolio-bench-workers-"));
  const rows: string[] = [];
  try {
    for (const workers of [...new Set([1, cores])]) {
      const server = await startServer({
        buildDir: options.buildDir,
        dataDir,
        databaseUrl: options.databaseUrl,
        workers,
      });
      try {
        // Every worker started (one answering is enough for startServer), then each target fetched once.
        const deadline = Date.now() + 60_000;
        while ((server.child.output().match(/Site ready at/g)?.length ?? 0) < workers && Date.now() < deadline)
          await sleep(100);
        for (const target of Object.values(loadTargets)) await fetch(`${server.origin}${target}`).then((r) => r.text());
        for (const [name, target] of Object.entries(loadTargets)) {
          const result = await loadTest(`${server.origin}${encodePath(target)}`, {
            connections: options.connections,
            durationSeconds: options.durationSeconds,
          });
          const row = `| ${workers} | ${name} (${target}) | ${round(result.requestsPerSecond)} | ${result.latencyP50} | ${result.latencyP99} |`;
          console.info(row);
          rows.push(row);
        }
      } finally {
        await server.child.stop();
      }
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  console.info(`\n${cores} cores, ${options.connections} connections, ${options.durationSeconds} s per target\n`);
  console.info("| workers | target | req/s | p50 ms | p99 ms |\n| --- | --- | --- | --- | --- |");
  for (const row of rows) console.info(row);
  return 0;
}

let code = 2;
try {
  code = await main();
} catch (error) {
  console.error(`The measurement could not finish: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await cleanupAll();
}
process.exit(code);

/**
 * What a backup of the embedded database costs while the site runs: 500
 * published posts (the search bench's) and 20 images of 100 KB on disk, the
 * production server on them, and `npm run backup` asking it for a backup
 * while a client keeps requesting `/readyz` (a query, so it waits for the
 * database) and a cached article, one request at a time. Prints the
 * backup's time and size, the slowest requests before and during it, and
 * the time to restore it into an empty data directory.
 *
 * Not part of `npm run bench`: `node bench/backup.ts`, on the build in
 * BENCH_BUILD_DIR (built first when there is none). Decision 025.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { listBackups } from "../backups/backup.ts";
import { buildSite, toolEnv } from "./build.ts";
import { installSignalHandlers, onCleanup, runBench } from "./cleanup.ts";
import { readOptions } from "./options.ts";
import { seed } from "./search.ts";
import { startServer } from "./server.ts";
import { round } from "./stats.ts";

const run = promisify(execFile);
const IMAGES = 20;
const IMAGE_BYTES = 100_000;

interface Probe {
  at: number;
  ms: number;
}

/** Requests `pathname` again and again, one at a time, until stopped; each one's start and duration. */
function probe(origin: string, pathname: string) {
  let stopped = false;
  const times: Probe[] = [];
  const loop = (async () => {
    while (!stopped) {
      const at = performance.now();
      const response = await fetch(`${origin}${pathname}`);
      await response.arrayBuffer();
      times.push({ at, ms: performance.now() - at });
    }
  })();
  return {
    times,
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

const worst = (times: Probe[], from: number, to: number) =>
  round(Math.max(0, ...times.filter((time) => time.at >= from && time.at < to).map((time) => time.ms)), 1);

async function main(): Promise<number> {
  installSignalHandlers();
  const buildDir = path.resolve(readOptions().buildDir);
  if (!existsSync(path.join(buildDir, "server", "main.js"))) {
    console.info(`No build in ${buildDir}; building…`);
    await buildSite(buildDir);
  }
  const workDir = await mkdtemp(path.join(os.tmpdir(), "portfolio-bench-backup-"));
  onCleanup(() => rm(workDir, { recursive: true, force: true }));
  const dataDir = path.join(workDir, "data");
  const backupDir = path.join(workDir, "backups");
  await seed(dataDir);
  for (let index = 0; index < IMAGES; index++) {
    const file = path.join(dataDir, "uploads", "blog-images", "bench", `image-${index}.webp`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, randomBytes(IMAGE_BYTES));
  }
  const server = await startServer({ buildDir, dataDir, env: { BACKUP_INTERVAL: "off" } });
  const env = toolEnv({ DATA_DIR: dataDir, BACKUP_DIR: backupDir, DATABASE_URL: "", STORAGE_DRIVER: "disk" });
  try {
    await fetch(`${server.origin}/blog/post-1`).then((response) => response.arrayBuffer());
    // Two clients at once: one whose requests query the database, one reading a cached article.
    const database = probe(server.origin, "/readyz");
    const cached = probe(server.origin, "/blog/post-1");
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const started = performance.now();
    const backup = await run(process.execPath, ["tools/commands/backup.ts"], { env });
    const backupMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await Promise.all([database.stop(), cached.stop()]);
    const [file] = await listBackups(backupDir);
    if (!file || !backup.stdout.includes("Taken by the running server.")) throw new Error(backup.stdout);
    const restoreStarted = performance.now();
    await run(process.execPath, ["tools/commands/restore.ts", file], {
      env: { ...env, DATA_DIR: path.join(workDir, "restored") },
    });
    const restoreMs = performance.now() - restoreStarted;
    console.info(
      JSON.stringify(
        {
          posts: 500,
          images: IMAGES,
          imageBytes: IMAGES * IMAGE_BYTES,
          backupSeconds: round(backupMs / 1000, 2),
          server: backup.stdout.split("\n").find((line) => line.startsWith("database read in")),
          backupBytes: statSync(file).size,
          slowestQueryBeforeMs: worst(database.times, 0, started),
          slowestQueryDuringMs: worst(database.times, started, started + backupMs),
          slowestCachedPageBeforeMs: worst(cached.times, 0, started),
          slowestCachedPageDuringMs: worst(cached.times, started, started + backupMs),
          loadAverage: os.loadavg().map((value) => round(value, 1)),
          restoreSeconds: round(restoreMs / 1000, 2),
        },
        null,
        2,
      ),
    );
  } finally {
    await server.child.stop();
  }
  return 0;
}

if (import.meta.main) await runBench("The backup bench", main);

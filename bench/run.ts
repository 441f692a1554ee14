/**
 * `npm run bench`: builds the production site, serves it on loopback, and
 * measures it against its budgets (bench/budgets.ts). Writes `bench/report.md` and
 * `bench/results/latest.json`; exits 1 when a budget fails, 2 when the bench
 * itself could not finish.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { actorPath } from "../app/server/fediverse/handles.server.ts";
import { fullBenchSettings } from "../config/bench.ts";
import { settingsOrExit } from "../config/read.ts";
import { checkBudgets } from "./budgets.ts";
import { buildSite } from "./build.ts";
import { installSignalHandlers, onCleanup, runBench } from "./cleanup.ts";
import { measureFlood } from "./flood.ts";
import { startFloorServer, writeFloorSite } from "./floor.ts";
import { ensureChromium } from "./lighthouse.ts";
import { type LoadResult, loadTest } from "./load.ts";
import { describeMachine, noteLoad } from "./machine.ts";
import { describeMixed, measureMixed } from "./mixed.ts";
import { ensureNginx, nginxVersion, startNginx } from "./nginx.ts";
import { measurePages } from "./pages.ts";
import { memoryOf } from "./processes.ts";
import { renderReport } from "./report.ts";
import type { BenchResults, LoadResults, ServerResources } from "./results.ts";
import { benchPaths, encodePath, loadTargets } from "./routes.ts";
import { measureSearch } from "./search.ts";
import { type RunningServer, type ServerSettings, startServer } from "./server.ts";
import { mib, round, sleep } from "./stats.ts";
import { measureWorkers, type WorkerThroughput } from "./worker-throughput.ts";

const REPORT = "bench/report.md";
const JSON_OUT = "bench/results/latest.json";

/** Both figures of startup: on a new database, then again on the database that first start created. */
async function startTwice(settings: ServerSettings, engine: ServerResources["engine"]) {
  const first = await startServer(settings);
  await first.child.stop();
  const server = await startServer(settings);
  console.info(
    `${engine}: first start ${round(first.startMs)} ms, cold start with the database in place ${round(server.startMs)} ms`,
  );
  return { server, firstStartMs: first.startMs };
}

/** RSS once the server has served each kind of page and gone quiet. */
async function rssAtRest(server: RunningServer): Promise<number> {
  for (const target of Object.values(loadTargets)) {
    await fetch(`${server.origin}${target}`).then((response) => response.arrayBuffer());
  }
  await sleep(2000);
  return memoryOf(server.child.pid)?.rss ?? 0;
}

/**
 * RSS once the fediverse has been asked for: an account and a post as ActivityPub, which load Fedify (about 50 MB,
 * on first use: decision 095), then quiet. What a server that other servers follow holds.
 */
async function rssWithFediverse(server: RunningServer): Promise<number | undefined> {
  for (const target of [actorPath("pt"), loadTargets.post]) {
    const response = await fetch(`${server.origin}${target}`, { headers: { Accept: "application/activity+json" } });
    await response.arrayBuffer();
    // FEDERATION=off in the bench's environment: there is no fediverse to load.
    if (response.status === 404) return undefined;
    if (response.status !== 200) throw new Error(`${target} as ActivityPub answered ${response.status}`);
  }
  await sleep(2000);
  return memoryOf(server.child.pid)?.rss ?? 0;
}

/** nginx with `workers` worker processes under the static target's load. */
async function nginxStatic(
  nginx: string,
  clientDir: string,
  tempDir: string,
  workers: number,
  load: { connections: number; durationSeconds: number },
): Promise<LoadResult & { brotliStatic: boolean }> {
  const nginxServer = await startNginx(nginx, clientDir, tempDir, workers);
  try {
    const result = await loadTest(`${nginxServer.origin}${loadTargets.static}`, load);
    console.info(
      `  nginx, ${workers} worker(s), precompressed gzip${nginxServer.brotliStatic ? " and brotli" : ""}, ${loadTargets.static}: ${round(result.requestsPerSecond)} req/s`,
    );
    return { ...result, brotliStatic: nginxServer.brotliStatic };
  } finally {
    await nginxServer.child.stop();
  }
}

async function main(): Promise<number> {
  installSignalHandlers();
  const began = performance.now();
  const options = settingsOrExit(fullBenchSettings);
  const chromium = ensureChromium();
  const nginx = ensureNginx(options.nginxPath);
  const meta = describeMachine(chromium, nginxVersion(nginx));
  const tempDir = await mkdtemp(path.join(os.tmpdir(), "portfolio-bench-"));
  onCleanup(() => rm(tempDir, { recursive: true, force: true }));
  const buildDir = path.resolve(options.buildDir);
  const clientDir = path.join(buildDir, "client");
  const load = { connections: options.connections, durationSeconds: options.durationSeconds };

  noteLoad("build");
  console.info(`Building the production site into ${options.buildDir}…`);
  const buildMs = await buildSite(buildDir);
  console.info(`Built in ${round(buildMs / 1000, 1)} s`);

  const embeddedSettings = { buildDir, dataDir: path.join(tempDir, "data") };
  const { server, firstStartMs } = await startTwice(embeddedSettings, "embedded (PGlite)");
  const embeddedRest = await rssAtRest(server);

  noteLoad("lighthouse");
  const paths = benchPaths(options.routes);
  console.info(`Floor: ${paths.length} pages without their scripts, served by the site's static-file layer…`);
  const floorDir = path.join(tempDir, "floor");
  await writeFloorSite(server.origin, paths, clientDir, floorDir);
  const floor = await startFloorServer(floorDir);
  console.info(
    `Lighthouse: ${paths.length} pages and their floors x ${options.runs} run(s), at the calibrated slowdown${options.fixedSlowdowns.length > 0 ? ` and the pages again at ${options.fixedSlowdowns.map((x) => `${x}x`).join(", ")}` : ""}…`,
  );
  let measured: Awaited<ReturnType<typeof measurePages>>;
  try {
    measured = await measurePages(
      server.origin,
      paths,
      options.runs,
      clientDir,
      floor.origin,
      options.lhrDir,
      options.fixedSlowdowns,
    );
  } finally {
    await floor.child.stop();
  }
  const { pages, calibration } = measured;

  noteLoad("throughput");
  console.info("Throughput…");
  const pid = server.child.pid;
  const ours = async (target: string) => {
    const result = await loadTest(`${server.origin}${encodePath(target)}`, { ...load, pid });
    console.info(
      `  ${target}: ${round(result.requestsPerSecond)} req/s, p50 ${result.latencyP50} ms, p99 ${result.latencyP99} ms`,
    );
    return result;
  };
  const staticLoad = await ours(loadTargets.static);
  const postLoad = await ours(loadTargets.post);
  const notFoundLoad = await ours(loadTargets.notFound);
  const embeddedFediverse = await rssWithFediverse(server);
  const embeddedPeak = memoryOf(pid)?.peak ?? 0;
  await server.child.stop();

  const nginxLoad = await nginxStatic(nginx, clientDir, tempDir, 1, load);

  noteLoad("search");
  console.info("Blog search…");
  const search = await measureSearch(buildDir, tempDir);
  console.info(
    `  /blog/search over ${search.posts} posts: p50 ${search.latencyP50} ms, p95 ${search.latencyP95} ms, max ${search.latencyMax} ms`,
  );

  noteLoad("flood");
  console.info("Flood…");
  const flood = await measureFlood(buildDir, tempDir, { ...load, rate: options.floodRate });
  console.info(
    `  reader p99 ${Math.max(...flood.visitorAlone.map((r) => r.latencyP99))} ms alone, ${Math.max(...flood.visitorFlooded.map((r) => r.latencyP99))} ms beside ${round(flood.flood.requestsPerSecond)} req/s of unknown addresses`,
  );

  noteLoad("mixed");
  const mixedSettings = options.mixed;
  const mixed = [await measureMixed(buildDir, tempDir, mixedSettings)];
  if (options.databaseUrl) mixed.push(await measureMixed(buildDir, tempDir, mixedSettings, options.databaseUrl));
  for (const result of mixed) console.info(describeMixed(result));

  const underLoad = (results: LoadResult[]) => Math.max(0, ...results.map((r) => r.peakRss ?? 0));
  const resources: ServerResources[] = [
    {
      engine: "embedded (PGlite)",
      firstStartMs,
      coldStartMs: server.startMs,
      rssAtRest: embeddedRest,
      rssUnderLoad: underLoad([staticLoad, postLoad, notFoundLoad]),
      ...(embeddedFediverse === undefined ? {} : { rssWithFediverse: embeddedFediverse }),
      rssPeak: embeddedPeak,
    },
  ];

  let byWorkers: WorkerThroughput[] | undefined;
  let allCores: LoadResults["allCores"];
  if (options.databaseUrl) {
    const settings = { buildDir, dataDir: path.join(tempDir, "data-pg"), databaseUrl: options.databaseUrl };
    const pg = await startTwice(settings, "PostgreSQL");
    const rest = await rssAtRest(pg.server);
    const pgLoad = await loadTest(`${pg.server.origin}${loadTargets.post}`, { ...load, pid: pg.server.child.pid });
    console.info(
      `  PostgreSQL ${loadTargets.post}: ${round(pgLoad.requestsPerSecond)} req/s, p99 ${pgLoad.latencyP99} ms`,
    );
    const withFediverse = await rssWithFediverse(pg.server);
    const peak = memoryOf(pg.server.child.pid)?.peak ?? 0;
    await pg.server.child.stop();
    resources.push({
      engine: "PostgreSQL",
      firstStartMs: pg.firstStartMs,
      coldStartMs: pg.server.startMs,
      rssAtRest: rest,
      rssUnderLoad: underLoad([pgLoad]),
      ...(withFediverse === undefined ? {} : { rssWithFediverse: withFediverse }),
      rssPeak: peak,
      load: pgLoad,
    });
    noteLoad("workers");
    console.info("Throughput by workers (PostgreSQL)…");
    byWorkers = await measureWorkers({
      buildDir,
      dataDir: path.join(tempDir, "data-pg"),
      databaseUrl: options.databaseUrl,
      connections: load.connections,
      durationSeconds: load.durationSeconds,
    });
    const cores = os.availableParallelism();
    const site = byWorkers.find((row) => row.workers === cores && row.target === "static")?.result;
    if (site) {
      const nginxAll = await nginxStatic(nginx, clientDir, tempDir, cores, load);
      allCores = { workers: cores, site, nginx: nginxAll, ratio: site.requestsPerSecond / nginxAll.requestsPerSecond };
    }
  }

  const partial: Omit<BenchResults, "budgets"> = {
    meta: { ...meta, durationSeconds: round((performance.now() - began) / 1000), loadAverage: noteLoad("end") },
    options: {
      runs: options.runs,
      routes: options.routes,
      durationSeconds: options.durationSeconds,
      connections: options.connections,
      buildDir: options.buildDir,
      postgres: Boolean(options.databaseUrl),
    },
    buildMs: round(buildMs),
    calibration,
    pages,
    load: {
      static: staticLoad,
      post: postLoad,
      notFound: notFoundLoad,
      nginxStatic: nginxLoad,
      staticRatio: staticLoad.requestsPerSecond / nginxLoad.requestsPerSecond,
      nginxServes: { gzipStatic: true, brotliStatic: nginxLoad.brotliStatic },
      ...(allCores && { allCores }),
      ...(byWorkers && { byWorkers }),
    },
    resources: resources.map((r) => ({ ...r, firstStartMs: round(r.firstStartMs), coldStartMs: round(r.coldStartMs) })),
    search,
    flood,
    mixed,
  };
  const results: BenchResults = { ...partial, budgets: checkBudgets(partial) };
  await mkdir(path.dirname(JSON_OUT), { recursive: true });
  await writeFile(JSON_OUT, `${JSON.stringify(results, null, 1)}\n`);
  await writeFile(REPORT, renderReport(results));

  const failed = results.budgets.filter((b) => b.pass === false);
  console.info(`\nWrote ${REPORT} and ${JSON_OUT} in ${round(partial.meta.durationSeconds / 60, 1)} min.`);
  for (const budget of results.budgets) {
    const mark = budget.pass === undefined ? "n/a " : budget.pass ? "PASS" : "FAIL";
    console.info(
      `${mark}  ${budget.name}: ${budget.measured}${budget.where ? ` (${budget.where})` : ""}, limit ${budget.limit}`,
    );
  }
  console.info(`Embedded server RSS: ${round(mib(resources[0]?.rssUnderLoad ?? 0))} MB under load`);
  return failed.length === 0 ? 0 : 1;
}

await runBench("The bench", main);

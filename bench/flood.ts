/**
 * The flood scenario: 50 connections ask random addresses that name nothing
 * (unknown paths, post slugs, project ids and tags, in both languages) and
 * random blog searches, as a scanner does, while a visitor reads a static
 * page and an article. Measures the visitor's p99 without and with the
 * flood and the server's memory (RSS) at the start and at its peak, against
 * the budget of decision 027: the p99 with the flood within 2x of the p99
 * without, and the peak RSS within `RSS_GROWTH_BOUND` of the start.
 *
 * Part of `npm run bench`; `npm run bench:flood` runs it alone (it builds
 * BENCH_BUILD_DIR, default build-bench, when missing). BENCH_DURATION and
 * BENCH_CONNECTIONS apply as in the bench, BENCH_FLOOD_RATE sets the flood's
 * rate. The flood runs in a process of its own (`node bench/flood.ts
 * --generate ORIGIN CONNECTIONS SECONDS RATE`), so its work is not counted
 * against the bench's timers.
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { floodBenchSettings } from "../config/bench.ts";
import { settingsOrExit } from "../config/read.ts";
import { serverEntry } from "../runtime/node-flags.ts";
import { buildSite, toolEnv } from "./build.ts";
import { installSignalHandlers, runBench } from "./cleanup.ts";
import { type LoadResult, loadTest } from "./load.ts";
import { memoryOf, sampleMemory, startChild } from "./processes.ts";
import { encodePath, loadTargets } from "./routes.ts";
import { startServer } from "./server.ts";
import { mib, round, sleep } from "./stats.ts";

/** What the visitor reads: a prerendered page and an article. */
export const visitorTargets = [loadTargets.static, loadTargets.post] as const;

/** Connections of the visitor per page: one reader at a time. */
const VISITOR_CONNECTIONS = 1;
/**
 * Requests per second the flood asks for (BENCH_FLOOD_RATE): a hard scanner.
 * A rate, not as fast as the connections can go: any server that is asked
 * without pause is busy all the time, and a reader then waits behind the
 * queue whatever each request costs. At a given rate, what each request
 * costs decides whether the server has time left for the reader, which is
 * what this measures. Before decision 027 this rate took 10 cores' worth of
 * rendering; a static file's cost makes it a fifth of one.
 */
/** Seconds the flood runs before the visitor is measured: its first bursts are spent. */
const FLOOD_LEAD_SECONDS = 3;
/**
 * How far the server's memory may grow over its start under the flood: the
 * page cache's 404 pool (100 pages) and the client buckets (10,000 clients
 * per limit) are bounded far below it; what is left is garbage between
 * collections.
 */
export const RSS_GROWTH_BOUND = 64 * 1024 * 1024;
/** The budget: the visitor's p99 with the flood at most this many times the p99 without. */
export const P99_RATIO_BOUND = 2;

export interface FloodResult {
  connections: number;
  /** Requests per second the flood asked for. */
  rate: number;
  durationSeconds: number;
  /** The visitor alone, then beside the flood, per page. */
  visitorAlone: LoadResult[];
  visitorFlooded: LoadResult[];
  /** The flood itself: requests per second and answers by status. */
  flood: { requestsPerSecond: number; statuses: Record<string, number> };
  /**
   * The server's CPU time per request answered (milliseconds): the visitor alone (a static page and a
   * cached article), and visitor and flood together. Unlike latencies, other load on the machine
   * hardly moves it.
   */
  cpuPerRequestAlone: number;
  cpuPerRequestFlooded: number;
  /** RSS of the server after warming up, at its peak during the flood, and after it. */
  rssStart: number;
  rssPeak: number;
  rssEnd: number;
}

const random = (length = 8) =>
  Array.from({ length }, () => "abcdefghijklmnopqrstuvwxyz0123456789"[Math.floor(Math.random() * 36)]).join("");
const words = ["docker", "node", "react", "deploy", "bot", "nuvem", "api", "teste", "banco", "cache"];

/** One random address of the flood's mix, Portuguese or English. */
export function floodPath(): string {
  const lang = Math.random() < 0.5 ? "" : "/en";
  switch (Math.floor(Math.random() * 5)) {
    case 0:
      return `${lang}/${random()}/${random(4)}`;
    case 1:
      return `${lang}/blog/${random()}-${random(4)}`;
    case 2:
      return `${lang}/projects/${random()}`;
    case 3:
      return `${lang}/blog/tag/${random(6)}`;
    default:
      return `${lang}/blog/search?q=${words[Math.floor(Math.random() * words.length)]}+${random(3)}`;
  }
}

/** The slice of autocannon's API the flood uses (the package has no types). */
interface AutocannonResult {
  requests: { average: number };
  "1xx": number;
  "2xx": number;
  "3xx": number;
  "4xx": number;
  "5xx": number;
  non2xx: number;
  errors: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  overallRate: number;
  headers: Record<string, string>;
  requests: { setupRequest: (request: { path: string }) => { path: string } }[];
}) => Promise<AutocannonResult>;

/** The flood's own process: runs autocannon with a new random address per request and prints its result. */
async function generate(origin: string, connections: number, seconds: number, rate: number) {
  const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    overallRate: rate,
    headers: { "accept-encoding": "gzip, deflate, br", accept: "text/html" },
    requests: [{ setupRequest: (request) => ({ ...request, path: floodPath() }) }],
  });
  const statuses = { "2xx": result["2xx"], "3xx": result["3xx"], "4xx": result["4xx"], "5xx": result["5xx"] };
  process.stdout.write(`${JSON.stringify({ requestsPerSecond: result.requests.average, statuses })}\n`);
}

/** CPU time a process has used, user and system, in milliseconds (Linux; 0 elsewhere). */
function cpuTimeOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime are the 14th and 15th fields of the line, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** Requests a load run answered, from its rate and length. */
const answered = (results: readonly LoadResult[]) =>
  results.reduce((sum, r) => sum + r.requestsPerSecond * r.durationSeconds, 0);

/** The visitor reading both pages at once, one connection each. */
function visit(origin: string, durationSeconds: number, pid: number): Promise<LoadResult[]> {
  return Promise.all(
    visitorTargets.map((target) =>
      loadTest(`${origin}${encodePath(target)}`, { connections: VISITOR_CONNECTIONS, durationSeconds, pid }),
    ),
  );
}

/** Runs the scenario on a server of the build it starts itself (embedded database). */
export async function measureFlood(
  buildDir: string,
  tempDir: string,
  options: { connections: number; durationSeconds: number; rate: number },
): Promise<FloodResult> {
  const { rate } = options;
  const server = await startServer({ buildDir, dataDir: path.join(tempDir, "data-flood") });
  try {
    const pid = server.child.pid;
    for (const target of visitorTargets) await (await fetch(`${server.origin}${encodePath(target)}`)).arrayBuffer();
    const cpuBefore = cpuTimeOf(pid);
    const visitorAlone = await visit(server.origin, options.durationSeconds, pid);
    const cpuAlone = cpuTimeOf(pid) - cpuBefore;
    await sleep(1000);
    const rssStart = memoryOf(pid)?.rss ?? 0;

    const sampler = sampleMemory(pid);
    // The visitor's own warm-up (2 s) and run, after the flood's lead.
    const floodSeconds = FLOOD_LEAD_SECONDS + 2 + options.durationSeconds + 2;
    const generator = startChild(
      process.execPath,
      [
        fileURLToPath(import.meta.url),
        "--generate",
        server.origin,
        String(options.connections),
        String(floodSeconds),
        String(rate),
      ],
      toolEnv(),
    );
    let output = "";
    generator.process.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    let visitorFlooded: LoadResult[];
    let rssPeak: number;
    const cpuStart = cpuTimeOf(pid);
    try {
      await sleep(FLOOD_LEAD_SECONDS * 1000);
      visitorFlooded = await visit(server.origin, options.durationSeconds, pid);
    } finally {
      await generator.exited;
      rssPeak = sampler.stop();
    }
    const cpuFlooded = cpuTimeOf(pid) - cpuStart;
    const line = output.trim().split("\n").pop() ?? "";
    if (!line.startsWith("{")) throw new Error(`The flood generator printed no result:\n${generator.output()}`);
    const flood = JSON.parse(line) as FloodResult["flood"];
    // The visitor's warm-ups (2 s each) are not in its counts: they are left out of "alone" by the
    // same share, and the flood's count covers its whole run.
    const floodRequests = flood.requestsPerSecond * floodSeconds;
    await sleep(2000);
    const rssEnd = memoryOf(pid)?.rss ?? 0;
    return {
      connections: options.connections,
      rate,
      durationSeconds: options.durationSeconds,
      visitorAlone,
      visitorFlooded,
      flood,
      cpuPerRequestAlone:
        cpuAlone / (answered(visitorAlone) * ((options.durationSeconds + 2) / options.durationSeconds)),
      cpuPerRequestFlooded: cpuFlooded / (floodRequests + answered(visitorFlooded)),
      rssStart,
      rssPeak,
      rssEnd,
    };
  } finally {
    await server.child.stop();
  }
}

/** The p99 of the visitor's slower page. */
export const visitorP99 = (results: readonly LoadResult[]) => Math.max(...results.map((r) => r.latencyP99));

/** Whether the flood stayed within its budget, and a line saying why. */
export function floodVerdict(result: FloodResult): { pass: boolean; summary: string; lines: string[] } {
  const alone = visitorP99(result.visitorAlone);
  const flooded = visitorP99(result.visitorFlooded);
  // A p99 of 0 or 1 ms is below autocannon's resolution: the ratio is taken over at least 1 ms.
  const ratio = flooded / Math.max(1, alone);
  const growth = result.rssPeak - result.rssStart;
  const fiveXX = result.flood.statuses["5xx"] ?? 0;
  const pages = (results: readonly LoadResult[]) =>
    results.map((r) => `${new URL(r.url).pathname} p99 ${r.latencyP99} ms (p50 ${r.latencyP50})`).join(", ");
  return {
    pass: ratio <= P99_RATIO_BOUND && growth <= RSS_GROWTH_BOUND && fiveXX === 0,
    summary: `p99 ${alone} → ${flooded} ms (${round(ratio, 2)} x); RSS ${round(mib(result.rssStart))} → ${round(mib(result.rssPeak))} MB (+${round(mib(growth))})${fiveXX ? `; ${fiveXX} answers 5xx` : ""}`,
    lines: [
      `visitor alone: ${pages(result.visitorAlone)}`,
      `visitor beside the flood: ${pages(result.visitorFlooded)}`,
      `flood: ${round(result.flood.requestsPerSecond)} req/s answered of ${result.rate} asked, over ${result.connections} connections, ${JSON.stringify(result.flood.statuses)}`,
      `server CPU per request: ${round(result.cpuPerRequestAlone * 1000)} µs for the visitor alone, ${round(result.cpuPerRequestFlooded * 1000)} µs with the flood`,
      `p99 ratio ${round(ratio, 2)} (limit ${P99_RATIO_BOUND}); RSS ${round(mib(result.rssStart))} MB at the start, ${round(mib(result.rssPeak))} MB at the peak (+${round(mib(growth))} MB, limit +${round(mib(RSS_GROWTH_BOUND))} MB), ${round(mib(result.rssEnd))} MB after`,
    ],
  };
}

async function main(): Promise<number> {
  installSignalHandlers();
  const options = settingsOrExit(floodBenchSettings);
  if (!existsSync(serverEntry(options.buildDir))) await buildSite(path.resolve(options.buildDir));
  const tempDir = await mkdtemp(path.join(os.tmpdir(), "portfolio-bench-flood-"));
  try {
    const result = await measureFlood(path.resolve(options.buildDir), tempDir, options);
    const verdict = floodVerdict(result);
    for (const line of verdict.lines) console.info(line);
    console.info(verdict.pass ? "PASS  flood budget" : "FAIL  flood budget");
    return verdict.pass ? 0 : 1;
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === "--generate") {
    const [origin = "", connections = "50", seconds = "10", rate = ""] = process.argv.slice(3);
    await generate(origin, Number(connections), Number(seconds), Number(rate));
  } else {
    await runBench("The flood bench", main);
  }
}

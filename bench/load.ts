/**
 * Throughput and latency with autocannon, run as its own process so the
 * load generator's work is not counted against the bench's own timers.
 * Requests ask for gzip and brotli as every browser does.
 */
import path from "node:path";
import { toolEnv } from "./build.ts";
import { runToEnd, sampleMemory } from "./processes.ts";

export interface LoadResult {
  url: string;
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  latencyMax: number;
  /** Count of responses by class, e.g. { "2xx": 120000, "4xx": 0 }. */
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  /** Highest RSS of the measured server while loaded, in bytes (when a pid was given). */
  peakRss?: number;
}

const AUTOCANNON = path.resolve("node_modules/autocannon/autocannon.js");
const WARMUP_SECONDS = 2;

function autocannonArgs(url: string, connections: number, seconds: number): string[] {
  return [
    AUTOCANNON,
    "-j",
    "-c",
    String(connections),
    "-d",
    String(seconds),
    "-H",
    "accept-encoding=gzip, deflate, br",
    url,
  ];
}

/**
 * A short warm-up (JIT, caches, connection setup) that is thrown away, then
 * the measured run, sampling the server's memory while it lasts.
 */
export async function loadTest(
  url: string,
  options: { connections: number; durationSeconds: number; pid?: number },
): Promise<LoadResult> {
  const env = toolEnv();
  const limit = (seconds: number) => (seconds + 30) * 1000;
  await runToEnd(
    process.execPath,
    autocannonArgs(url, options.connections, WARMUP_SECONDS),
    env,
    limit(WARMUP_SECONDS),
  );
  const sampler = options.pid === undefined ? undefined : sampleMemory(options.pid);
  let stdout: string;
  let peakRss: number | undefined;
  try {
    ({ stdout } = await runToEnd(
      process.execPath,
      autocannonArgs(url, options.connections, options.durationSeconds),
      env,
      limit(options.durationSeconds),
    ));
  } finally {
    peakRss = sampler?.stop();
  }
  const line = stdout.trim().split("\n").pop() ?? "{}";
  const json = JSON.parse(line) as {
    requests: { average: number };
    latency: { p50: number; p99: number; max: number };
    errors: number;
    timeouts: number;
    "1xx": number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
  };
  const result: LoadResult = {
    url,
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    requestsPerSecond: json.requests.average,
    latencyP50: json.latency.p50,
    latencyP99: json.latency.p99,
    latencyMax: json.latency.max,
    statuses: { "2xx": json["2xx"], "3xx": json["3xx"], "4xx": json["4xx"], "5xx": json["5xx"] },
    errors: json.errors,
    timeouts: json.timeouts,
  };
  if (peakRss !== undefined) result.peakRss = peakRss;
  return result;
}

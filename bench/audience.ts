/**
 * The audience's counts at scale, on the embedded database and, with
 * DATABASE_URL, on PostgreSQL (a database of its own, created and dropped):
 *
 * 1. A year of rollups for 10,000,000 page views (BENCH_AUDIENCE_VIEWS),
 *    made up from a seed (bench/audience-data.ts) and inserted in bulk: the
 *    rows per kind, the views per kind (the page and site rows add up to the
 *    views exactly), and the size of the five analytics tables with their
 *    indexes. Budget: at most 50 MB.
 * 2. The 365-day Audience page on that year: `audienceReport(db, 365)` in
 *    this process, then `/admin/audience?days=365` and its data request from
 *    the production server, signed in as the author through the fake GitHub,
 *    one request at a time (5 warm-up, 40 timed). Budget: p95 at most 150 ms.
 *    The counts are analyzed first: the server does it within a second of
 *    starting and hourly on the embedded database, which has no autovacuum,
 *    and PostgreSQL's autovacuum within a minute of such an insert.
 * 3. What counting costs a page: two servers of the build side by side, one
 *    with ANALYTICS=on, one with ANALYTICS=off (its own copy of the embedded
 *    database), both started once the page's server has stopped, loaded in
 *    turn, BENCH_AUDIENCE_ROUNDS rounds (default 5): a prerendered page and a
 *    cached article, each over BENCH_CONNECTIONS connections as 200 visitors
 *    (an address of their own, X-Forwarded-For, and a browser), at a fixed
 *    pace: half of what the server that does not count answers at most (the
 *    median of three saturated loads as the load begins), requests due on a
 *    schedule and timed from the moment each was due (bench/paced-load.ts).
 *    Four untimed seconds per server and page first, then in each round
 *    BENCH_DURATION seconds per server, cut into ten slices taken in turn
 *    (off, on, on, off, …): this host's pace changes for seconds at a time,
 *    and a round's two p99 then meet the same changes. After the rounds,
 *    each server is loaded as fast as it answers, once per round: its most
 *    requests a second and its CPU per request, reported. Budget: the median
 *    of the rounds' p99 differences at the pace (on − off) at most 1 ms, and
 *    the p99 under the pages' own budget (decision 053). Every view the load
 *    made is then found in the rollups, exactly once. Scheduled backups are
 *    off in both servers.
 *
 * `npm run bench:audience` (builds BENCH_BUILD_DIR, default build-bench,
 * when missing); BENCH_OUT=file.json keeps the figures. `npm test` runs the
 * bounded version in tests/server/audience-scale.test.ts.
 */
import { existsSync, readFileSync } from "node:fs";
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { siteDay } from "../app/server/analytics/days.server.ts";
import { audienceReport } from "../app/server/analytics/report.server.ts";
import { type Database, openDatabase, rowsOf } from "../app/server/db/client.server.ts";
import { audienceBenchSettings } from "../config/bench.ts";
import { settingsOrExit } from "../config/read.ts";
import { serverEntry } from "../runtime/node-flags.ts";
import { signIn } from "../tests/harness/site-client.ts";
import { fakeGitHubEnv } from "../tools/fake-github/accounts.ts";
import { startFakeGitHub } from "../tools/fake-github/server.ts";
import {
  AUDIENCE_BUDGETS,
  audienceYear,
  insertAudienceYear,
  monthsApartFromDays,
  rollupFigures,
} from "./audience-data.ts";
import { BUDGETS } from "./budgets.ts";
import { buildSite, toolEnv } from "./build.ts";
import { installSignalHandlers, runBench } from "./cleanup.ts";
import { visitorTargets } from "./flood.ts";
import { type PacedAnswer, PacedClient } from "./paced-load.ts";
import { runToEnd } from "./processes.ts";
import { encodePath } from "./routes.ts";
import { scratchDatabase } from "./scratch-database.ts";
import { type RunningServer, startServer } from "./server.ts";
import { median, mib, percentile, round, sleep } from "./stats.ts";

const PAGE_WARMUP = 5;
const PAGE_TIMED = 40;
/** Distinct visitors of the load: an address and a browser each. */
const VISITORS = 200;
const WARMUP_SECONDS = 2;
/** The timed load's pace: this share of the most requests a second the server that does not count answers. */
const PACE_SHARE = 0.5;
/** Slices of a round's timed load per server, taken in turn with the other server's. */
const SLICES = 10;
/** Saturated loads of the server that does not count whose median sets the pace. */
const CALIBRATIONS = 3;
/** Slices of a second per server before the rounds, not timed. */
const SETTLING_SLICES = 4;

export interface Timing {
  p50: number;
  p95: number;
  max: number;
}

export interface IngestRun {
  analytics: "on" | "off";
  round: number;
  path: string;
  /** Requests sent and answered 200: the round's paced load with its warm-up, and the saturated load of the same round (every one a page view to count). */
  requests: number;
  answered200: number;
  /** The timed load's pace, requests due a second. */
  rate: number;
  /** Of the timed load (its slices pooled): latencies to the last byte, from the moment each request was due. */
  p50: number;
  p99: number;
  requestsPerSecond: number;
  /** The server's CPU time per timed request, microseconds. */
  cpuPerRequestUs: number;
  /** A load after the rounds, the bench's connections asking as fast as they are answered: the most the server answers. */
  saturated: { requestsPerSecond: number; cpuPerRequestUs: number };
  errors: number;
}

export interface AudienceBenchResult {
  engine: "embedded (PGlite)" | "PostgreSQL";
  views: number;
  rounds: number;
  connections: number;
  rows: Record<string, number>;
  viewsByKind: Record<string, number>;
  tables: { name: string; bytes: number }[];
  rollupBytes: number;
  /** Monthly rows that differ from their days' sums: 0 when the months are exact (after the year's insert, after the load). */
  monthsApart: { seeded: number; afterLoad: number };
  insertSeconds: number;
  reportInProcess: { days365: Timing; days7: Timing };
  /** The machine's load (1-minute average) as each phase began: other work makes every time longer. */
  machineLoad: Record<string, number>;
  /** Undefined when the build has no Audience page. */
  page: { document: Timing; data: Timing; documentBytes: number; dataBytes: number } | undefined;
  ingest: {
    runs: IngestRun[];
    /**
     * Per page: the timed load's pace; the medians of the rounds' p99, of each round's difference (on − off) and of
     * the CPU per request; and of the saturated loads' requests a second and CPU per request.
     */
    pages: {
      path: string;
      rate: number;
      p99Off: number;
      p99On: number;
      p99Delta: number;
      cpuOffUs: number;
      cpuOnUs: number;
      capacityOff: number;
      capacityOn: number;
      saturatedCpuOffUs: number;
      saturatedCpuOnUs: number;
    }[];
    /** Page views the load made (answered 200 with counting on) and what the rollups gained. */
    answered: number;
    counted: number;
    /** PostgreSQL: how long after the last answer of the load the rollups held every view. */
    countedAfterMs: number | undefined;
    rollupBytesAfter: number;
  };
}

/** p50, p95 and max of some times, in milliseconds, to a tenth. */
export function timingOf(times: readonly number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50), 1),
    p95: round(percentile(sorted, 95), 1),
    max: round(sorted.at(-1) ?? 0, 1),
  };
}

/** Times `work` one call at a time: the warm-up calls are thrown away. */
async function timeEach(work: () => Promise<void>, warmUp = PAGE_WARMUP, timed = PAGE_TIMED): Promise<Timing> {
  for (let n = 0; n < warmUp; n += 1) await work();
  const times: number[] = [];
  for (let n = 0; n < timed; n += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return timingOf(times);
}

async function withDatabase<T>(dataDir: string, databaseUrl: string | undefined, work: (db: Database) => Promise<T>) {
  const database = await openDatabase(databaseUrl ? { dataDir, databaseUrl, maxConnections: 2 } : { dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** The page views in the rollups. */
const countedViews = async (db: Database) =>
  Number(
    rowsOf<{ views: string }>(
      await db.execute(
        sql`select coalesce(sum(views), 0)::bigint::text as views from analytics_counts where kind = 'page'`,
      ),
    )[0]?.views ?? 0,
  );

// --- The load: autocannon in a process of its own, as 200 visitors ---

const BROWSERS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/13{n}.0.0.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_{n} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.{n} Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (X11; Linux x86_64; rv:13{n}.0) Gecko/20100101 Firefox/13{n}.0",
  "Mozilla/5.0 (Linux; Android 15; Pixel {n}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/13{n}.0.0.0 Mobile Safari/537.36",
];

/** The headers of visitor `n`: a browser's, from an address of the benchmarking range (198.18.0.0/15). */
function visitorHeaders(n: number): Record<string, string> {
  const browser = BROWSERS[n % BROWSERS.length] ?? "";
  return {
    "user-agent": browser.replaceAll("{n}", String(n % 10)),
    "x-forwarded-for": `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`,
    accept: "text/html,application/xhtml+xml",
    "accept-encoding": "gzip, deflate, br",
    "sec-fetch-dest": "document",
  };
}

/** A load as fast as the server answers: what it sent and was answered, in how long. */
interface SaturatedAnswer {
  requests: number;
  answered200: number;
  seconds: number;
  errors: number;
}

/** A timed load: with its latencies. */
interface LoadAnswer extends SaturatedAnswer {
  p50: number;
  p99: number;
  /** The latencies of the answers 200, in milliseconds, sorted. */
  times: number[];
}

/** The slice of autocannon's API the load uses (the package has no types). */
type Autocannon = (options: {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  requests: { setupRequest: (request: { path: string; headers: Record<string, string> }) => object }[];
}) => Promise<{ "2xx": number; errors: number; timeouts: number; requests: { sent: number } }> & {
  on(event: "response", listener: () => void): void;
};

/** `node bench/audience.ts --load URL CONNECTIONS AMOUNT|SECONDSs`: one run, its answer as a JSON line. */
async function loadProcess(url: string, connections: number, size: string) {
  const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;
  const { origin, pathname } = new URL(url);
  let next = 0;
  const started = performance.now();
  let lastAnswer = started;
  const run = autocannon({
    url: origin,
    connections,
    ...(size.endsWith("s") ? { duration: Number(size.slice(0, -1)) } : { amount: Number(size) }),
    requests: [
      {
        setupRequest: (request) => {
          next += 1;
          return { ...request, path: pathname, headers: { ...request.headers, ...visitorHeaders(next % VISITORS) } };
        },
      },
    ],
  });
  run.on("response", () => {
    lastAnswer = performance.now();
  });
  const result = await run;
  const answer: SaturatedAnswer = {
    requests: result.requests.sent,
    answered200: result["2xx"],
    // From the first request to the last answer: autocannon's own duration, with an amount, ends on its next tick.
    seconds: (lastAnswer - started) / 1000,
    errors: result.errors + result.timeouts,
  };
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}

/** What the paced process is asked: the round's timed load of both servers, in the order of its first slice. */
interface PacedPlan {
  servers: { url: string; pid: number }[];
  connections: number;
  /** Requests due a second. */
  rate: number;
  /** Requests per slice. */
  slice: number;
  slices: number;
}

/** One server's part of a round's timed load: its slices pooled (requests and answers with its warm-up, times without). */
interface PacedPart extends LoadAnswer {
  /** The server's CPU time during its slices, milliseconds. */
  cpuMs: number;
  /** How long before the process ended the server's last answer came, milliseconds. */
  sinceLastAnswerMs: number;
}

/**
 * `node bench/audience.ts --paced PLAN`: a round's timed load, the servers in turn slice by slice, in one process so
 * that every slice meets a load already warm (its first half-second on each server is not timed). Its answer, one per
 * server in the plan's order, is a JSON line.
 */
async function pacedProcess(plan: PacedPlan) {
  const parts = await Promise.all(
    plan.servers.map(async (server) => {
      const { pathname } = new URL(server.url);
      const visitors = Array.from({ length: VISITORS }, (_, n) => ({ path: pathname, headers: visitorHeaders(n) }));
      return {
        ...server,
        client: await PacedClient.open(server.url, plan.connections),
        request: (n: number) => visitors[(n + 1) % VISITORS] ?? { path: pathname, headers: {} },
        warmUp: undefined as PacedAnswer | undefined,
        answers: [] as PacedAnswer[],
        cpuMs: 0,
        lastAnswer: 0,
      };
    }),
  );
  const run = (part: (typeof parts)[number], amount: number) => part.client.load(plan.rate, amount, part.request);
  for (const part of parts) part.warmUp = await run(part, Math.ceil(plan.rate / 2));
  for (let n = 0; n < plan.slices; n += 1) {
    for (const part of n % 2 === 0 ? parts : [...parts].reverse()) {
      const cpuBefore = cpuMsOf(part.pid);
      part.answers.push(await run(part, plan.slice));
      part.cpuMs += cpuMsOf(part.pid) - cpuBefore;
      part.lastAnswer = performance.now();
    }
  }
  const ended = performance.now();
  for (const part of parts) part.client.close();
  const result: PacedPart[] = parts.map(({ warmUp, answers, cpuMs, lastAnswer }) => {
    const times = answers.flatMap((answer) => answer.times).sort((a, b) => a - b);
    const sum = (of: (answer: PacedAnswer) => number, among = answers) =>
      among.reduce((total, answer) => total + of(answer), 0);
    const all = warmUp ? [warmUp, ...answers] : answers;
    return {
      requests: sum((answer) => answer.requests, all),
      answered200: sum((answer) => answer.answered200, all),
      p50: round(percentile(times, 50), 2),
      p99: round(percentile(times, 99), 2),
      seconds: sum((answer) => answer.seconds),
      errors: sum((answer) => answer.errors, all),
      times,
      cpuMs,
      sinceLastAnswerMs: ended - lastAnswer,
    };
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

async function loadRun<T>(args: string[], nodeFlags: string[] = []): Promise<T> {
  const script = [...nodeFlags, fileURLToPath(import.meta.url), ...args];
  const { stdout } = await runToEnd(process.execPath, script, toolEnv(), 10 * 60_000);
  return JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as T;
}

/** A load as fast as the server answers: `connections` requests always waiting (the most it answers a second). */
const load = (url: string, connections: number, size: string) =>
  loadRun<SaturatedAnswer>(["--load", url, String(connections), size]);

/**
 * A round's timed load at `plan.rate` requests a second, whatever the answers' times, each timed from the moment it
 * was due (bench/paced-load.ts), in a process of its own.
 */
const paced = (plan: PacedPlan) =>
  // A young generation large enough that the load's own collections stay short: its pauses would be timed too.
  loadRun<PacedPart[]>(["--paced", JSON.stringify(plan)], ["--max-semi-space-size=32"]);

/** CPU time a process has used, user and system, in milliseconds (Linux; 0 elsewhere). */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

// --- The measurement ---

export interface AudienceSettings {
  views: number;
  rounds: number;
  connections: number;
  durationSeconds: number;
}

/** Waits until `read` returns at least `expected`; the milliseconds it took, or undefined past `limitMs`. */
async function pollUntil(read: () => Promise<number>, expected: number, limitMs = 15_000) {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if ((await read()) >= expected) return performance.now() - started;
    await sleep(50);
  }
  return undefined;
}

export async function measureAudience(
  buildDir: string,
  tempDir: string,
  settings: AudienceSettings,
  databaseUrl?: string,
): Promise<AudienceBenchResult> {
  const engine = databaseUrl ? "PostgreSQL" : "embedded (PGlite)";
  const dataDir = await mkdtemp(path.join(tempDir, "audience-"));
  const machineLoad: Record<string, number> = {};
  const phase = (name: string, what: string) => {
    machineLoad[name] = round(os.loadavg()[0] ?? 0, 2);
    console.info(`${engine}: ${what}…`);
  };

  // 1. A year of rollups, and 2a. its report in this process.
  phase("year", `a year of rollups for ${settings.views.toLocaleString("en")} views`);
  const year = audienceYear({ views: settings.views, last: siteDay(new Date()) });
  const seeded = await withDatabase(dataDir, databaseUrl, async (db) => {
    const started = performance.now();
    await insertAudienceYear(db, year);
    const insertSeconds = round((performance.now() - started) / 1000, 1);
    await db.execute(sql`analyze analytics_counts, analytics_months`);
    const figures = await rollupFigures(db);
    const monthsApart = (await monthsApartFromDays(db)).length;
    const days365 = await timeEach(async () => void (await audienceReport(db, 365)));
    const days7 = await timeEach(async () => void (await audienceReport(db, 7)));
    return { ...figures, monthsApart, insertSeconds, reportInProcess: { days365, days7 } };
  });

  const github = await startFakeGitHub();
  const signInEnv = {
    ...fakeGitHubEnv(github.url),
  };
  // The embedded database has one server: the one that does not count gets a copy of the year.
  const offDir = `${dataDir}-off`;
  if (!databaseUrl) await cp(dataDir, offDir, { recursive: true });
  const servers: RunningServer[] = [];
  try {
    // No scheduled backup in any: one would land in some round of one server only.
    const counting = (env: NodeJS.ProcessEnv = {}) =>
      startServer({ buildDir, dataDir, databaseUrl, env: { ...env, ANALYTICS: "on", BACKUP_INTERVAL: "off" } });

    // 2b. The page, from the production server: a server of its own, so the load below meets two servers
    // in the same state (the year's report leaves a heap and a database cache the other would not have).
    phase("page", "the 365-day Audience page");
    const author = await counting(signInEnv);
    servers.push(author);
    const cookie = await signIn(author.origin, "rafael-werneck");
    const fetchPage = async (address: string) => {
      const response = await fetch(`${author.origin}${address}`, {
        headers: { cookie, "accept-encoding": "gzip, deflate, br" },
        redirect: "manual",
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${address} answered ${response.status}`);
    };
    let page: AudienceBenchResult["page"];
    // What a browser is sent, uncompressed.
    const probe = async (address: string) => {
      const response = await fetch(`${author.origin}${address}`, { headers: { cookie } });
      return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
    };
    const document = await probe("/admin/audience?days=365");
    if (document.status === 404) console.warn("This build has no Audience page (/admin/audience): not measured.");
    else
      page = {
        document: await timeEach(() => fetchPage("/admin/audience?days=365")),
        data: await timeEach(() => fetchPage("/admin/audience.data?days=365")),
        documentBytes: document.bytes,
        dataBytes: (await probe("/admin/audience.data?days=365")).bytes,
      };
    servers.splice(servers.indexOf(author), 1);
    await author.child.stop();

    const on = await counting();
    servers.push(on);
    const off = await startServer({
      buildDir,
      dataDir: offDir,
      databaseUrl,
      env: { ANALYTICS: "off", BACKUP_INTERVAL: "off" },
    });
    servers.push(off);

    // 3. Counting's cost: the two servers loaded in turn, the same requests each time, the order swapped every round.
    const rates = new Map<string, number>();
    const warmUps = new Map<string, number>();
    for (const target of visitorTargets) {
      // This machine's pace on the server that does not count sets the timed load's rate, and how many requests the
      // saturated loads make (at least 20 per connection, should the pace be taken in a moment of other work): the
      // median of three loads, as one read 13 % above the same server's later ones.
      const paces: number[] = [];
      for (let n = 0; n < CALIBRATIONS; n += 1) {
        const pace = await load(`${off.origin}${encodePath(target)}`, settings.connections, `${WARMUP_SECONDS}s`);
        paces.push(pace.answered200 / Math.max(0.001, pace.seconds));
      }
      const perSecond = median(paces) ?? 0;
      rates.set(target, Math.max(100, Math.round(perSecond * PACE_SHARE)));
      warmUps.set(target, Math.max(20 * settings.connections, Math.round(perSecond * WARMUP_SECONDS)));
    }
    const modesOf = (target: string) =>
      [
        { analytics: "off" as const, server: off },
        { analytics: "on" as const, server: on },
      ].map((mode) => ({ ...mode, url: `${mode.server.origin}${encodePath(target)}` }));
    const runs: IngestRun[] = [];
    let answered = 0;
    let lastAnswer = 0;
    // Both servers through a few seconds of the timed load first, not timed: a counting server's first flushes make
    // the day's salt, add its first visitors and analyze the counts (then hourly), work a running server has behind it.
    phase("settling", "the servers settling");
    for (const target of visitorTargets) {
      const rate = rates.get(target) ?? 100;
      const modes = modesOf(target);
      const parts = await paced({
        servers: modes.map((mode) => ({ url: mode.url, pid: mode.server.child.pid })),
        connections: settings.connections,
        rate,
        slice: rate,
        slices: SETTLING_SLICES,
      });
      for (const [index, { analytics }] of modes.entries())
        if (analytics === "on") answered += parts[index]?.answered200 ?? 0;
    }
    for (let pair = 1; pair <= settings.rounds; pair += 1) {
      phase(`round ${pair}`, `round ${pair} of ${settings.rounds}`);
      for (const target of visitorTargets) {
        const rate = rates.get(target) ?? 100;
        // The timed load at its pace, in slices, the two servers in turn, each first as often as the other over two rounds.
        const modes = modesOf(target);
        const order = pair % 2 === 1 ? modes : [...modes].reverse();
        const parts = await paced({
          servers: order.map((mode) => ({ url: mode.url, pid: mode.server.child.pid })),
          connections: settings.connections,
          rate,
          slice: Math.ceil((rate * settings.durationSeconds) / SLICES),
          slices: SLICES,
        });
        const ended = performance.now();
        for (const [index, { analytics }] of order.entries()) {
          const part = parts[index];
          if (!part) throw new Error("The paced load answered nothing");
          runs.push({
            analytics,
            round: pair,
            path: target,
            requests: part.requests,
            answered200: part.answered200,
            rate,
            p50: part.p50,
            p99: part.p99,
            requestsPerSecond: round(part.times.length / Math.max(0.001, part.seconds)),
            cpuPerRequestUs: round((part.cpuMs * 1000) / Math.max(1, part.times.length)),
            saturated: { requestsPerSecond: 0, cpuPerRequestUs: 0 },
            errors: part.errors,
          });
          if (analytics === "on") {
            answered += part.answered200;
            lastAnswer = ended - part.sinceLastAnswerMs;
          }
        }
      }
    }
    // What counting costs at saturation, once the timed loads are over (a saturated load leaves a server's heap and
    // this host busier for a while): each server as fast as it answers, in turn, as many times as there are rounds.
    phase("saturated", "the servers at saturation");
    for (let pair = 1; pair <= settings.rounds; pair += 1) {
      for (const target of visitorTargets) {
        const modes = modesOf(target);
        for (const mode of pair % 2 === 1 ? modes : [...modes].reverse()) {
          const cpuBefore = cpuMsOf(mode.server.child.pid);
          const answer = await load(mode.url, settings.connections, String(warmUps.get(target) ?? 1000));
          const run = runs.find((r) => r.round === pair && r.path === target && r.analytics === mode.analytics);
          if (!run) continue;
          run.requests += answer.requests;
          run.answered200 += answer.answered200;
          run.errors += answer.errors;
          run.saturated = {
            requestsPerSecond: round(answer.answered200 / Math.max(0.001, answer.seconds)),
            cpuPerRequestUs: round(
              ((cpuMsOf(mode.server.child.pid) - cpuBefore) * 1000) / Math.max(1, answer.answered200),
            ),
          };
          if (mode.analytics === "on") {
            answered += answer.answered200;
            lastAnswer = performance.now();
          }
        }
      }
    }
    machineLoad.end = round(os.loadavg()[0] ?? 0, 2);
    const before = seeded.viewsByKind.page ?? 0;
    let countedAfterMs: number | undefined;
    if (databaseUrl) {
      // Every view in the rollups within about a second of the last answer (one flush), read while the server runs.
      const watcher = new pg.Client({ connectionString: databaseUrl });
      await watcher.connect();
      try {
        const read = async () =>
          Number(
            (
              await watcher.query<{ views: string }>(
                "select coalesce(sum(views), 0)::bigint::text as views from analytics_counts where kind = 'page'",
              )
            ).rows[0]?.views ?? 0,
          );
        if ((await pollUntil(read, before + answered)) !== undefined) countedAfterMs = performance.now() - lastAnswer;
      } finally {
        await watcher.end();
      }
    }
    // A server stopping adds what it still holds; the embedded database is read once it has.
    for (const server of servers.splice(0)) await server.child.stop();
    const after = await withDatabase(dataDir, databaseUrl, async (db) => ({
      views: await countedViews(db),
      bytes: (await rollupFigures(db)).rollupBytes,
      monthsApart: (await monthsApartFromDays(db)).length,
    }));
    const medianOf = (values: number[]) => round(median(values) ?? 0, 2);
    const pages = visitorTargets.map((target) => {
      const of = (analytics: "on" | "off") => runs.filter((r) => r.path === target && r.analytics === analytics);
      const deltas = of("on").map((r) => r.p99 - (of("off").find((o) => o.round === r.round)?.p99 ?? r.p99));
      return {
        path: target,
        rate: rates.get(target) ?? 0,
        p99Off: medianOf(of("off").map((r) => r.p99)),
        p99On: medianOf(of("on").map((r) => r.p99)),
        p99Delta: medianOf(deltas),
        cpuOffUs: medianOf(of("off").map((r) => r.cpuPerRequestUs)),
        cpuOnUs: medianOf(of("on").map((r) => r.cpuPerRequestUs)),
        capacityOff: medianOf(of("off").map((r) => r.saturated.requestsPerSecond)),
        capacityOn: medianOf(of("on").map((r) => r.saturated.requestsPerSecond)),
        saturatedCpuOffUs: medianOf(of("off").map((r) => r.saturated.cpuPerRequestUs)),
        saturatedCpuOnUs: medianOf(of("on").map((r) => r.saturated.cpuPerRequestUs)),
      };
    });
    return {
      engine,
      views: settings.views,
      rounds: settings.rounds,
      connections: settings.connections,
      rows: seeded.rows,
      viewsByKind: seeded.viewsByKind,
      tables: seeded.tables,
      rollupBytes: seeded.rollupBytes,
      monthsApart: { seeded: seeded.monthsApart, afterLoad: after.monthsApart },
      insertSeconds: seeded.insertSeconds,
      reportInProcess: seeded.reportInProcess,
      page,
      ingest: { runs, pages, answered, counted: after.views - before, countedAfterMs, rollupBytesAfter: after.bytes },
      machineLoad,
    };
  } finally {
    for (const server of servers) await server.child.stop();
    await github.close();
  }
}

export interface BudgetLine {
  name: string;
  limit: string;
  measured: string;
  pass: boolean | undefined;
}

export function audienceVerdict(result: AudienceBenchResult): {
  pass: boolean;
  budgets: BudgetLine[];
  lines: string[];
} {
  const views = result.viewsByKind;
  const exactYear =
    views.page === result.views &&
    views.site === result.views &&
    result.monthsApart.seeded === 0 &&
    result.monthsApart.afterLoad === 0;
  const worstPage = result.page ? Math.max(result.page.document.p95, result.page.data.p95) : undefined;
  const worstDelta = Math.max(...result.ingest.pages.map((p) => p.p99Delta));
  const worstOn = Math.max(...result.ingest.pages.map((p) => p.p99On));
  const { ingest } = result;
  const errors = ingest.runs.reduce((sum, run) => sum + run.errors, 0);
  const budgets: BudgetLine[] = [
    {
      name: `Rollups of a year of ${result.views.toLocaleString("en")} views (five tables, indexes included)`,
      limit: `<= ${AUDIENCE_BUDGETS.rollupMiB} MB; page and site views = ${result.views.toLocaleString("en")}; months = their days`,
      measured: `${round(mib(result.rollupBytes), 1)} MB; page ${views.page?.toLocaleString("en")}, site ${views.site?.toLocaleString("en")}; months apart from their days ${result.monthsApart.seeded}, after the load ${result.monthsApart.afterLoad}`,
      pass: exactYear && mib(result.rollupBytes) <= AUDIENCE_BUDGETS.rollupMiB,
    },
    {
      name: "365-day Audience page p95, document and data, one request at a time",
      limit: `<= ${AUDIENCE_BUDGETS.pageP95Ms} ms`,
      measured:
        result.page && worstPage !== undefined
          ? `document ${result.page.document.p95} ms, data ${result.page.data.p95} ms`
          : "not measured (no /admin/audience in this build)",
      pass: worstPage === undefined ? undefined : worstPage <= AUDIENCE_BUDGETS.pageP95Ms,
    },
    {
      name: `Counting's cost to a page's p99 at half the most requests a second the server answers, over ${result.connections} connections, median of ${result.rounds} rounds (on − off)`,
      limit: `<= ${AUDIENCE_BUDGETS.ingestP99Ms} ms; p99 < ${BUDGETS.postP99Ms} ms (the pages' budget); no error`,
      measured: `${ingest.pages.map((p) => `${p.path} at ${p.rate} req/s ${p.p99Off} → ${p.p99On} ms (${p.p99Delta >= 0 ? "+" : ""}${p.p99Delta})`).join(", ")}${errors ? `; ${errors} errors` : ""}`,
      pass: worstDelta <= AUDIENCE_BUDGETS.ingestP99Ms && worstOn < BUDGETS.postP99Ms && errors === 0,
    },
    {
      name: "Views counted under load, exactly",
      limit: `= ${ingest.answered.toLocaleString("en")} answered 200`,
      measured: `${ingest.counted.toLocaleString("en")}${ingest.countedAfterMs === undefined ? "" : ` (all in the rollups ${round(ingest.countedAfterMs)} ms after the last answer)`}`,
      pass: ingest.counted === ingest.answered && ingest.answered > 0,
    },
  ];
  const rows = Object.entries(result.rows)
    .map(([kind, count]) => `${kind} ${count.toLocaleString("en")}`)
    .join(", ");
  const tables = result.tables.map((t) => `${t.name} ${round(mib(t.bytes), 1)} MB`).join(", ");
  const time = (t: Timing) => `p50 ${t.p50} ms, p95 ${t.p95} ms, max ${t.max} ms`;
  const lines = [
    `${result.engine}: rows ${rows}; inserted in ${result.insertSeconds} s, then analyzed`,
    `machine load (1-minute average, ${os.cpus().length} cores) as each phase began: ${Object.entries(
      result.machineLoad,
    )
      .map(([name, value]) => `${name} ${value}`)
      .join(", ")}`,
    `tables: ${tables}; after the load ${round(mib(ingest.rollupBytesAfter), 1)} MB`,
    `audienceReport in process: 365 days ${time(result.reportInProcess.days365)}; 7 days ${time(result.reportInProcess.days7)}`,
    result.page
      ? `page: /admin/audience?days=365 ${time(result.page.document)}, ${round(result.page.documentBytes / 1024, 1)} KB; .data ${time(result.page.data)}, ${round(result.page.dataBytes / 1024, 1)} KB`
      : "page: not measured",
    ...ingest.pages.map(
      (p) =>
        `counting off → on, ${p.path} at ${p.rate} req/s: p99 ${p.p99Off} → ${p.p99On} ms, the rounds' difference ${p.p99Delta} ms; server CPU per request ${p.cpuOffUs} → ${p.cpuOnUs} µs; at saturation ${p.capacityOff} → ${p.capacityOn} req/s, ${p.saturatedCpuOffUs} → ${p.saturatedCpuOnUs} µs per request`,
    ),
    ...ingest.runs.map(
      (r) =>
        `  round ${r.round} ${r.analytics.padEnd(3)} ${r.path}: ${r.answered200} answered 200 of ${r.requests}; at ${r.rate} req/s p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.cpuPerRequestUs} µs CPU per request; saturated ${r.saturated.requestsPerSecond} req/s, ${r.saturated.cpuPerRequestUs} µs${r.errors ? `, ${r.errors} errors` : ""}`,
    ),
  ];
  return { pass: budgets.every((b) => b.pass !== false), budgets, lines };
}

async function main(): Promise<number> {
  installSignalHandlers();
  const options = settingsOrExit(audienceBenchSettings);
  const settings: AudienceSettings = {
    views: options.views,
    rounds: options.rounds,
    connections: options.connections,
    durationSeconds: options.durationSeconds,
  };
  const buildDir = path.resolve(options.buildDir);
  if (!existsSync(serverEntry(buildDir))) await buildSite(buildDir);
  const tempDir = await mkdtemp(path.join(os.tmpdir(), "portfolio-bench-audience-"));
  const results: AudienceBenchResult[] = [];
  try {
    results.push(await measureAudience(buildDir, tempDir, settings));
    if (options.databaseUrl) {
      const database = await scratchDatabase(options.databaseUrl, "audience");
      try {
        results.push(await measureAudience(buildDir, tempDir, settings, database.url));
      } finally {
        await database.drop();
      }
    }
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }
  let pass = true;
  const table = ["| Budget | Engine | Limit | Measured | Result |", "|---|---|---|---|---|"];
  for (const result of results) {
    const verdict = audienceVerdict(result);
    for (const line of verdict.lines) console.info(line);
    for (const budget of verdict.budgets) {
      const outcome = budget.pass === undefined ? "not measured" : budget.pass ? "PASS" : "FAIL";
      table.push(`| ${budget.name} | ${result.engine} | ${budget.limit} | ${budget.measured} | ${outcome} |`);
    }
    pass &&= verdict.pass;
  }
  console.info(`\n${table.join("\n")}\n`);
  if (options.out) await writeFile(options.out, `${JSON.stringify(results, null, 1)}\n`);
  console.info(pass ? "PASS  audience budgets" : "FAIL  audience budgets");
  return pass ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === "--load") {
    const [url = "", connections = "50", size = "1000"] = process.argv.slice(3);
    await loadProcess(url, Number(connections), size);
  } else if (process.argv[2] === "--paced") {
    await pacedProcess(JSON.parse(process.argv[3] ?? "{}") as PacedPlan);
  } else {
    await runBench("The audience bench", main);
  }
}

/**
 * The fediverse at scale (issue 47, item 9), on the production server:
 *
 * - **Fan-out**: 10,000 followers of the English account on 2,000 instances
 *   (BENCH_FEDIVERSE_FOLLOWERS, BENCH_FEDIVERSE_INSTANCES), seeded before the
 *   server starts; an English post published after a Portuguese one none of
 *   them gets (so publishing's own work is done before the memory is read).
 *   Its `Create` must reach every instance's shared inbox once (a local
 *   server that only counts), within FANOUT_BUDGET_S, the server's RSS peak
 *   within `RSS_GROWTH_BOUND` of the start (the followers are read by the
 *   database in one statement and the deliveries claimed a batch at a time,
 *   decision 064), while a visitor reads a static page and an article.
 * - **Incoming**: 1,000 signed activities a minute (likes of the post, from
 *   ten remote instances of the tests' own, tests/harness/fediverse-peer.ts)
 *   while the visitor reads the same pages: every activity answered 202 and
 *   the visitor's p99 within the pages' budget (`BUDGETS.postP99Ms`).
 *
 * `npm run bench:fediverse` (builds BENCH_BUILD_DIR, default build-bench,
 * when missing); the embedded database, or PostgreSQL with DATABASE_URL (a
 * database of its own, created and dropped). Figures in decision 077.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../app/server/db/client.server.ts";
import { fediverseBenchSettings } from "../config/bench.ts";
import { settingsOrExit } from "../config/read.ts";
import { serverEntry } from "../runtime/node-flags.ts";
import { FediversePeer } from "../tests/harness/fediverse-peer.ts";
import { fakeGitHubEnv } from "../tools/fake-github/accounts.ts";
import { startFakeGitHub } from "../tools/fake-github/server.ts";
import { BUDGETS } from "./budgets.ts";
import { buildSite } from "./build.ts";
import { installSignalHandlers, runBench } from "./cleanup.ts";
import { RSS_GROWTH_BOUND } from "./flood.ts";
import type { LoadResult } from "./load.ts";
import { sampleMemory } from "./processes.ts";
import { scratchDatabase } from "./scratch-database.ts";
import { readEveryTarget, sendBaseline } from "./send-baseline.ts";
import { startServer } from "./server.ts";
import { mib, round, sleep } from "./stats.ts";

/** The fan-out's budget: every instance's inbox has the post within this long of its publication. */
const FANOUT_BUDGET_S = 120;
/** Incoming activities a minute, spread over this many remote instances (each under its rate limit). */
const INCOMING_PER_MINUTE = 1_000;
const PEERS = 10;

export interface FediverseBenchResult {
  engine: "embedded (PGlite)" | "PostgreSQL";
  followers: number;
  instances: number;
  delivered: number;
  distinctInboxes: number;
  fanoutSeconds: number;
  rssStart: number;
  rssPeak: number;
  visitorAlone: LoadResult[];
  visitorFanout: LoadResult[];
  visitorIncoming: LoadResult[];
  incomingSent: number;
  incomingAccepted: number;
  incomingPerMinute: number;
}

/** Followers of the English account, `followers / instances` behind each instance's shared inbox. */
const seedSql = (inboxes: string, { followers: FOLLOWERS, instances: INSTANCES }: Scale) => `
  insert into fediverse_followers (lang, actor_url, handle, instance, name, inbox, shared_inbox, follow_id)
  select 'en', '${inboxes}/i' || (n % ${INSTANCES}) || '/users/' || n, '@u' || n || '@i' || (n % ${INSTANCES}) || '.bench',
    'i' || (n % ${INSTANCES}) || '.bench', 'Reader ' || n, '${inboxes}/i' || (n % ${INSTANCES}) || '/users/' || n || '/inbox',
    '${inboxes}/i' || (n % ${INSTANCES}) || '/inbox', '${inboxes}/follows/' || n
  from generate_series(1, ${FOLLOWERS}) as n`;

interface Scale {
  followers: number;
  instances: number;
}

async function seedFollowers(inboxes: string, scale: Scale, dataDir: string, databaseUrl: string | undefined) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(seedSql(inboxes, scale));
    } finally {
      await client.end();
    }
    return;
  }
  const database = await openDatabase({ dataDir });
  try {
    await database.db.execute(sql.raw(seedSql(inboxes, scale)));
  } finally {
    await database.close();
  }
}

/** Every instance's inbox on one local server that answers 202 and counts what arrived where. */
async function startInboxes() {
  const arrived = new Map<string, number>();
  /** When the last delivery arrived (`performance.now()`). */
  const last = { at: 0 };
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      arrived.set(req.url ?? "", (arrived.get(req.url ?? "") ?? 0) + 1);
      last.at = performance.now();
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrived,
    last,
    total: () => [...arrived.values()].reduce((sum, n) => sum + n, 0),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Signed likes of `postUrl`, INCOMING_PER_MINUTE spread over the peers, for `seconds`; how many were sent and taken. */
async function sendIncoming(peers: FediversePeer[], inbox: string, postUrl: string, seconds: number) {
  const gapMs = 60_000 / INCOMING_PER_MINUTE;
  const answers: Promise<number>[] = [];
  const started = performance.now();
  for (let n = 0; performance.now() - started < seconds * 1000; n++) {
    const peer = peers[n % peers.length] as FediversePeer;
    answers.push(
      peer.send(inbox, peer.activity("Like", postUrl)).then(
        async (answer) => {
          await answer.arrayBuffer();
          return answer.status;
        },
        () => 0,
      ),
    );
    const next = started + (n + 1) * gapMs;
    await sleep(Math.max(0, next - performance.now()));
  }
  const statuses = await Promise.all(answers);
  const minutes = (performance.now() - started) / 60_000;
  return {
    sent: statuses.length,
    accepted: statuses.filter((status) => status === 202).length,
    perMinute: round(statuses.length / minutes, 0),
  };
}

export async function measureFediverse(
  buildDir: string,
  tempDir: string,
  settings: Scale & { durationSeconds: number },
  databaseUrl?: string,
): Promise<FediverseBenchResult> {
  const { durationSeconds } = settings;
  const dataDir = await mkdtemp(path.join(tempDir, "fediverse-"));
  const inboxes = await startInboxes();
  const github = await startFakeGitHub();
  const peers = Array.from({ length: PEERS }, () => new FediversePeer());
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    for (const peer of peers) await peer.start();
    const env = {
      ...fakeGitHubEnv(github.url),
      RENDER_RATE_LIMIT: "0",
      FEDERATION_ALLOW_PRIVATE: "true",
    };
    // The first start creates the tables and records when federation began; the followers come before the real one.
    const first = await startServer({ buildDir, dataDir, databaseUrl, env });
    await sleep(1000);
    await first.child.stop();
    await seedFollowers(inboxes.origin, settings, dataDir, databaseUrl);
    server = await startServer({ buildDir, dataDir, databaseUrl, env });
    const { origin } = server;
    const pid = server.child.pid;
    // A Portuguese post first, which none of the English handle's followers gets.
    const { publish, visitorAlone, rssStart } = await sendBaseline(origin, pid, durationSeconds);
    const sampler = sampleMemory(pid);

    const started = performance.now();
    const slug = `en-fanout-${randomBytes(3).toString("hex")}`;
    const saved = await publish("en", "A post for every follower", slug);
    if (!saved.ok) throw new Error(`publishing the post answered ${saved.status}`);
    let visitorFanout: LoadResult[];
    let rssPeak: number;
    let fanoutSeconds: number;
    try {
      visitorFanout = await readEveryTarget(origin, durationSeconds, pid);
      const deadline = performance.now() + FANOUT_BUDGET_S * 2000;
      while (inboxes.arrived.size < settings.instances && performance.now() < deadline) await sleep(100);
      // From the publication to the last inbox's delivery (the visitor's load may end after it).
      fanoutSeconds = (inboxes.last.at - started) / 1000;
      // Anything sent twice would come within a poll or two.
      await sleep(3000);
    } finally {
      rssPeak = sampler.stop();
    }
    const delivered = inboxes.total();
    const distinctInboxes = inboxes.arrived.size;

    // Incoming activities while the visitor reads: the likes of the post just published.
    const postUrl = `${origin}/en/blog/${slug}`;
    const [incoming, visitorIncoming] = await Promise.all([
      sendIncoming(peers, `${origin}/fediverse/inbox`, postUrl, durationSeconds + 2 * 5),
      sleep(2000).then(() => readEveryTarget(origin, durationSeconds, pid)),
    ]);
    return {
      engine: databaseUrl ? "PostgreSQL" : "embedded (PGlite)",
      followers: settings.followers,
      instances: settings.instances,
      delivered,
      distinctInboxes,
      fanoutSeconds: round(fanoutSeconds, 1),
      rssStart,
      rssPeak,
      visitorAlone,
      visitorFanout,
      visitorIncoming,
      incomingSent: incoming.sent,
      incomingAccepted: incoming.accepted,
      incomingPerMinute: incoming.perMinute,
    };
  } finally {
    await server?.child.stop();
    for (const peer of peers) await peer.stop();
    await github.close();
    await inboxes.close();
  }
}

export function fediverseVerdict(result: FediverseBenchResult) {
  const p99 = (results: readonly LoadResult[]) => Math.max(...results.map((r) => r.latencyP99));
  const pages = (results: readonly LoadResult[]) =>
    results.map((r) => `${new URL(r.url).pathname} p99 ${r.latencyP99} ms (p50 ${r.latencyP50})`).join(", ");
  const growth = result.rssPeak - result.rssStart;
  const once = result.delivered === result.instances && result.distinctInboxes === result.instances;
  const checks = {
    once,
    fanoutInBudget: result.fanoutSeconds <= FANOUT_BUDGET_S,
    memoryFlat: growth <= RSS_GROWTH_BOUND,
    pagesDuringFanout: p99(result.visitorFanout) < BUDGETS.postP99Ms,
    incomingTaken: result.incomingAccepted === result.incomingSent,
    incomingRate: result.incomingPerMinute >= INCOMING_PER_MINUTE * 0.95,
    pagesDuringIncoming: p99(result.visitorIncoming) < BUDGETS.postP99Ms,
  };
  return {
    pass: Object.values(checks).every(Boolean),
    checks,
    lines: [
      `${result.engine}: ${result.followers} followers on ${result.instances} instances; ${result.delivered} deliveries to ${result.distinctInboxes} inboxes in ${result.fanoutSeconds} s (budget ${FANOUT_BUDGET_S} s, ${round(result.delivered / result.fanoutSeconds, 1)}/s)`,
      `RSS ${round(mib(result.rssStart))} MB before the post, ${round(mib(result.rssPeak))} MB at the fan-out's peak (+${round(mib(growth))} MB, limit +${round(mib(RSS_GROWTH_BOUND))} MB)`,
      `visitor alone: ${pages(result.visitorAlone)}`,
      `visitor during the fan-out: ${pages(result.visitorFanout)}`,
      `incoming: ${result.incomingSent} signed likes at ${result.incomingPerMinute}/min from ${PEERS} instances, ${result.incomingAccepted} answered 202`,
      `visitor during the incoming: ${pages(result.visitorIncoming)} (limit < ${BUDGETS.postP99Ms} ms)`,
      `checks: ${Object.entries(checks)
        .map(([name, ok]) => `${name} ${ok ? "ok" : "FAILED"}`)
        .join(", ")}`,
    ],
  };
}

async function main(): Promise<number> {
  installSignalHandlers();
  const options = settingsOrExit(fediverseBenchSettings);
  if (!existsSync(serverEntry(options.buildDir))) await buildSite(path.resolve(options.buildDir));
  const tempDir = await mkdtemp(path.join(os.tmpdir(), "portfolio-bench-fediverse-"));
  const { databaseUrl } = options;
  let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  try {
    if (databaseUrl) scratch = await scratchDatabase(databaseUrl, "fediverse");
    const dedicated = scratch?.url;
    const result = await measureFediverse(
      path.resolve(options.buildDir),
      tempDir,
      { followers: options.followers, instances: options.instances, durationSeconds: options.durationSeconds },
      dedicated,
    );
    const verdict = fediverseVerdict(result);
    for (const line of verdict.lines) console.info(line);
    console.info(verdict.pass ? "PASS  fediverse budget" : "FAIL  fediverse budget");
    return verdict.pass ? 0 : 1;
  } finally {
    await scratch?.drop();
    await rm(tempDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runBench("The fediverse bench", main);

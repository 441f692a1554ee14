import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../app/server/db/client.server.ts";
import { newsletterBenchSettings } from "../config/bench.ts";
import { settingsOrExit } from "../config/read.ts";
import { serverEntry } from "../runtime/node-flags.ts";
import { startSmtpSink } from "../tests/harness/smtp-sink.ts";
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

export interface NewsletterBenchResult {
  engine: "embedded (PGlite)" | "PostgreSQL";
  readers: number;
  /** Mails the relay accepted, and to how many different readers. */
  accepted: number;
  distinct: number;
  sendSeconds: number;
  mailsPerSecond: number;
  visitorAlone: LoadResult[];
  visitorSending: LoadResult[];
  rssStart: number;
  rssPeak: number;
}

const SEED = `insert into newsletter_subscribers (email, langs, frequency, status, source, confirm_sent_at, confirmed_at)
  select 'reader' || n || '@bench.test', array['en'], 'post', 'confirmed', '/en/blog', now(), now()
  from generate_series(1, $1::int) as n`;

/** Confirmed readers, written before the server starts (the embedded database is then closed again). */
async function seedReaders(readers: number, dataDir: string, databaseUrl: string | undefined) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(SEED, [readers]);
    } finally {
      await client.end();
    }
    return;
  }
  const database = await openDatabase({ dataDir });
  try {
    await database.db.execute(sql.raw(SEED.replace("$1::int", String(readers))));
  } finally {
    await database.close();
  }
}

export async function measureNewsletter(
  buildDir: string,
  tempDir: string,
  settings: { readers: number; rate: string; durationSeconds: number },
  databaseUrl?: string,
): Promise<NewsletterBenchResult> {
  const dataDir = await mkdtemp(path.join(tempDir, "newsletter-"));
  // Every mail is kept by its envelope only: who it went to.
  const relay = await startSmtpSink({ envelopeOnly: true });
  const recipients = () => relay.received.flatMap((mail) => mail.to);
  const github = await startFakeGitHub();
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    // The server creates the tables (its migrations) on its first start; the readers are added before the real one.
    const first = await startServer({ buildDir, dataDir, databaseUrl });
    await first.child.stop();
    await seedReaders(settings.readers, dataDir, databaseUrl);
    server = await startServer({
      buildDir,
      dataDir,
      databaseUrl,
      env: {
        ...fakeGitHubEnv(github.url),
        SMTP_HOST: "127.0.0.1",
        SMTP_PORT: String(relay.port),
        SMTP_FROM: "blog@bench.test",
        NEWSLETTER_RATE: settings.rate,
        RENDER_RATE_LIMIT: "0",
      },
    });
    const { origin } = server;
    const pid = server.child.pid;
    // A Portuguese post first, which none of the (English) readers gets.
    const { publish, visitorAlone, rssStart } = await sendBaseline(origin, pid, settings.durationSeconds);
    const sampler = sampleMemory(pid);

    const started = performance.now();
    const saved = await publish("en", "A letter to every reader");
    if (!saved.ok) throw new Error(`publishing the post answered ${saved.status}`);
    let visitorSending: LoadResult[];
    let rssPeak: number;
    let sendSeconds: number;
    try {
      visitorSending = await readEveryTarget(origin, settings.durationSeconds, pid);
      // However long the rest takes at this machine's pace, with an end for a send that stalls.
      const stallMs = 60_000;
      let last = recipients().length;
      let lastChange = performance.now();
      while (recipients().length < settings.readers && performance.now() - lastChange < stallMs) {
        await sleep(250);
        if (recipients().length !== last) {
          last = recipients().length;
          lastChange = performance.now();
        }
      }
      sendSeconds = (performance.now() - started) / 1000;
    } finally {
      rssPeak = sampler.stop();
    }
    return {
      engine: databaseUrl ? "PostgreSQL" : "embedded (PGlite)",
      readers: settings.readers,
      accepted: recipients().length,
      distinct: new Set(recipients()).size,
      sendSeconds: round(sendSeconds, 1),
      mailsPerSecond: round(recipients().length / sendSeconds, 1),
      visitorAlone,
      visitorSending,
      rssStart,
      rssPeak,
    };
  } finally {
    await server?.child.stop();
    await github.close();
    await relay.close();
  }
}

export function newsletterVerdict(result: NewsletterBenchResult) {
  const p99 = (results: readonly LoadResult[]) => Math.max(...results.map((r) => r.latencyP99));
  const alone = p99(result.visitorAlone);
  const sending = p99(result.visitorSending);
  const ratio = sending / Math.max(alone, 1);
  const growth = result.rssPeak - result.rssStart;
  const everyone = result.accepted === result.readers && result.distinct === result.readers;
  const pages = (results: readonly LoadResult[]) =>
    results.map((r) => `${new URL(r.url).pathname} p99 ${r.latencyP99} ms (p50 ${r.latencyP50})`).join(", ");
  return {
    pass:
      everyone &&
      sending < BUDGETS.postP99Ms &&
      growth <= RSS_GROWTH_BOUND &&
      (result.engine === "PostgreSQL" || result.rssPeak <= BUDGETS.rssEmbeddedMiB * 1024 * 1024),
    lines: [
      `${result.engine}: ${result.readers} readers; ${result.accepted} mails accepted by the relay, to ${result.distinct} readers, in ${result.sendSeconds} s (${result.mailsPerSecond} mails/s)`,
      `visitor alone: ${pages(result.visitorAlone)}`,
      `visitor during the send: ${pages(result.visitorSending)}`,
      `visitor's p99 ${sending} ms during the send (limit < ${BUDGETS.postP99Ms} ms; ${round(ratio, 2)} x alone); RSS ${round(mib(result.rssStart))} MB before the send, ${round(mib(result.rssPeak))} MB at its peak (+${round(mib(growth))} MB, limit +${round(mib(RSS_GROWTH_BOUND))} MB${result.engine === "PostgreSQL" ? "" : `; at most ${BUDGETS.rssEmbeddedMiB} MB`})`,
    ],
  };
}

async function main(): Promise<number> {
  installSignalHandlers();
  const options = settingsOrExit(newsletterBenchSettings);
  if (!existsSync(serverEntry(options.buildDir))) await buildSite(path.resolve(options.buildDir));
  const tempDir = await mkdtemp(path.join(os.tmpdir(), "portfolio-bench-newsletter-"));
  const { databaseUrl } = options;
  let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  try {
    if (databaseUrl) scratch = await scratchDatabase(databaseUrl, "newsletter");
    const dedicated = scratch?.url;
    const result = await measureNewsletter(
      path.resolve(options.buildDir),
      tempDir,
      {
        readers: options.readers,
        rate: options.rate,
        durationSeconds: options.durationSeconds,
      },
      dedicated,
    );
    const verdict = newsletterVerdict(result);
    for (const line of verdict.lines) console.info(line);
    console.info(verdict.pass ? "PASS  newsletter budget" : "FAIL  newsletter budget");
    return verdict.pass ? 0 : 1;
  } finally {
    await scratch?.drop();
    await rm(tempDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runBench("The newsletter bench", main);

/**
 * Mixed load: readers and writers at once against the production server.
 * 200 readers (BENCH_MIXED_READERS) fetch prerendered pages, the blog list
 * and server-rendered articles back to back; 10 writers
 * (BENCH_MIXED_WRITERS), signed in through a local fake GitHub by the real
 * sign-in, autosave and save their own posts and send contact messages,
 * pausing 200 ms between writes, for 60 s (BENCH_MIXED_SECONDS). Every
 * request must succeed: a reader's page 200 and complete, a writer's save or
 * message acknowledged. Part of `npm run bench` (embedded database, and
 * PostgreSQL with DATABASE_URL); `npm run bench:mixed` runs it alone and
 * prints the figures.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { mixedBenchSettings } from "../config/bench.ts";
import { settingsOrExit } from "../config/read.ts";
import { serverEntry } from "../runtime/node-flags.ts";
import { AdminClient, ContactClient, signIn } from "../tests/harness/site-client.ts";
import { fakeAuthorLogins, fakeGitHubEnv } from "../tools/fake-github/accounts.ts";
import { startFakeGitHub } from "../tools/fake-github/server.ts";
import { buildSite } from "./build.ts";
import { installSignalHandlers, runBench } from "./cleanup.ts";
import { benchPaths, encodePath } from "./routes.ts";
import { startServer } from "./server.ts";
import { round, sleep } from "./stats.ts";

export interface MixedSide {
  requests: number;
  errors: number;
  /** The first few errors, to say what went wrong. */
  errorSamples: string[];
  latencyP50: number;
  latencyP99: number;
  latencyMax: number;
  perSecond: number;
}

export interface MixedResult {
  engine: "embedded (PGlite)" | "PostgreSQL";
  seconds: number;
  readers: number;
  writers: number;
  paths: string[];
  reads: MixedSide;
  writes: MixedSide;
}

export interface MixedSettings {
  seconds: number;
  readers: number;
  writers: number;
}

/** Latencies and errors of one side, kept as they come. */
class Tally {
  readonly times: number[] = [];
  errors = 0;
  readonly samples: string[] = [];
  fail(what: string) {
    this.errors += 1;
    if (this.samples.length < 5) this.samples.push(what);
  }
  summary(seconds: number): MixedSide {
    const sorted = [...this.times].sort((a, b) => a - b);
    const at = (p: number) => round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0, 1);
    return {
      requests: this.times.length + this.errors,
      errors: this.errors,
      errorSamples: this.samples,
      latencyP50: at(0.5),
      latencyP99: at(0.99),
      latencyMax: round(sorted.at(-1) ?? 0, 1),
      perSecond: round((this.times.length + this.errors) / seconds),
    };
  }
}

/** Runs the mixed load against a new server of the build on a new data directory (and DATABASE_URL when given). */
export async function measureMixed(
  buildDir: string,
  tempDir: string,
  settings: MixedSettings,
  databaseUrl?: string,
): Promise<MixedResult> {
  const github = await startFakeGitHub();
  const dataDir = await mkdtemp(path.join(tempDir, "mixed-"));
  const server = await startServer({
    buildDir,
    dataDir,
    databaseUrl,
    env: {
      ...fakeGitHubEnv(github.url),
      // 210 clients from one address: the per-client limits (decision 027) would refuse them, which is not what is measured.
      CONTACT_RATE_LIMIT: "1000000",
      SIGN_IN_RATE_LIMIT: "1000",
      RENDER_RATE_LIMIT: "0",
      SEARCH_RATE_LIMIT: "0",
      UPLOAD_RATE_LIMIT: "0",
    },
  });
  const origin = server.origin;
  const paths = benchPaths("quick");
  const reads = new Tally();
  const writes = new Tally();
  try {
    // Each writer: one author session (the real sign-in), a post of its own, a contact form opened.
    const logins = fakeAuthorLogins.split(",");
    const writers = await Promise.all(
      Array.from({ length: settings.writers }, async (_, index) => {
        const admin = new AdminClient(origin, await signIn(origin, logins[index % logins.length] ?? "rafael-werneck"));
        const slug = `mixed-${index}-${Date.now().toString(36)}`;
        const created = await admin.action("autosave", { title: `Mixed ${index}`, slug, content: "Início." });
        if (!created.saved) throw new Error(`writer ${index} could not create its post (${created.status})`);
        const contact = new ContactClient(origin);
        await contact.open();
        return { admin, contact, slug, post: created.saved };
      }),
    );
    for (const target of paths) await fetch(`${origin}${encodePath(target)}`).then((r) => r.arrayBuffer());
    // The contact form's minimum fill time.
    await sleep(3100);

    const endAt = performance.now() + settings.seconds * 1000;
    const reader = async (index: number) => {
      let n = index;
      while (performance.now() < endAt) {
        const target = paths[n++ % paths.length] ?? "/";
        const began = performance.now();
        try {
          const response = await fetch(`${origin}${encodePath(target)}`, {
            headers: { "Accept-Encoding": "gzip, deflate, br" },
          });
          await response.arrayBuffer();
          if (response.status !== 200) reads.fail(`${target}: ${response.status}`);
          else reads.times.push(performance.now() - began);
        } catch (error) {
          reads.fail(`${target}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    };
    const writer = async (index: number) => {
      const own = writers[index];
      if (!own) return;
      let n = 0;
      while (performance.now() < endAt) {
        n += 1;
        const kind = n % 4 === 0 ? "contact" : n % 4 === 2 ? "update" : "autosave";
        const began = performance.now();
        try {
          if (kind === "contact") {
            const sent = await own.contact.send({
              name: `Leitor ${index}`,
              email: "leitor@example.com",
              message: `Mensagem ${index}-${n} do teste de carga misto.`,
            });
            if (!sent.ok) throw new Error(`contact answered ${sent.status}`);
          } else {
            const answer = await own.admin.action(kind, {
              id: own.post.id,
              updatedAt: own.post.updatedAt,
              title: `Mixed ${index}`,
              slug: own.slug,
              content: `Texto ${n} do escritor ${index}.\n\n${"Lorem ipsum dolor sit amet. ".repeat(40)}`,
            });
            if (!answer.ok || !answer.saved) throw new Error(`${kind} answered ${answer.status} ${answer.message}`);
            own.post = answer.saved;
          }
          writes.times.push(performance.now() - began);
        } catch (error) {
          writes.fail(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
        }
        await sleep(200);
      }
    };
    await Promise.all([
      ...Array.from({ length: settings.readers }, (_, index) => reader(index)),
      ...Array.from({ length: settings.writers }, (_, index) => writer(index)),
    ]);
  } finally {
    await server.child.stop();
    await github.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return {
    engine: databaseUrl ? "PostgreSQL" : "embedded (PGlite)",
    seconds: settings.seconds,
    readers: settings.readers,
    writers: settings.writers,
    paths,
    reads: reads.summary(settings.seconds),
    writes: writes.summary(settings.seconds),
  };
}

/** One line per side, for the console. */
export function describeMixed(result: MixedResult): string {
  const side = (name: string, s: MixedSide) =>
    `  ${name}: ${s.requests} requests (${s.perSecond}/s), ${s.errors} errors, p50 ${s.latencyP50} ms, p99 ${s.latencyP99} ms, max ${s.latencyMax} ms` +
    (s.errorSamples.length ? `\n    ${s.errorSamples.join("\n    ")}` : "");
  return [
    `Mixed load, ${result.engine}: ${result.readers} readers and ${result.writers} writers for ${result.seconds} s`,
    side("readers", result.reads),
    side("writers", result.writes),
  ].join("\n");
}

async function main(): Promise<number> {
  installSignalHandlers();
  const options = settingsOrExit(mixedBenchSettings);
  const settings = options.mixed;
  if (!existsSync(serverEntry(options.buildDir))) await buildSite(options.buildDir);
  const tempDir = await mkdtemp(path.join(os.tmpdir(), "portfolio-bench-mixed-"));
  let errors = 0;
  try {
    // The embedded database, then PostgreSQL when DATABASE_URL is set.
    for (const databaseUrl of [undefined, ...(options.databaseUrl ? [options.databaseUrl] : [])]) {
      const result = await measureMixed(path.resolve(options.buildDir), tempDir, settings, databaseUrl);
      console.info(describeMixed(result));
      errors += result.reads.errors + result.writes.errors;
    }
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }
  console.info(errors === 0 ? "No errors." : `${errors} errors: the budget (no error) fails.`);
  return errors === 0 ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runBench("The mixed load", main);

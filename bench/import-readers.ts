/**
 * The public pages while a large import runs (docs/import-and-export.md): a
 * production server of the build (BENCH_BUILD_DIR, built when missing) on
 * the embedded database, or on PostgreSQL with `--database URL`, is sent the
 * bench's archive (bench/import-scale.ts: `--posts`, `--images` each) through
 * the admin's upload, as the page's script sends it, while `--readers`
 * readers each ask, one request after another, a prerendered page, an
 * article, the blog's list and a search. Each answer's time is kept with the
 * import's phase it fell in: at rest before it, the upload, the images
 * stored, the posts' transaction, and after it. Prints, per page and phase,
 * the count, p50, p95, p99 and the slowest, and the server's RSS at rest
 * and at its peak; `--out FILE` writes the same as Markdown.
 *
 * `npm run bench:import-readers [-- --posts 1000 --images 4 --readers 2]`
 */
import { createReadStream, existsSync } from "node:fs";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { parseArgs } from "node:util";
import { createSession } from "../app/server/auth/session.server.ts";
import { upsertGitHubUser } from "../app/server/auth/users.server.ts";
import { openDatabase } from "../app/server/db/client.server.ts";
import { buildSite } from "./build.ts";
import { cleanupAll, installSignalHandlers, onCleanup } from "./cleanup.ts";
import { type ImportScale, writeScaleArchive } from "./import-scale.ts";
import { readOptions } from "./options.ts";
import { memoryOf, sampleMemory } from "./processes.ts";
import { startServer } from "./server.ts";
import { mib, percentile, round, sleep } from "./stats.ts";

const { values } = parseArgs({
  options: {
    posts: { type: "string", default: "1000" },
    images: { type: "string", default: "4" },
    readers: { type: "string", default: "2" },
    database: { type: "string" },
    out: { type: "string" },
  },
});

/** What a reader asks, in turn: a file, a cached article, the list the import changes, a query. */
const PAGES = ["/about", "/blog/bot-discord", "/blog", "/blog/search?q=deploy"] as const;
const PHASES = ["rest", "upload", "images", "posts", "search", "after"] as const;
type Phase = (typeof PHASES)[number];
/** Seconds measured at rest before the upload, and after the import. */
const REST_SECONDS = 10;

interface Answer {
  page: string;
  phase: Phase;
  ms: number;
  status: number;
}

async function main(): Promise<number> {
  installSignalHandlers();
  const scale: ImportScale = { posts: Number(values.posts), imagesPerPost: Number(values.images) };
  const readers = Number(values.readers);
  if (!(scale.posts >= 2 && scale.imagesPerPost >= 0 && readers >= 1)) {
    console.error("--posts must be at least 2, --images at least 0, --readers at least 1");
    return 2;
  }
  const buildDir = path.resolve(readOptions().buildDir);
  if (!existsSync(path.join(buildDir, "server", "main.js"))) {
    console.info(`No build in ${buildDir}; building…`);
    await buildSite(buildDir);
  }
  const workDir = await mkdtemp(path.join(os.tmpdir(), "bench-import-readers-"));
  onCleanup(() => rm(workDir, { recursive: true, force: true }));
  const archive = path.join(workDir, "blog.zip");
  console.info(`Writing ${scale.posts} posts with ${scale.imagesPerPost} images each…`);
  await writeScaleArchive(archive, scale);
  const size = (await stat(archive)).size;

  // The author and a session, written before the server starts (the embedded database has one owner).
  const dataDir = path.join(workDir, "data");
  const database = await openDatabase({ dataDir, databaseUrl: values.database });
  let session: string;
  try {
    const author = await upsertGitHubUser(database.db, {
      githubId: 1,
      login: "bench",
      name: null,
      avatarUrl: null,
      email: null,
    });
    session = (await createSession(database.db, author.id)).token;
  } finally {
    await database.close();
  }
  const server = await startServer({
    buildDir,
    dataDir,
    databaseUrl: values.database,
    env: { AUTHOR_GITHUB_LOGINS: "bench", RENDER_RATE_LIMIT: "0", SEARCH_RATE_LIMIT: "0", IMPORT_RATE_LIMIT: "0" },
  });
  onCleanup(() => server.child.stop());

  let phase: Phase = "rest";
  let reading = true;
  const answers: Answer[] = [];
  const reader = async (offset: number) => {
    for (let i = offset; reading; i++) {
      const page = PAGES[i % PAGES.length] ?? "/";
      const at = phase;
      const started = performance.now();
      const response = await fetch(`${server.origin}${page}`, { headers: { "accept-encoding": "br, gzip" } });
      await response.arrayBuffer();
      answers.push({ page, phase: at, ms: performance.now() - started, status: response.status });
    }
  };
  // Warm: each page once, so the first render is not counted.
  for (const page of PAGES) await (await fetch(`${server.origin}${page}`)).arrayBuffer();
  const rssRest = memoryOf(server.child.pid)?.rss ?? 0;
  const memory = sampleMemory(server.child.pid);
  const running = Array.from({ length: readers }, (_, i) => reader(i));
  await sleep(REST_SECONDS * 1000);

  phase = "upload";
  const began = performance.now();
  const response = await fetch(`${server.origin}/admin/blog/import?lang=en&step=apply&name=blog.zip`, {
    method: "POST",
    headers: {
      Cookie: `session=${session}`,
      Origin: server.origin,
      "Content-Type": "application/octet-stream",
      "Content-Length": String(size),
    },
    body: Readable.toWeb(createReadStream(archive)) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as RequestInit);
  let last: Record<string, unknown> = {};
  let buffered = "";
  // The posts' phase begins as the transaction does (its first progress is 0 posts written), and ends with it.
  let transactionBegan = 0;
  let transactionMs = 0;
  for await (const chunk of response.body ?? []) {
    buffered += Buffer.from(chunk).toString("utf8");
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines.filter(Boolean)) {
      last = JSON.parse(line) as Record<string, unknown>;
      const progress = last.progress as { phase?: "reading" | "images" | "posts" | "search" } | undefined;
      if (progress?.phase === "posts" && phase !== "posts") transactionBegan = performance.now();
      // The search documents are made after the transaction (decision 086), in statements of their own.
      if (progress?.phase === "search" && phase === "posts") transactionMs = performance.now() - transactionBegan;
      if (progress?.phase === "images" || progress?.phase === "posts" || progress?.phase === "search")
        phase = progress.phase;
    }
  }
  const importMs = performance.now() - began;
  transactionMs ||= transactionBegan ? performance.now() - transactionBegan : 0;
  phase = "after";
  await sleep(REST_SECONDS * 1000);
  reading = false;
  await Promise.all(running);
  const rssPeak = memory.stop();
  await server.child.stop();
  if (!("result" in last)) {
    console.error(`The import did not finish: ${JSON.stringify(last).slice(0, 500)}`);
    return 1;
  }

  const rows: string[] = [];
  for (const page of PAGES) {
    for (const at of PHASES) {
      const times = answers
        .filter((answer) => answer.page === page && answer.phase === at)
        .map((answer) => answer.ms)
        .sort((a, b) => a - b);
      if (times.length === 0) continue;
      const failed = answers.filter((answer) => answer.page === page && answer.phase === at && answer.status !== 200);
      const ms = (p: number) => round(percentile(times, p), 1);
      rows.push(
        `| \`${page}\` | ${at} | ${times.length} | ${ms(50)} | ${ms(95)} | ${ms(99)} | ${round(times.at(-1) ?? 0, 1)} | ${failed.length} |`,
      );
    }
  }
  const report = [
    `${scale.posts} posts, ${scale.posts * scale.imagesPerPost} images, ${round(mib(size))} MB, uploaded and imported in ${round(importMs / 1000, 1)} s (the posts' transaction ${round(transactionMs / 1000, 1)} s) on ${values.database ? "PostgreSQL" : "the embedded database"}, ${readers} readers; the server's RSS ${round(mib(rssRest))} MB at rest, ${round(mib(rssPeak))} MB at its peak. Result: ${JSON.stringify(last.result)}`,
    "",
    "| page | phase | answers | p50 ms | p95 ms | p99 ms | slowest ms | not 200 |",
    "| ---- | ----- | ------- | ------ | ------ | ------ | ---------- | ------- |",
    ...rows,
  ].join("\n");
  console.info(report);
  if (values.out) await writeFile(values.out, `${report}\n`);
  return 0;
}

if (import.meta.main) {
  let code = 2;
  try {
    code = await main();
  } catch (error) {
    console.error(`The bench could not finish: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await cleanupAll();
  }
  process.exit(code);
}

/**
 * `npm run soak`: kill -9 the production server at random moments while an
 * author and visitors write, and check after every restart that nothing the
 * server acknowledged is lost. For each database (the embedded one in a
 * DATA_DIR, and PostgreSQL when a URL is given) it starts the build's
 * server, signs in through a local fake GitHub (the site's real sign-in),
 * and runs writers back to back: posts created by autosave, edited, saved,
 * published and deleted, images uploaded (some set as covers), contact
 * messages sent. At a random moment the server gets SIGKILL; it is started
 * again, must be ready (`/readyz`) within a bound, and then every write that
 * got a success answer must be there, read back through the restarted
 * server: each post with the text of its last acknowledged save (or of the
 * save that was in flight when the server died), deleted posts gone, every
 * image served with the very pixels uploaded, every contact message listed.
 * A write that got no answer may or may not have happened; either is right.
 *
 * Settings: SOAK_KILLS (200, per database), SOAK_SEED (random; printed, and
 * replays the run's choices), SOAK_DATABASES (`pglite,postgres`; postgres
 * needs SOAK_DATABASE_URL or TEST_DATABASE_URL, a server where it creates
 * and drops a database of its own), SOAK_READY_MS (bound on a restart,
 * 30000), SOAK_WRITERS (3), BUILD_DIR (build), STORAGE_DRIVER (postgres:
 * images in the database too). Exits non-zero on the first lost write or
 * failed restart, with the seed that replays it.
 */
import type { ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import sharp from "sharp";
import { percentile } from "../../bench/stats.ts";
import { SERVER_ENVIRONMENT, serverCommandArgs, serverEntry } from "../../runtime/node-flags.ts";
import { fakeGitHubEnv } from "../../tools/fake-github/accounts.ts";
import { startFakeGitHub } from "../../tools/fake-github/server.ts";
import { startProcess } from "../../tools/processes/child.ts";
import { freePort } from "./free-port.ts";
import { copyMigratedPglite } from "./migrated-pglite.ts";
import { AdminClient, ContactClient, NoAnswer, readUpload, signIn } from "./site-client.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** A small seeded generator (mulberry32): the same seed makes the same choices. */
export function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T,
  };
}
type Random = ReturnType<typeof generator>;

/** A PNG of seeded noise and its raw RGB pixels: the site re-encodes it losslessly, so the pixels must come back. */
export async function noiseImage(random: Random): Promise<{ png: Uint8Array; pixels: string }> {
  const width = random.int(24, 64);
  const height = random.int(16, 48);
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = random.int(0, 255);
  const png = await sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return { png: new Uint8Array(png), pixels: createHash("sha256").update(raw).digest("hex") };
}

/** The hash of an image's raw RGB pixels, as served. */
export async function pixelsOf(bytes: Uint8Array): Promise<string> {
  const raw = await sharp(bytes).removeAlpha().raw().toBuffer();
  return createHash("sha256").update(raw).digest("hex");
}

/** One server process of the build; `kill()` is SIGKILL, `stop()` SIGTERM. */
export interface ServerProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<void>;
}

/** Servers started and not yet seen to exit: killed with this process, whatever ends it. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export function startServer(buildDir: string, env: NodeJS.ProcessEnv): ServerProcess {
  const started = startProcess(process.execPath, serverCommandArgs(buildDir), {
    name: "the server",
    cwd: root,
    env: { ...SERVER_ENVIRONMENT, ...env },
    keep: 6000,
  });
  const child = started.process;
  running.add(child);
  child.once("exit", () => running.delete(child));
  return { child, output: started.output, exited: started.exited.then(() => undefined) };
}

/** Resolves with the milliseconds until `/readyz` answered 200; throws past `boundMs` or if the process ends. */
export async function waitReady(origin: string, server: ServerProcess, boundMs: number): Promise<number> {
  const started = performance.now();
  let ended = false;
  void server.exited.then(() => {
    ended = true;
  });
  while (performance.now() - started < boundMs) {
    if (ended) throw new Error(`the server stopped while starting:\n${server.output()}`);
    const ok = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return Math.round(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the server was not ready within ${boundMs} ms:\n${server.output()}`);
}

export async function kill(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
  await server.exited;
}

/** What the writers know: acknowledged writes, and those sent without an answer (either outcome is right). */
interface TrackedPost {
  /** The writer that edits it: one writer per post, as one editor tab. */
  owner: number;
  id: string;
  slug: string;
  updatedAt: string;
  /** Contents the post may hold: the last acknowledged one, and any sent after it without an answer. */
  contents: Set<string>;
  cover: { url: string; pixels: string } | null;
  /** A cover sent without an answer: the post holds it or the one before. */
  maybeCover: { url: string; pixels: string } | null;
  /** Deleted (acknowledged): must be gone. */
  deleted: boolean;
  /** A delete or a save sent without an answer: the post's state is checked and adopted at the next check. */
  unsure: boolean;
  published: boolean;
}

export interface Ledger {
  posts: Map<string, TrackedPost>;
  images: { url: string; pixels: string }[];
  messages: string[];
  acknowledged: number;
  unanswered: number;
}

const titleOf = (content: string) => `Soak ${createHash("sha1").update(content).digest("hex").slice(0, 10)}`;

/** One writer: mixed writes until the server stops answering. */
export async function writer(
  admin: AdminClient,
  contact: ContactClient,
  random: Random,
  ledger: Ledger,
  owner: number,
  label: string,
  /** Keep writing after a write without an answer (another server takes the next), until this says stop. */
  keepGoingUntil?: () => boolean,
): Promise<void> {
  let n = 0;
  while (!keepGoingUntil?.()) {
    n += 1;
    const mine = [...ledger.posts.values()].filter((post) => !post.deleted && !post.unsure && post.owner === owner);
    const op = random.pick(["create", "edit", "edit", "autosave", "image", "cover", "contact", "publish", "delete"]);
    const ack = () => {
      ledger.acknowledged += 1;
    };
    try {
      if (op === "create" || mine.length === 0) {
        const slug = `soak-${label}-${n}-${randomBytes(3).toString("hex")}`;
        const content = `Primeiro texto de ${slug}.\n\n${randomBytes(random.int(8, 400)).toString("base64")}`;
        const answer = await admin.action("autosave", { title: titleOf(content), slug, content });
        if (answer.ok && answer.saved) {
          ack();
          ledger.posts.set(answer.saved.id, {
            owner,
            id: answer.saved.id,
            slug,
            updatedAt: answer.saved.updatedAt,
            contents: new Set([content]),
            cover: null,
            maybeCover: null,
            deleted: false,
            unsure: false,
            published: false,
          });
        } else throw new Error(`create answered ${answer.status} ${answer.message}`);
        continue;
      }
      const post = random.pick(mine);
      if (op === "image" || op === "cover") {
        const image = await noiseImage(random);
        const uploaded = await admin.upload(image.png);
        if (!uploaded.url) throw new Error(`upload answered ${uploaded.status}`);
        ack();
        if (op === "image") {
          ledger.images.push({ url: uploaded.url, pixels: image.pixels });
          continue;
        }
        // Set as the cover: the old one is then removed by the server, the new one belongs to the post.
        const content = [...post.contents].at(-1) ?? "";
        post.unsure = true;
        post.maybeCover = { url: uploaded.url, pixels: image.pixels };
        const answer = await admin.action("update", {
          id: post.id,
          updatedAt: post.updatedAt,
          title: titleOf(content),
          slug: post.slug,
          content,
          coverImage: uploaded.url,
          published: post.published,
        });
        if (!answer.ok || !answer.saved) throw new Error(`cover answered ${answer.status} ${answer.message}`);
        ack();
        Object.assign(post, { updatedAt: answer.saved.updatedAt, cover: post.maybeCover, maybeCover: null });
        post.unsure = false;
        continue;
      }
      if (op === "contact") {
        const text = `Mensagem ${label}-${n} ${randomBytes(6).toString("hex")}: ${"olá ".repeat(random.int(3, 60)).trim()}`;
        const sent = await contact.send({ name: `Visitante ${label}`, email: "visitante@example.com", message: text });
        if (!sent.ok) throw new Error(`contact answered ${sent.status}`);
        ack();
        ledger.messages.push(text);
        continue;
      }
      if (op === "delete") {
        post.unsure = true;
        const answer = await admin.action("delete", { id: post.id });
        if (!answer.ok) throw new Error(`delete answered ${answer.status} ${answer.message}`);
        ack();
        post.deleted = true;
        post.unsure = false;
        continue;
      }
      // edit (a manual save), autosave, publish: a new text; an unanswered one may have been saved.
      const content = `Texto ${label}-${n} de ${post.slug}.\n\n${randomBytes(random.int(8, 2000)).toString("base64")}`;
      const publish = op === "publish" || post.published;
      post.contents.add(content);
      post.unsure = true;
      const answer = await admin.action(op === "autosave" ? "autosave" : "update", {
        id: post.id,
        updatedAt: post.updatedAt,
        title: titleOf(content),
        slug: post.slug,
        content,
        coverImage: post.cover?.url ?? null,
        published: publish,
      });
      if (!answer.ok || !answer.saved) throw new Error(`${op} answered ${answer.status} ${answer.message}`);
      ack();
      post.contents = new Set([content]);
      post.updatedAt = answer.saved.updatedAt;
      post.published = publish;
      post.unsure = false;
    } catch (error) {
      if (error instanceof NoAnswer) {
        ledger.unanswered += 1;
        if (keepGoingUntil) continue;
        return;
      }
      throw error;
    }
  }
}

/** Checks every acknowledged write through the (restarted) server; adopts the outcome of unanswered ones. */
export async function verify(
  admin: AdminClient,
  ledger: Ledger,
  random: Random,
  everyImage = false,
): Promise<string[]> {
  const lost: string[] = [];
  const listed = new Map((await admin.posts()).map((post) => [post.id, post]));
  for (const post of ledger.posts.values()) {
    const found = listed.get(post.id);
    if (post.deleted) {
      if (found) lost.push(`post ${post.id} was deleted (acknowledged) but is listed`);
      continue;
    }
    if (!found) {
      if (post.unsure) post.deleted = true;
      else lost.push(`post ${post.id} (${post.slug}) is missing`);
      continue;
    }
    if (!post.contents.has(found.content)) {
      lost.push(
        `post ${post.id} holds a text that was never acknowledged nor in flight (${found.content.slice(0, 40)}…)`,
      );
    }
    // Whatever was in flight and happened is now what the post is; the next edit goes on from it.
    post.contents = new Set([found.content]);
    post.updatedAt = found.updatedAt;
    post.published = found.published;
    if (post.maybeCover && found.coverImage === post.maybeCover.url) post.cover = post.maybeCover;
    else if ((post.cover?.url ?? null) !== found.coverImage) {
      lost.push(`post ${post.id} shows the cover ${found.coverImage} instead of ${post.cover?.url ?? "none"}`);
    }
    post.maybeCover = null;
    post.unsure = false;
  }
  const images = [
    ...[...ledger.posts.values()].flatMap((post) => (!post.deleted && post.cover ? [post.cover] : [])),
    ...ledger.images,
  ];
  // Every image of the last writes, and a sample of the older ones (all of them at the end of the run).
  const recent = ledger.images.slice(-8);
  const sample = images.filter((image) => everyImage || recent.includes(image) || random.next() < 0.15);
  for (const image of sample) {
    const bytes = await readUpload(admin.origin, image.url);
    if (!bytes) lost.push(`image ${image.url} is missing`);
    else if ((await pixelsOf(bytes)) !== image.pixels) lost.push(`image ${image.url} has other pixels`);
  }
  lost.push(...(await verifyMessages(admin, ledger)));
  return lost;
}

/** The admin inbox lists the newest 500 messages: each acknowledged one among the newest must be there. */
async function verifyMessages(admin: AdminClient, ledger: Ledger): Promise<string[]> {
  const listed = new Set(await admin.messages());
  return ledger.messages
    .slice(-450)
    .filter((message) => !listed.has(message))
    .map((message) => `contact message "${message.slice(0, 30)}…" is missing`);
}

interface DatabaseRun {
  name: string;
  kills: number;
  restarts: number;
  readyMs: number[];
  acknowledged: number;
  unanswered: number;
  lost: string[];
  seconds: number;
}

async function soak(
  name: string,
  env: NodeJS.ProcessEnv,
  kills: number,
  seed: number,
  options: { buildDir: string; readyMs: number; writers: number },
): Promise<DatabaseRun> {
  const began = performance.now();
  const random = generator(seed);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const serverEnv = { ...env, PORT: String(port), PUBLIC_URL: origin };
  let server = startServer(options.buildDir, serverEnv);
  const run: DatabaseRun = {
    name,
    kills: 0,
    restarts: 0,
    readyMs: [],
    acknowledged: 0,
    unanswered: 0,
    lost: [],
    seconds: 0,
  };
  try {
    await waitReady(origin, server, 120_000);
    const admin = new AdminClient(origin, await signIn(origin, "rafael-werneck"));
    const contact = new ContactClient(origin);
    await contact.open();
    // The contact form's minimum fill time.
    await new Promise((resolve) => setTimeout(resolve, 3100));
    const ledger: Ledger = { posts: new Map(), images: [], messages: [], acknowledged: 0, unanswered: 0 };
    for (let round = 1; round <= kills; round++) {
      const writing = Array.from({ length: options.writers }, (_, index) =>
        writer(admin, contact, generator(seed + round * 1000 + index), ledger, index, `${round}-${index}`),
      );
      // A random moment: early (mid-request, before the first answers) to after a few dozen writes.
      const delay = random.int(20, 1500);
      await new Promise((resolve) => setTimeout(resolve, delay));
      await kill(server);
      run.kills += 1;
      const outcomes = await Promise.allSettled(writing);
      for (const outcome of outcomes) if (outcome.status === "rejected") throw outcome.reason;
      server = startServer(options.buildDir, serverEnv);
      const ready = await waitReady(origin, server, options.readyMs);
      run.restarts += 1;
      run.readyMs.push(ready);
      const lost = await verify(admin, ledger, random);
      run.acknowledged = ledger.acknowledged;
      run.unanswered = ledger.unanswered;
      if (lost.length > 0) {
        run.lost = lost;
        console.log(`✗ ${name}: kill ${round} (after ${delay} ms): ${lost.length} acknowledged writes lost`);
        for (const line of lost.slice(0, 10)) console.log(`    ${line}`);
        break;
      }
      if (kills <= 20 || round % 10 === 0 || round === kills) {
        console.log(
          `  ${name}: ${round}/${kills} kills, ${ledger.acknowledged} writes acknowledged, ${ledger.unanswered} unanswered, ready in ${ready} ms (killed ${delay} ms into the writes)`,
        );
      }
    }
    if (run.lost.length === 0) {
      // At the end, every image (not a sample) is read back once more.
      const lost = await verify(admin, ledger, random, true);
      run.lost = lost;
    }
  } finally {
    await kill(server);
    run.seconds = Math.round((performance.now() - began) / 100) / 10;
  }
  return run;
}

async function main() {
  // Stopped (Ctrl-C, a test's time limit): the server it runs goes too (the exit handler above).
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(1));
  const kills = Number(process.env.SOAK_KILLS || 200);
  const seed = Number(process.env.SOAK_SEED || Math.floor(Math.random() * 2_147_483_647));
  const databases = (process.env.SOAK_DATABASES || "pglite,postgres").split(",").map((value) => value.trim());
  const buildDir = process.env.BUILD_DIR || "build";
  const readyMs = Number(process.env.SOAK_READY_MS || 30_000);
  const writers = Number(process.env.SOAK_WRITERS || 3);
  if (!existsSync(path.join(root, serverEntry(buildDir))))
    throw new Error(`No build at ${buildDir}: run npm run build.`);
  console.log(`Soak: ${kills} kills per database, seed ${seed} (SOAK_SEED=${seed} replays it)`);

  const github = await startFakeGitHub();
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    BUILD_DIR: buildDir,
    ...fakeGitHubEnv(github.url),
    STORAGE_DRIVER: process.env.STORAGE_DRIVER || "postgres",
    // One client writes as fast as it can: the per-client limits (decision 027) would refuse it, which is not what is measured.
    CONTACT_RATE_LIMIT: "1000000",
    RENDER_RATE_LIMIT: "0",
    UPLOAD_RATE_LIMIT: "0",
    CONTACT_SECRET: randomBytes(32).toString("hex"),
    // One process: SIGKILL takes the whole server down, as a machine that dies does.
    WEB_CONCURRENCY: "1",
  };
  delete base.DATABASE_URL;
  delete base.SMTP_HOST;
  const runs: DatabaseRun[] = [];
  try {
    for (const database of databases) {
      const dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-soak-"));
      let drop: (() => Promise<void>) | undefined;
      const env: NodeJS.ProcessEnv = { ...base, DATA_DIR: dataDir };
      try {
        if (database === "postgres") {
          const adminUrl = process.env.SOAK_DATABASE_URL || process.env.TEST_DATABASE_URL;
          if (!adminUrl) {
            console.log("  postgres: skipped (set SOAK_DATABASE_URL or TEST_DATABASE_URL)");
            continue;
          }
          const name = `portfolio_soak_${randomBytes(6).toString("hex")}`;
          const query = async (text: string) => {
            const client = new pg.Client({ connectionString: adminUrl });
            await client.connect();
            try {
              await client.query(text);
            } finally {
              await client.end();
            }
          };
          await query(`CREATE DATABASE ${name}`);
          drop = () => query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          const url = new URL(adminUrl);
          url.pathname = `/${name}`;
          env.DATABASE_URL = url.toString();
        } else if (database === "pglite") await copyMigratedPglite(dataDir);
        else throw new Error(`Unknown database "${database}" (pglite, postgres)`);
        const run = await soak(database, env, kills, seed, { buildDir, readyMs, writers });
        runs.push(run);
      } finally {
        await drop?.();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await github.close();
  }
  let failed = false;
  for (const run of runs) {
    const ok = run.lost.length === 0 && run.restarts === run.kills;
    failed ||= !ok;
    const ready = [...run.readyMs].sort((a, b) => a - b);
    console.log(
      `${ok ? "✓" : "✗"} ${run.name}: ${run.kills} kills, ${run.restarts} restarts, ${run.acknowledged} writes acknowledged, ` +
        `${run.unanswered} unanswered, ${run.lost.length} lost; ready after a kill in ${percentile(ready, 50)} ms median, ` +
        `${percentile(ready, 99)} ms p99, ${ready.at(-1) ?? 0} ms at most; ${run.seconds} s`,
    );
    for (const line of run.lost.slice(0, 20)) console.log(`    ${line}`);
  }
  console.log(failed ? `Soak failed (SOAK_SEED=${seed} replays it)` : "Soak passed: nothing acknowledged was lost");
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}

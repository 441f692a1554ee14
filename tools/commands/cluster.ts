/**
 * `npm run cluster`: the site as several servers run it, on this machine.
 * PostgreSQL (DATABASE_URL, or a throwaway cluster started with
 * tests/harness/start-test-postgres.sh on port 55433), two production servers of
 * the build (ports 3001 and 3002) sharing it and one data directory, and
 * nginx balancing them on http://127.0.0.1:8080 with deploy/nginx.conf.
 * Stored objects live in the database (STORAGE_DRIVER=postgres) unless
 * STORAGE_DRIVER says otherwise. Ctrl-C stops everything it started.
 *
 * `npm run cluster -- --check` starts it, checks that requests are spread
 * over both servers, that an object stored once is served by each, and that
 * the sign-in rate limit is one count across both, then stops.
 *
 * `npm run cluster -- --kill` starts it with a local fake GitHub and an
 * SMTP sink, and runs the sign-in, admin (posts written, covers uploaded,
 * published, deleted) and contact flows through nginx while one server is
 * killed with SIGKILL and started again: every write acknowledged is in the
 * database afterwards, every image is served by each server, the restarted
 * server takes requests again, and every contact message is e-mailed
 * exactly once. Then it stops. With STORAGE_DRIVER=s3 and no S3_BUCKET, a
 * local S3-compatible server (s3rver, a development dependency) holds the
 * images.
 *
 * Settings: config/commands.ts's `clusterSettings` (the guide's
 * `npm run cluster` section); any server variable is passed on to the servers.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { openDatabase } from "../../app/server/db/client.server.ts";
import { openStorage } from "../../app/server/uploads/storage.server.ts";
import { type ClusterSettings, clusterSettings } from "../../config/commands.ts";
import { readStorage } from "../../config/config.ts";
import { settingsOrExit } from "../../config/read.ts";
import { SERVER_ENVIRONMENT, serverCommandArgs, serverEntry } from "../../runtime/node-flags.ts";
import { fakeAuthorLogins, fakeClientId, fakeClientSecret } from "../../tests/harness/fake-github/accounts.ts";
import { startFakeGitHub } from "../../tests/harness/fake-github/server.ts";
import { freePort } from "../../tests/harness/free-port.ts";
import { AdminClient, ContactClient, readUpload, signIn } from "../../tests/harness/site-client.ts";
import { generator, type Ledger, pixelsOf, verify, writer } from "../../tests/harness/soak.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const NGINX_CANDIDATES = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx"];
const STOP_GRACE_MS = 15_000;
/** The contact e-mails' lease in the cluster: a message a dead server held is sent again after it. */
const CONTACT_LEASE_SECONDS = 15;
/** Confirmed newsletter readers in the kill check: each post the writers publish is mailed to every one. */
const NEWSLETTER_READERS = 8;
/** The page a reader keeps opening on both servers in the kill check, whose views are then counted. */
const COUNTED_PAGE = "/en/about";
/** What a server killed mid-batch may lose of the audience's counts: the second it was gathering and the one it was writing. */
const AUDIENCE_LOSS_WINDOW_MS = 2 * 1000;

/** The views of a page counted in the cluster's database today, every server's added up. */
async function countedViews(databaseUrl: string, pagePath: string): Promise<number> {
  const result = await withDatabase(databaseUrl, (client) =>
    client.query<{ views: string | null }>(
      "select sum(views) as views from analytics_counts where kind = 'page' and key = $1",
      [pagePath],
    ),
  );
  return Number(result.rows[0]?.views ?? 0);
}

/** A reader opening one page on each server in turn until stopped; when each server answered. */
function keepReading(servers: readonly ClusterServer[], stopped: () => boolean) {
  const answered = new Map<ClusterServer, number[]>(servers.map((server) => [server, []]));
  const done = (async () => {
    for (let n = 0; !stopped(); n++) {
      const server = servers[n % servers.length];
      if (!server) break;
      try {
        const response = await fetch(`${server.origin}${COUNTED_PAGE}`, {
          headers: {
            "User-Agent": `Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0 ClusterReader${n % 50}`,
            // A few dozen readers (the servers trust X-Forwarded-For from loopback).
            "X-Forwarded-For": `198.51.100.${n % 50}`,
          },
        });
        await response.arrayBuffer();
        if (response.status === 200) answered.get(server)?.push(Date.now());
      } catch {
        // A server down answers nothing: nothing to count.
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return { answered, done };
}

/** Runs `use` with a connection to the cluster's database, closed after. */
async function withDatabase<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

interface Running {
  name: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Running {
  const child = spawn(command, args, { env, cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => {
    child.on("exit", (code) => resolve(code));
    child.on("error", (error) => {
      keep(Buffer.from(String(error)));
      resolve(null);
    });
  });
  return {
    name,
    child,
    output: () => log,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function waitForOk(url: string, process: Running, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void process.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${process.name} stopped while starting:\n${process.output()}`);
    const ok = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${process.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${process.output()}`);
}

function findNginx(settings: ClusterSettings): string | undefined {
  if (settings.nginxPath) return settings.nginxPath;
  try {
    return execFileSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" }).trim() || undefined;
  } catch {
    return NGINX_CANDIDATES.find((candidate) => existsSync(candidate));
  }
}

/** deploy/nginx.conf with the balancer's and the servers' ports written in. */
function nginxConfigFor(port: number, serverPorts: number[]): string {
  const conf = readFileSync(path.join(root, "deploy", "nginx.conf"), "utf8");
  const servers = serverPorts
    .map((serverPort) => `    server 127.0.0.1:${serverPort} max_fails=2 fail_timeout=5s;`)
    .join("\n");
  return conf
    .replace(
      /^ {4}server 127\.0\.0\.1:\d+ max_fails.*\n(?: {4}server 127\.0\.0\.1:\d+ max_fails.*\n)*/m,
      `${servers}\n`,
    )
    .replace("listen 127.0.0.1:8080;", `listen 127.0.0.1:${port};`);
}

async function ensureDatabase(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const exists = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** Successful responses of one server: the sum of its http_requests_total series with a 2xx status. */
function count2xx(metrics: string): number {
  const counts = [...metrics.matchAll(/^http_requests_total\{[^}]*status="2\d\d"[^}]*\} (\d+)$/gm)];
  return counts.length === 0 ? Number.NaN : counts.reduce((sum, match) => sum + Number(match[1]), 0);
}

interface ClusterServer {
  origin: string;
  /** Its Prometheus metrics (its own METRICS_PORT). */
  metrics: string;
  process: Running;
  /** Starts the server again (after it stopped); resolves with the milliseconds until it was ready. */
  restart(): Promise<number>;
}

interface Cluster {
  origin: string;
  /** Each server's site origin, its metrics URL (its own METRICS_PORT, loopback) and how to start it again. */
  servers: ClusterServer[];
  env: NodeJS.ProcessEnv;
  databaseUrl: string;
}

/**
 * Named checks that print a line each: `step` runs one (a thrown error fails
 * it), `expect` throws when a condition fails, `summary` prints the count and
 * says whether all passed.
 */
function checklist() {
  const results: boolean[] = [];
  return {
    async step(name: string, run: () => Promise<void>) {
      try {
        await run();
        console.log(`✓ ${name}`);
        results.push(true);
      } catch (error) {
        console.log(`✗ ${name}: ${error instanceof Error ? error.message : error}`);
        results.push(false);
      }
    },
    expect(condition: boolean, message: string) {
      if (!condition) throw new Error(message);
    },
    summary() {
      const passed = results.filter(Boolean).length;
      console.log(`${passed} passed, ${results.length - passed} failed`);
      return passed === results.length;
    },
  };
}

/** Sign-in attempts `--check` makes past the limit, spread over the servers. */
const OVER_THE_LIMIT = 10;

/** The checks of `--check`; each prints a line, and the last line counts them. */
async function check(cluster: Cluster): Promise<boolean> {
  const { step, expect, summary } = checklist();

  await step("the balancer serves pages and is ready", async () => {
    const page = await fetch(`${cluster.origin}/`);
    expect(
      page.status === 200 && (page.headers.get("content-type") ?? "").startsWith("text/html"),
      `/ gave ${page.status}`,
    );
    expect((await fetch(`${cluster.origin}/readyz`)).status === 200, "/readyz is not 200");
    expect((await fetch(`${cluster.origin}/metrics`)).status === 404, "/metrics is reachable through the balancer");
  });

  await step("requests are spread over every server", async () => {
    const read = () =>
      Promise.all(cluster.servers.map(async (server) => count2xx(await (await fetch(server.metrics)).text())));
    const before = await read();
    for (let i = 0; i < 4 * cluster.servers.length; i++) await (await fetch(`${cluster.origin}/healthz`)).text();
    const after = await read();
    // The metrics port's own answers are not requests to the site: what moved is the /healthz answers.
    const served = after.map((value, index) => value - (before[index] ?? 0));
    expect(
      served.every((value) => value > 0),
      `answers per server: ${served.join(", ")}`,
    );
  });

  await step("an object stored once is served by every server", async () => {
    const database = await openDatabase({ dataDir: cluster.env.DATA_DIR ?? "", databaseUrl: cluster.databaseUrl });
    try {
      const storage = await openStorage(readStorage(cluster.env, cluster.env.DATA_DIR ?? ""), database.db);
      const key = `blog-images/cluster-check/${randomBytes(8).toString("hex")}.png`;
      const bytes = new Uint8Array(randomBytes(4096));
      await storage.put(key, bytes);
      try {
        for (const origin of [...cluster.servers.map((server) => server.origin), cluster.origin]) {
          const response = await fetch(`${origin}/uploads/${key}`);
          expect(response.status === 200, `${origin} answered ${response.status}`);
          expect(response.headers.get("content-type") === "image/png", `${origin} sent another type`);
          const served = Buffer.from(await response.arrayBuffer());
          expect(Buffer.compare(served, bytes) === 0, `${origin} sent other bytes`);
        }
      } finally {
        await storage.delete(key);
      }
    } finally {
      await database.close();
    }
  });

  await step("the sign-in rate limit is one count across the servers", async () => {
    const limit = Number(cluster.env.SIGN_IN_RATE_LIMIT);
    // A client address of the documentation range, new each run (the servers trust X-Forwarded-For from loopback).
    const client = `2001:db8::${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
    const outcomes: string[] = [];
    // The limit's attempts, then ten more, each on the next server: all ten are refused, whichever server they reach.
    for (let attempt = 0; attempt < limit + OVER_THE_LIMIT; attempt++) {
      const server = cluster.servers[attempt % cluster.servers.length];
      const response = await fetch(`${server?.origin}/auth/github`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: server?.origin ?? "",
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": client,
        },
        body: "lang=pt",
      });
      const location = response.headers.get("location") ?? "";
      const refused = response.status === 429 && Number(response.headers.get("retry-after")) > 0;
      outcomes.push(
        location.includes("/login/oauth/authorize")
          ? "allowed"
          : refused
            ? "refused"
            : `${response.status} ${location}`,
      );
    }
    const expected = [
      ...Array.from({ length: limit }, () => "allowed"),
      ...Array.from({ length: OVER_THE_LIMIT }, () => "refused"),
    ];
    expect(outcomes.join() === expected.join(), `attempts answered ${outcomes.join(", ")}`);
  });

  return summary();
}

/** A mail server on loopback that keeps what it accepts; it answers each message after `delayMs`, as a slow relay does. */
async function startSmtpSink(delayMs: number) {
  const received: { messageId: string; session: string; at: number }[] = [];
  const closed = new Set<string>();
  let cut = 0;
  const server = new SMTPServer({
    logger: false,
    hideSTARTTLS: true,
    authOptional: true,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        setTimeout(() => {
          // A sender that died before the answer did not hand the message over: a real relay drops it too.
          if (closed.has(session.id)) {
            cut += 1;
            return callback(new Error("connection closed"));
          }
          const raw = Buffer.concat(chunks).toString("utf8");
          received.push({
            messageId: /^Message-ID: *(<[^>]+>)/im.exec(raw)?.[1] ?? "",
            session: session.id,
            at: Date.now(),
          });
          callback();
        }, delayMs);
      });
    },
  });
  // A sender killed mid-conversation resets its connection: a relay notes it and goes on serving the others.
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  return {
    port: typeof address === "object" && address ? address.port : 0,
    delayMs,
    received,
    cut: () => cut,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The checks of `--kill`: writers run the admin and contact flows through the
 * balancer; server 1 is killed (SIGKILL) in the middle, the flows go on
 * through server 2, server 1 is started again and must take requests again;
 * then every acknowledged write is read back, every image through each
 * server, and every stored contact message must have been e-mailed once.
 */
async function killCheck(
  cluster: Cluster,
  smtp: Awaited<ReturnType<typeof startSmtpSink>>,
  seed: number,
): Promise<boolean> {
  const { step, expect, summary } = checklist();
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  console.log(`  seed ${seed} (KILL_SEED replays the writers' choices)`);
  const [first, second] = cluster.servers;
  if (!first || !second) throw new Error("--kill needs two servers");

  const ledger: Ledger = { posts: new Map(), images: [], messages: [], acknowledged: 0, unanswered: 0 };
  let admin: AdminClient | undefined;
  let contact: ContactClient | undefined;
  await step("an author signs in through the balancer (fake GitHub)", async () => {
    admin = new AdminClient(cluster.origin, await signIn(cluster.origin, "rafael-werneck"));
    contact = new ContactClient(cluster.origin);
    await contact.open();
    await sleep(3100);
  });
  if (!admin || !contact) return false;
  const author = admin;
  const visitor = contact;
  await step(
    `${NEWSLETTER_READERS} newsletter readers have confirmed (every post the writers publish is mailed to them)`,
    async () => {
      await withDatabase(cluster.databaseUrl, (client) =>
        client.query(
          `insert into newsletter_subscribers (email, langs, frequency, status, source, confirm_sent_at, confirmed_at)
         select 'reader' || n || '@cluster.test', array['pt', 'en'], 'post', 'confirmed', '/blog', now(), now()
         from generate_series(1, $1::int) as n`,
          [NEWSLETTER_READERS],
        ),
      );
    },
  );

  const viewsBefore = await countedViews(cluster.databaseUrl, COUNTED_PAGE);
  let stop = false;
  let failure: unknown;
  const reading = keepReading(cluster.servers, () => stop);
  const writing = Array.from({ length: 3 }, (_, index) =>
    writer(author, visitor, generator(seed + index), ledger, index, `w${index}`, () => stop).catch((error: unknown) => {
      failure ??= error;
    }),
  );
  // Read on the server's own metrics port, which counts the site's responses only.
  const twoxx = async (server: ClusterServer) => count2xx(await (await fetch(server.metrics)).text());
  let readyMs = 0;
  let killedAt = 0;
  await step("server 1 killed (SIGKILL) mid-flow; the flows go on through server 2", async () => {
    await sleep(2000);
    const before = ledger.acknowledged;
    const unanswered = ledger.unanswered;
    killedAt = Date.now();
    await first.process.stop("SIGKILL");
    console.log(`  killed server 1 after ${before} acknowledged writes`);
    await sleep(3000);
    // Signing in again while server 1 is down: GET and POST alike reach server 2.
    await signIn(cluster.origin, "ana-autora");
    expect(ledger.acknowledged > before, "no write was acknowledged while server 1 was down");
    expect(failure === undefined, `a flow failed: ${failure instanceof Error ? failure.message : failure}`);
    console.log(
      `  ${ledger.acknowledged - before} writes acknowledged since (server 2 alone); ${ledger.unanswered - unanswered} got no answer (in flight on server 1)`,
    );
  });
  await step("server 1 restarts and takes requests again", async () => {
    readyMs = await first.restart();
    const start = await twoxx(first);
    // The balancer leaves a failed server out for fail_timeout (5 s), then tries it again.
    await sleep(7000);
    const served = (await twoxx(first)) - start;
    console.log(`  ready in ${readyMs} ms; ${served} requests answered by it since`);
    expect(served > 0, "no request reached server 1 after its restart");
  });
  stop = true;
  await Promise.all([...writing, reading.done]);
  await step("every acknowledged write is in the database", async () => {
    expect(failure === undefined, `a flow failed: ${failure instanceof Error ? failure.message : failure}`);
    const lost = await verify(author, ledger, generator(seed), true);
    const published = [...ledger.posts.values()].filter((post) => post.published && !post.deleted).length;
    const deleted = [...ledger.posts.values()].filter((post) => post.deleted).length;
    console.log(
      `  ${ledger.acknowledged} writes acknowledged, ${ledger.unanswered} without an answer; ${ledger.posts.size} posts (${published} published, ${deleted} deleted), ${ledger.messages.length} contact messages`,
    );
    expect(lost.length === 0, lost.slice(0, 5).join("; "));
  });
  await step(
    "the audience's counts add up across the servers; the killed one lost at most its last batch",
    async () => {
      const answered = [...reading.answered.values()].reduce((sum, times) => sum + times.length, 0);
      const lastBatch = (reading.answered.get(first) ?? []).filter(
        (at) => at <= killedAt && at > killedAt - AUDIENCE_LOSS_WINDOW_MS,
      ).length;
      // Each server writes once a second: wait until the count stops moving.
      let counted = -1;
      for (let settled = 0; settled < 3; ) {
        await sleep(1000);
        const now = (await countedViews(cluster.databaseUrl, COUNTED_PAGE)) - viewsBefore;
        settled = now === counted ? settled + 1 : 0;
        counted = now;
      }
      console.log(
        `  ${answered} views answered, ${counted} counted; ${lastBatch} answered by server 1 in the ${AUDIENCE_LOSS_WINDOW_MS} ms before the kill`,
      );
      expect(answered > 0, "the reader got no page");
      // The reader waits for each answer, so at most one was cut off by the kill after its server had counted it.
      expect(counted <= answered + 1, `${counted - answered} views counted that no server answered`);
      expect(answered - counted <= lastBatch, `${answered - counted} views lost, more than server 1's last batch`);
    },
  );
  await step("every image is served by each server with the pixels uploaded", async () => {
    const images = [
      ...[...ledger.posts.values()].flatMap((post) => (!post.deleted && post.cover ? [post.cover] : [])),
      ...ledger.images,
    ];
    expect(images.length > 0, "no image was uploaded");
    for (const origin of [first.origin, second.origin]) {
      for (const image of images) {
        const bytes = await readUpload(origin, image.url);
        expect(bytes !== undefined, `${origin} does not have ${image.url}`);
        expect((await pixelsOf(bytes ?? new Uint8Array())) === image.pixels, `${origin} sent other pixels`);
      }
    }
    console.log(`  ${images.length} images, each read from both servers`);
  });
  // A relay's answer that comes after its sender was killed never reaches it:
  // the sender cannot know the mail was accepted, and it is sent again when
  // its lease runs out (SMTP gives no way to ask). The sink may learn of the
  // dead connection only after it has answered; such a send counts as cut
  // off, not as a second mail: once, answered within the relay's delay of
  // the kill, sent again when the lease ran out. Any other mail sent twice fails.
  const relayedAt = (id: string) =>
    smtp.received.filter((mail) => mail.messageId.replace(/[^@]+>$/, "") === id).map((mail) => mail.at);
  const atTheKill = (at: number) => at >= killedAt && at <= killedAt + smtp.delayMs + 1000;
  const answeredTheDead = (id: string) => {
    const [first = 0, again = 0, ...more] = relayedAt(id);
    return more.length === 0 && atTheKill(first) && again - first >= (CONTACT_LEASE_SECONDS - 1) * 1000;
  };
  // The same send cut off by the kill, when the retry then finds nothing to send (its post deleted meanwhile): the
  // reader has the mail once, and the queue says given up, as nothing could tell the relay had accepted it.
  const answeredTheDeadThenGivenUp = (id: string, givenUp: ReadonlySet<string>) => {
    const [first = 0, ...more] = relayedAt(id);
    return givenUp.has(id) && more.length === 0 && atTheKill(first);
  };
  await step("every contact message is e-mailed exactly once", async () => {
    const stored = await author.messageIds();
    const wanted = new Set(stored.map((id) => `<contact-${id}@`));
    const deadline = Date.now() + 60_000;
    const delivered = () => new Set(smtp.received.map((mail) => mail.messageId.replace(/[^@]+>$/, "")));
    while (Date.now() < deadline && [...wanted].some((id) => !delivered().has(id))) await sleep(500);
    const counts = new Map<string, number>();
    for (const mail of smtp.received) {
      const key = mail.messageId.replace(/[^@]+>$/, "");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const repeated = [...counts].filter(([id, count]) => count > 1 && wanted.has(id)).map(([id]) => id);
    const twice = repeated.filter((id) => !answeredTheDead(id));
    const afterTheKill = repeated.length - twice.length;
    const missing = [...wanted].filter((id) => !counts.has(id));
    const unknown = [...counts.keys()].filter((id) => id.startsWith("<contact-") && !wanted.has(id));
    console.log(
      `  ${stored.length} messages stored, ${smtp.received.length} e-mails accepted, ${smtp.cut() + afterTheKill} sends cut off by the kill (${afterTheKill} answered after it, so sent again)`,
    );
    expect(missing.length === 0, `${missing.length} messages never e-mailed`);
    expect(twice.length === 0, `${twice.length} messages e-mailed twice`);
    expect(unknown.length === 0, `${unknown.length} e-mails of no stored message`);
  });
  await step("every newsletter mail is sent exactly once, each reader one per post", async () => {
    const open = async () =>
      Number(
        (
          await withDatabase(cluster.databaseUrl, (client) =>
            client.query("select count(*) from newsletter_mails where delivered_at is null and failed_at is null"),
          )
        ).rows[0]?.count ?? 0,
      );
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && (await open()) > 0) await sleep(500);
    const rows = (
      await withDatabase(cluster.databaseUrl, (client) =>
        client.query<{ id: string; delivered: boolean; given_up: boolean }>(
          "select id, delivered_at is not null as delivered, failed_at is not null as given_up from newsletter_mails where kind = 'post'",
        ),
      )
    ).rows;
    const delivered = new Set(rows.filter((row) => row.delivered).map((row) => `<newsletter-${row.id}@`));
    const givenUp = new Set(rows.filter((row) => row.given_up).map((row) => `<newsletter-${row.id}@`));
    const sent = smtp.received.filter((mail) => mail.messageId.startsWith("<newsletter-"));
    const counts = new Map<string, number>();
    for (const mail of sent) {
      const key = mail.messageId.replace(/[^@]+>$/, "");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const twice = [...counts].filter(([id, count]) => count > 1 && !answeredTheDead(id)).map(([id]) => id);
    const missing = [...delivered].filter((id) => !counts.has(id));
    const cutOffThenGivenUp = [...counts.keys()].filter(
      (id) => !delivered.has(id) && answeredTheDeadThenGivenUp(id, givenUp),
    );
    const unknown = [...counts.keys()].filter((id) => !delivered.has(id) && !cutOffThenGivenUp.includes(id));
    console.log(
      `  ${rows.length} newsletter mails queued, ${delivered.size} sent, ${sent.length} accepted by the relay (${cutOffThenGivenUp.length} cut off by the kill, then given up); ${await open()} still open`,
    );
    expect(delivered.size > 0, "no newsletter mail was sent: no post was published?");
    expect((await open()) === 0, "newsletter mails still waiting after two minutes");
    expect(missing.length === 0, `${missing.length} newsletter mails marked sent never reached the relay`);
    expect(twice.length === 0, `${twice.length} newsletter mails sent twice`);
    expect(unknown.length === 0, `${unknown.length} newsletter mails reached the relay without being marked sent`);
  });

  return summary();
}

async function main() {
  const { values } = parseArgs({
    options: { check: { type: "boolean", default: false }, kill: { type: "boolean", default: false } },
  });
  const once = values.check || values.kill;
  const settings = settingsOrExit(clusterSettings);
  const { buildDir, port, serverPorts } = settings;
  const entry = path.join(root, serverEntry(buildDir));
  if (!existsSync(entry)) throw new Error(`No build at ${buildDir}: run npm run build first (BUILD_DIR=${buildDir}).`);
  const nginx = findNginx(settings);
  if (!nginx) throw new Error("nginx was not found: install it (Debian: apt-get install nginx) or set NGINX_PATH.");

  const started: Running[] = [];
  let stopPostgres: (() => void) | undefined;
  let github: Awaited<ReturnType<typeof startFakeGitHub>> | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  let s3: { close(): Promise<void> } | undefined;
  // A temporary data directory of a check is removed with it, whatever the outcome.
  let removeDataDir: (() => void) | undefined;
  const stopAll = async () => {
    // Servers first (they finish requests in flight), then the balancer, then the database.
    await Promise.all(started.filter((child) => child.name !== "nginx").map((child) => child.stop()));
    await Promise.all(started.filter((child) => child.name === "nginx").map((child) => child.stop("SIGQUIT")));
    stopPostgres?.();
    await github?.close();
    await smtp?.close();
    await s3?.close();
  };

  try {
    let adminUrl = settings.databaseUrl;
    let databaseUrl = adminUrl;
    if (!adminUrl) {
      const pgEnv = {
        ...process.env,
        PGPORT: String(settings.postgres.port),
        PGDATA_DIR: settings.postgres.dir,
      };
      adminUrl = execFileSync(path.join(root, "tests", "harness", "start-test-postgres.sh"), {
        env: pgEnv,
        encoding: "utf8",
      }).trim();
      stopPostgres = () =>
        execFileSync(path.join(root, "tests", "harness", "start-test-postgres.sh"), ["stop"], { env: pgEnv });
      databaseUrl = await ensureDatabase(adminUrl, "portfolio_cluster");
    }
    const dataDir = settings.dataDir ?? mkdtempSync(path.join(tmpdir(), "portfolio-cluster-"));
    mkdirSync(dataDir, { recursive: true });
    if (once && !settings.dataDir) {
      removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
    }
    const origin = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      BUILD_DIR: buildDir,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ...settings.servers,
    };
    if (values.check) {
      // Sign-in configured (GitHub itself is never contacted by the check) with a small limit to reach.
      env.GITHUB_CLIENT_ID ||= "cluster-check";
      env.GITHUB_CLIENT_SECRET ||= "cluster-check";
      env.GITHUB_URL ||= "http://127.0.0.1:9";
      env.AUTHOR_GITHUB_LOGINS ||= "cluster-check";
      env.SIGN_IN_RATE_LIMIT = "3";
    }
    if (values.kill) {
      // Sign-in against a local fake GitHub, contact messages e-mailed to a sink that answers after 300 ms.
      github = await startFakeGitHub();
      smtp = await startSmtpSink(300);
      Object.assign(env, {
        GITHUB_URL: github.url,
        GITHUB_API_URL: github.url,
        GITHUB_CLIENT_ID: fakeClientId,
        GITHUB_CLIENT_SECRET: fakeClientSecret,
        AUTHOR_GITHUB_LOGINS: fakeAuthorLogins,
        SMTP_HOST: "127.0.0.1",
        SMTP_PORT: String(smtp.port),
        SMTP_FROM: "site@cluster.test",
        // A message a killed server was e-mailing is taken over after 15 s instead of 5 minutes; longer
        // than any send here takes, even on a busy machine, so a live server's claim never runs out mid-send.
        CONTACT_LEASE_SECONDS: String(CONTACT_LEASE_SECONDS),
        // The writers are one client writing as fast as they can: the per-client limits (decision 027) are not measured here.
        CONTACT_RATE_LIMIT: "100000",
        NEWSLETTER_RATE: "100/s,1000000/h",
        RENDER_RATE_LIMIT: "0",
        UPLOAD_RATE_LIMIT: "0",
      });
    }
    if (once && env.STORAGE_DRIVER === "s3" && !env.S3_BUCKET) {
      const { default: S3rver } = await import("s3rver");
      const directory = path.join(dataDir, "s3");
      const server = new S3rver({
        address: "127.0.0.1",
        port: 0,
        silent: true,
        directory,
        configureBuckets: [{ name: "cluster", configs: [] }],
      });
      const { port: s3Port } = await server.run();
      s3 = server;
      Object.assign(env, {
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_BUCKET: "cluster",
        S3_REGION: "us-east-1",
        // s3rver's fixed credentials.
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_FORCE_PATH_STYLE: "true",
      });
    }

    // Each server has its own metrics port, as each machine would (a free one, so runs side by side do not clash).
    const metricsPorts = await Promise.all(serverPorts.map(() => freePort()));
    const servers = serverPorts.map((serverPort, index): ClusterServer => {
      const metricsPort = metricsPorts[index] ?? 0;
      const launch = () => {
        const running = start(`server ${index + 1}`, process.execPath, serverCommandArgs(buildDir), {
          ...SERVER_ENVIRONMENT,
          ...env,
          PORT: String(serverPort),
          METRICS_PORT: String(metricsPort),
        });
        started.push(running);
        return running;
      };
      const server: ClusterServer = {
        origin: `http://127.0.0.1:${serverPort}`,
        metrics: `http://127.0.0.1:${metricsPort}/metrics`,
        process: launch(),
        async restart() {
          const began = performance.now();
          server.process = launch();
          await waitForOk(`${server.origin}/readyz`, server.process);
          return Math.round(performance.now() - began);
        },
      };
      return server;
    });
    await Promise.all(servers.map((server) => waitForOk(`${server.origin}/readyz`, server.process)));

    const prefix = path.join(dataDir, "nginx");
    for (const dir of ["logs", "tmp"]) mkdirSync(path.join(prefix, dir), { recursive: true });
    const conf = path.join(prefix, "nginx.conf");
    writeFileSync(conf, nginxConfigFor(port, serverPorts));
    const globals = `daemon off;${process.getuid?.() === 0 ? " user root;" : ""}`;
    const balancer = start(
      "nginx",
      nginx,
      ["-p", prefix, "-e", path.join(prefix, "logs", "error.log"), "-c", conf, "-g", globals],
      process.env,
    );
    started.push(balancer);
    await waitForOk(`${origin}/readyz`, balancer);

    console.log(`Cluster ready: ${origin} → ${servers.map((server) => server.origin).join(", ")}`);
    console.log(`  metrics ${servers.map((server) => server.metrics).join(", ")}`);
    console.log(`  database ${databaseUrl?.replace(/\/\/[^@/]*@/, "//…@")}, stored objects: ${env.STORAGE_DRIVER}`);
    console.log(`  data directory ${dataDir}; nginx configuration ${conf}`);

    if (values.kill && smtp) {
      const ok = await killCheck({ origin, servers, env, databaseUrl: databaseUrl ?? "" }, smtp, settings.killSeed);
      await stopAll();
      removeDataDir?.();
      process.exit(ok ? 0 : 1);
    }
    if (values.check) {
      const ok = await check({ origin, servers, env, databaseUrl: databaseUrl ?? "" });
      await stopAll();
      removeDataDir?.();
      process.exit(ok ? 0 : 1);
    }
    console.log("Ctrl-C stops it.");
    let stopping = false;
    await new Promise<void>((resolve) => {
      process.once("SIGINT", () => resolve());
      process.once("SIGTERM", () => resolve());
      for (const child of started) {
        void child.exited.then(() => {
          if (!stopping) console.error(`${child.name} stopped:\n${child.output()}`);
          resolve();
        });
      }
    });
    stopping = true;
    console.log("Stopping…");
    await stopAll();
  } catch (error) {
    await stopAll().catch(() => undefined);
    removeDataDir?.();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

/**
 * The scenarios run on `npm run cluster`'s cluster (tools/commands/cluster.ts),
 * by tests/e2e/deploy/cluster.spec.ts:
 *
 * `node tests/harness/cluster-checks.ts --check` starts it, checks that
 * requests are spread over both servers, that an object stored once is
 * served by each, and that the sign-in rate limit is one count across both,
 * then stops.
 *
 * `node tests/harness/cluster-checks.ts --kill` starts it with a local fake
 * GitHub and an SMTP sink, and runs the sign-in, admin (posts written,
 * covers uploaded, published, deleted) and contact flows through nginx while
 * one server is killed with SIGKILL and started again: every write
 * acknowledged is in the database afterwards, every image is served by each
 * server, the restarted server takes requests again, and every contact
 * message is e-mailed exactly once. Then it stops. With STORAGE_DRIVER=s3, a
 * local S3-compatible server (s3rver, a development dependency) holds the
 * images.
 *
 * Settings: `npm run cluster`'s (config/commands.ts), KILL_SEED among them.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { openDatabase } from "../../app/server/db/client.server.ts";
import { openStorage } from "../../app/server/uploads/storage.server.ts";
import { clusterSettings } from "../../config/commands.ts";
import { readStorage } from "../../config/config.ts";
import { settingsOrExit } from "../../config/read.ts";
import { type Cluster, type ClusterServer, startCluster } from "../../tools/commands/cluster.ts";
import { fakeGitHubEnv } from "../../tools/fake-github/accounts.ts";
import { startFakeGitHub } from "../../tools/fake-github/server.ts";
import { limit } from "./host-speed.ts";
import { AdminClient, ContactClient, readUpload, signIn } from "./site-client.ts";
import { type SmtpSink, startSmtpSink } from "./smtp-sink.ts";
import { generator, type Ledger, pixelsOf, verify, writer } from "./soak.ts";

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

/** Successful responses of one server: the sum of its http_requests_total series with a 2xx status. */
function count2xx(metrics: string): number {
  const counts = [...metrics.matchAll(/^http_requests_total\{[^}]*status="2\d\d"[^}]*\} (\d+)$/gm)];
  return counts.length === 0 ? Number.NaN : counts.reduce((sum, match) => sum + Number(match[1]), 0);
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

/**
 * The checks of `--kill`: writers run the admin and contact flows through the
 * balancer; server 1 is killed (SIGKILL) in the middle, the flows go on
 * through server 2, server 1 is started again and must take requests again;
 * then every acknowledged write is read back, every image through each
 * server, and every stored contact message must have been e-mailed once.
 */
async function killCheck(cluster: Cluster, smtp: SmtpSink, seed: number): Promise<boolean> {
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
    // The balancer leaves a failed server out for fail_timeout (5 s), then tries it again: wait for that first request.
    const deadline = Date.now() + limit(20_000);
    let served = 0;
    while (served === 0 && Date.now() < deadline) {
      await sleep(250);
      served = (await twoxx(first)) - start;
    }
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
  if (values.check === values.kill) throw new Error("Say which scenario: --check or --kill.");
  const settings = settingsOrExit(clusterSettings);
  const env: NodeJS.ProcessEnv = {};
  let github: Awaited<ReturnType<typeof startFakeGitHub>> | undefined;
  let smtp: SmtpSink | undefined;
  let s3: { close(): Promise<void> } | undefined;
  let s3Dir: string | undefined;
  let cluster: Cluster | undefined;
  let ok = false;
  try {
    if (values.check) {
      // Sign-in configured (GitHub itself is never contacted by the check) with a small limit to reach.
      Object.assign(env, {
        GITHUB_CLIENT_ID: "cluster-check",
        GITHUB_CLIENT_SECRET: "cluster-check",
        GITHUB_URL: "http://127.0.0.1:9",
        AUTHOR_GITHUB_LOGINS: "cluster-check",
        SIGN_IN_RATE_LIMIT: "3",
      });
    }
    if (values.kill) {
      // Sign-in against a local fake GitHub, contact messages e-mailed to a sink that answers after 300 ms.
      github = await startFakeGitHub();
      smtp = await startSmtpSink({ delayMs: 300 });
      Object.assign(env, {
        ...fakeGitHubEnv(github.url),
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
    if (settings.servers.STORAGE_DRIVER === "s3") {
      const { default: S3rver } = await import("s3rver");
      s3Dir = mkdtempSync(path.join(tmpdir(), "portfolio-cluster-s3-"));
      const server = new S3rver({
        address: "127.0.0.1",
        port: 0,
        silent: true,
        directory: s3Dir,
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
    cluster = await startCluster(settings, { env, temporary: true });
    ok = values.kill && smtp ? await killCheck(cluster, smtp, settings.killSeed) : await check(cluster);
  } finally {
    await cluster?.stop();
    await github?.close();
    await smtp?.close();
    await s3?.close();
    if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
  }
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

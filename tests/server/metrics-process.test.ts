import { randomBytes } from "node:crypto";
import { createServer, get, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIN_FILL_MS } from "../../app/server/contact/started.server.ts";
import { fakeClientSecret, fakeGitHubEnv } from "../../tools/fake-github/accounts.ts";
import { startFakeGitHub } from "../../tools/fake-github/server.ts";
import { freePort } from "../harness/free-port.ts";
import { limit } from "../harness/host-speed.ts";
import { type TestBuild, testBuild } from "./helpers/build.ts";
import { adminQuery, migratedPostgresDatabase, postgresUrl } from "./helpers/databases.ts";
import { Jar, parseMetrics, type Sample, type SiteProcess, startSiteProcess } from "./helpers/site-process.ts";

let buildDir = "";
const running: SiteProcess[] = [];

/** Starts the build's server with these variables; every line it prints is kept. */
async function startSite(env: NodeJS.ProcessEnv, readyLines = 1): Promise<SiteProcess> {
  const site = await startSiteProcess(buildDir, env, readyLines);
  running.push(site);
  return site;
}

async function scrape(site: SiteProcess): Promise<Sample[]> {
  const response = await fetch(site.metrics);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(await response.text());
}

/** The sum of the samples named so whose labels include these. */
function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter(
      (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}

/** The fake GitHub behind a recorder, so the test knows the access tokens it hands out. */
async function recordedGitHub() {
  const github = await startFakeGitHub();
  const tokens: string[] = [];
  const proxy: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === "string" && name !== "host") headers.set(name, value);
    const answer = await fetch(`${github.url}${req.url}`, {
      method: req.method ?? "GET",
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : null,
      redirect: "manual",
    });
    const body = await answer.text();
    const token = /"access_token":"([^"]+)"/.exec(body)?.[1];
    if (token) tokens.push(token);
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (name !== "content-length" && name !== "content-encoding" && name !== "transfer-encoding") out[name] = value;
    });
    res.writeHead(answer.status, out).end(body);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    tokens,
    async close() {
      await new Promise((resolve) => proxy.close(resolve));
      await github.close();
    },
  };
}

/** Signs `login` in through the fake GitHub; the jar then holds the session. */
async function signIn(site: SiteProcess, jar: Jar, login: string) {
  const start = await fetch(`${site.origin}/auth/github`, {
    method: "POST",
    headers: { Origin: site.origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: "lang=pt",
    redirect: "manual",
  });
  expect(start.status).toBe(303);
  jar.take(start);
  const authorize = new URL(start.headers.get("location") ?? "");
  const form = new URLSearchParams({ login });
  for (const name of ["redirect_uri", "state", "code_challenge"])
    form.set(name, authorize.searchParams.get(name) ?? "");
  const consent = await fetch(authorize, { method: "POST", body: form, redirect: "manual" });
  const callback = await fetch(consent.headers.get("location") ?? "", {
    headers: { Cookie: jar.header() },
    redirect: "manual",
  });
  expect(callback.status).toBe(303);
  jar.take(callback);
}

const EMAIL_IN_ANY_FORM = /[\w.+-]+@[\w-]+\.[\w.-]+/;
/** IPv4 addresses but loopback's, the only ones the server may name (its own). */
const FOREIGN_IPV4 = /(?<![\d.])(?!127\.)(?!0\.0\.0\.0)(?:\d{1,3}\.){3}\d{1,3}(?![\d.])/;

let build: TestBuild | undefined;

beforeAll(async () => {
  build = await testBuild("metrics-test");
  buildDir = build.dir;
}, limit(600_000));

afterAll(async () => {
  for (const site of running) await site.stop();
  build?.remove();
}, limit(60_000));

describe.each(["json", "text"] as const)("one server on the embedded database, %s logs", (format) => {
  let site: SiteProcess;
  let github: Awaited<ReturnType<typeof recordedGitHub>>;
  let closedPort = 0;
  const author = new Jar();
  const secrets = {
    bearer: `metrics-test-bearer-${randomBytes(8).toString("hex")}`,
    visitorEmail: "visitante.teste+metrics@example.org",
    forwardedIp: "203.0.113.77",
    otherIp: "2001:db8::7a:1",
    clientSecret: fakeClientSecret,
    contactSecret: randomBytes(24).toString("hex"),
  };

  beforeAll(async () => {
    github = await recordedGitHub();
    closedPort = await freePort();
    site = await startSite({
      LOG_FORMAT: format === "json" ? "json" : "",
      ...fakeGitHubEnv(github.url),
      CONTACT_SECRET: secrets.contactSecret,
      CONTACT_RATE_LIMIT: "1",
      // Nothing listens there: every e-mail fails, and says so.
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(closedPort),
      SMTP_FROM: "site@example.net",
    });
  }, limit(120_000));

  afterAll(async () => {
    await site?.stop();
    await github?.close();
  }, limit(60_000));

  it("serves the metrics on their own port, and /metrics on the public port is a 404", async () => {
    for (const headers of [{}, { Authorization: `Bearer ${secrets.bearer}` }]) {
      const response = await fetch(`${site.origin}/metrics`, { headers });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toMatch(/http_requests_total/);
    }
    const samples = await scrape(site);
    expect(total(samples, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(total(samples, "nodejs_heap_used_bytes")).toBeGreaterThan(0);
    expect((await fetch(site.metrics.replace(/\/metrics$/, "/other"))).status).toBe(404);
    // Health on the public port: cheap, never cached.
    const health = await fetch(`${site.origin}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get("cache-control")).toBe("no-store");
    const ready = await fetch(`${site.origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
  });

  // What is counted does not depend on how lines are logged: asked of one of the two servers.
  const countedOnce = format === "json" ? it : it.skip;

  countedOnce(
    "labels responses by route pattern and status; 1,000 unknown paths make one label",
    async () => {
      const before = await scrape(site);
      const routesBefore = new Set(before.filter((s) => s.name === "http_requests_total").map((s) => s.labels.route));
      expect((await fetch(`${site.origin}/blog/bot-discord`)).status).toBe(200);
      expect((await fetch(`${site.origin}/en/blog/bot-discord`)).status).toBe(200);
      expect((await fetch(`${site.origin}/about`)).status).toBe(200);
      for (let i = 0; i < 1000; i++) {
        const random = randomBytes(6).toString("hex");
        const response = await fetch(`${site.origin}/${i % 2 ? "en/" : ""}${random}/x${i}?q=${random}`);
        expect(response.status).toBe(404);
        await response.arrayBuffer();
      }
      const after = await scrape(site);
      const routesAfter = new Set(after.filter((s) => s.name === "http_requests_total").map((s) => s.labels.route));
      const added = [...routesAfter].filter((route) => !routesBefore.has(route));
      expect(added.every((route) => ["unmatched", "/blog/:id", "/en/blog/:id", "/about"].includes(route ?? ""))).toBe(
        true,
      );
      expect(routesAfter.size).toBeLessThan(routesBefore.size + 5);
      const unmatched = { route: "unmatched", status: "404" };
      expect(total(after, "http_requests_total", unmatched) - total(before, "http_requests_total", unmatched)).toBe(
        1000,
      );
      expect(
        total(after, "http_request_duration_seconds_count", { route: "/blog/:id", status: "200" }),
      ).toBeGreaterThanOrEqual(1);
      const article = after.filter(
        (s) =>
          s.name === "http_request_duration_seconds_bucket" &&
          s.labels.route === "/en/blog/:id" &&
          s.labels.status === "200",
      );
      expect(article.map((s) => s.labels.le)).toContain("+Inf");
      expect(total(after, "http_requests_total", { route: "/about", status: "200" })).toBeGreaterThanOrEqual(1);
      expect(total(after, "page_cache_requests_total")).toBeGreaterThanOrEqual(1);
      // The embedded database's gauge and the event-loop lag.
      expect(after.some((s) => s.name === "db_queries_in_flight")).toBe(true);
      expect(after.some((s) => s.name === "nodejs_eventloop_lag_p99_seconds" && s.value >= 0)).toBe(true);
      expect(after.some((s) => s.name === "nodejs_eventloop_lag_max_seconds")).toBe(true);
    },
    limit(120_000),
  );

  countedOnce(
    "counts an autosave and an upload after they succeed",
    async () => {
      await signIn(site, author, "rafael-werneck");
      expect(author.cookies.get("session")).toBeTruthy();
      const before = await scrape(site);
      const form = new URLSearchParams({
        intent: "autosave",
        title: "Rascunho das métricas",
        slug: `rascunho-metricas-${format}`,
        content: "Texto salvo sozinho.",
        lang: "pt",
      });
      const saved = await fetch(`${site.origin}/admin/blog.data`, {
        method: "POST",
        headers: { Cookie: author.header(), Origin: site.origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: form,
      });
      expect(saved.status).toBe(200);
      const image = await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#3366aa" } })
        .png()
        .toBuffer();
      const upload = new FormData();
      upload.set("file", new Blob([new Uint8Array(image)], { type: "image/png" }), "capa.png");
      const uploaded = await fetch(`${site.origin}/admin/blog/upload?lang=pt`, {
        method: "POST",
        headers: { Cookie: author.header(), Origin: site.origin },
        body: upload,
      });
      expect(uploaded.status).toBe(201);
      // A response is counted when the server has finished sending it, which may be a moment after the client has it.
      await expect
        .poll(async () => {
          const after = await scrape(site);
          return [
            total(after, "blog_autosaves_total") - total(before, "blog_autosaves_total"),
            total(after, "blog_uploads_total") - total(before, "blog_uploads_total"),
            total(after, "http_requests_total", { route: "/admin/blog/upload", status: "201" }),
          ];
        })
        .toEqual([1, 1, 1]);
    },
    limit(60_000),
  );

  it(
    "sends a request id, and logs no cookie, token, e-mail address or IP address",
    async () => {
      const visitor = new Jar();
      const started = await fetch(`${site.origin}/contact/started`);
      visitor.take(started);
      await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS + 200));
      const send = (message: string) =>
        fetch(`${site.origin}/contact/send`, {
          method: "POST",
          headers: {
            Cookie: visitor.header(),
            Origin: site.origin,
            "X-Forwarded-For": secrets.forwardedIp,
            Authorization: `Bearer ${secrets.bearer}`,
          },
          body: new URLSearchParams({
            name: "Visitante",
            email: secrets.visitorEmail,
            message,
            lang: "pt",
          }),
        });
      const accepted = await send(`Olá, escrevo de ${secrets.visitorEmail} (${secrets.forwardedIp}).`);
      expect(accepted.status).toBe(200);
      // The limit is one message an hour: a second one is refused, and that is logged with its request id.
      // (The same message again would be taken for a retry of the first, and thanked once more.)
      const refused = await send(`Outra mensagem, de ${secrets.visitorEmail} (${secrets.forwardedIp}).`);
      expect(refused.status).toBe(429);
      const refusedId = refused.headers.get("x-request-id") ?? "";
      expect(refusedId).toMatch(/^[\w.-]{8,}$/);
      // A sign-in refused (a forged callback), and the visitor's requests with the author's session, a token and addresses.
      await fetch(`${site.origin}/auth/github/callback?code=forged&state=forged`, {
        headers: { "X-Forwarded-For": secrets.otherIp },
        redirect: "manual",
      });
      if (!author.cookies.get("session")) await signIn(site, author, "rafael-werneck");
      const session = author.cookies.get("session") ?? "";
      expect(session).toBeTruthy();
      for (const target of [
        "/",
        "/blog/bot-discord",
        `/blog/${encodeURIComponent(secrets.visitorEmail)}`,
        `/blog/${secrets.visitorEmail}`,
        // Paths a route answers (404 from its loader), so nothing rewrites them before the log.
        `/companies/${secrets.visitorEmail}`,
        `/en/services/${encodeURIComponent(secrets.visitorEmail)}`,
        "/admin/blog",
        `/x?e=${secrets.visitorEmail}`,
      ]) {
        const response = await fetch(`${site.origin}${target}`, {
          headers: {
            Cookie: `session=${session}`,
            Authorization: `Bearer ${secrets.bearer}`,
            "X-Forwarded-For": `${secrets.forwardedIp}, ${secrets.otherIp}`,
          },
          redirect: "manual",
        });
        await response.arrayBuffer();
        expect(response.headers.get("x-request-id")).toBeTruthy();
      }
      // A proxy's id (nginx's $request_id) is kept from loopback.
      const proxied = await fetch(`${site.origin}/about`, {
        headers: { "X-Request-Id": "0123456789abcdef0123456789abcdef" },
      });
      expect(proxied.headers.get("x-request-id")).toBe("0123456789abcdef0123456789abcdef");
      const malformed = await fetch(`${site.origin}/about`, { headers: { "X-Request-Id": "bad id\twith spaces" } });
      expect(malformed.headers.get("x-request-id")).not.toMatch(/\s/);

      // The e-mail fails (nothing listens on its port): logged as an event.
      const deadline = Date.now() + limit(30_000);
      while (!site.lines.some((line) => /contact_mail_failed|E-mailing contact message .* failed/.test(line))) {
        if (Date.now() > deadline) throw new Error(`No failed e-mail logged:\n${site.lines.join("\n")}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await new Promise((resolve) => setTimeout(resolve, 300));

      const lines = site.lines;
      const log = lines.join("\n");
      expect(github.tokens.length).toBeGreaterThan(0);
      const forbidden = [
        session,
        ...github.tokens,
        secrets.bearer,
        secrets.visitorEmail,
        secrets.forwardedIp,
        secrets.otherIp,
        secrets.clientSecret,
        secrets.contactSecret,
        "rafael@example.com",
        ...[...author.cookies.values()].filter((value) => value.length >= 16),
        ...[...visitor.cookies.values()].filter((value) => value.length >= 16),
      ].filter(Boolean);
      for (const secret of forbidden) expect(log, `a log line holds ${secret}`).not.toContain(secret);
      for (const line of lines) {
        expect(line).not.toMatch(EMAIL_IN_ANY_FORM);
        expect(decodeURIComponent(line.replace(/%(?![0-9a-f]{2})/gi, "%25"))).not.toMatch(EMAIL_IN_ANY_FORM);
        expect(line).not.toMatch(FOREIGN_IPV4);
        expect(line).not.toMatch(/2001:db8/i);
      }
      // The events are there, in the chosen format.
      if (format === "json") {
        const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
        const events = new Set(parsed.map((line) => line.event).filter(Boolean));
        for (const event of ["server_start", "sign_in", "sign_in_refused", "rate_limit_refused", "contact_mail_failed"])
          expect(events, event).toContain(event);
        const refusal = parsed.find((line) => line.event === "rate_limit_refused");
        expect(refusal?.requestId).toBe(refusedId);
        const request = parsed.find((line) => line.requestId === refusedId && line.route === "/contact/send");
        expect(request).toMatchObject({ method: "POST", status: 429 });
        expect(typeof request?.durationMs).toBe("number");
        expect(new Date(String(request?.time)).getTime()).toBeGreaterThan(0);
        const proxiedLine = parsed.find((line) => line.requestId === "0123456789abcdef0123456789abcdef");
        expect(proxiedLine).toMatchObject({ route: "/about", status: 200 });
      } else {
        expect(log).toMatch(/Site ready at/);
        expect(log).toMatch(/A contact attempt was refused by its rate limit\./);
        expect(log).toMatch(/E-mailing contact message \S+ failed/);
        // Text logs have no line per request.
        expect(log).not.toMatch(/"route":/);
      }
    },
    limit(90_000),
  );
});

/** The status of a GET on a connection of its own, so requests spread over the workers. */
function statusOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    }).on("error", reject);
  });
}

describe.skipIf(!postgresUrl)("workers on PostgreSQL", () => {
  it(
    "one scrape of the primary shows every worker, their pools and the primary",
    async () => {
      const { name, url } = await migratedPostgresDatabase();
      let site: SiteProcess | undefined;
      try {
        site = await startSite({ DATABASE_URL: url, WEB_CONCURRENCY: "2", LOG_FORMAT: "json" }, 2);
        expect((await fetch(`${site.origin}/metrics`)).status).toBe(404);
        for (let i = 0; i < 20; i++) expect(await statusOnNewConnection(`${site.origin}/about`)).toBe(200);
        const samples = await scrape(site);
        const about = samples.filter((s) => s.name === "http_requests_total" && s.labels.route === "/about");
        expect(new Set(about.map((s) => s.labels.worker))).toEqual(new Set(["0", "1"]));
        expect(total(samples, "http_requests_total", { route: "/about", status: "200" })).toBe(20);
        for (const worker of ["0", "1"]) {
          expect(
            samples.some(
              (s) => s.name === "db_pool_connections" && s.labels.worker === worker && s.labels.state === "idle",
            ),
          ).toBe(true);
          expect(total(samples, "db_pool_max_connections", { worker })).toBe(10);
          expect(total(samples, "process_resident_memory_bytes", { worker })).toBeGreaterThan(0);
        }
        expect(total(samples, "process_resident_memory_bytes", { worker: "primary" })).toBeGreaterThan(0);
        expect(total(samples, "server_workers", { worker: "primary" })).toBe(2);
        // Each family once: Prometheus refuses a family split in two.
        const text = await (await fetch(site.metrics)).text();
        const types = [...text.matchAll(/^# TYPE (\S+)/gm)].map((match) => match[1]);
        expect(new Set(types).size).toBe(types.length);
        await site.stop();
        expect(site.child.exitCode).toBe(0);
      } finally {
        await site?.stop();
        await adminQuery(`DROP DATABASE ${name} WITH (FORCE)`);
      }
    },
    limit(180_000),
  );
});

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import pg from "pg";
import { languages, localizePath } from "../../../app/i18n/paths.ts";
import { prerenderPaths } from "../../../app/routing/pages.ts";
import { SERVER_ENVIRONMENT, serverCommandArgs } from "../../../runtime/node-flags.ts";
import { fakeGitHubEnv } from "../../../tools/fake-github/accounts.ts";
import { freePort } from "../../harness/free-port.ts";
import { limit } from "../../harness/host-speed.ts";
import { copyMigratedPglite } from "../../harness/migrated-pglite.ts";
import { importSamples } from "../../helpers/import-files.ts";
import { expect, test, testAccounts } from "../fixtures.ts";

/**
 * Property-based fuzzing of the production server: requests made of every
 * route of the route table with generated paths (control characters,
 * malformed percent-encoding, long segments, unicode, `..`), query strings,
 * methods, headers, cookies (forged, truncated, oversized sessions) and
 * bodies (truncated multipart, wrong boundaries, JSON where a form is
 * expected, huge fields), signed out and signed in. Every answer must be
 * under 500 and name no stack frame or SQL, and the server must still be
 * healthy afterwards. The import's endpoints get a run of their own on top:
 * uploads made of real exports and hostile files (a zip bomb, entries that
 * climb out, entities, malformed XML, JSON and front matter), whole, cut
 * and mutated, checked and applied, beside the export, the transfer page and
 * the old addresses an import left (decisions 067 and 068). `npm test` makes
 * FUZZ_RUNS (default 250) requests, and a quarter as many to the import;
 * `npm run fuzz` many more. FUZZ_SEED replays a run: the seed is printed on
 * failure, with the request that failed.
 */

const runs = Number(process.env.FUZZ_RUNS || 250);
const seed = Number(process.env.FUZZ_SEED || Date.now() % 2_147_483_647);

interface RawRequest {
  method: string;
  target: string;
  headers: [string, string][];
  body: Buffer;
}

interface RawResponse {
  status: number;
  head: string;
  body: string;
}

/** Sends bytes as they are (Node's own client refuses malformed targets) and reads the answer to the end. */
function send(port: number, request: RawRequest): Promise<RawResponse> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.setTimeout(20_000, () =>
      socket.destroy(new Error(`no answer in 20 s to ${request.method} ${request.target}`)),
    );
    socket.on("data", (chunk) => chunks.push(chunk));
    // The server may answer and close before the whole request is written (a refused body, a request
    // Node's parser rejects): the answer read so far counts; no answer at all is status 0.
    socket.on("error", () => undefined);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      const head = end === -1 ? text : text.slice(0, end);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, head, body: end === -1 ? "" : Buffer.from(text.slice(end + 4), "latin1").toString("utf8") });
    });
    const headers = request.headers.map(([name, value]) => `${name}: ${value}\r\n`).join("");
    // Written, not ended: a half-closed connection may be dropped before a slow answer is sent.
    socket.write(
      Buffer.concat([
        Buffer.from(
          `${request.method} ${request.target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n${headers}Content-Length: ${request.body.length}\r\n\r\n`,
          "latin1",
        ),
        request.body,
      ]),
    );
  });
}

/** What a response must never show: a stack frame, an internal error code or a database error. */
const LEAKS = [
  /\n\s*at [^\n]+\([^\n)]+:\d+:\d+\)/,
  /node:internal/,
  /\/(?:app|server|node_modules)\/[^\s"'<>]+\.(?:ts|js):\d+/,
  /syntax error at or near/i,
  /invalid byte sequence for encoding/i,
  /violates (?:unique|foreign key|not-null|check) constraint/i,
  /relation "[^"]+" does not exist/i,
  /PGlite|PostgresError|DrizzleQueryError|Failed query/i,
];

/**
 * SQL, in an answer that refuses or fails: where a query would leak. A page
 * that answers 200 may show SQL of its own (an article's code, "select
 * menus" in its text), so these look at errors only.
 */
const SQL_IN_ERRORS = [/\b(?:select|insert into|update|delete from)\s+"?[a-z_]+"?\s*[(.,]|\bfrom "[a-z_]+"/i];

// ---- The route table, and what goes in its parameters. ----

const pagePaths = [...new Set(prerenderPaths())];
const sample = <T>(values: readonly T[]) => fc.constantFrom(...values);

/** A path segment: real ids, unicode, control characters, malformed and odd encodings, long runs. */
const segment = fc.oneof(
  sample(["bot-discord", "web-automation", "discord", "docker", "cheetah-network", "consulting", "search", "tag"]),
  fc.string({ unit: "grapheme", maxLength: 30 }).map(encodeURIComponent),
  fc.string({ unit: "binary", maxLength: 12 }).map(encodeURIComponent),
  sample([
    "%00",
    "%0a",
    "%0d%0a",
    "%7f",
    "%c2%85",
    "%",
    "%Z1",
    "%e0%a4",
    "%ff",
    "%c0%ae",
    "..",
    "%2e%2e",
    "%2f",
    "%5c",
    ";",
    "~",
  ]),
  fc.integer({ min: 200, max: 5000 }).map((n) => "a".repeat(n)),
  fc.tuple(fc.string({ maxLength: 8 }), sample(["%00", "%", "%ff", ".."])).map(([a, b]) => encodeURIComponent(a) + b),
);

const templates: readonly ((s: string, t: string) => string)[] = [
  ...pagePaths.map((p) => () => p),
  ...languages.flatMap((lang) => [
    (s: string) => localizePath(`/blog/${s}`, lang),
    (s: string) => localizePath(`/blog/tag/${s}`, lang),
    () => localizePath("/blog", lang),
    () => localizePath("/blog/search", lang),
    () => localizePath("/rss.xml", lang),
    () => localizePath("/admin/blog", lang),
    () => localizePath("/admin/messages", lang),
    () => localizePath("/admin/blog/trash", lang),
    () => localizePath("/admin/blog/tags", lang),
    () => localizePath("/admin/blog/transfer", lang),
    () => localizePath("/admin/audience", lang),
    (s: string) => localizePath(`/admin/audience.csv?days=${s}`, lang),
    (s: string) => localizePath(`/admin/blog/${s}/preview`, lang),
    (s: string) => localizePath(`/${s}`, lang),
    (s: string, t: string) => localizePath(`/${s}/${t}`, lang),
    (s: string) => localizePath(`/companies/${s}`, lang),
    (s: string) => localizePath(`/projects/${s}`, lang),
    (s: string) => localizePath(`/services/${s}`, lang),
  ]),
  (s, t) => `/og/blog/${s}/${t}.png`,
  (s, t) => `/og/en/blog/${s}/${t}`,
  () => "/og/blog/bot-discord/0123456789ab.png",
  () => "/admin/blog/upload",
  () => "/admin/blog/preview",
  ...importTemplates(),
  (s) => `/blog/preview/${s}`,
  (s) => `/en/blog/preview/${s}`,
  (s, t) => `/admin/blog/revisions?post=${s}&revision=${t}`,
  () => "/admin/blog/revisions?post=00000000-0000-4000-8000-000000000000",
  () => "/auth/github",
  (s) => `/auth/github/callback?code=${s}&state=${s}`,
  () => "/auth/logout",
  () => "/auth/me",
  () => "/contact/started",
  () => "/contact/send",
  () => "/webmention",
  // The fediverse (decision 063): WebFinger, NodeInfo, the actors, their collections and inboxes.
  (s) => `/.well-known/webfinger?resource=acct:${s}@127.0.0.1`,
  (s) => `/.well-known/webfinger?resource=${s}`,
  () => "/.well-known/nodeinfo",
  () => "/nodeinfo/2.1",
  () => "/fediverse/inbox",
  (s) => `/fediverse/${s}`,
  (s, t) => `/fediverse/${s}/${t}`,
  () => "/fediverse/blog.en/inbox",
  () => "/fediverse/blog/outbox?cursor=0",
  (s) => `/fediverse/blog/outbox?cursor=${s}`,
  (s) => `/fediverse/replies/${s}`,
  (s) => `/fediverse/notes/${s}`,
  () => "/admin/responses",
  () => "/sitemap.xml",
  () => "/robots.txt",
  (s) => `/uploads/${s}`,
  (s, t) => `/uploads/${s}/${t}`,
];

/**
 * The import's upload (its dry run and its application, with every way of
 * choosing for clashes), the export, and the old addresses: those the run's
 * own import left (`/2021/07/ola-sao-paulo/`, `/?p=42`) and made-up ones.
 */
function importTemplates(): ((s: string, t: string) => string)[] {
  return [
    (s) => `/admin/blog/import?step=check&name=${s}`,
    (s, t) => `/admin/blog/import?step=check&lang=${t}&name=${s}.zip`,
    (s) => `/admin/blog/import?step=apply&clash=skip&name=${s}`,
    (s, t) => `/admin/blog/import?step=apply&clash=${t}&lang=en&name=${s}`,
    () => "/admin/blog/import?step=apply&clash=replace&name=export.xml",
    () => "/admin/blog/import?step=apply&clash=rename&name=ghost.json",
    () => "/admin/blog/import",
    () => "/admin/blog/transfer",
    () => "/en/admin/blog/transfer",
    () => "/admin/blog/export.zip",
    () => "/2021/07/ola-sao-paulo/",
    () => "/2021/07/ola-sao-paulo",
    () => "/?p=42",
    (s) => `/?p=${s}`,
    (s) => `/?p=42&${s}=${s}`,
    (s, t) => `/2021/${s}/${t}/`,
    (s) => `/${s}/`,
  ];
}

const query = fc.oneof(
  fc.constant(""),
  fc
    .array(
      fc.tuple(
        fc.oneof(sample(["q", "lang", "from", "page", "_routes", "index", "tag", "code", "state"]), segment),
        fc.oneof(segment, fc.constant("")),
      ),
      { maxLength: 4 },
    )
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`),
  sample(["?", "?&&", "?=", "?q=%", "?q=%00", "?_routes=en%3Aarticle", "?index&_routes=root"]),
);

const target = fc
  .tuple(fc.nat(templates.length - 1), segment, segment, fc.boolean(), query)
  .map(([index, s, t, data, q]) => {
    const path = (templates[index] ?? (() => "/"))(s, t);
    const [bare = path, ownQuery] = path.split("?");
    const withData = data && !bare.endsWith(".xml") ? `${bare === "/" ? "/_root" : bare}.data` : bare;
    return `${withData}${ownQuery ? `?${ownQuery}` : ""}${q && ownQuery ? q.replace("?", "&") : q}`;
  });

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  sample(["\u0000", "a\u0000b", "'; drop table blogs; --", "<script>alert(1)</script>", "\uFFFF\uD800", "%00"]),
  fc.integer({ min: 1000, max: 300_000 }).map((n) => "x".repeat(n)),
);

const formFields = fc.array(
  fc.tuple(
    sample([
      "intent",
      "id",
      "title",
      "slug",
      "excerpt",
      "content",
      "tags",
      "lang",
      "published",
      "schedule",
      "scheduledAt",
      "translationOf",
      "revisionId",
      "updatedAt",
      "coverImage",
      "name",
      "email",
      "message",
      "website",
      "startedAt",
      "file",
      "source",
      "target",
      "path",
      "post",
      "fingerprint",
    ]),
    fc.oneof(
      sample([
        "create",
        "update",
        "autosave",
        "restore",
        "delete",
        "read",
        "unread",
        "1",
        "pt",
        "en",
        "on",
        "bot-discord",
        "add-redirect",
        "remove-redirect",
        "check-import",
        "apply-import",
        "/blog/bot-discord",
        "/2021/07/ola-sao-paulo",
        "https://example.com/a",
        "http://127.0.0.1/blog/bot-discord",
      ]),
      text,
    ),
  ),
  { maxLength: 8 },
);

type Body = { type?: string; body: Buffer };

/** One of the import's samples as it is, cut short, with bytes overwritten, or with text put in. */
function importBody(samples: readonly Buffer[]): fc.Arbitrary<Body> {
  const sampleAt = fc.nat(samples.length - 1).map((index) => samples[index] ?? Buffer.alloc(0));
  return fc
    .tuple(
      sampleAt,
      fc.oneof(
        { weight: 3, arbitrary: fc.constant({ kind: "whole" as const }) },
        fc.record({ kind: fc.constant("cut" as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
        fc.record({
          kind: fc.constant("overwrite" as const),
          at: fc.double({ min: 0, max: 1, noNaN: true }),
          bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }),
        }),
        fc.record({
          kind: fc.constant("insert" as const),
          at: fc.double({ min: 0, max: 1, noNaN: true }),
          text: fc.oneof(
            fc.string({ maxLength: 40 }),
            sample(["<", "]]>", "<!ENTITY x 'y'>", "&x;", "\u0000", '"', "}", "---\n", "+++\n", "../", "\uFFFF"]),
          ),
        }),
      ),
      sample(["application/octet-stream", "application/octet-stream", "application/zip", "text/xml", ""]),
      // Now and then as the page's plain form posts it (without scripts): multipart, a dry run or an import.
      fc.option(
        fc.record({
          intent: sample(["check-import", "apply-import", "add-redirect", ""]),
          fingerprint: fc.oneof(fc.string({ maxLength: 64 }), fc.constant("0".repeat(64))),
          cut: fc.nat(200),
        }),
        { freq: 3 },
      ),
    )
    .map(([bytes, change, type, form]) => {
      const at = change.kind === "whole" ? 0 : Math.floor(change.at * bytes.length);
      const body =
        change.kind === "whole"
          ? bytes
          : change.kind === "cut"
            ? bytes.subarray(0, at)
            : change.kind === "overwrite"
              ? Buffer.concat([
                  bytes.subarray(0, at),
                  Buffer.from(change.bytes),
                  bytes.subarray(at + change.bytes.length),
                ])
              : Buffer.concat([bytes.subarray(0, at), Buffer.from(change.text), bytes.subarray(at)]);
      if (!form) return { type, body };
      const multipart = Buffer.concat([
        Buffer.from(
          `--b0undary\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${form.intent}\r\n` +
            `--b0undary\r\nContent-Disposition: form-data; name="fingerprint"\r\n\r\n${form.fingerprint}\r\n` +
            `--b0undary\r\nContent-Disposition: form-data; name="file"; filename="export.zip"\r\nContent-Type: application/zip\r\n\r\n`,
        ),
        body,
        Buffer.from("\r\n--b0undary--\r\n"),
      ]);
      // Cut now and then: a form whose end never comes.
      return {
        type: "multipart/form-data; boundary=b0undary",
        body: form.cut < 150 ? multipart : multipart.subarray(0, Math.max(0, multipart.length - form.cut)),
      };
    });
}

const genericBody: fc.Arbitrary<Body> = fc.oneof(
  fc.constant({ body: Buffer.alloc(0) }),
  formFields.map((fields) => ({
    type: "application/x-www-form-urlencoded",
    body: Buffer.from(new URLSearchParams(fields).toString()),
  })),
  fc
    .tuple(formFields, fc.boolean(), fc.oneof(fc.constant("b0undary"), fc.string({ maxLength: 10 })), fc.nat(400))
    .map(([fields, truncate, announced, cut]) => {
      const parts = fields.map(
        ([name, value]) =>
          `--b0undary\r\nContent-Disposition: form-data; name="${name}"${name === "file" ? '; filename="x.png"\r\nContent-Type: image/png' : ""}\r\n\r\n${value}\r\n`,
      );
      const whole = Buffer.from(`${parts.join("")}--b0undary--\r\n`);
      return {
        type: `multipart/form-data; boundary=${announced}`,
        body: truncate ? whole.subarray(0, Math.max(0, whole.length - cut)) : whole,
      };
    }),
  formFields.map((fields) => ({
    type: "application/json",
    body: Buffer.from(JSON.stringify(Object.fromEntries(fields))),
  })),
  fc.uint8Array({ maxLength: 2000 }).map((bytes) => ({
    type: "application/octet-stream",
    body: Buffer.from(bytes),
  })),
  fc
    .tuple(sample(["text/plain", "multipart/form-data", "application/json", "image/png", "a/b; c=\u00e9", ""]), text)
    .map(([type, value]) => ({ type, body: Buffer.from(value) })),
);

/** Any body of the run: the generic ones, or (now and then) one of the import's samples. */
const bodies = (samples: readonly Buffer[]) =>
  fc.oneof({ weight: 6, arbitrary: genericBody }, { weight: 1, arbitrary: importBody(samples) });

/** The import's own run: its endpoints and old addresses, POSTed its samples more often than not. */
const importTargets = fc
  .tuple(fc.nat(importTemplates().length - 1), segment, segment)
  .map(([index, s, t]) => (importTemplates()[index] ?? (() => "/"))(s, t));

/** Builds the property's request from generated parts, and the session of a signed-in author when asked. */
function requestArbitrary(
  session: string,
  body: fc.Arbitrary<Body>,
  targets: fc.Arbitrary<string> = target,
  posting = false,
) {
  const anyCookie = fc.oneof(
    fc.constant(undefined),
    fc.constant(`session=${session}`),
    fc.constant(`session=${session.slice(0, 10)}`),
    fc.constant(`session=${"A".repeat(6000)}`),
    fc.constant(`session=${randomBytes(32).toString("base64url")}; signed_in=1`),
    fc.string({ maxLength: 60 }).map((s) => `session=${encodeURIComponent(s)}; flash=${encodeURIComponent(s)}`),
    sample(["session=", "session", "=;;=", "session=%00", "session=%", "contact_started=abc.def"]),
  );
  // The import's run is signed in most of the time: a refused visitor reaches none of its reading.
  const cookie = posting
    ? fc.oneof({ weight: 4, arbitrary: fc.constant(`session=${session}`) }, { weight: 1, arbitrary: anyCookie })
    : anyCookie;
  return fc
    .record({
      method: fc.oneof(
        { weight: 6, arbitrary: posting ? fc.constant("POST") : sample(["GET", "POST"]) },
        { weight: 2, arbitrary: sample(["HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"]) },
        { weight: 1, arbitrary: sample(["FOO", "PROPFIND"]) },
      ),
      target: targets,
      cookie,
      origin: sample(["same", "same", "other", "none"]),
      extra: fc.array(
        fc.oneof(
          sample<[string, string]>([
            ["Accept-Encoding", "br;q=0, gzip;q=abc, *;q=2"],
            ["Accept-Encoding", "x".repeat(3000)],
            ["If-None-Match", '"garbage", W/"x"'],
            ["If-Modified-Since", "not a date"],
            ["Range", "bytes=999999-1"],
            ["Accept", "text/x-component"],
            ["Accept-Language", "xx;q=abc"],
            ["X-Forwarded-For", "not-an-ip, 999.1.1.1"],
            ["Content-Encoding", "gzip"],
          ]),
          fc.tuple(
            sample(["X-Fuzz", "Referer", "User-Agent"]),
            fc.string({ maxLength: 200 }).map((s) => s.replace(/[^\x20-\x7e]/g, "?")),
          ),
        ),
        { maxLength: 3 },
      ),
      body,
    })
    .map(({ method, target, cookie, origin, extra, body }) => {
      const headers: [string, string][] = [...extra];
      if (cookie) headers.push(["Cookie", cookie]);
      if (origin === "same") headers.push(["Sec-Fetch-Site", "same-origin"]);
      if (origin === "other") headers.push(["Origin", "https://elsewhere.example"]);
      const sendsBody = method !== "GET" && method !== "HEAD";
      if (sendsBody && body.type !== undefined) headers.push(["Content-Type", body.type]);
      return { method, target, headers, body: sendsBody ? body.body : Buffer.alloc(0) } satisfies RawRequest;
    });
}

function problemsOf(request: RawRequest, response: RawResponse): string[] {
  const problems: string[] = [];
  if (response.status === 0) problems.push("no HTTP answer");
  if (response.status >= 500) problems.push(`status ${response.status}`);
  // A refusal for too many requests is a fine answer when it says when to come back.
  if (response.status === 429 && !/^retry-after: *[1-9]\d*\r?$/im.test(response.head))
    problems.push("429 without a Retry-After in seconds");
  for (const leak of LEAKS) if (leak.test(response.body)) problems.push(`the body matches ${leak}`);
  if (response.status >= 400)
    for (const leak of SQL_IN_ERRORS) if (leak.test(response.body)) problems.push(`the error's body matches ${leak}`);
  if (problems.length === 0) return [];
  const shown = response.body.slice(0, 400);
  return [
    `${problems.join("; ")}\n  request: ${request.method} ${request.target.slice(0, 300)}\n  headers: ${JSON.stringify(request.headers).slice(0, 300)}\n  body (${request.body.length} bytes): ${JSON.stringify(request.body.subarray(0, 200).toString("latin1"))}\n  answer: ${response.head.split("\r\n")[0]}\n  ${shown}`,
  ];
}

/** A production server of the tested build on a database of its own, so fuzzing writes touch no other test's data. */
async function startServer(databaseUrl: string | undefined) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-fuzz-"));
  if (!databaseUrl) await copyMigratedPglite(dataDir);
  const githubUrl = `http://127.0.0.1:${Number(process.env.E2E_GITHUB_PORT || 4399)}`;
  const server = spawn(process.execPath, serverCommandArgs(process.env.BUILD_DIR || "build"), {
    env: {
      ...SERVER_ENVIRONMENT,
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      ...fakeGitHubEnv(githubUrl),
      SIGN_IN_RATE_LIMIT: "100000",
      CONTACT_RATE_LIMIT: "100000",
      // Limits a run reaches now and then (the search's above all), so their 429s are fuzzed too,
      // yet far enough away that every route keeps being reached.
      RENDER_RATE_LIMIT: "2000",
      SEARCH_RATE_LIMIT: "200",
      UPLOAD_RATE_LIMIT: "200",
      // Reached by the long runs only: the bounded run's uploads to the import stay under it.
      IMPORT_RATE_LIMIT: "40",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  server.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const healthy = async () => {
    try {
      return (await fetch(`${origin}/healthz`)).status;
    } catch {
      return 0;
    }
  };
  await expect.poll(healthy, { timeout: limit(60_000), message: "the fuzzed server starts" }).toBe(200);
  return {
    port,
    origin,
    healthy,
    stderr: () => stderr,
    async stop() {
      server.kill();
      await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once("exit", resolve)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const postgresUrl = process.env.TEST_DATABASE_URL;

for (const engine of ["pglite", "postgres"] as const) {
  test(`no generated request gets a 5xx or a leaked error, and the server stays healthy (${engine})`, async ({
    page,
  }) => {
    test.skip(engine === "postgres" && !postgresUrl, "TEST_DATABASE_URL is unset");
    test.setTimeout(Math.max(180_000, runs * 400));
    let databaseUrl: string | undefined;
    let database: string | undefined;
    if (engine === "postgres" && postgresUrl) {
      database = `portfolio_fuzz_${randomBytes(6).toString("hex")}`;
      await adminQuery(postgresUrl, `CREATE DATABASE ${database}`);
      const url = new URL(postgresUrl);
      url.pathname = `/${database}`;
      databaseUrl = url.toString();
    }
    const server = await startServer(databaseUrl);
    try {
      // Signed in as an author through the fake GitHub, as a visitor would be.
      await page.goto(`${server.origin}/`);
      await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
      await page.getByRole("button", { name: `Sign in as ${testAccounts.author}` }).click();
      await page.waitForURL((url) => url.origin === server.origin && url.pathname === "/");
      const session = (await page.context().cookies(server.origin)).find((cookie) => cookie.name === "session")?.value;
      expect(session, "a session after signing in").toBeTruthy();

      // An import before the fuzz, so the old addresses it leaves are there to be asked for (and to be mangled).
      const samples = await importSamples();
      const seeded = await fetch(`${server.origin}/admin/blog/import?step=apply&clash=skip&name=export.xml`, {
        method: "POST",
        headers: { Cookie: `session=${session}`, Origin: server.origin, "Content-Type": "application/octet-stream" },
        body: new Uint8Array(samples[0] ?? Buffer.alloc(0)),
      });
      expect(await seeded.text(), "the WordPress fixture imports before the fuzz").toContain('"result"');
      expect((await fetch(`${server.origin}/?p=42`, { redirect: "manual" })).status).toBe(301);

      const found: string[] = [];
      // How many uploads the import read to the end (a dry run or an import answered), so its run can fail.
      let read = 0;
      const check = async (arbitrary: fc.Arbitrary<RawRequest>, numRuns: number) => {
        try {
          await fc.assert(
            fc.asyncProperty(arbitrary, async (request) => {
              const response = await send(server.port, request);
              // The script's upload answers JSON lines; the plain form, the page with its dry run or its end.
              const through = /^\{"(?:plan|result)"|\n\{"(?:plan|result)"|data-testid="(?:dry-run|import-done)"/;
              if (response.status < 300 && through.test(response.body)) read += 1;
              const problems = problemsOf(request, response);
              if (problems.length > 0) found.push(...problems);
              return problems.length === 0;
            }),
            { numRuns, seed, endOnFailure: true },
          );
        } catch (error) {
          throw new Error(
            `Fuzzing failed (FUZZ_SEED=${seed} replays it):\n${found.join("\n")}\n${String(error).slice(0, 1500)}\nserver log: ${server.stderr().slice(-1500)}`,
          );
        }
      };
      await check(requestArbitrary(session ?? "", bodies(samples)), runs);
      await check(
        requestArbitrary(session ?? "", importBody(samples), importTargets, true),
        Math.max(40, Math.ceil(runs / 4)),
      );
      expect(read, "uploads the import read to a dry run or an import").toBeGreaterThan(0);

      // Still healthy: the health check, the home page and a rendered article.
      expect(await server.healthy(), `health after fuzzing (FUZZ_SEED=${seed})`).toBe(200);
      for (const url of ["/", "/blog/bot-discord"]) {
        const response = await fetch(`${server.origin}${url}`);
        expect(response.status, `${url} after fuzzing (FUZZ_SEED=${seed})`).toBe(200);
      }
      console.info(
        `Fuzzed ${runs} requests and ${Math.max(40, Math.ceil(runs / 4))} to the import (${read} read through) on ${engine} (FUZZ_SEED=${seed})`,
      );
    } finally {
      await server.stop();
      if (database && postgresUrl) await adminQuery(postgresUrl, `DROP DATABASE ${database} WITH (FORCE)`);
    }
  });
}

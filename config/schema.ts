/**
 * Every environment variable the server and the npm scripts read, in one
 * zod schema: its kind of value, default, what is allowed, what it means and
 * its section of the guide. `readConfig` (config/config.ts) parses the
 * server's part once at start; `npm run docs:config` writes the guide,
 * docs/configuration.md, from the same entries, and a test keeps the two equal.
 *
 * A rule that spans variables (an https PUBLIC_URL for FORCE_HTTPS, the S3
 * settings once STORAGE_DRIVER is s3) is a check on the whole object that
 * runs even when other variables are wrong, so one start names every problem.
 */
import { createPrivateKey } from "node:crypto";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import type { NewsletterConfig } from "../app/server/newsletter/settings.server.ts";
import type { StorageSettings } from "../app/server/uploads/storage.server.ts";
import { site } from "../app/site.config.ts";
import {
  address,
  duration,
  flag,
  httpUrl,
  list,
  looksLikeAddress,
  oneOf,
  optional,
  origin,
  port,
  proxies,
  quoted,
  sendRate,
  text,
  wholeNumber,
  withDefault,
} from "./variables.ts";

/** The metrics port's default: the one OpenTelemetry's Prometheus exporter uses. */
export const DEFAULT_METRICS_PORT = 9464;

/** Far above what a person does, far below what a scanner does (decision 027). */
export const DEFAULT_FLOOD_LIMITS = { renders: 120, searches: 30, uploads: 20 } as const;

export const STORAGE_DRIVERS = ["disk", "postgres", "s3"] as const;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"]);

/**
 * Whether an origin is this machine's own: localhost, 127.0.0.1 or [::1].
 * @example isLoopbackOrigin("http://localhost:3000") // true
 */
export function isLoopbackOrigin(origin: string): boolean {
  const host = URL.parse(origin)?.hostname.replace(/^\[(.*)\]$/, "$1");
  return host !== undefined && LOOPBACK_HOSTS.has(host);
}

const S3_BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const S3_REGION_NAME = /^[a-z0-9-]+$/;

/** The variables of the site's address and its build. */
const siteVariables = {
  PORT: withDefault(port(), 3000, { group: "site", meaning: "port the server listens on" }),
  HOST: withDefault(text("an interface's address or host name"), "0.0.0.0", {
    group: "site",
    meaning: "interface the server listens on",
  }),
  PUBLIC_URL: optional(origin(), {
    group: "site",
    default: "`http://localhost:$PORT`",
    meaning:
      "origin the site is published at: canonical URLs, `hreflang` alternates, feeds, the sitemap, link previews " +
      "and the sign-in callback (`$PUBLIC_URL/auth/github/callback`); an `https` origin makes cookies `Secure`. " +
      "The server's value is the one served: `npm run build` writes its own into the prerendered pages and " +
      "records it (`BUILD_DIR/build-record.json`); a server started with another rewrites those pages in memory " +
      "at start and says so in its log ([decision 041](decisions/041-public-url-at-run-time.md)). Build with the " +
      "production value to serve them as built",
  }),
  BUILD_DIR: withDefault(text("a directory"), "build", {
    group: "build",
    meaning:
      "where `npm run build` writes and the server reads the build (a link to the newest complete one); " +
      "`npm run serve` starts `build/server/main.js`, another build is started with its own `BUILD_DIR/server/main.js`",
  }),
};

const storageVariables = {
  DATA_DIR: withDefault(text("a directory"), "data", {
    group: "storage",
    default: "`./data`",
    meaning:
      "the embedded database (PGlite, in `DATA_DIR/db`) and, with `STORAGE_DRIVER=disk`, uploaded files " +
      "(`DATA_DIR/uploads`); one server process per directory",
  }),
  DATABASE_URL: optional(text("a PostgreSQL URL, `postgres://user:password@host:5432/name`"), {
    group: "storage",
    secret: true,
    meaning:
      "when set, the database lives there (connection pool) instead of PGlite, and rate limits are counted there. " +
      "Uploads stay in `DATA_DIR` unless `STORAGE_DRIVER` says otherwise",
  }),
  STORAGE_DRIVER: withDefault(oneOf(STORAGE_DRIVERS), "disk", {
    group: "storage",
    meaning:
      "where uploaded covers and link-preview images live: `disk` (`DATA_DIR/uploads`), `postgres` (the database " +
      "in use, embedded or `DATABASE_URL`, table `stored_objects`) or `s3` (an S3-compatible bucket). The site " +
      "serves them at `/uploads/…` whichever it is; `npm run storage:migrate -- --from disk --to postgres` copies " +
      "them from one to another",
  }),
  S3_BUCKET: optional(text("a bucket name: 3–63 lower-case letters, digits, dots and hyphens"), {
    group: "storage",
    meaning: "required with `STORAGE_DRIVER=s3`: the bucket. It need not be public",
  }),
  S3_ACCESS_KEY_ID: optional(text("an access key's id"), {
    group: "storage",
    meaning: "required with `STORAGE_DRIVER=s3`: a key allowed to read, write, delete and list in the bucket",
  }),
  S3_SECRET_ACCESS_KEY: optional(text("that key's secret"), {
    group: "storage",
    secret: true,
    meaning: "required with `STORAGE_DRIVER=s3`: the secret of `S3_ACCESS_KEY_ID`",
  }),
  S3_REGION: withDefault(text("a region name such as `eu-west-1`, or `auto`"), "us-east-1", {
    group: "storage",
    meaning: "the bucket's region (`auto` for Cloudflare R2)",
  }),
  S3_ENDPOINT: optional(text("an http(s) URL"), {
    group: "storage",
    default: "`https://s3.$S3_REGION.amazonaws.com`",
    meaning:
      "the service's origin, e.g. `https://ACCOUNT.r2.cloudflarestorage.com` (R2) or `http://127.0.0.1:9000` (MinIO)",
  }),
  S3_FORCE_PATH_STYLE: optional(text(flag().allowed), {
    group: "storage",
    default: "`false`",
    meaning:
      "`true`: object URLs `$S3_ENDPOINT/$S3_BUCKET/key` (MinIO and most self-hosted servers) instead of the bucket " +
      "as a subdomain of the endpoint",
  }),
};

const signInVariables = {
  GITHUB_CLIENT_ID: optional(text("the OAuth app's client ID"), {
    group: "signIn",
    meaning:
      "the GitHub OAuth app; without it and `GITHUB_CLIENT_SECRET` the site runs, Login explains that sign-in is " +
      "not configured, and the server logs which variables to set",
  }),
  GITHUB_CLIENT_SECRET: optional(text("the OAuth app's client secret"), {
    group: "signIn",
    secret: true,
    meaning: "the GitHub OAuth app's secret, with `GITHUB_CLIENT_ID`",
  }),
  GITHUB_URL: withDefault(httpUrl("https://github.com"), "https://github.com", {
    group: "signIn",
    meaning: "GitHub's web origin, where sign-in is authorized (set it for GitHub Enterprise Server)",
  }),
  GITHUB_API_URL: withDefault(httpUrl("https://api.github.com"), "https://api.github.com", {
    group: "signIn",
    meaning: "GitHub's API base (`https://HOST/api/v3` on Enterprise Server)",
  }),
  AUTHOR_GITHUB_LOGINS: withDefault(list("GitHub logins separated by commas"), [], {
    group: "signIn",
    default: "empty",
    meaning: "GitHub logins allowed to sign in and write (case-insensitive); anyone else is refused",
  }),
};

const contactVariables = {
  CONTACT_TO: withDefault(address(), site.email, {
    group: "contact",
    default: "the owner's e-mail in `app/site.config.ts`",
    meaning: "where contact messages are e-mailed",
  }),
  CONTACT_SECRET: optional(
    {
      allowed: "at least 32 characters (`openssl rand -hex 32` makes one)",
      schema: z.string().refine((secret) => secret.length >= 32, {
        error: (issue) =>
          `is ${String(issue.input).length} characters long, not at least 32 (openssl rand -hex 32 makes one)`,
      }),
    },
    {
      group: "contact",
      secret: true,
      default: "unset: a random one kept in `DATA_DIR/contact-secret`",
      meaning:
        "signs the contact form's fill-time cookie and salts stored IP hashes. Give every server sharing one " +
        "database the same value",
    },
  ),
  CONTACT_LEASE_SECONDS: withDefault(wholeNumber(), 300, {
    group: "contact",
    meaning:
      "how long a server's claim on a contact message it is e-mailing lasts: a server that dies mid-send leaves the " +
      "message to another (or to itself, restarted) after this; the worker polls at least once per lease (`0` counts as 1)",
  }),
  SMTP_HOST: optional(text("a host name or address"), {
    group: "contact",
    meaning: "outgoing mail server; unset = contact messages are stored and listed in `/admin/messages` only",
  }),
  SMTP_PORT: optional(text(port().allowed), {
    group: "contact",
    default: "`465` with `SMTP_SECURE=true`, else `587`",
    meaning: "mail server port",
  }),
  SMTP_SECURE: optional(text(flag().allowed), {
    group: "contact",
    default: "`false`",
    meaning: "`true`: TLS from the first byte (port 465); otherwise STARTTLS when the server offers it",
  }),
  SMTP_USER: optional(text("a login"), { group: "contact", meaning: "SMTP login, with `SMTP_PASS`: both or neither" }),
  SMTP_PASS: optional(text("a password"), {
    group: "contact",
    secret: true,
    meaning: "SMTP password, with `SMTP_USER`: both or neither",
  }),
  SMTP_FROM: optional(text(address().allowed), {
    group: "contact",
    default: "`SMTP_USER` when it is an address",
    meaning: "sender address of contact e-mails; required with `SMTP_HOST` otherwise",
  }),
};

const newsletterVariables = {
  NEWSLETTER_RATE: withDefault(
    sendRate(),
    { perSecond: 5, perHour: 1000 },
    {
      group: "newsletter",
      default: "`5/s,1000/h`",
      meaning:
        "the most newsletter mails sent per second and per hour, counted together by every server on one " +
        "database: set it to your mail plan's limits. The newsletter uses the contact mail's `SMTP_*` server; " +
        "without `SMTP_HOST` its forms are not shown",
    },
  ),
  NEWSLETTER_RATE_LIMIT: withDefault(wholeNumber(), 5, {
    group: "limits",
    meaning: "newsletter subscriptions accepted per IP address per hour; more get 429 and a page saying so",
  }),
  DKIM_DOMAIN: optional(text("a domain name"), {
    group: "newsletter",
    meaning:
      "signs newsletter mails with DKIM for this domain (with `DKIM_SELECTOR` and `DKIM_PRIVATE_KEY`: all three " +
      "or none); both unsubscribe headers are signed, as Gmail and Yahoo require",
  }),
  DKIM_SELECTOR: optional(text("a DNS label"), {
    group: "newsletter",
    meaning: "the DKIM selector: the public key is published at `SELECTOR._domainkey.DOMAIN`",
  }),
  DKIM_PRIVATE_KEY: optional(text("a PEM private key (RSA or Ed25519); `\\n` stands for a line break"), {
    group: "newsletter",
    secret: true,
    meaning: "the DKIM private key",
  }),
};

const audienceVariables = {
  ANALYTICS: withDefault(oneOf(["on", "off"]), "on", {
    group: "audience",
    meaning:
      "`off`: no page view, visitor, feed reader or broken link is counted, and the admin's Audience page says so. " +
      "`on`: counted by the server without cookies or scripts, nothing that identifies a reader kept " +
      "(decision 046)",
  }),
};

const fediverseVariables = {
  FEDERATION: withDefault(oneOf(["on", "off"]), "on", {
    group: "fediverse",
    meaning:
      "`off`: the blog is not in the fediverse: WebFinger, NodeInfo, the actors, their inboxes and collections " +
      "answer 404, a post's address answers its page only, and nothing is delivered; webmentions are off too: " +
      "no endpoint (`/webmention` answers 404) and none sent ([webmentions](webmentions.md))",
  }),
  FEDERATION_ALLOW_PRIVATE: withDefault(flag(), false, {
    group: "fediverse",
    meaning:
      "`true`: the server may reach loopback and private addresses when it fetches accounts, delivers " +
      "activities, sends webmentions and verifies their sources (tests of two servers on one machine). " +
      "Refused unless `PUBLIC_URL` is itself a loopback " +
      "address; otherwise every such address, DNS answers included, is refused",
  }),
  FEDERATION_PREVIOUS_ORIGIN: optional(origin(), {
    group: "fediverse",
    meaning:
      "the origin the blog was published at before a move (`https://old.example`): each account names its old " +
      "address in `alsoKnownAs`, so Mastodon lets the old account move its followers here ([fediverse](fediverse.md))",
  }),
  FEDERATION_MOVED_TO: optional(origin(), {
    group: "fediverse",
    meaning:
      "on the old domain after a move: the origin the blog moved to. Each account names its new address in " +
      "`movedTo` and sends its followers a `Move` once, and their servers follow the new account instead",
  }),
};

const limitVariables = {
  SIGN_IN_RATE_LIMIT: withDefault(wholeNumber(), 20, {
    group: "limits",
    meaning: "sign-in attempts per IP address per 15 minutes; more get 429, a wait time and a page saying so",
  }),
  RENDER_RATE_LIMIT: withDefault(wholeNumber(), DEFAULT_FLOOD_LIMITS.renders, {
    group: "limits",
    meaning:
      "pages and loader data rendered per IP address per minute that no cache answered (prerendered pages and " +
      "cached blog pages are free), all of them at once if need be; more get 429 and a wait time (decision 027). " +
      "`0`: no limit",
  }),
  SEARCH_RATE_LIMIT: withDefault(wholeNumber(), DEFAULT_FLOOD_LIMITS.searches, {
    group: "limits",
    meaning: "blog searches per IP address per minute; more get 429 and a wait time. `0`: no limit",
  }),
  UPLOAD_RATE_LIMIT: withDefault(wholeNumber(), DEFAULT_FLOOD_LIMITS.uploads, {
    group: "limits",
    meaning: "cover uploads per IP address per minute; more get 429. `0`: no limit",
  }),
  IMPORT_RATE_LIMIT: withDefault(wholeNumber(), 20, {
    group: "limits",
    meaning:
      "files sent to the admin's import (dry runs and imports) per author per hour; more get 429 and a wait " +
      "time. `0`: no limit. The command line is not limited",
  }),
  IMPORT_KEEP_SECONDS: withDefault(wholeNumber(), 1800, {
    group: "limits",
    default: "`1800` (30 min)",
    meaning:
      "how long a file checked by the admin's import waits on the server (`DATA_DIR/imports`) for its import, " +
      "which then needs no second upload, and how long an import's outcome stays for its page; then it is " +
      "removed, and at a server's start what processes gone left (decision 085)",
  }),
  CONTACT_RATE_LIMIT: withDefault(wholeNumber(), 5, {
    group: "limits",
    meaning: "contact messages accepted per IP address per hour; more get 429 and a wait time",
  }),
  BODY_LIMIT_BYTES: withDefault(wholeNumber(), 1024 * 1024, {
    group: "limits",
    default: "`1048576` (1 MiB)",
    meaning: "largest request body accepted (cover uploads: 5 MB); larger ones get 413, bodies of unknown length 411",
  }),
};

const securityVariables = {
  FORCE_HTTPS: withDefault(flag(), false, {
    group: "security",
    meaning:
      "`true`: a request that reached the server over plain HTTP (directly, or via a trusted proxy, `TRUST_PROXY`, " +
      "that says so in `X-Forwarded-Proto`) is redirected to its path at `PUBLIC_URL` (301; 308 for a form), " +
      "health checks excepted. Needs an `https` `PUBLIC_URL`, which also sends " +
      "`Strict-Transport-Security: max-age=31536000; includeSubDomains` and names the session `__Host-session`",
  }),
  HSTS_PRELOAD: withDefault(flag(), false, {
    group: "security",
    meaning:
      "`true`: adds `preload` to `Strict-Transport-Security`, the owner's consent to be put on the browsers' " +
      "HTTPS-only list (hstspreload.org); needs an `https` `PUBLIC_URL` on the registered domain itself. " +
      "Hard to undo: see [the deployment guide](deploying.md)",
  }),
  TRUST_PROXY: withDefault(proxies(), ["loopback"], {
    group: "security",
    default: "`loopback`",
    meaning:
      "the proxies whose `X-Forwarded-For` (client address: rate limits, `/metrics`) and `X-Forwarded-Proto` " +
      "(HTTPS) are believed, in Express's `trust proxy` terms, e.g. `10.0.0.5,10.1.0.0/16` or `1` proxy in front. " +
      "`true` (anyone) is refused",
  }),
};

const observabilityVariables = {
  METRICS_PORT: withDefault(
    {
      allowed: "a port number, 1–65535, other than `PORT`; or `off`",
      schema: z
        .string()
        .toLowerCase()
        .pipe(
          z.union([z.literal("off"), port().schema], {
            error: (issue) => `${quoted(issue.input)} is not a port number (1–65535) or off`,
          }),
        ),
    },
    DEFAULT_METRICS_PORT,
    {
      group: "observability",
      meaning:
        "port of the Prometheus metrics (`GET /metrics`), apart from the site's: never served on `PORT`. With " +
        "workers the primary serves it for all of them. A port in use turns the metrics off with one log line; " +
        "the site serves regardless. `off`: no metrics port",
    },
  ),
  METRICS_HOST: withDefault(text("an interface's address or host name"), "127.0.0.1", {
    group: "observability",
    meaning:
      "interface of the metrics port; another than loopback (a scraper on another machine) needs `METRICS_TOKEN`",
  }),
  METRICS_TOKEN: optional(text("any text"), {
    group: "observability",
    secret: true,
    meaning:
      "when set, every scrape must carry `Authorization: Bearer $METRICS_TOKEN` (compared in constant time); " +
      "required with a `METRICS_HOST` that is not loopback",
  }),
  LOG_FORMAT: optional(oneOf(["json"], true), {
    group: "observability",
    meaning:
      "`json`: one JSON line per request (time, request id, method, route pattern, status, duration in ms, bytes, " +
      "page-cache hit or miss) and one per event (server start and stop, worker exit, sign-in, rate-limit refusal, " +
      "contact e-mail sent or failed, backup taken, errors). Unset: the events as readable text, no line per " +
      "request. Either way no cookie, token, e-mail address or client IP address",
  }),
};

const processVariables = {
  NODE_ENV: optional(text("`production`, or anything else"), {
    group: "processes",
    default: "unset (`production` in `npm start`/`serve`)",
    meaning: "`production` serves the build; anything else runs the Vite development server",
  }),
  WEB_CONCURRENCY: withDefault(wholeNumber(1), availableParallelism(), {
    group: "processes",
    default: "one per core (`os.availableParallelism()`)",
    meaning:
      "server processes on PostgreSQL in production: workers under Node's `cluster` sharing `PORT`, one started " +
      "again when it dies (after 1 s, 2 s, 4 s… up to 30 s when it keeps failing at once), all stopped on " +
      "SIGTERM/SIGINT. The embedded database runs one process whatever it says; `1` runs one process",
  }),
  NODE_OPTIONS: optional(text("Node.js options"), {
    group: "processes",
    meaning:
      "Node.js's own options, read by Node; a server flag of `runtime/node-flags.ts` given there (either way) " +
      "counts as given, and the log says which ones a server started without",
  }),
  MALLOC_ARENA_MAX: optional(wholeNumber(1), {
    group: "processes",
    default: "unset (`2` in `npm start`/`serve` and the systemd unit)",
    meaning:
      "glibc's limit on its allocator's arenas, read when the process starts: two keep 13 to 16 MB less resident " +
      "under load for the same throughput ([decision 037](decisions/037-malloc-arenas.md)); a production server " +
      "started without it says so in its log",
  }),
};

const backupVariables = {
  BACKUP_DIR: optional(text("a directory"), {
    group: "backups",
    default: "`DATA_DIR/backups`",
    meaning:
      "where the server's automatic backups and `npm run backup` write backup files (`backup-{time}.tar`); copy it " +
      "off the machine",
  }),
  BACKUP_INTERVAL: withDefault(duration(), 5 * 60_000, {
    group: "backups",
    default: "`5min`",
    meaning:
      "embedded database: how often the server checks for writes and, when there were any, takes a backup " +
      "(`off`: never). PostgreSQL servers take none",
  }),
  BACKUP_KEEP: withDefault(wholeNumber(1), 48, {
    group: "backups",
    meaning:
      "automatic backups kept in `BACKUP_DIR`; older ones are deleted only after a newer one has been read back " +
      "and checked",
  }),
  PG_BIN: optional(text("a directory"), {
    group: "backups",
    default: "the newest `/usr/lib/postgresql/*/bin`, else `PATH`",
    meaning:
      "where `npm run backup` and `npm run restore` find `pg_dump` and `pg_restore` (PostgreSQL only); they must " +
      "be at least the server's version",
  }),
};

/** Every variable the server and its commands (start, serve, backup, restore, storage:migrate) read. */
export const serverShape = {
  ...siteVariables,
  ...storageVariables,
  ...signInVariables,
  ...contactVariables,
  ...newsletterVariables,
  ...audienceVariables,
  ...fediverseVariables,
  ...limitVariables,
  ...securityVariables,
  ...observabilityVariables,
  ...processVariables,
  ...backupVariables,
};

export type ServerVariable = keyof typeof serverShape;

/** Where the problems of a check that spans variables go. */
interface Problems {
  /** Variables that already have a problem of their own: rules that read them wait until they are right. */
  wrong: ReadonlySet<PropertyKey>;
  add(variable: ServerVariable, message: string): void;
}

function problemsOf(context: z.core.$RefinementCtx<unknown>): Problems {
  return {
    wrong: new Set(context.issues.flatMap((issue) => issue.path?.slice(0, 1) ?? [])),
    add: (variable, message) => context.addIssue({ code: "custom", path: [variable], message }),
  };
}

/** The settings an object check reads, as the fields parsed them (or their text, when they are wrong). */
type Parsed = z.output<z.ZodObject<typeof serverShape>>;

/** The S3 settings as their text: the s3 driver alone reads them. */
interface S3Text {
  S3_BUCKET?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_REGION?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_FORCE_PATH_STYLE?: string | undefined;
}

/** The S3 settings, checked only when the s3 driver is chosen: the other drivers never read them. */
function checkS3(env: S3Text, problems: Problems): void {
  for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const)
    if (!env[name]) problems.add(name, "must be set when STORAGE_DRIVER is s3");
  const bucket = env.S3_BUCKET;
  if (bucket && !S3_BUCKET_NAME.test(bucket))
    problems.add(
      "S3_BUCKET",
      `${quoted(bucket)} is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)`,
    );
  const region = env.S3_REGION ?? "us-east-1";
  if (!S3_REGION_NAME.test(region))
    problems.add("S3_REGION", `${quoted(region)} is not a region name such as eu-west-1 or auto`);
  const endpoint = env.S3_ENDPOINT;
  if (endpoint !== undefined && !/^https?:$/.test(URL.parse(endpoint)?.protocol ?? ""))
    problems.add("S3_ENDPOINT", `${quoted(endpoint)} is not an http(s) URL such as https://s3.eu-west-1.amazonaws.com`);
  const pathStyle = env.S3_FORCE_PATH_STYLE;
  if (pathStyle !== undefined && !flag().schema.safeParse(pathStyle).success)
    problems.add("S3_FORCE_PATH_STYLE", `${quoted(pathStyle)} is not true or false`);
}

/** The mail server's settings, checked only when SMTP_HOST is set: without it nothing is e-mailed. */
function checkSmtp(env: Parsed, problems: Problems): void {
  if (!env.SMTP_HOST) return;
  if (env.SMTP_PORT !== undefined && !port().schema.safeParse(env.SMTP_PORT).success)
    problems.add("SMTP_PORT", `${quoted(env.SMTP_PORT)} is not a port number (1–65535)`);
  if (env.SMTP_SECURE !== undefined && !flag().schema.safeParse(env.SMTP_SECURE).success)
    problems.add("SMTP_SECURE", `${quoted(env.SMTP_SECURE)} is not true or false`);
  if (env.SMTP_USER && !env.SMTP_PASS) problems.add("SMTP_PASS", "must be set with SMTP_USER (both or neither)");
  if (env.SMTP_PASS && !env.SMTP_USER) problems.add("SMTP_USER", "must be set with SMTP_PASS (both or neither)");
  if (env.SMTP_FROM !== undefined && !looksLikeAddress(env.SMTP_FROM))
    problems.add("SMTP_FROM", `${quoted(env.SMTP_FROM)} is not an e-mail address`);
  if (env.SMTP_FROM === undefined && !looksLikeAddress(env.SMTP_USER ?? ""))
    problems.add(
      "SMTP_FROM",
      "must be set when SMTP_HOST is (the address contact e-mails come from), unless SMTP_USER is an address",
    );
}

/** DKIM's three settings: all or none, and a key that can sign. */
function checkDkim(env: Parsed, problems: Problems): void {
  const names = ["DKIM_DOMAIN", "DKIM_SELECTOR", "DKIM_PRIVATE_KEY"] as const;
  const set = names.filter((name) => env[name] !== undefined);
  if (set.length === 0) return;
  for (const name of names)
    if (env[name] === undefined) problems.add(name, `must be set with ${set.join(" and ")} (all three or none)`);
  if (env.DKIM_PRIVATE_KEY !== undefined && !isPrivateKey(env.DKIM_PRIVATE_KEY.replace(/\\n/g, "\n")))
    problems.add("DKIM_PRIVATE_KEY", "is not a PEM private key (-----BEGIN PRIVATE KEY----- …)");
}

function isPrivateKey(pem: string): boolean {
  try {
    createPrivateKey(pem);
    return true;
  } catch {
    return false;
  }
}

/** The rules between variables, on the values the fields parsed. */
function checkTogether(env: Parsed, problems: Problems): void {
  const { wrong, add } = problems;
  if (!wrong.has("STORAGE_DRIVER") && env.STORAGE_DRIVER === "s3") checkS3(env, problems);
  checkSmtp(env, problems);
  checkDkim(env, problems);
  if (!wrong.has("PUBLIC_URL") && !wrong.has("PORT")) {
    const publicUrl = publicUrlOf(env);
    const https = publicUrl.startsWith("https:");
    if (!wrong.has("FORCE_HTTPS") && env.FORCE_HTTPS && !https)
      add("FORCE_HTTPS", `needs an https PUBLIC_URL to redirect to; PUBLIC_URL is ${quoted(publicUrl)}`);
    if (!wrong.has("HSTS_PRELOAD") && env.HSTS_PRELOAD && !https)
      add("HSTS_PRELOAD", `needs an https PUBLIC_URL; PUBLIC_URL is ${quoted(publicUrl)}`);
  }
  if (
    !wrong.has("FEDERATION_ALLOW_PRIVATE") &&
    env.FEDERATION_ALLOW_PRIVATE &&
    !wrong.has("PUBLIC_URL") &&
    !wrong.has("PORT") &&
    !isLoopbackOrigin(publicUrlOf(env))
  )
    add(
      "FEDERATION_ALLOW_PRIVATE",
      `is for tests on loopback only; PUBLIC_URL is ${quoted(publicUrlOf(env))}, not a loopback address`,
    );
  if (!wrong.has("METRICS_PORT") && env.METRICS_PORT !== "off") {
    if (!wrong.has("PORT") && env.METRICS_PORT === env.PORT)
      add(
        "METRICS_PORT",
        `${env.METRICS_PORT} is PORT too: metrics are never served on the site's port; ` +
          "set METRICS_PORT to another port or off",
      );
    if (!LOOPBACK_HOSTS.has(env.METRICS_HOST) && !env.METRICS_TOKEN)
      add(
        "METRICS_TOKEN",
        `must be set when METRICS_HOST is not loopback (METRICS_HOST is ${quoted(env.METRICS_HOST)})`,
      );
  }
}

/** The server's variables, every field and every rule between them. */
export const serverVariables = z
  .object(serverShape)
  .superRefine((env, context) => checkTogether(env, problemsOf(context)), { when: () => true });

/**
 * The origin the site is published at: PUBLIC_URL, or this machine at PORT.
 * @example publicUrlOf({ PORT: 3000 }) // "http://localhost:3000"
 */
export function publicUrlOf(values: { PUBLIC_URL?: string | undefined; PORT: number }): string {
  return values.PUBLIC_URL ?? `http://localhost:${values.PORT}`;
}

/** Where uploaded files are kept with the disk driver: `DATA_DIR/uploads`, whichever database is used. */
export function uploadsDir(config: { dataDir: string }): string {
  return path.join(config.dataDir, "uploads");
}

/** The storage settings out of the parsed variables (the S3 ones checked already when the driver is s3). */
export function storageSettings(values: z.output<typeof storageShape>, dataDir: string): StorageSettings {
  const driver = values.STORAGE_DRIVER;
  if (driver === "disk") return { driver, root: uploadsDir({ dataDir }) };
  if (driver === "postgres") return { driver };
  const region = values.S3_REGION;
  return {
    driver,
    endpoint: (values.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`).replace(/\/+$/, ""),
    region,
    bucket: values.S3_BUCKET ?? "",
    accessKeyId: values.S3_ACCESS_KEY_ID ?? "",
    secretAccessKey: values.S3_SECRET_ACCESS_KEY ?? "",
    forcePathStyle: flag().schema.safeParse(values.S3_FORCE_PATH_STYLE ?? "false").data ?? false,
  };
}

/** The mail server, or null without SMTP_HOST (its values checked already by checkSmtp). */
function smtpSettings(values: Parsed) {
  if (!values.SMTP_HOST) return null;
  const secure = flag().schema.safeParse(values.SMTP_SECURE ?? "false").data ?? false;
  const user = values.SMTP_USER ?? "";
  return {
    host: values.SMTP_HOST,
    /** SMTP_PORT, default 465 with SMTP_SECURE, else 587. */
    port: values.SMTP_PORT === undefined ? (secure ? 465 : 587) : Number(values.SMTP_PORT),
    /** TLS from the first byte (SMTP_SECURE=true, port 465); otherwise STARTTLS when the server offers it. */
    secure,
    /** SMTP_USER and SMTP_PASS, both or neither. */
    auth: user ? { user, pass: values.SMTP_PASS ?? "" } : null,
    /** Sender address (SMTP_FROM, default SMTP_USER when it is an address). */
    from: values.SMTP_FROM ?? user,
  };
}

/** The newsletter's settings; DKIM only with its three variables, `\\n` in the key standing for a line break. */
function newsletterSettings(values: Parsed): NewsletterConfig {
  const { DKIM_DOMAIN: domain, DKIM_SELECTOR: selector, DKIM_PRIVATE_KEY: key } = values;
  return {
    rate: values.NEWSLETTER_RATE,
    rateLimit: values.NEWSLETTER_RATE_LIMIT,
    dkim: domain && selector && key ? { domain, selector, privateKey: key.replace(/\\n/g, "\n") } : null,
  };
}

/**
 * The server's settings, made from its variables once they are right: the
 * one place each setting, its default and its shape are written.
 * `ServerConfig` (config/config.ts) is its output's type.
 */
export const serverConfig = serverVariables.transform((values) => {
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    production: values.NODE_ENV === "production",
    port: values.PORT,
    host: values.HOST,
    /** Origin the site is reached at, without a trailing slash. */
    publicUrl: publicUrlOf(values),
    /** Where `react-router build` wrote the site (BUILD_DIR), resolved. */
    buildDir: path.resolve(values.BUILD_DIR),
    /** Largest request body accepted, in bytes (uploads have their own limit). */
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    /** Directory of the embedded database and uploads (DATA_DIR), resolved. */
    dataDir,
    /** PostgreSQL server to use instead of the embedded database (DATABASE_URL). */
    databaseUrl: values.DATABASE_URL,
    github: {
      /** OAuth app credentials; sign-in is off without both. */
      clientId: values.GITHUB_CLIENT_ID,
      clientSecret: values.GITHUB_CLIENT_SECRET,
      /** Web origin of GitHub (GITHUB_URL), where the authorize and token endpoints live. */
      url: values.GITHUB_URL,
      /** REST API base (GITHUB_API_URL); differs on GitHub Enterprise Server. */
      apiUrl: values.GITHUB_API_URL,
    },
    /** Lower-cased GitHub logins allowed to sign in (AUTHOR_GITHUB_LOGINS). */
    authorLogins: values.AUTHOR_GITHUB_LOGINS,
    /** Sign-in attempts allowed per IP address in 15 minutes (SIGN_IN_RATE_LIMIT). */
    signInRateLimit: values.SIGN_IN_RATE_LIMIT,
    /** Files sent to the admin's import per author per hour (IMPORT_RATE_LIMIT); 0: no limit. */
    importRateLimit: values.IMPORT_RATE_LIMIT,
    /** How long a checked file waits for its import, in ms (IMPORT_KEEP_SECONDS). */
    importKeepMs: values.IMPORT_KEEP_SECONDS * 1000,
    /** Requests per minute per client for each kind of work; 0 turns that limit off. */
    floodLimits: {
      /** Renders of pages and loader data the caches did not answer (RENDER_RATE_LIMIT). */
      renders: values.RENDER_RATE_LIMIT,
      /** Blog searches, pages and loader data (SEARCH_RATE_LIMIT). */
      searches: values.SEARCH_RATE_LIMIT,
      /** Cover uploads (UPLOAD_RATE_LIMIT). */
      uploads: values.UPLOAD_RATE_LIMIT,
    },
    contact: {
      /** Where contact messages are e-mailed (CONTACT_TO). */
      to: values.CONTACT_TO,
      /** Messages accepted per IP address per hour (CONTACT_RATE_LIMIT). */
      rateLimit: values.CONTACT_RATE_LIMIT,
      /** Key of the form's start-time cookie and salt of the stored IP hashes (CONTACT_SECRET); unset: one kept in DATA_DIR. */
      secret: values.CONTACT_SECRET,
      /** Outgoing mail server; null (SMTP_HOST unset) stores messages without e-mailing them. */
      smtp: smtpSettings(values),
      /** How long a server's claim on a message it is e-mailing lasts, in seconds (CONTACT_LEASE_SECONDS; 0 counts as 1). */
      leaseSeconds: Math.max(1, values.CONTACT_LEASE_SECONDS),
    },
    newsletter: newsletterSettings(values),
    fediverse: {
      /** The blog in the fediverse (FEDERATION). */
      on: values.FEDERATION === "on",
      /** Loopback and private addresses reachable (FEDERATION_ALLOW_PRIVATE; loopback PUBLIC_URL only). */
      allowPrivate: values.FEDERATION_ALLOW_PRIVATE,
      /** Where the accounts lived before a move (FEDERATION_PREVIOUS_ORIGIN): their `alsoKnownAs`. */
      previousOrigin: values.FEDERATION_PREVIOUS_ORIGIN,
      /** Where the accounts moved to (FEDERATION_MOVED_TO): their `movedTo`, and a `Move` sent once. */
      movedTo: values.FEDERATION_MOVED_TO,
    },
    /** Count the audience (ANALYTICS). */
    analytics: values.ANALYTICS === "on",
    /** Where uploaded and generated files live (STORAGE_DRIVER and, for `s3`, the S3_* variables). */
    storage: storageSettings(values, dataDir),
    /** Port of the Prometheus metrics, apart from the site's (METRICS_PORT); undefined: off. */
    metricsPort: values.METRICS_PORT === "off" ? undefined : values.METRICS_PORT,
    /** Interface of the metrics port (METRICS_HOST). */
    metricsHost: values.METRICS_HOST,
    /** Bearer token every scrape must carry (METRICS_TOKEN). */
    metricsToken: values.METRICS_TOKEN,
    /** JSON lines (LOG_FORMAT=json: one per request and one per event); unset: readable text, no request log. */
    logFormat: values.LOG_FORMAT,
    /** Redirect plain-HTTP requests to PUBLIC_URL, which must be https (FORCE_HTTPS). */
    forceHttps: values.FORCE_HTTPS,
    /** `preload` in Strict-Transport-Security (HSTS_PRELOAD). */
    hstsPreload: values.HSTS_PRELOAD,
    /** The proxies whose X-Forwarded-For and X-Forwarded-Proto are believed, in Express's `trust proxy` terms (TRUST_PROXY). */
    trustProxy: values.TRUST_PROXY,
    /** Server processes on PostgreSQL (WEB_CONCURRENCY); the embedded database runs one. */
    webConcurrency: values.WEB_CONCURRENCY,
    /** Where pg_dump and pg_restore are (PG_BIN); undefined: the newest Debian one, else PATH. */
    pgBin: values.PG_BIN,
    backup: {
      /** Where backup files go (BACKUP_DIR, default `DATA_DIR/backups`), resolved. */
      dir: path.resolve(values.BACKUP_DIR ?? path.join(dataDir, "backups")),
      /** How often the embedded database's server checks for writes and backs up (BACKUP_INTERVAL); undefined: never. */
      intervalMs: values.BACKUP_INTERVAL === false ? undefined : values.BACKUP_INTERVAL,
      /** Backups kept in `dir` by the schedule (BACKUP_KEEP). */
      keep: values.BACKUP_KEEP,
    },
  };
});

/** What `npm run build` reads (tools/build/build.ts, vite.config.ts, react-router.config.ts). */
export const buildVariables = z.object(serverShape).pick({ BUILD_DIR: true, PORT: true, PUBLIC_URL: true });

/** What `npm run build` needs: BUILD_DIR as given (the link the build switches) and the origin it writes into the pages. */
export const buildSettings = buildVariables.transform((values) => ({
  buildDir: values.BUILD_DIR,
  publicUrl: publicUrlOf(values),
}));

/** The storage driver's variables, for a command that reads them apart (storage:migrate, the cluster). */
export const storageShape = z
  .object(serverShape)
  .pick({
    STORAGE_DRIVER: true,
    S3_BUCKET: true,
    S3_ACCESS_KEY_ID: true,
    S3_SECRET_ACCESS_KEY: true,
    S3_REGION: true,
    S3_ENDPOINT: true,
    S3_FORCE_PATH_STYLE: true,
  })
  .superRefine(
    (env, context) => {
      const problems = problemsOf(context);
      if (!problems.wrong.has("STORAGE_DRIVER") && env.STORAGE_DRIVER === "s3") checkS3(env, problems);
    },
    { when: () => true },
  );

/** Read by the tests and their harnesses (tests/), listed so the guide names them too. */
export const toolShape = {
  CHROMIUM_PATH: optional(text("a file"), {
    group: "tools",
    default:
      "the tests: Chromium's headless shell if installed; the benchmark, and the tests without it: first of `chromium`, `chromium-browser`, `google-chrome-stable` on `PATH`",
    meaning: "the browser the end-to-end tests and the benchmark drive",
  }),
  SUITE_JOBS: optional(wholeNumber(1), {
    group: "tools",
    default: "one per core",
    meaning: "`npm test`: how many of the suite's layers run at once",
  }),
  TEST_HOST_FACTOR: optional(text("a number, at least 1"), {
    group: "tools",
    default: "measured at the start of a run",
    meaning:
      "how much slower this host is than a fast one: the tests' time limits are stretched by it; the suite measures " +
      "it once and hands it to every process it starts",
  }),
  E2E_LAYER: optional(oneOf(["browser", "system"], true), {
    group: "tools",
    meaning:
      "the end-to-end tests to run: `browser` against the shared server, `system` the scenarios that start servers " +
      "of their own; unset, both",
  }),
  E2E_PORT: withDefault(port(), 4173, { group: "tools", meaning: "port of the site the end-to-end tests start" }),
  E2E_GITHUB_PORT: withDefault(port(), 4399, {
    group: "tools",
    meaning: "port of the fake GitHub the end-to-end tests start",
  }),
  FUZZ_RUNS: withDefault(wholeNumber(1), 250, {
    group: "tools",
    default: "`250` (`npm run fuzz`: `5000`)",
    meaning: "requests the fuzz test makes per database",
  }),
  FUZZ_SEED: optional(wholeNumber(), {
    group: "tools",
    default: "random",
    meaning: "the seed of the fuzz test's generator; a failure prints the seed that replays it",
  }),
  TEST_DATABASE_URL: optional(text("a PostgreSQL URL"), {
    group: "tools",
    secret: true,
    meaning: "a PostgreSQL server for the database tests; without it they run on PGlite only and say so",
  }),
  SOAK_KILLS: withDefault(wholeNumber(1), 200, { group: "tools", meaning: "`npm run soak`: kills per database" }),
  SOAK_SEED: optional(wholeNumber(), {
    group: "tools",
    default: "random",
    meaning: "`npm run soak`: the seed of its choices (printed; replays a run)",
  }),
  SOAK_DATABASES: withDefault(text("`pglite`, `postgres` or both, separated by a comma"), "pglite,postgres", {
    group: "tools",
    meaning:
      "`npm run soak`: the databases (PostgreSQL needs `SOAK_DATABASE_URL` or `TEST_DATABASE_URL`, where it " +
      "creates and drops its own database)",
  }),
  SOAK_DATABASE_URL: optional(text("a PostgreSQL URL"), {
    group: "tools",
    secret: true,
    default: "`TEST_DATABASE_URL`",
    meaning: "`npm run soak`: the PostgreSQL server it creates its database on",
  }),
  SOAK_READY_MS: withDefault(wholeNumber(1), 30_000, {
    group: "tools",
    meaning: "`npm run soak`: the bound, in ms, on a restart until `/readyz` answers",
  }),
  SOAK_WRITERS: withDefault(wholeNumber(1), 3, { group: "tools", meaning: "`npm run soak`: concurrent writers" }),
};

import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import path from "node:path";
import type { StorageSettings } from "../app/server/uploads/storage.server.ts";
import { site } from "../app/site.config.ts";
import { DEFAULT_FLOOD_LIMITS, type FloodLimits } from "../http-server/flood-limits.ts";

/**
 * Server settings from the environment, each with its default, read once.
 * The README lists the same variables; keep the two in step.
 */
export interface ServerConfig {
  production: boolean;
  port: number;
  host: string;
  /** Origin the site is reached at, without a trailing slash. */
  publicUrl: string;
  /** Where `react-router build` wrote the site (BUILD_DIR, default `build`). */
  buildDir: string;
  /** Largest request body accepted, in bytes (uploads have their own limit). */
  bodyLimitBytes: number;
  /** Directory of the embedded database and uploads (DATA_DIR, default `../http-server/data`). */
  dataDir: string;
  /** PostgreSQL server to use instead of the embedded database (DATABASE_URL). */
  databaseUrl: string | undefined;
  github: GitHubConfig;
  /** Lower-cased GitHub logins allowed to sign in (AUTHOR_GITHUB_LOGINS, comma-separated). */
  authorLogins: string[];
  /** Sign-in attempts allowed per IP address in 15 minutes (SIGN_IN_RATE_LIMIT). */
  signInRateLimit: number;
  /** Renders, searches and uploads allowed per IP address per minute (RENDER_, SEARCH_, UPLOAD_RATE_LIMIT; 0: off). */
  floodLimits: FloodLimits;
  contact: ContactConfig;
  /** Where uploaded and generated files live (STORAGE_DRIVER and, for `s3`, the S3_* variables). */
  storage: StorageSettings;
  /** Port of the Prometheus metrics, apart from the site's (METRICS_PORT, default 9464); undefined: off (`off`). */
  metricsPort: number | undefined;
  /** Interface of the metrics port (METRICS_HOST, default 127.0.0.1). */
  metricsHost: string;
  /** Bearer token every scrape must carry (METRICS_TOKEN); required when METRICS_HOST is not loopback. */
  metricsToken: string | undefined;
  /** JSON lines (LOG_FORMAT=json: one per request and one per event); unset: readable text, no request log. */
  logFormat: "json" | undefined;
  /** Redirect plain-HTTP requests to PUBLIC_URL, which must be https (FORCE_HTTPS, default false). */
  forceHttps: boolean;
  /** Ask to be preloaded as HTTPS-only by browsers: `preload` in Strict-Transport-Security (HSTS_PRELOAD, default false). */
  hstsPreload: boolean;
  /**
   * The proxies whose X-Forwarded-For and X-Forwarded-Proto are believed, as
   * Express's `trust proxy` takes them (TRUST_PROXY, default `loopback`):
   * addresses, CIDR ranges and the names loopback, linklocal and uniquelocal;
   * a number of hops; or false, no proxy.
   */
  trustProxy: TrustProxy;
  /** Server processes on PostgreSQL (WEB_CONCURRENCY, default one per core); the embedded database runs one. */
  webConcurrency: number;
  backup: BackupConfig;
}

export interface BackupConfig {
  /** Where backup files go (BACKUP_DIR, default `DATA_DIR/backups`). */
  dir: string;
  /**
   * How often the server with the embedded database checks for writes and
   * takes a backup (BACKUP_INTERVAL, default 5 minutes); undefined: never
   * (`off`). PostgreSQL servers take none (decision 025).
   */
  intervalMs: number | undefined;
  /** Backups kept in `dir` by the schedule (BACKUP_KEEP, default 48). */
  keep: number;
}

export interface ContactConfig {
  /** Where contact messages are e-mailed (CONTACT_TO, default the owner's address in the site config). */
  to: string;
  /** Messages accepted per IP address per hour (CONTACT_RATE_LIMIT). */
  rateLimit: number;
  /**
   * Key of the form's start-time cookie and salt of the stored IP hashes
   * (CONTACT_SECRET). Unset: a random one kept in DATA_DIR/contact-secret.
   */
  secret: string | undefined;
  /** Outgoing mail server; null (SMTP_HOST unset) stores messages without e-mailing them. */
  smtp: SmtpConfig | null;
  /**
   * How long a server's claim on a message it is e-mailing lasts
   * (CONTACT_LEASE_SECONDS, default 300): a server that dies mid-send leaves
   * the message to another (or itself, restarted) after this.
   */
  leaseSeconds: number;
}

export interface SmtpConfig {
  host: string;
  /** SMTP_PORT, default 465 with SMTP_SECURE, else 587. */
  port: number;
  /** TLS from the first byte (SMTP_SECURE=true, port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  /** SMTP_USER and SMTP_PASS, both or neither. */
  auth: { user: string; pass: string } | null;
  /** Sender address (SMTP_FROM, default SMTP_USER when it is an address). */
  from: string;
}

export interface GitHubConfig {
  /** OAuth app credentials; sign-in is off without both. */
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** Web origin of GitHub (GITHUB_URL), where the authorize and token endpoints live. */
  url: string;
  /** REST API base (GITHUB_API_URL); differs on GitHub Enterprise Server. */
  apiUrl: string;
}

export class ConfigError extends Error {}

/** A `trust proxy` setting of Express: addresses and ranges, a hop count, or none. */
export type TrustProxy = readonly string[] | number | false;

/** The names proxy-addr (Express's `trust proxy`) gives to ranges of addresses. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** Whether a `trust proxy` entry is an address, a CIDR range (or address/netmask) or a named range. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  // An IPv4 netmask (10.0.0.0/255.0.0.0) is accepted as well.
  return family === 4 && isIP(prefix) === 4;
}

/**
 * TRUST_PROXY: which proxies to believe about the client's address and
 * scheme. `true` (every sender) is refused: any client could then claim to
 * be anyone, over HTTPS.
 */
export function readTrustProxy(env: NodeJS.ProcessEnv): TrustProxy {
  const raw = (env.TRUST_PROXY ?? "").trim();
  if (raw === "") return ["loopback"];
  if (raw.toLowerCase() === "false") return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops >= 1 && hops <= 100) return hops;
  }
  const entries = raw.split(",").map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length === 0) return entries;
  throw new ConfigError(
    `TRUST_PROXY must be loopback (the default), addresses or CIDR ranges separated by commas ` +
      `(127.0.0.1,10.0.0.0/8), linklocal, uniquelocal, a number of proxies (1 to 100) or false, got "${env.TRUST_PROXY}"`,
  );
}

function integer(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function absoluteUrl(name: string, fallback: string, env: NodeJS.ProcessEnv): string {
  const value = (env[name] || fallback).replace(/\/+$/, "");
  try {
    new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL such as ${fallback}, got "${value}"`);
  }
  return value;
}

function boolean(name: string, fallback: boolean, env: NodeJS.ProcessEnv): boolean {
  const raw = (env[name] ?? "").trim().toLowerCase();
  if (raw === "") return fallback;
  if (["true", "1", "yes"].includes(raw)) return true;
  if (["false", "0", "no"].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

// A deliberately loose check: the mail server has the last word on addresses.
const looksLikeAddress = (value: string) => /^[^\s@<>]+@[^\s@<>]+$/.test(value);

function address(name: string, value: string): string {
  if (!looksLikeAddress(value)) throw new ConfigError(`${name} must be an e-mail address, got "${value}"`);
  return value;
}

function readSmtp(env: NodeJS.ProcessEnv): SmtpConfig | null {
  const host = env.SMTP_HOST?.trim();
  if (!host) return null;
  const secure = boolean("SMTP_SECURE", false, env);
  const port = integer("SMTP_PORT", secure ? 465 : 587, env);
  if (port < 1 || port > 65535) throw new ConfigError(`SMTP_PORT must be between 1 and 65535, got "${port}"`);
  const user = env.SMTP_USER?.trim() ?? "";
  const pass = env.SMTP_PASS ?? "";
  if (Boolean(user) !== Boolean(pass)) throw new ConfigError("SMTP_USER and SMTP_PASS must be set together");
  const from = env.SMTP_FROM?.trim() || (looksLikeAddress(user) ? user : "");
  if (!from) throw new ConfigError("SMTP_FROM must be set when SMTP_HOST is (the address contact e-mails come from)");
  return { host, port, secure, auth: user ? { user, pass } : null, from: address("SMTP_FROM", from) };
}

function readContact(env: NodeJS.ProcessEnv): ContactConfig {
  const secret = env.CONTACT_SECRET || undefined;
  if (secret !== undefined && secret.length < 32) {
    throw new ConfigError("CONTACT_SECRET must be at least 32 characters (openssl rand -hex 32 makes one)");
  }
  return {
    to: address("CONTACT_TO", env.CONTACT_TO?.trim() || site.email),
    rateLimit: integer("CONTACT_RATE_LIMIT", 5, env),
    secret,
    smtp: readSmtp(env),
    leaseSeconds: Math.max(1, integer("CONTACT_LEASE_SECONDS", 300, env)),
  };
}

const STORAGE_DRIVERS = ["disk", "postgres", "s3"] as const;

/**
 * The storage settings. Every wrong variable gets its own line, so one start
 * names them all: the error's message has one line per variable.
 */
export function readStorage(env: NodeJS.ProcessEnv, dataDir: string): StorageSettings {
  const raw = (env.STORAGE_DRIVER ?? "").trim().toLowerCase() || "disk";
  const driver = STORAGE_DRIVERS.find((name) => name === raw);
  if (!driver) throw new ConfigError(`STORAGE_DRIVER must be disk, postgres or s3, got "${env.STORAGE_DRIVER}"`);
  if (driver === "disk") return { driver, root: uploadsDir({ dataDir }) };
  if (driver === "postgres") return { driver };
  const problems: string[] = [];
  const required = (name: string) => {
    const value = env[name]?.trim() ?? "";
    if (!value) problems.push(`${name} must be set when STORAGE_DRIVER is s3`);
    return value;
  };
  const bucket = required("S3_BUCKET");
  if (bucket && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    problems.push(
      `S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens), got "${bucket}"`,
    );
  }
  const accessKeyId = required("S3_ACCESS_KEY_ID");
  const secretAccessKey = required("S3_SECRET_ACCESS_KEY");
  const region = env.S3_REGION?.trim() || "us-east-1";
  if (!/^[a-z0-9-]+$/.test(region))
    problems.push(`S3_REGION must be a region name such as eu-west-1 or auto, got "${region}"`);
  const endpoint = (env.S3_ENDPOINT?.trim() || `https://s3.${region}.amazonaws.com`).replace(/\/+$/, "");
  try {
    const url = new URL(endpoint);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("not http");
  } catch {
    problems.push(`S3_ENDPOINT must be an http(s) URL such as https://s3.eu-west-1.amazonaws.com, got "${endpoint}"`);
  }
  let forcePathStyle = false;
  try {
    forcePathStyle = boolean("S3_FORCE_PATH_STYLE", false, env);
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (problems.length > 0) throw new ConfigError(problems.join("\n"));
  return { driver, endpoint, region, bucket, accessKeyId, secretAccessKey, forcePathStyle };
}

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, min: 60_000, m: 60_000, h: 3_600_000 };

/**
 * A duration such as `5min`, `30s`, `1h` or `500ms`; `off` or `0` for none.
 * @example duration("BACKUP_INTERVAL", 300_000, { BACKUP_INTERVAL: "90s" }) // 90_000
 */
export function duration(name: string, fallback: number, env: NodeJS.ProcessEnv): number | undefined {
  const raw = (env[name] ?? "").trim().toLowerCase();
  if (raw === "") return fallback;
  if (raw === "off" || raw === "0") return undefined;
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|min|m|h)$/.exec(raw);
  const value = match ? Number(match[1]) * (DURATION_UNITS[match[2] ?? ""] ?? Number.NaN) : Number.NaN;
  if (!Number.isFinite(value) || value < 100)
    throw new ConfigError(
      `${name} must be a duration such as 5min, 30s or 1h (at least 100ms), or off; got "${env[name]}"`,
    );
  return Math.round(value);
}

function readBackup(env: NodeJS.ProcessEnv, dataDir: string): BackupConfig {
  const keep = integer("BACKUP_KEEP", 48, env);
  if (keep < 1) throw new ConfigError(`BACKUP_KEEP must be at least 1, got "${env.BACKUP_KEEP}"`);
  return {
    dir: path.resolve(env.BACKUP_DIR || path.join(dataDir, "backups")),
    intervalMs: duration("BACKUP_INTERVAL", 5 * 60_000, env),
    keep,
  };
}

/** The variables still to set before anyone can sign in; empty when sign-in is configured. */
export function missingSignInSettings(config: ServerConfig): string[] {
  const missing: string[] = [];
  if (!config.github.clientId) missing.push("GITHUB_CLIENT_ID");
  if (!config.github.clientSecret) missing.push("GITHUB_CLIENT_SECRET");
  if (config.authorLogins.length === 0) missing.push("AUTHOR_GITHUB_LOGINS");
  return missing;
}

/** The metrics port's default: the one OpenTelemetry's Prometheus exporter uses. */
export const DEFAULT_METRICS_PORT = 9464;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"]);

/** METRICS_PORT, METRICS_HOST and METRICS_TOKEN, checked together. */
function readMetrics(env: NodeJS.ProcessEnv, sitePort: number) {
  const raw = (env.METRICS_PORT ?? "").trim().toLowerCase();
  let port: number | undefined;
  if (raw === "off") port = undefined;
  else {
    port = integer("METRICS_PORT", DEFAULT_METRICS_PORT, env);
    if (port < 1 || port > 65535)
      throw new ConfigError(`METRICS_PORT must be between 1 and 65535 or off, got "${raw}"`);
    if (port === sitePort)
      throw new ConfigError(
        `METRICS_PORT must differ from PORT (${sitePort}): metrics are never served on the site's port`,
      );
  }
  const host = env.METRICS_HOST?.trim() || "127.0.0.1";
  const token = env.METRICS_TOKEN || undefined;
  if (port !== undefined && !LOOPBACK_HOSTS.has(host) && !token)
    throw new ConfigError(`METRICS_TOKEN must be set when METRICS_HOST is not loopback (got "${host}")`);
  return { metricsPort: port, metricsHost: host, metricsToken: token };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = integer("PORT", 3000, env);
  const dataDir = path.resolve(env.DATA_DIR || "data");
  const logFormat = (env.LOG_FORMAT ?? "").trim().toLowerCase();
  if (logFormat !== "" && logFormat !== "json")
    throw new ConfigError(`LOG_FORMAT must be json or unset, got "${env.LOG_FORMAT}"`);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, "");
  try {
    new URL(publicUrl);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL such as https://example.com, got "${publicUrl}"`);
  }
  const forceHttps = boolean("FORCE_HTTPS", false, env);
  const hstsPreload = boolean("HSTS_PRELOAD", false, env);
  const trustProxy = readTrustProxy(env);
  const webConcurrency = integer("WEB_CONCURRENCY", availableParallelism(), env);
  if (webConcurrency < 1) throw new ConfigError(`WEB_CONCURRENCY must be at least 1, got "${env.WEB_CONCURRENCY}"`);
  if (forceHttps && new URL(publicUrl).protocol !== "https:")
    throw new ConfigError(`FORCE_HTTPS needs an https PUBLIC_URL to redirect to, got "${publicUrl}"`);
  if (hstsPreload && new URL(publicUrl).protocol !== "https:")
    throw new ConfigError(`HSTS_PRELOAD needs an https PUBLIC_URL, got "${publicUrl}"`);
  return {
    production: env.NODE_ENV === "production",
    port,
    host: env.HOST || "0.0.0.0",
    publicUrl,
    buildDir: path.resolve(env.BUILD_DIR || "build"),
    bodyLimitBytes: integer("BODY_LIMIT_BYTES", 1024 * 1024, env),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    github: {
      clientId: env.GITHUB_CLIENT_ID || undefined,
      clientSecret: env.GITHUB_CLIENT_SECRET || undefined,
      url: absoluteUrl("GITHUB_URL", "https://github.com", env),
      apiUrl: absoluteUrl("GITHUB_API_URL", "https://api.github.com", env),
    },
    authorLogins: (env.AUTHOR_GITHUB_LOGINS ?? "")
      .split(",")
      .map((login) => login.trim().toLowerCase())
      .filter(Boolean),
    signInRateLimit: integer("SIGN_IN_RATE_LIMIT", 20, env),
    floodLimits: {
      renders: integer("RENDER_RATE_LIMIT", DEFAULT_FLOOD_LIMITS.renders, env),
      searches: integer("SEARCH_RATE_LIMIT", DEFAULT_FLOOD_LIMITS.searches, env),
      uploads: integer("UPLOAD_RATE_LIMIT", DEFAULT_FLOOD_LIMITS.uploads, env),
    },
    contact: readContact(env),
    storage: readStorage(env, dataDir),
    ...readMetrics(env, port),
    logFormat: logFormat === "json" ? "json" : undefined,
    forceHttps,
    hstsPreload,
    trustProxy,
    webConcurrency,
    backup: readBackup(env, dataDir),
  };
}

/** Where uploaded files are kept: `DATA_DIR/uploads`, whichever database is used. */
export function uploadsDir(config: Pick<ServerConfig, "dataDir">): string {
  return path.join(config.dataDir, "uploads");
}

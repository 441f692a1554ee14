import { availableParallelism } from "node:os";
import path from "node:path";
import type { StorageSettings } from "../app/server/uploads/storage.server.ts";
import { site } from "../app/site.config.ts";

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
  /** Directory of the embedded database and uploads (DATA_DIR, default `./data`). */
  dataDir: string;
  /** PostgreSQL server to use instead of the embedded database (DATABASE_URL). */
  databaseUrl: string | undefined;
  github: GitHubConfig;
  /** Lower-cased GitHub logins allowed to sign in (AUTHOR_GITHUB_LOGINS, comma-separated). */
  authorLogins: string[];
  /** Sign-in attempts allowed per IP address in 15 minutes (SIGN_IN_RATE_LIMIT). */
  signInRateLimit: number;
  contact: ContactConfig;
  /** Where uploaded and generated files live (STORAGE_DRIVER and, for `s3`, the S3_* variables). */
  storage: StorageSettings;
  /** Bearer token that opens `/metrics` to other hosts than loopback (METRICS_TOKEN); unset: loopback only. */
  metricsToken: string | undefined;
  /** One JSON line per request on standard output (LOG_FORMAT=json); unset: no request log. */
  logFormat: "json" | undefined;
  /** Redirect plain-HTTP requests to PUBLIC_URL, which must be https (FORCE_HTTPS, default false). */
  forceHttps: boolean;
  /** Server processes on PostgreSQL (WEB_CONCURRENCY, default one per core); the embedded database runs one. */
  webConcurrency: number;
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

/** The variables still to set before anyone can sign in; empty when sign-in is configured. */
export function missingSignInSettings(config: ServerConfig): string[] {
  const missing: string[] = [];
  if (!config.github.clientId) missing.push("GITHUB_CLIENT_ID");
  if (!config.github.clientSecret) missing.push("GITHUB_CLIENT_SECRET");
  if (config.authorLogins.length === 0) missing.push("AUTHOR_GITHUB_LOGINS");
  return missing;
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
  const webConcurrency = integer("WEB_CONCURRENCY", availableParallelism(), env);
  if (webConcurrency < 1) throw new ConfigError(`WEB_CONCURRENCY must be at least 1, got "${env.WEB_CONCURRENCY}"`);
  if (forceHttps && new URL(publicUrl).protocol !== "https:")
    throw new ConfigError(`FORCE_HTTPS needs an https PUBLIC_URL to redirect to, got "${publicUrl}"`);
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
    contact: readContact(env),
    storage: readStorage(env, dataDir),
    metricsToken: env.METRICS_TOKEN || undefined,
    logFormat: logFormat === "json" ? "json" : undefined,
    forceHttps,
    webConcurrency,
  };
}

/** Where uploaded files are kept: `DATA_DIR/uploads`, whichever database is used. */
export function uploadsDir(config: Pick<ServerConfig, "dataDir">): string {
  return path.join(config.dataDir, "uploads");
}

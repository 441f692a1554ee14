import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import type { NewsletterConfig } from "../app/server/newsletter/settings.server.ts";
import type { StorageSettings } from "../app/server/uploads/storage.server.ts";
import { ConfigError, exitOnConfigError, readSettings } from "./read.ts";
import {
  buildVariables,
  DEFAULT_FLOOD_LIMITS,
  DEFAULT_METRICS_PORT,
  type ServerVariable,
  serverShape,
  serverVariables,
  storageShape,
} from "./schema.ts";
import { flag, parseSendRate, port, type TrustProxy } from "./variables.ts";

export type { TrustProxy };
export { ConfigError, DEFAULT_FLOOD_LIMITS, DEFAULT_METRICS_PORT, exitOnConfigError };

/**
 * Server settings from the environment, each with its default, read once at
 * start by the schema of config/schema.ts, which docs/configuration.md is
 * written from (`npm run docs:config`).
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
  /** Renders, searches and uploads allowed per IP address per minute (RENDER_, SEARCH_, UPLOAD_RATE_LIMIT; 0: off). */
  floodLimits: FloodLimits;
  contact: ContactConfig;
  newsletter: NewsletterConfig;
  /** Count the audience (ANALYTICS, default on). */
  analytics: boolean;
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

/** Requests per minute per client for each kind of work; 0 turns that limit off. */
export interface FloodLimits {
  /** Renders of pages and loader data the caches did not answer (RENDER_RATE_LIMIT). */
  renders: number;
  /** Blog searches, pages and loader data (SEARCH_RATE_LIMIT). */
  searches: number;
  /** Cover uploads (UPLOAD_RATE_LIMIT). */
  uploads: number;
  /** Clients held per limit. */
  maxClients?: number;
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

/** The storage settings out of the parsed variables (the S3 ones checked already when the driver is s3). */
function storageSettings(env: z.output<typeof storageShape>, dataDir: string): StorageSettings {
  const driver = env.STORAGE_DRIVER;
  if (driver === "disk") return { driver, root: uploadsDir({ dataDir }) };
  if (driver === "postgres") return { driver };
  const region = env.S3_REGION;
  return {
    driver,
    endpoint: (env.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`).replace(/\/+$/, ""),
    region,
    bucket: env.S3_BUCKET ?? "",
    accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
    forcePathStyle: flag().schema.safeParse(env.S3_FORCE_PATH_STYLE ?? "false").data ?? false,
  };
}

/**
 * The storage settings alone, for a command that reads a driver apart from
 * the server's (storage:migrate, the cluster). Every wrong variable gets its own line.
 */
export function readStorage(env: NodeJS.ProcessEnv, dataDir: string): StorageSettings {
  return storageSettings(readSettings(storageShape, env), dataDir);
}

/** TRUST_PROXY alone: which proxies to believe about the client's address and scheme. */
export function readTrustProxy(env: NodeJS.ProcessEnv): TrustProxy {
  return readSettings(z.object({ TRUST_PROXY: serverShape.TRUST_PROXY }), env).TRUST_PROXY;
}

function smtpSettings(env: z.output<typeof serverVariables>): SmtpConfig | null {
  if (!env.SMTP_HOST) return null;
  const secure = flag().schema.safeParse(env.SMTP_SECURE ?? "false").data ?? false;
  const user = env.SMTP_USER ?? "";
  return {
    host: env.SMTP_HOST,
    port: env.SMTP_PORT === undefined ? (secure ? 465 : 587) : port().schema.parse(env.SMTP_PORT),
    secure,
    auth: user ? { user, pass: env.SMTP_PASS ?? "" } : null,
    from: env.SMTP_FROM ?? user,
  };
}

/**
 * The server's settings, read once at start; a ConfigError names every wrong
 * variable at once, one line each, before anything is opened or listened on.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const values = readSettings(serverVariables, env);
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    production: values.NODE_ENV === "production",
    port: values.PORT,
    host: values.HOST,
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    buildDir: path.resolve(values.BUILD_DIR),
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    github: {
      clientId: values.GITHUB_CLIENT_ID,
      clientSecret: values.GITHUB_CLIENT_SECRET,
      url: values.GITHUB_URL,
      apiUrl: values.GITHUB_API_URL,
    },
    authorLogins: values.AUTHOR_GITHUB_LOGINS,
    signInRateLimit: values.SIGN_IN_RATE_LIMIT,
    floodLimits: {
      renders: values.RENDER_RATE_LIMIT,
      searches: values.SEARCH_RATE_LIMIT,
      uploads: values.UPLOAD_RATE_LIMIT,
    },
    contact: {
      to: values.CONTACT_TO,
      rateLimit: values.CONTACT_RATE_LIMIT,
      secret: values.CONTACT_SECRET,
      smtp: smtpSettings(values),
      leaseSeconds: Math.max(1, values.CONTACT_LEASE_SECONDS),
    },
    newsletter: {
      rate: parseSendRate(values.NEWSLETTER_RATE) ?? { perSecond: 5, perHour: 1000 },
      rateLimit: values.NEWSLETTER_RATE_LIMIT,
      dkim:
        values.DKIM_DOMAIN && values.DKIM_SELECTOR && values.DKIM_PRIVATE_KEY
          ? {
              domain: values.DKIM_DOMAIN,
              selector: values.DKIM_SELECTOR,
              privateKey: values.DKIM_PRIVATE_KEY.replace(/\\n/g, "\n"),
            }
          : null,
    },
    analytics: values.ANALYTICS === "on",
    storage: storageSettings(values, dataDir),
    metricsPort: values.METRICS_PORT === "off" ? undefined : values.METRICS_PORT,
    metricsHost: values.METRICS_HOST,
    metricsToken: values.METRICS_TOKEN,
    logFormat: values.LOG_FORMAT,
    forceHttps: values.FORCE_HTTPS,
    hstsPreload: values.HSTS_PRELOAD,
    trustProxy: values.TRUST_PROXY,
    webConcurrency: values.WEB_CONCURRENCY ?? availableParallelism(),
    backup: {
      dir: path.resolve(values.BACKUP_DIR ?? path.join(dataDir, "backups")),
      intervalMs: values.BACKUP_INTERVAL === false ? undefined : values.BACKUP_INTERVAL,
      keep: values.BACKUP_KEEP,
    },
  };
}

/** What `npm run build` needs of the environment. */
export interface BuildSettings {
  /** BUILD_DIR as given (default `build`): the link the build switches. */
  buildDir: string;
  /** The origin written into the prerendered pages (PUBLIC_URL, default `http://localhost:$PORT`). */
  publicUrl: string;
}

/** BUILD_DIR and PUBLIC_URL for the build, checked as the server checks them. */
export function readBuildSettings(env: NodeJS.ProcessEnv = process.env): BuildSettings {
  const values = readSettings(buildVariables, env);
  return { buildDir: values.BUILD_DIR, publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}` };
}

/** BUILD_DIR and PUBLIC_URL, or the process ends naming every wrong one: for the build's own entry points. */
export function buildSettingsOrExit(env: NodeJS.ProcessEnv = process.env): BuildSettings {
  try {
    return readBuildSettings(env);
  } catch (error) {
    return exitOnConfigError(error);
  }
}

/** The variables still to set before anyone can sign in; empty when sign-in is configured. */
export function missingSignInSettings(config: ServerConfig): string[] {
  const missing: ServerVariable[] = [];
  if (!config.github.clientId) missing.push("GITHUB_CLIENT_ID");
  if (!config.github.clientSecret) missing.push("GITHUB_CLIENT_SECRET");
  if (config.authorLogins.length === 0) missing.push("AUTHOR_GITHUB_LOGINS");
  return missing;
}

/** Where uploaded files are kept: `DATA_DIR/uploads`, whichever database is used. */
export function uploadsDir(config: Pick<ServerConfig, "dataDir">): string {
  return path.join(config.dataDir, "uploads");
}

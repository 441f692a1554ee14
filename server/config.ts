import path from "node:path";

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
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, "");
  try {
    new URL(publicUrl);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL such as https://example.com, got "${publicUrl}"`);
  }
  return {
    production: env.NODE_ENV === "production",
    port,
    host: env.HOST || "0.0.0.0",
    publicUrl,
    buildDir: path.resolve(env.BUILD_DIR || "build"),
    bodyLimitBytes: integer("BODY_LIMIT_BYTES", 1024 * 1024, env),
    dataDir: path.resolve(env.DATA_DIR || "data"),
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
  };
}

/** Where uploaded files are kept: `DATA_DIR/uploads`, whichever database is used. */
export function uploadsDir(config: Pick<ServerConfig, "dataDir">): string {
  return path.join(config.dataDir, "uploads");
}

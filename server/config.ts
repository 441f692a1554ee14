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
}

export class ConfigError extends Error {}

function integer(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  return value;
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
  };
}

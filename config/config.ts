/**
 * The server's settings, read once at start by the schema of
 * config/schema.ts, which docs/configuration.md is written from
 * (`npm run docs:config`). Their type is the schema's output: a setting,
 * its default and its shape are written there and nowhere else.
 */
import { z } from "zod";
import type { StorageSettings } from "../app/server/uploads/storage.server.ts";
import { ConfigError, exitOnConfigError, readSettings } from "./read.ts";
import {
  buildSettings,
  DEFAULT_FLOOD_LIMITS,
  DEFAULT_METRICS_PORT,
  type ServerVariable,
  serverConfig,
  serverShape,
  storageSettings,
  storageShape,
  uploadsDir,
} from "./schema.ts";
import type { TrustProxy } from "./variables.ts";

export type { TrustProxy };
export { ConfigError, DEFAULT_FLOOD_LIMITS, DEFAULT_METRICS_PORT, exitOnConfigError, uploadsDir };

/** The server's settings, as config/schema.ts's `serverConfig` makes them from the environment. */
export type ServerConfig = z.output<typeof serverConfig>;

/** Requests per minute per client for each kind of work; 0 turns that limit off. */
export type FloodLimits = ServerConfig["floodLimits"] & {
  /** Clients held per limit. */
  maxClients?: number;
};

export type BackupConfig = ServerConfig["backup"];
export type ContactConfig = ServerConfig["contact"];
export type SmtpConfig = NonNullable<ContactConfig["smtp"]>;
export type GitHubConfig = ServerConfig["github"];

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

/**
 * The server's settings, read once at start; a ConfigError names every wrong
 * variable at once, one line each, before anything is opened or listened on.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return readSettings(serverConfig, env);
}

/** What `npm run build` needs of the environment: BUILD_DIR as given, and the origin written into the pages. */
export type BuildSettings = z.output<typeof buildSettings>;

/** BUILD_DIR and PUBLIC_URL for the build, checked as the server checks them. */
export function readBuildSettings(env: NodeJS.ProcessEnv = process.env): BuildSettings {
  return readSettings(buildSettings, env);
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

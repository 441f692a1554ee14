/**
 * The production server of a test build as an operator meets it: the
 * compiled entry started as `npm run serve` starts it, every line it prints
 * kept, its metrics port scraped. Used by the tests that read what the
 * server logs, counts and keeps (metrics-process, secret-paths).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createSession } from "../../../app/server/auth/session.server.ts";
import { upsertGitHubUser } from "../../../app/server/auth/users.server.ts";
import { type Database, openDatabase } from "../../../app/server/db/client.server.ts";
import type { User } from "../../../app/server/db/schema.ts";
import { toolEnv } from "../../../bench/build.ts";
import { SERVER_ENVIRONMENT, serverCommandArgs } from "../../../runtime/node-flags.ts";
import { freePorts } from "../../harness/free-port.ts";
import { limit } from "../../harness/host-speed.ts";
import { copyMigratedPglite } from "../../harness/migrated-pglite.ts";
import { adminQuery, postgresUrl } from "./databases.ts";

export interface SiteProcess {
  origin: string;
  /** The metrics port's `/metrics`. */
  metrics: string;
  dataDir: string;
  /** Every line the server printed so far. */
  lines: string[];
  child: ChildProcess;
  /** Stops the server, waits for it to exit and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * Starts the build in `buildDir` with these variables (a data directory of its
 * own unless `env.DATA_DIR` names one) and resolves once `readyLines` workers
 * have said they are ready.
 */
export async function startSiteProcess(buildDir: string, env: NodeJS.ProcessEnv, readyLines = 1): Promise<SiteProcess> {
  const [port, metricsPort] = await freePorts(2);
  const origin = `http://127.0.0.1:${port}`;
  let dataDir = env.DATA_DIR;
  if (!dataDir) {
    dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-site-"));
    // An embedded database the migrations have made, so the server opens it instead of creating it.
    if (!env.DATABASE_URL) await copyMigratedPglite(dataDir);
  }
  const child = spawn(process.execPath, serverCommandArgs(buildDir), {
    env: toolEnv({
      ...SERVER_ENVIRONMENT,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: origin,
      BUILD_DIR: buildDir,
      METRICS_PORT: String(metricsPort),
      WEB_CONCURRENCY: "1",
      DATABASE_URL: "",
      LOG_FORMAT: "",
      ...env,
      DATA_DIR: dataDir,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => lines.push(...chunk.toString().split("\n").filter(Boolean));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const site: SiteProcess = {
    origin,
    metrics: `http://127.0.0.1:${metricsPort}/metrics`,
    dataDir,
    lines,
    child,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + limit(90_000);
  while (lines.filter((line) => line.includes("Site ready at")).length < readyLines) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await site.stop();
      throw new Error(`The server did not start:\n${lines.join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return site;
}

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text. */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`Not a sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[name ?? ""] = value ?? "";
    samples.push({ name: match[1] ?? "", labels, value: Number(match[3]) });
  }
  return samples;
}

/** A cookie jar of one visitor: name → value, from Set-Cookie headers. */
export class Jar {
  readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** The author a seeded site has, and their session's token (the `session` cookie's value). */
export interface SeededAuthor {
  user: User;
  session: string;
}

/**
 * A production server of `buildDir` on an embedded database (or the
 * PostgreSQL database `env.DATABASE_URL` names) seeded before it starts, as the site writes it: the author `ana` (allowed to sign in), a
 * session of theirs and whatever `seed` makes through the domain's functions.
 * Every request comes from 127.0.0.1, so the flood limits are off (they are
 * tested in flood-limits.test.ts).
 * @example const { site, author } = await startSeededSite(build.dir, (db, user) => createPost(db, user.id, input));
 */
export async function startSeededSite(
  buildDir: string,
  seed: (db: Database, user: User) => Promise<unknown> = async () => undefined,
  env: NodeJS.ProcessEnv = {},
): Promise<{ site: SiteProcess; author: SeededAuthor }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-seeded-"));
  // On PostgreSQL when `env.DATABASE_URL` names a database of the caller's, else on a fresh embedded one.
  if (!env.DATABASE_URL) await copyMigratedPglite(dataDir);
  const { db, close } = await openDatabase(env.DATABASE_URL ? { dataDir, databaseUrl: env.DATABASE_URL } : { dataDir });
  let author: SeededAuthor;
  try {
    const user = await upsertGitHubUser(db, { githubId: 7, login: "ana", name: "Ana", avatarUrl: null, email: null });
    author = { user, session: (await createSession(db, user.id)).token };
    await seed(db, user);
  } finally {
    await close();
  }
  const site = await startSiteProcess(buildDir, {
    DATA_DIR: dataDir,
    AUTHOR_GITHUB_LOGINS: "ana",
    RENDER_RATE_LIMIT: "0",
    SEARCH_RATE_LIMIT: "0",
    ...env,
  });
  return { site, author };
}

/**
 * `startSeededSite` on the engine named: the embedded database, or a new PostgreSQL database of its own
 * (TEST_DATABASE_URL's server), dropped by `stop()` after the server.
 * @example const { site, author, stop } = await startSeededSiteOn("postgres", build.dir, seed, env);
 */
export async function startSeededSiteOn(
  engine: "pglite" | "postgres",
  buildDir: string,
  seed: (db: Database, user: User) => Promise<unknown> = async () => undefined,
  env: NodeJS.ProcessEnv = {},
): Promise<{ site: SiteProcess; author: SeededAuthor; stop(): Promise<void> }> {
  let drop = async () => {};
  const own: NodeJS.ProcessEnv = { ...env };
  if (engine === "postgres") {
    const name = `portfolio_seeded_${randomBytes(6).toString("hex")}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    drop = () => adminQuery(`DROP DATABASE ${name} WITH (FORCE)`);
    const url = new URL(postgresUrl ?? "");
    url.pathname = `/${name}`;
    own.DATABASE_URL = url.toString();
  }
  const { site, author } = await startSeededSite(buildDir, seed, own);
  return {
    site,
    author,
    async stop() {
      await site.stop();
      await drop();
    },
  };
}

/**
 * `npm run cluster`: the site as several servers run it, on this machine.
 * PostgreSQL (DATABASE_URL, or a throwaway cluster started with
 * tests/harness/start-test-postgres.sh on port 55433), two production servers of
 * the build (ports 3001 and 3002) sharing it and one data directory, and
 * nginx balancing them on http://127.0.0.1:8080 with deploy/nginx.conf.
 * Stored objects live in the database (STORAGE_DRIVER=postgres) unless
 * STORAGE_DRIVER says otherwise. Ctrl-C stops everything it started.
 *
 * The scenarios run on it (requests spread over both servers, one server
 * killed mid-flow) are the tests', in tests/harness/cluster-checks.ts, which
 * starts the cluster through `startCluster`.
 *
 * Settings: config/commands.ts's `clusterSettings` (the guide's
 * `npm run cluster` section); any server variable is passed on to the servers.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { findNginx } from "../../bench/nginx.ts";
import { type ClusterSettings, clusterSettings } from "../../config/commands.ts";
import { settingsOrExit } from "../../config/read.ts";
import { SERVER_ENVIRONMENT, serverCommandArgs, serverEntry } from "../../runtime/node-flags.ts";
import { type StartedProcess, startProcess } from "../processes/child.ts";
import { freePorts } from "../processes/free-port.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Resolves once `url` answers 2xx; fails when the process stops first or the time runs out. */
async function waitForOk(url: string, process: StartedProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void process.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${process.name} stopped while starting:\n${process.output()}`);
    const ok = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${process.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${process.output()}`);
}

/** deploy/nginx.conf with the balancer's and the servers' ports written in. */
function nginxConfigFor(port: number, serverPorts: number[]): string {
  const conf = readFileSync(path.join(root, "deploy", "nginx.conf"), "utf8");
  const servers = serverPorts
    .map((serverPort) => `    server 127.0.0.1:${serverPort} max_fails=2 fail_timeout=5s;`)
    .join("\n");
  return conf
    .replace(
      /^ {4}server 127\.0\.0\.1:\d+ max_fails.*\n(?: {4}server 127\.0\.0\.1:\d+ max_fails.*\n)*/m,
      `${servers}\n`,
    )
    .replace("listen 127.0.0.1:8080;", `listen 127.0.0.1:${port};`);
}

async function ensureDatabase(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const exists = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

export interface ClusterServer {
  origin: string;
  /** Its Prometheus metrics (its own METRICS_PORT). */
  metrics: string;
  process: StartedProcess;
  /** Starts the server again (after it stopped); resolves with the milliseconds until it was ready. */
  restart(): Promise<number>;
}

export interface Cluster {
  origin: string;
  /** Each server's site origin, its metrics URL (its own METRICS_PORT, loopback) and how to start it again. */
  servers: ClusterServer[];
  env: NodeJS.ProcessEnv;
  databaseUrl: string;
  dataDir: string;
  /** Every process started, restarts included, in order. */
  processes: StartedProcess[];
  /** Stops the servers (they finish requests in flight), then the balancer, then the throwaway database. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** Variables every server gets over the settings' (a scenario's sign-in, mail server, bucket). */
  env?: NodeJS.ProcessEnv;
  /** A data directory made for the run is removed when it stops. */
  temporary?: boolean;
}

/**
 * Starts PostgreSQL (unless given), the servers and nginx, and resolves once
 * the balancer is ready.
 * @example const cluster = await startCluster(settingsOrExit(clusterSettings)); await cluster.stop();
 */
export async function startCluster(settings: ClusterSettings, options: ClusterOptions = {}): Promise<Cluster> {
  const { buildDir, port, serverPorts } = settings;
  const entry = path.join(root, serverEntry(buildDir));
  if (!existsSync(entry)) throw new Error(`No build at ${buildDir}: run npm run build first (BUILD_DIR=${buildDir}).`);
  const nginx = findNginx(settings.nginxPath);
  if (!nginx) throw new Error("nginx was not found: install it (Debian: apt-get install nginx) or set NGINX_PATH.");

  const started: StartedProcess[] = [];
  let stopPostgres: (() => void) | undefined;
  let removeDataDir: (() => void) | undefined;
  const stop = async () => {
    // Servers first (they finish requests in flight), then the balancer, then the database.
    await Promise.all(started.filter((child) => child.name !== "nginx").map((child) => child.stop()));
    await Promise.all(started.filter((child) => child.name === "nginx").map((child) => child.stop("SIGQUIT")));
    stopPostgres?.();
    removeDataDir?.();
  };

  try {
    let adminUrl = settings.databaseUrl;
    let databaseUrl = adminUrl;
    if (!adminUrl) {
      const pgEnv = {
        ...process.env,
        PGPORT: String(settings.postgres.port),
        PGDATA_DIR: settings.postgres.dir,
      };
      adminUrl = execFileSync(path.join(root, "tests", "harness", "start-test-postgres.sh"), {
        env: pgEnv,
        encoding: "utf8",
      }).trim();
      stopPostgres = () =>
        execFileSync(path.join(root, "tests", "harness", "start-test-postgres.sh"), ["stop"], { env: pgEnv });
      databaseUrl = await ensureDatabase(adminUrl, "portfolio_cluster");
    }
    const dataDir = settings.dataDir ?? mkdtempSync(path.join(tmpdir(), "portfolio-cluster-"));
    mkdirSync(dataDir, { recursive: true });
    if (options.temporary && !settings.dataDir) {
      removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
    }
    const origin = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      BUILD_DIR: buildDir,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ...settings.servers,
      ...options.env,
    };

    // Each server has its own metrics port, as each machine would (a free one, so runs side by side do not clash).
    const metricsPorts = await freePorts(serverPorts.length);
    const servers = serverPorts.map((serverPort, index): ClusterServer => {
      const metricsPort = metricsPorts[index] ?? 0;
      const launch = () => {
        const running = startProcess(process.execPath, serverCommandArgs(buildDir), {
          name: `server ${index + 1}`,
          cwd: root,
          env: { ...SERVER_ENVIRONMENT, ...env, PORT: String(serverPort), METRICS_PORT: String(metricsPort) },
        });
        started.push(running);
        return running;
      };
      const server: ClusterServer = {
        origin: `http://127.0.0.1:${serverPort}`,
        metrics: `http://127.0.0.1:${metricsPort}/metrics`,
        process: launch(),
        async restart() {
          const began = performance.now();
          server.process = launch();
          await waitForOk(`${server.origin}/readyz`, server.process);
          return Math.round(performance.now() - began);
        },
      };
      return server;
    });
    await Promise.all(servers.map((server) => waitForOk(`${server.origin}/readyz`, server.process)));

    const prefix = path.join(dataDir, "nginx");
    for (const dir of ["logs", "tmp"]) mkdirSync(path.join(prefix, dir), { recursive: true });
    const conf = path.join(prefix, "nginx.conf");
    writeFileSync(conf, nginxConfigFor(port, serverPorts));
    const globals = `daemon off;${process.getuid?.() === 0 ? " user root;" : ""}`;
    const balancer = startProcess(
      nginx,
      ["-p", prefix, "-e", path.join(prefix, "logs", "error.log"), "-c", conf, "-g", globals],
      { name: "nginx", cwd: root, env: process.env },
    );
    started.push(balancer);
    await waitForOk(`${origin}/readyz`, balancer);

    console.log(`Cluster ready: ${origin} → ${servers.map((server) => server.origin).join(", ")}`);
    console.log(`  metrics ${servers.map((server) => server.metrics).join(", ")}`);
    console.log(`  database ${databaseUrl?.replace(/\/\/[^@/]*@/, "//…@")}, stored objects: ${env.STORAGE_DRIVER}`);
    console.log(`  data directory ${dataDir}; nginx configuration ${conf}`);
    return { origin, servers, env, databaseUrl: databaseUrl ?? "", dataDir, processes: started, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

async function main() {
  const cluster = await startCluster(settingsOrExit(clusterSettings));
  console.log("Ctrl-C stops it.");
  let stopping = false;
  await new Promise<void>((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
    for (const child of cluster.processes) {
      void child.exited.then(() => {
        if (!stopping) console.error(`${child.name} stopped:\n${child.output()}`);
        resolve();
      });
    }
  });
  stopping = true;
  console.log("Stopping…");
  await cluster.stop();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

/**
 * The production server as a visitor meets it: the build's compiled entry
 * with the server's Node flags and environment, as `npm run serve` starts
 * it, on loopback, its own data directory, timed from spawn to the first 200.
 */
import { SERVER_ENVIRONMENT, serverCommandArgs } from "../runtime/node-flags.ts";
import { freePorts } from "../tools/processes/free-port.ts";
import { toolEnv } from "./build.ts";
import { type Child, startChild, waitFor200 } from "./processes.ts";

export interface RunningServer {
  child: Child;
  origin: string;
  /** Milliseconds from spawn to the first 200. */
  startMs: number;
}

export interface ServerSettings {
  buildDir: string;
  dataDir: string;
  databaseUrl?: string | undefined;
  /** Server processes on PostgreSQL (WEB_CONCURRENCY); default 1, so memory is one process's. */
  workers?: number | undefined;
  /** More variables for the server (sign-in settings, limits). */
  env?: NodeJS.ProcessEnv | undefined;
}

export async function startServer(settings: ServerSettings): Promise<RunningServer> {
  const [port, metricsPort] = await freePorts(2);
  const origin = `http://127.0.0.1:${port}`;
  const env = toolEnv({
    ...SERVER_ENVIRONMENT,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    // Links, canonical URLs and the CSP name the origin Lighthouse loads.
    PUBLIC_URL: origin,
    BUILD_DIR: settings.buildDir,
    DATA_DIR: settings.dataDir,
    WEB_CONCURRENCY: String(settings.workers ?? 1),
    // A port of its own, as the tests' servers have: two benches, or a bench and a server already on
    // the default port, can run on one host.
    METRICS_PORT: String(metricsPort),
    ...settings.env,
  });
  if (settings.databaseUrl) env.DATABASE_URL = settings.databaseUrl;
  else delete env.DATABASE_URL;
  const started = performance.now();
  const child = startChild(process.execPath, serverCommandArgs(settings.buildDir), env);
  try {
    const startMs = await waitFor200(`${origin}/`, child, started);
    return { child, origin, startMs };
  } catch (error) {
    await child.stop();
    throw error;
  }
}

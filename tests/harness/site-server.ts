/**
 * A production server of the tested build that a test starts for itself,
 * with settings and a data directory of its own, on a free port, as
 * `npm run serve` starts one.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { SERVER_ENVIRONMENT, serverCommandArgs } from "../../runtime/node-flags.ts";
import { startProcess } from "../../tools/processes/child.ts";
import { freePort } from "./free-port.ts";
import { limit } from "./host-speed.ts";

export interface SiteServer {
  /** `http://127.0.0.1:{port}`, also its PUBLIC_URL. */
  origin: string;
  /** Stops the server and waits until it has exited. */
  stop(): Promise<void>;
}

async function healthy(origin: string): Promise<boolean> {
  try {
    return (await fetch(`${origin}/healthz`)).status === 200;
  } catch {
    return false;
  }
}

/**
 * Starts the build in BUILD_DIR (default `build`) with `env` and resolves once
 * `/healthz` answers 200; a server that exits or stays silent fails the start.
 * @example const server = await startSiteServer({ DATA_DIR: dir, RENDER_RATE_LIMIT: "3" });
 */
export async function startSiteServer(env: NodeJS.ProcessEnv, waitMs = limit(60_000)): Promise<SiteServer> {
  // An embedded database not made yet is the run's migrated one, copied, rather than made again from nothing.
  if (env.DATA_DIR && !env.DATABASE_URL && !existsSync(path.join(env.DATA_DIR, "db")))
    await (await import("./migrated-pglite.ts")).copyMigratedPglite(env.DATA_DIR);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const buildDir = process.env.BUILD_DIR || "build";
  const server = startProcess(process.execPath, serverCommandArgs(buildDir), {
    name: `The server on ${origin}`,
    env: {
      ...SERVER_ENVIRONMENT,
      // The server reads its pages from BUILD_DIR too, not only its entry: both from the tested build.
      BUILD_DIR: buildDir,
      ...env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
    },
  });
  const child = server.process;
  const stop = () => server.stop();
  const deadline = Date.now() + waitMs;
  while (!(await healthy(origin))) {
    if (child.exitCode !== null)
      throw new Error(`The server on ${origin} exited with ${child.exitCode} before it answered:\n${server.output()}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server on ${origin} did not answer /healthz within ${waitMs} ms`);
    }
    await sleep(100);
  }
  return { origin, stop };
}

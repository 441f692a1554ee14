/** Builds the production site into the bench's own directory and times it. */
import { rm } from "node:fs/promises";
import path from "node:path";
import { runToEnd } from "./processes.ts";

const BUILD_TIMEOUT_MS = 10 * 60_000;

/** Node 24 and the project's tools first on PATH, whoever started the bench. */
export function toolEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const bin = path.resolve("node_modules/.bin");
  return { ...process.env, PATH: `${path.dirname(process.execPath)}:${bin}:${process.env.PATH ?? ""}`, ...extra };
}

/** @returns build time in milliseconds, from a clean directory */
export async function buildSite(buildDir: string): Promise<number> {
  await rm(buildDir, { recursive: true, force: true });
  const started = performance.now();
  await runToEnd(
    process.execPath,
    [path.resolve("node_modules/@react-router/dev/bin.cjs"), "build"],
    toolEnv({ BUILD_DIR: buildDir, NODE_ENV: "production" }),
    BUILD_TIMEOUT_MS,
  );
  return performance.now() - started;
}

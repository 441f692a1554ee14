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

/**
 * @returns build time in milliseconds of a clean build. On a busy machine the
 * prerender step's own request timeout can fire; one failed build is retried
 * before the bench gives up.
 */
export async function buildSite(buildDir: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    await rm(buildDir, { recursive: true, force: true });
    const started = performance.now();
    try {
      await runToEnd(
        process.execPath,
        [path.resolve("node_modules/@react-router/dev/bin.cjs"), "build"],
        toolEnv({ BUILD_DIR: buildDir, NODE_ENV: "production" }),
        BUILD_TIMEOUT_MS,
      );
      return performance.now() - started;
    } catch (error) {
      if (attempt >= 2) throw error;
      const reason = error instanceof Error ? (error.message.split("\n")[1] ?? error.message) : String(error);
      console.warn(`The build failed (${reason.trim()}); trying once more.`);
    }
  }
}

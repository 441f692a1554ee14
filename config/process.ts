/**
 * What a server process learns from its environment besides its settings:
 * which worker it is, and how it was started (Node's options and the C
 * library's variable that `npm run serve` sets), for the log's line on a
 * server started otherwise.
 */
import { z } from "zod";
import { readSettings } from "./read.ts";
import { serverShape } from "./schema.ts";

/** Set by the primary for each worker it forks: which one it is (0…WEB_CONCURRENCY−1), kept by its replacement. */
export const WORKER_INDEX_VARIABLE = "SERVER_WORKER_INDEX";

/**
 * This worker's index as the primary set it; undefined in a process that is not a worker.
 * @example workerIndex({ SERVER_WORKER_INDEX: "0" }) // "0"
 */
export function workerIndex(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env[WORKER_INDEX_VARIABLE];
}

const startVariables = z.object({
  NODE_OPTIONS: serverShape.NODE_OPTIONS,
  MALLOC_ARENA_MAX: serverShape.MALLOC_ARENA_MAX,
});

/**
 * NODE_OPTIONS and the server's own start-up environment, as this process was started with them.
 * @example startEnvironment({ MALLOC_ARENA_MAX: "2" }) // { nodeOptions: "", environment: { MALLOC_ARENA_MAX: "2" } }
 */
export function startEnvironment(env: NodeJS.ProcessEnv = process.env) {
  const values = readSettings(startVariables, env);
  const arenas = values.MALLOC_ARENA_MAX;
  return {
    nodeOptions: values.NODE_OPTIONS ?? "",
    environment: arenas === undefined ? {} : { MALLOC_ARENA_MAX: String(arenas) },
  };
}

/**
 * What one bench run measures and how hard, read once from the environment
 * by config/bench.ts's schemas. The defaults are the release gate; the
 * overrides exist so a developer can get a quick signal on a 2-core machine
 * without waiting for the full run. A wrong variable ends the command before
 * it starts anything, one line per problem.
 */
import { benchSettings } from "../config/bench.ts";
import { settingsOrExit } from "../config/read.ts";

export type { BenchOptions } from "../config/bench.ts";

/** The settings every bench command shares. */
export function readOptions() {
  return settingsOrExit(benchSettings);
}

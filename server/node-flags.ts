/**
 * The Node.js (V8) settings the production server runs with, in one list.
 * V8 reads them only when the process starts, so every launcher passes them on
 * its command line: `npm run serve` (package.json, checked against this list
 * by a test), the end-to-end tests (playwright.config.ts) and the bench
 * (bench/server.ts). A server started without them says so in its log.
 * Measurements: docs/decisions/013-server-memory.md.
 */

export const SERVER_NODE_FLAGS = [
  // V8 sizes the young generation from the machine's RAM: 2 × 64 MB here, all of
  // it resident after start-up. 2 × 8 MB holds a request's short-lived objects.
  "--max-semi-space-size=8",
  // PGlite is PostgreSQL compiled to WebAssembly. V8's optimizing compiler
  // spent up to 500 MB compiling its hot functions, at start-up and again
  // under load; the baseline compiler's code answers the site's queries as fast.
  "--liftoff-only",
  // After each full collection V8 lets the old generation grow up to 4 × what
  // survived before collecting again; pages rendered per request (a 404) then
  // piled 170 MB of garbage. 1.5 × keeps it near the live size, at a quarter
  // more CPU for such pages only. A factor, not a limit: nothing runs out.
  "--heap-growing-percent=50",
] as const;

/** `--no-liftoff-only` and `--liftoff_only=…` name the same setting as `--liftoff-only`. */
function settingName(flag: string): string {
  const name = (flag.split("=")[0] ?? "").replace(/^--?/, "").replaceAll("_", "-");
  return name.startsWith("no-") ? name.slice(3) : name;
}

/**
 * The server flags this process was started without. A flag the operator set
 * either way (on the command line or in NODE_OPTIONS) counts as present: theirs wins.
 * @example missingServerFlags(["--max-semi-space-size=32"], "") // ["--liftoff-only", "--heap-growing-percent=50"]
 */
export function missingServerFlags(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string = process.env.NODE_OPTIONS ?? "",
): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)].filter(Boolean).map(settingName));
  return SERVER_NODE_FLAGS.filter((flag) => !given.has(settingName(flag)));
}

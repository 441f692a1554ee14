/**
 * How the production server is started: the compiled entry that `npm run
 * build` writes, the Node.js (V8) settings it runs with, in one list, and the
 * C library's setting it runs under, in its environment. V8 and the C library
 * read them only when the process starts, so every launcher passes them on:
 * the flags through `serverCommandArgs`, the environment as
 * `SERVER_ENVIRONMENT` spread first (an operator's own value wins). The
 * launchers: `npm run serve` (package.json) and the systemd unit
 * (deploy/portfolio.service), each checked against this file by a test, the
 * end-to-end tests (playwright.config.ts), the bench (bench/server.ts) and
 * the tools that start servers. A server started without them says so in its
 * log. Measurements: docs/decisions/013-server-memory.md,
 * 015-server-entry-and-young-generation.md and 037-malloc-arenas.md.
 */
import path from "node:path";

export const SERVER_NODE_FLAGS = [
  // V8 sizes the young generation from the machine's RAM: 2 × 64 MB here, all of
  // it resident after start-up. 2 × 4 MB holds a request's short-lived objects.
  "--max-semi-space-size=4",
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

/**
 * The server's environment beyond its own settings. glibc's allocator gives
 * each thread that allocates at once an arena of its own, up to eight per
 * core, and keeps what each frees: Node's libuv and V8 threads held 12 to 16
 * MB more under load in them. Two arenas answer as many requests a second.
 * Ignored by other C libraries (musl has no arenas).
 */
export const SERVER_ENVIRONMENT = { MALLOC_ARENA_MAX: "2" } as const;

/** `SERVER_ENVIRONMENT`'s settings an environment lacks, as `NAME=value`. */
export function missingServerEnvironment(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(SERVER_ENVIRONMENT)
    .filter(([name]) => env[name] === undefined || env[name] === "")
    .map(([name, value]) => `${name}=${value}`);
}

/**
 * The server compiled to JavaScript, in a build directory (`npm run build` writes it
 * beside React Router's server build). Node then loads no TypeScript stripping.
 * @example serverEntry("build") // "build/server/main.js"
 */
export function serverEntry(buildDir = "build"): string {
  return path.join(buildDir, "server", "main.js");
}

/**
 * The arguments of `node` that start the production server: the flags, then the compiled entry.
 * @example spawn(process.execPath, serverCommandArgs("build"), { env: { ...process.env, NODE_ENV: "production" } })
 */
export function serverCommandArgs(buildDir = "build"): string[] {
  return [...SERVER_NODE_FLAGS, serverEntry(buildDir)];
}

/**
 * The server's command line for a shell: its environment, then `node` and its arguments.
 * @example serverShellCommand() // "MALLOC_ARENA_MAX=2 node --max-semi-space-size=4 … build/server/main.js"
 */
export function serverShellCommand(buildDir = "build"): string {
  const assignments = Object.entries(SERVER_ENVIRONMENT).map(([name, value]) => `${name}=${value}`);
  return [...assignments, "node", ...serverCommandArgs(buildDir)].join(" ");
}

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
export function missingServerFlags(execArgv: readonly string[], nodeOptions: string): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)].filter(Boolean).map(settingName));
  return SERVER_NODE_FLAGS.filter((flag) => !given.has(settingName(flag)));
}

/**
 * Makes this process the same script started with the server's flags and
 * environment when it lacks some (execve: nothing stays beside it), so a
 * command that does the server's heavy work (`npm run import`) holds the
 * memory the server would; the operator's own settings win. Goes on as it is
 * when nothing lacks, or where Node cannot replace a process (Windows).
 * `started`: how this process was started (config/process.ts).
 * @example withServerFlags(startEnvironment()) // at the start of a command's main
 */
export function withServerFlags(started: { nodeOptions: string; environment: NodeJS.ProcessEnv }): void {
  const flags = missingServerFlags(process.execArgv, started.nodeOptions);
  const environment = missingServerEnvironment(started.environment);
  if ((flags.length === 0 && environment.length === 0) || !process.execve || process.platform === "win32") return;
  // An operator's own value wins, as in `npm run serve`; an empty one is no value.
  const env = {
    ...process.env,
    ...Object.fromEntries(
      Object.entries(SERVER_ENVIRONMENT).map(([name, value]) => [name, started.environment[name] || value]),
    ),
  };
  process.execve(process.execPath, [process.execPath, ...flags, ...process.execArgv, ...process.argv.slice(1)], env);
}

/**
 * How this process was started differently from `npm run serve`, for the
 * log: without some of the flags or of the environment, or from the
 * TypeScript source (which loads Node's TypeScript stripping); undefined when
 * it was started the same way.
 * @example startedNotAsServe("file:///srv/site/build/server/main.js", SERVER_NODE_FLAGS, "", SERVER_ENVIRONMENT) // undefined
 * @example startedNotAsServe("file:///srv/site/runtime/main.ts", SERVER_NODE_FLAGS, "", SERVER_ENVIRONMENT) // "Started from runtime/main.ts"
 */
export function startedNotAsServe(
  entryUrl: string,
  execArgv: readonly string[],
  nodeOptions: string,
  env: NodeJS.ProcessEnv,
): string | undefined {
  const missing = [...missingServerEnvironment(env), ...missingServerFlags(execArgv, nodeOptions)];
  const ways = [
    ...(entryUrl.endsWith(".ts") ? ["from runtime/main.ts"] : []),
    ...(missing.length > 0 ? [`without ${missing.join(" ")}`] : []),
  ];
  return ways.length > 0 ? `Started ${ways.join(" and ")}` : undefined;
}

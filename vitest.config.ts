import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { inlineScripts } from "./app/first-paint/inline-script-plugin.server.ts";
import { limit } from "./tests/harness/host-speed.ts";

/**
 * Files that start from an empty module graph: the test of what the server loads on first use (it mocks the
 * heavy libraries to see them load), and the contract test that loads the app's modules as production builds
 * them (`import.meta.env.DEV` false, read when a module loads).
 */
const FRESH_GRAPH = ["tests/server/lazy-modules.test.ts", "tests/unit/react-router-contract.test.ts"];

export default defineConfig({
  // The page's inline scripts as the build makes them (`?inline-script`): tests run the text pages carry.
  plugins: [inlineScripts()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    environment: "node",
    // One test file per core: Vitest's default (one fewer) runs them one at a time on two
    // cores, and most files wait on the servers, databases and processes they start.
    // Every database a test opens is its own (tests/server/helpers/databases.ts).
    maxWorkers: "100%",
    // A limit only catches a hang: several times what a test needs on a fast host (a test that
    // starts Node.js or a server needs seconds, more beside the suite's other layers), stretched
    // by this host's measured slowness (tests/harness/host-speed.ts).
    testTimeout: limit(30_000),
    hookTimeout: limit(60_000),
    // Stylesheets imported as text (`?raw`: the link-preview images read the design tokens) keep
    // their text; other CSS imports stay empty in tests.
    css: { include: [/\.css\?raw$/] },
    // Server code holds both languages' strings, as the server does.
    setupFiles: ["app/i18n/all.ts"],
    // A directory the run's test files share: the migrated embedded database is made there once.
    globalSetup: ["tests/server/helpers/run-dir.ts"],
    // A worker runs its files one after another in one module graph instead of a fresh one each: the app's
    // modules, PGlite and the helpers load once per worker, not once per file (the server layer's 40 s of
    // imports, a fifth of its CPU; half the unit layer's). What a file opens it closes (databases, servers,
    // timers), and what the app keeps per process (app/lib/singleton.ts) is the same for every file.
    isolate: false,
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], exclude: FRESH_GRAPH } },
      {
        extends: true,
        test: {
          name: "server",
          include: ["tests/server/**/*.test.{ts,tsx}"],
          exclude: FRESH_GRAPH,
          // PGlite is PostgreSQL compiled to WebAssembly, opened hundreds of times in a run: as in the server
          // (runtime/node-flags.ts), the baseline compiler only, not the optimizing one compiling its hot
          // functions again in each worker (a tenth of the workers' CPU here).
          execArgv: ["--liftoff-only"],
        },
      },
      { extends: true, test: { name: "fresh module graph", include: FRESH_GRAPH, isolate: true } },
    ],
  },
});

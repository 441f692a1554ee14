import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { inlineScripts } from "./app/first-paint/inline-script-plugin.server.ts";
import { limit } from "./tests/harness/host-speed.ts";

export default defineConfig({
  // The page's inline scripts as the build makes them (`?inline-script`): tests run the text pages carry.
  plugins: [inlineScripts()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/server/**/*.test.{ts,tsx}"],
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
  },
});

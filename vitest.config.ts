import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/server/**/*.test.{ts,tsx}"],
    environment: "node",
    // Stylesheets imported as text (`?raw`: the link-preview images read the design tokens) keep
    // their text; other CSS imports stay empty in tests.
    css: { include: [/\.css\?raw$/] },
    // Server code holds both languages' strings, as the server does.
    setupFiles: ["app/i18n/all.ts"],
  },
});

import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { serverBundleResolution } from "./tools/build-server.ts";

// The published origin is baked into prerendered pages (canonical URLs, feeds).
const publicUrl = (process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, "");

export default defineConfig(({ command }) => ({
  define: {
    "import.meta.env.PUBLIC_URL": JSON.stringify(publicUrl),
  },
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
    },
  },
  // The production server build takes its dependencies in but for a few
  // (tools/build-server.ts says which and why): Node then loads a few large
  // modules instead of hundreds of small ones, each with its package.json.
  // Development keeps Vite's default, packages as Node loads them.
  ssr: command === "build" ? serverBundleResolution() : { external: ["@electric-sql/pglite", "pg", "sharp"] },
  optimizeDeps: {
    exclude: ["@electric-sql/pglite"],
  },
  build: {
    // Fonts are preloaded by URL; never inline them into CSS.
    assetsInlineLimit: 0,
    rollupOptions: {
      // Components only define things: a module imported but unused is dropped whole.
      treeshake: { moduleSideEffects: [{ test: /app[\\/]components[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            // React and React Router in one chunk: one request, and it compresses better whole.
            {
              name: "framework",
              priority: 2,
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
            },
            // What every page renders (header, footer, icons, strings' loader) in one chunk
            // instead of a dozen tiny ones, each with its own request and import glue.
            {
              name: "app-shell",
              priority: 1,
              test: /app[\\/](components[\\/](layout|ui|icons)[\\/]|components[\\/]home[\\/](Section|buttons)\.tsx?$|i18n[\\/](index|paths|registry)\.ts$|site\.config\.ts$|lib[\\/](seo|nonce|head-script)\.ts$|content[\\/]localized\.ts$)/,
            },
          ],
        },
      },
    },
  },
}));

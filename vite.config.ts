import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { inlineScripts } from "./app/first-paint/inline-script-plugin.server.ts";
import { buildSettingsOrExit } from "./config/config.ts";
import { SERVER_BUNDLE_TEXT, serverBundleResolution } from "./tools/build/build-server.ts";

// The origin the prerendered pages name (canonical URLs, link previews): the server's own code
// reads only while prerendering; a server uses its PUBLIC_URL (decision 041), the browser's bundle none.
const { publicUrl } = buildSettingsOrExit();

/**
 * The toast library injects its stylesheet as a `<style>` element when it
 * loads, which the Content-Security-Policy refuses (no inline styles). The
 * production build takes that call out and imports the same rules from the
 * stylesheet the library ships, a file like any other CSS of the build
 * (docs/decisions/026-https-and-a-strict-csp.md). A library version that
 * injects its styles some other way stops the build, so nothing is missed.
 */
function toastStylesAsFile(): Plugin {
  const injection = /^__insertCSS\("(?:[^"\\]|\\.)*"\);?$/m;
  return {
    name: "toast-styles-as-a-file",
    apply: "build",
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id)) return;
      if (!injection.test(code))
        this.error('sonner no longer injects its styles with __insertCSS("…"): see vite.config.ts');
      return { code: `${code.replace(injection, "")}\nimport "sonner/dist/styles.css";\n`, map: null };
    },
  };
}

export default defineConfig(({ command }) => ({
  define: {
    "import.meta.env.PUBLIC_URL": JSON.stringify(publicUrl),
  },
  plugins: [inlineScripts(), toastStylesAsFile(), tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
    },
  },
  // The production server build takes its dependencies in but for a few
  // (tools/build/build-server.ts says which and why): Node then loads a few large
  // modules instead of hundreds of small ones, each with its package.json.
  // Development keeps Vite's default, packages as Node loads them.
  ssr: command === "build" ? serverBundleResolution() : { external: ["@electric-sql/pglite", "pg", "sharp"] },
  // React Router's server build is written as the server's own is (tools/build/build-server.ts says why).
  environments: { ssr: { build: { rollupOptions: { output: SERVER_BUNDLE_TEXT } } } },
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
              test: /app[\\/](components[\\/](layout|ui|icons)[\\/]|components[\\/]home[\\/](Section|buttons)\.tsx?$|i18n[\\/](index|paths|registry|areas|format)\.ts$|site\.config\.ts$|lib[\\/](seo|nonce)\.ts$|first-paint[\\/]head-script\.ts$|content[\\/]localized\.ts$)/,
            },
          ],
        },
      },
    },
  },
}));

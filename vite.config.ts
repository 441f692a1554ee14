import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The published origin is baked into prerendered pages (canonical URLs, feeds).
const publicUrl = (process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, "");

export default defineConfig({
  define: {
    "import.meta.env.PUBLIC_URL": JSON.stringify(publicUrl),
  },
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
    },
  },
  ssr: {
    // Database drivers and native image tooling stay out of the SSR bundle.
    external: ["@electric-sql/pglite", "pg", "sharp"],
  },
  optimizeDeps: {
    exclude: ["@electric-sql/pglite"],
  },
  build: {
    // Fonts are preloaded by URL; never inline them into CSS.
    assetsInlineLimit: 0,
  },
});

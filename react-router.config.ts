import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/routing/pages.ts";

export default {
  ssr: true,
  // A separate build directory lets several builds (tests, bench) coexist.
  buildDirectory: process.env.BUILD_DIR || "build",
  // Public pages become static HTML at build time, in both languages; the
  // server serves those files and renders only the rest per request.
  prerender: { paths: prerenderPaths, concurrency: 2 },
} satisfies Config;

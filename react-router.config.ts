import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { moveHeldScriptsOut } from "./app/first-paint/held-scripts.server.ts";
import { prerenderPaths } from "./app/routing/pages.ts";
import { writeBuildRecord } from "./config/build-record.ts";
import { buildSettingsOrExit } from "./config/config.ts";
import { buildServerEntry } from "./tools/build/build-server.ts";
import { describeOgImages, writeStaticOgImages } from "./tools/build/og-images.ts";
import { describeSummary, precompressDirectory } from "./tools/build/precompress.ts";

const settings = buildSettingsOrExit();

export default {
  ssr: true,
  // A separate build directory lets several builds (tests, bench) coexist.
  buildDirectory: settings.buildDir,
  // Public pages become static HTML at build time, in both languages; the
  // server serves those files and renders only the rest per request.
  prerender: { paths: prerenderPaths, concurrency: 2 },
  // Prerendered pages' held hydration scripts as files of their own (app/first-paint/held-scripts.server.ts);
  // brotli and gzip copies of every text file, sent as they are by the server;
  // the static articles' link-preview images; then the server itself as
  // JavaScript (build/server/main.js), which `npm run serve` starts.
  // `npm run build` (tools/build/build.ts) builds into a new directory and switches
  // BUILD_DIR to it when all of this is done.
  async buildEnd({ reactRouterConfig }) {
    const clientDir = path.join(reactRouterConfig.buildDirectory, "client");
    const held = await moveHeldScriptsOut(clientDir);
    console.info(`Held hydration scripts of ${held.pages} prerendered pages moved to files (${held.bytes} bytes)`);
    const summary = await precompressDirectory(clientDir);
    console.info(describeSummary(summary));
    // The static articles' link-preview images (PNG: nothing to precompress).
    console.info(describeOgImages(await writeStaticOgImages(clientDir)));
    // The address the prerendered pages name, for the server that runs this build (decision 041).
    writeBuildRecord(reactRouterConfig.buildDirectory, { publicUrl: settings.publicUrl });
    const entry = await buildServerEntry(reactRouterConfig.buildDirectory);
    console.info(`Compiled the server into ${path.relative(process.cwd(), entry)}`);
  },
} satisfies Config;

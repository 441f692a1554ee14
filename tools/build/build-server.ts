/**
 * The production server as JavaScript: `runtime/main.ts` and the app code it
 * imports, bundled into `BUILD_DIR/server/main.js` at the end of `react-router
 * build` (the `buildEnd` hook in react-router.config.ts). Run as `.ts`, Node
 * loads its TypeScript stripping (a WebAssembly build of swc) and keeps it:
 * about 17 MB of the process. Development (`npm run dev`) still runs the source.
 *
 * Both server bundles, this one and React Router's (vite.config.ts), take
 * their dependencies in, apart from SERVER_EXTERNAL_PACKAGES: Node goes
 * through a package's package.json again for every module it loads from it,
 * and drizzle-orm's is 175 KB, so loading drizzle made 160 MB of garbage at
 * start-up, which stayed resident as V8's pooled pages.
 * See docs/decisions/015-server-entry-and-young-generation.md.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { serverEntry } from "../../runtime/node-flags.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Packages both server bundles import from node_modules as they are, at run time. */
export const SERVER_EXTERNAL_PACKAGES = [
  // One copy for the server and the route modules: React's hooks and React
  // Router's contexts must be the same objects in both.
  "react",
  "react-dom",
  "react-router",
  "@react-router/node",
  "@react-router/express",
  // CommonJS that requires parts of itself only when used (Express's body
  // parsers and their character-set tables): bundled, all of it loads.
  "express",
  "compression",
  // Native code, or WebAssembly and data files read from beside their own modules.
  "@electric-sql/pglite",
  "pg",
  "sharp",
  // Loaded on first use only (the first cover upload, the first e-mail, the first link-preview image).
  "file-type",
  "nodemailer",
  "satori",
  // Development only (`npm run dev` runs the source, not this bundle).
  "vite",
];

/**
 * How a production server bundle is written: V8 keeps each module's source
 * text in memory for as long as the process runs, in two bytes a character
 * when one character of it is outside Latin-1 (a "…" in a string, a "→" in a
 * comment). Non-ASCII characters escaped and doc comments left out, the
 * source loaded at start is about 3.6 MB smaller in memory (decision 095).
 * Licence comments stay.
 */
export const SERVER_BUNDLE_TEXT = {
  charset: "ascii",
  comments: { legal: true, annotation: false, jsdoc: false },
} as const;

/** Which imports a production server bundle takes in (`ssr` of a Vite config): all but SERVER_EXTERNAL_PACKAGES. */
export function serverBundleResolution(): { noExternal: true; external: string[] } {
  return { noExternal: true, external: [...SERVER_EXTERNAL_PACKAGES] };
}

/**
 * Bundles the server entry into `buildDir/server/main.js` (chunks loaded on
 * first use in `buildDir/server/chunks/`), next to React Router's server build.
 * @returns the path of the entry written
 */
export async function buildServerEntry(buildDir: string): Promise<string> {
  const entry = path.resolve(root, serverEntry(buildDir));
  const outDir = path.dirname(entry);
  // The database code finds drizzle/ relative to its own module; in the bundle that module is in a
  // chunk (runtime/serve.ts, loaded by main.js only where the process serves, imports it).
  const migrations = path.relative(path.join(outDir, "chunks"), path.join(root, "drizzle")).split(path.sep).join("/");
  await build({
    configFile: false,
    root,
    mode: "production",
    logLevel: "warn",
    publicDir: false,
    define: { "import.meta.env.MIGRATIONS_DIR": JSON.stringify(migrations) },
    ssr: serverBundleResolution(),
    build: {
      ssr: path.join(root, "runtime", "main.ts"),
      outDir,
      // React Router's server build is already there.
      emptyOutDir: false,
      target: "node24",
      rollupOptions: {
        // The server holds every language's strings (app/i18n/all.ts); the strings registry's
        // dynamic imports, which that makes ineffective here, are for browsers.
        checks: { ineffectiveDynamicImport: false },
        output: {
          entryFileNames: path.basename(entry),
          chunkFileNames: "chunks/[name]-[hash].js",
          ...SERVER_BUNDLE_TEXT,
        },
      },
    },
  });
  return entry;
}

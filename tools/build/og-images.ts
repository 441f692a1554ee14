/**
 * The static articles' link-preview images, drawn at build time (the
 * `buildEnd` hook in react-router.config.ts) into the client build at the
 * URLs their pages name (`/og/blog/{id}/{version}.png`, `/og/en/blog/…`),
 * so the server sends them as files with the other static files.
 *
 * The app's modules are loaded through a Vite server of their own (the `~`
 * alias, the `?raw` stylesheet and the articles' Markdown need Vite), the
 * same code the server draws database posts' images with.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface OgImagesSummary {
  files: number;
  bytes: number;
  ms: number;
}

type Modules = {
  articles: typeof import("../../app/content/articles.ts");
  paths: typeof import("../../app/i18n/paths.ts");
  names: typeof import("../../app/lib/og-image.ts");
  images: typeof import("../../app/server/blog/og-images.server.ts");
  draw: typeof import("../../app/server/blog/og-image-draw.server.ts");
};

/** Draws every static article's image in every language into `clientDir`. */
export async function writeStaticOgImages(clientDir: string): Promise<OgImagesSummary> {
  const started = performance.now();
  const vite = await createServer({
    configFile: false,
    root,
    logLevel: "warn",
    appType: "custom",
    resolve: { alias: { "~": path.join(root, "app") } },
    server: { middlewareMode: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  let files = 0;
  let bytes = 0;
  try {
    // Both languages' strings, as the server holds them.
    await vite.ssrLoadModule("/app/i18n/all.ts");
    const load = <K extends keyof Modules>(file: string) => vite.ssrLoadModule(file) as Promise<Modules[K]>;
    const { staticArticles } = await load<"articles">("/app/content/articles.ts");
    const { languages } = await load<"paths">("/app/i18n/paths.ts");
    const { ogImageFor } = await load<"names">("/app/lib/og-image.ts");
    const { STATIC_COVER_DIR, staticArticleOgPost, staticCoverFile } = await load<"images">(
      "/app/server/blog/og-images.server.ts",
    );
    const { drawOgImage } = await load<"draw">("/app/server/blog/og-image-draw.server.ts");
    for (const article of staticArticles) {
      for (const lang of languages) {
        const cover = new Uint8Array(
          await readFile(path.join(root, STATIC_COVER_DIR, staticCoverFile(article.id, lang))),
        );
        const post = staticArticleOgPost(article, lang);
        const png = await drawOgImage({ ...post, cover });
        const file = path.join(clientDir, ...ogImageFor(post).path.split("/"));
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, png);
        files += 1;
        bytes += png.byteLength;
      }
    }
  } finally {
    await vite.close();
  }
  return { files, bytes, ms: performance.now() - started };
}

/** One line for the build's log. */
export function describeOgImages(summary: OgImagesSummary): string {
  const kb = Math.round(summary.bytes / 1024);
  return `Drew ${summary.files} link-preview images of the static articles (${kb} KB) in ${(summary.ms / 1000).toFixed(1)} s`;
}

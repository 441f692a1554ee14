/**
 * Rendered post bodies, kept in memory. Rendering Markdown with highlighting
 * costs milliseconds per request; the same post renders the same way until it
 * changes, so the key carries the post's version (`updated_at` for database
 * posts, the build for static articles) and an edit simply misses the cache.
 * The Markdown pipeline itself is loaded with the first miss.
 */
import type { Lang } from "~/i18n";
import type { RenderedMarkdown } from "./markdown.server.ts";

const MAX_ENTRIES = 256;
const cache = new Map<string, RenderedMarkdown>();

/**
 * The rendered Markdown of one version of a post, from memory when possible.
 * @example await renderCached(`db:${post.id}:${post.updatedAt.getTime()}`, post.content, "pt")
 */
export async function renderCached(version: string, markdown: string, lang: Lang): Promise<RenderedMarkdown> {
  const key = `${lang}:${version}`;
  const hit = cache.get(key);
  if (hit) {
    // Re-inserting keeps the map in least-recently-used order.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const { renderMarkdown } = await import("./markdown.server.ts");
  const rendered = renderMarkdown(markdown, lang);
  cache.set(key, rendered);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value ?? key);
  return rendered;
}

/** How many renders are held; for tests. */
export function renderCacheSize(): number {
  return cache.size;
}

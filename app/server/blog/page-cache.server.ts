/**
 * What the server's response cache (`server/page-cache.ts`) may keep of the
 * public blog, and when it must forget it. The blog list, the articles, the
 * RSS feeds and the sitemap are built from the database but read nothing of
 * the request except its URL (no cookie, session or header), so one response
 * per URL serves every visitor until a post changes.
 *
 * The generation counter lives on `globalThis`: the post functions run in the
 * SSR bundle, the cache in the server's own copy of the code, and a write in
 * one must be seen by the other.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { blogs } from "../db/schema.ts";

const KEY = Symbol.for("portfolio.publicPagesGeneration");
const store = globalThis as typeof globalThis & { [KEY]?: { generation: number } };
store[KEY] ??= { generation: 0 };
const state = store[KEY];

/** Forgets every cached public page: call after any write to blog posts. */
export function invalidatePublicPages(): void {
  state.generation++;
}

/** Changes whenever the cached public pages must be forgotten. */
export function publicPagesGeneration(): number {
  return state.generation;
}

// `/blog`, `/blog/{slug}`, `/blog/tag/{tag}` and their loader data (`/blog.data`,
// `/blog/{slug}.data`, `/blog/_.data` for a trailing slash), in Portuguese and under `/en`;
// the feeds; the sitemap; the not-found page every path no route matches is handed to
// (server/unmatched-paths.ts).
const CACHEABLE_PATH = /^(?:\/en)?(?:\/blog(?:\/tag)?(?:\/[^/?]+)?\/?|\/blog\.data|\/rss\.xml|\/404)$|^\/sitemap\.xml$/;
// The one query a blog page answers to: a post reached from the other language's URL.
const CACHEABLE_QUERY = /^\?from=(?:pt|en)$/;

/**
 * Whether a request URL (path and query) names a public page built from blog
 * posts. Other queries are not cached, so made-up queries cannot crowd the
 * cache (the pages ignore them anyway).
 * @example isCacheablePageUrl("/en/blog/bot-discord") // true
 * @example isCacheablePageUrl("/blog/ola?from=en") // true
 * @example isCacheablePageUrl("/admin/blog") // false
 */
export function isCacheablePageUrl(url: string): boolean {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return CACHEABLE_PATH.test(url);
  return CACHEABLE_QUERY.test(url.slice(queryStart)) && CACHEABLE_PATH.test(url.slice(0, queryStart));
}

/**
 * A short fingerprint of the blog table that changes with every insert,
 * update and delete, whichever server process made it: the row count, the
 * newest `updated_at` and the sum of all of them (so an edit stamped by a
 * server whose clock runs behind still changes it). One aggregate query.
 */
export async function blogTableVersion(db: Database): Promise<string> {
  const [row] = await db
    .select({
      version: sql<string>`count(*) || ':' || coalesce(max(${blogs.updatedAt})::text, '') || ':' || coalesce(sum(extract(epoch from ${blogs.updatedAt}))::text, '')`,
    })
    .from(blogs);
  if (!row) throw new Error("The blog version query returned no row");
  return row.version;
}

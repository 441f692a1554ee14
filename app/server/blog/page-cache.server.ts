/**
 * What the server's response cache (`http-server/page-cache.ts`) may keep of the
 * public blog, and when it must forget it. The blog list, the articles, the
 * RSS feeds and the sitemap are built from the database but read nothing of
 * the request except its URL (no cookie, session or header), so one response
 * per URL serves every visitor until a post changes.
 *
 * The generation counter is a `singleton`: the post functions run in the
 * SSR bundle, the cache in the server's own copy of the code, and a write in
 * one must be seen by the other.
 */
import { sql } from "drizzle-orm";
import staticArticleMeta from "../../content/articles/meta.json" with { type: "json" };
import { staticArticleIds } from "../../content/ids.ts";
import { DATA_SUFFIX } from "../../lib/data-request.ts";
import { singleton } from "../../lib/singleton.ts";
import type { Database } from "../db/client.server.ts";
import { blogs, blogTags, postRedirects } from "../db/schema.ts";

/** React Router's data suffix, as it is written in a pattern. */
const DATA = DATA_SUFFIX.replace(".", "\\.");

const state = singleton("publicPagesGeneration", () => ({ generation: 0 }));

/** Forgets every cached public page: call after any write to blog posts. */
export function invalidatePublicPages(): void {
  state.generation++;
}

/** Changes whenever the cached public pages must be forgotten. */
export function publicPagesGeneration(): number {
  return state.generation;
}

/**
 * The parameter of a dynamic route's own not-found page: never an id (no slug
 * or content id holds `~`), so `/projects/~`, `/blog/~` and `/blog/tag/~`
 * render their route's 404, once, for every unknown id handed to them
 * (http-server/unmatched-paths.ts, `missingBlogAddresses`).
 */
export const MISSING_ID = "~";

// `/blog`, `/blog/{slug}`, `/blog/tag/{tag}` and their loader data (`/blog.data`,
// `/blog/{slug}.data`, `/blog/_.data` for a trailing slash), in Portuguese and under `/en`;
// the feeds and their stylesheets; the sitemap; the not-found page every path no route matches is handed to
// (http-server/unmatched-paths.ts), and those of unknown projects and services.
const CACHEABLE_PATH = new RegExp(
  `^(?:/en)?(?:/blog(?:/tag)?(?:/[^/?]+)?/?|/blog${DATA}|/rss\\.x(?:ml|sl)|/404|/(?:projects|services)/~)$|^/sitemap\\.xml$`,
);
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
 * server whose clock runs behind still changes it), and the tags' names
 * (their count and a sum of their hashes: a tag renamed or linked to its
 * translation changes what pages show), and the old addresses (their count
 * and a sum of their hashes: one added or removed on any server moves the
 * redirects' table, http-server/old-addresses.ts), and the approved
 * responses (their count and newest change: an approval on any server shows
 * under the post). One query.
 */
export async function blogTableVersion(db: Database): Promise<string> {
  const [row] = await db
    .select({
      version: sql<string>`count(*) || ':' || coalesce(max(${blogs.updatedAt})::text, '') || ':' || coalesce(sum(extract(epoch from ${blogs.updatedAt}))::text, '') || ':' || (select count(*) || ':' || coalesce(sum(hashtext(t.lang || '/' || t.slug || '/' || t.name || '/' || coalesce(t.translation_group::text, '')))::text, '') from ${blogTags} t) || ':' || (select count(*) || ':' || coalesce(sum(hashtext(r.path || '/' || coalesce(r.post_id::text, r.lang || '/' || coalesce(r.tag, ''))))::text, '') from ${postRedirects} r) || ':' || (select count(*) || ':' || coalesce(max(p.updated_at)::text, '') from responses p where p.status = 'approved')`,
    })
    .from(blogs);
  if (!row) throw new Error("The blog version query returned no row");
  return row.version;
}

/** Every slug and tag an address of the blog may name: those of the static articles and of every stored post. */
export interface BlogAddressKeys {
  slugs: ReadonlySet<string>;
  tags: ReadonlySet<string>;
}

const staticTags = (staticArticleMeta as readonly { tags: readonly string[] }[]).flatMap((article) => article.tags);

/**
 * The slugs and tags of the static articles and of every post in the table,
 * whatever its language or state (a draft's slug, a slug of the other
 * language that redirects): a superset of what the blog's pages answer, so
 * whatever is left out surely answers 404. One query over `blogs`.
 */
export async function blogAddressKeys(db: Database): Promise<BlogAddressKeys> {
  const rows = await db.select({ slug: blogs.slug, tags: blogs.tags }).from(blogs);
  const slugs = new Set<string>(staticArticleIds);
  const tags = new Set<string>(staticTags);
  for (const row of rows) {
    slugs.add(row.slug);
    for (const tag of row.tags) tags.add(tag);
  }
  return { slugs, tags };
}

const POST_PATH = new RegExp(`^(/en)?/blog/([^/]+?)(${DATA})?$`);
const TAG_PATH = new RegExp(`^(/en)?/blog/tag/([^/]+?)(${DATA})?$`);
// `search` and `tag` are pages of their own; `_` is a trailing slash's loader data (`/blog/_.data`).
const NOT_SLUGS = new Set(["search", "tag", "_", MISSING_ID]);

/**
 * From the keys, what answers a path of an article or a tag that names
 * nothing: the route's own not-found page in the path's language (loader
 * data for loader data), or undefined when it may exist.
 * @example missingBlogAddresses(keys)("/en/blog/nope") // "/en/blog/~"
 * @example missingBlogAddresses(keys)("/blog/tag/nope.data") // "/blog/tag/~.data"
 */
export function missingBlogAddresses(keys: BlogAddressKeys): (path: string) => string | undefined {
  return (path) => {
    const tag = TAG_PATH.exec(path);
    if (tag) {
      const [, en = "", name = "", data = ""] = tag;
      return name === MISSING_ID || keys.tags.has(name) ? undefined : `${en}/blog/tag/${MISSING_ID}${data}`;
    }
    const post = POST_PATH.exec(path);
    if (!post) return undefined;
    const [, en = "", slug = "", data = ""] = post;
    return NOT_SLUGS.has(slug) || keys.slugs.has(slug) ? undefined : `${en}/blog/${MISSING_ID}${data}`;
  };
}

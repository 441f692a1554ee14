/**
 * Old addresses (`post_redirects`, docs/decisions/068-old-addresses-answered-from-memory.md and
 * 097-old-tag-and-feed-addresses.md): paths another engine published a post,
 * a tag's page or its feed at, answered with a 301 to the post, the tag's
 * page or the feed in its language. A path is kept as the server will see it: decoded, NFC,
 * without a trailing slash, its query dropped except WordPress's `?p=ID`.
 * A path a page of the site answers is never stored, and one that becomes a
 * post's own address is left out of the table the server answers from.
 */
import { and, asc, count, eq, isNull, or, sql } from "drizzle-orm";
import { staticArticleIds } from "../../content/ids.ts";
import { type Lang, localizePath, stripLang } from "../../i18n/paths.ts";
import { tagPath } from "../../lib/blog-paths.ts";
import { pageRoutes } from "../../routing/pages.ts";
import { invalidatePublicPages } from "../blog/page-cache.server.ts";
import type { Database, Queryable } from "../db/client.server.ts";
import { blogs, blogTags, postRedirects } from "../db/schema.ts";

export type RedirectSource = "archive" | "ghost" | "wordpress" | "markdown" | "author";

const MAX_PATH = 512;

/**
 * An old address as it is stored and looked up, or undefined when it cannot
 * be one (not a path, a `..` segment, a control character, too long).
 * @example oldPathKey("https://old.blog/2019/05/ol%C3%A1/") // "/2019/05/olá"
 * @example oldPathKey("/index.php?p=42") // "/?p=42"
 */
export function oldPathKey(address: string): string | undefined {
  let raw = address.trim();
  if (/^https?:\/\//i.test(raw)) {
    try {
      const url = new URL(raw);
      raw = `${url.pathname}${url.search}`;
    } catch {
      return undefined;
    }
  }
  if (!raw.startsWith("/") || raw.startsWith("//")) return undefined;
  const queryAt = raw.indexOf("?");
  const query = queryAt === -1 ? "" : raw.slice(queryAt);
  let pathPart = (queryAt === -1 ? raw : raw.slice(0, queryAt)).replace(/#.*$/, "");
  try {
    pathPart = decodeURIComponent(pathPart).normalize("NFC");
  } catch {
    return undefined;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\u0000-\u001f\u007f]/.test(pathPart) || pathPart.split("/").includes("..")) return undefined;
  pathPart = pathPart.replace(/\/{2,}/g, "/");
  if (pathPart.length > 1) pathPart = pathPart.replace(/\/+$/, "");
  const wordpress = /^\?(?:.*&)?p=(\d{1,12})(?:&|$)/.exec(query);
  if (wordpress && (pathPart === "/" || pathPart === "/index.php")) return `/?p=${wordpress[1]}`;
  if (pathPart === "/" || pathPart.length > MAX_PATH) return undefined;
  return pathPart;
}

/** The first segments of the site's own pages and endpoints: an old address never takes one. */
const SITE_SEGMENTS = new Set<string>([
  ...pageRoutes.map((page) => page.pattern.split("/")[0] ?? "").filter(Boolean),
  "privacy",
  "newsletter",
  "admin",
  "auth",
  "og",
  "uploads",
  "assets",
  "fonts",
  "404",
  "rss.xml",
  "rss.xsl",
  "sitemap.xml",
  "robots.txt",
  "favicon.ico",
  "healthz",
  "readyz",
  "metrics",
]);

/** Blog pages that are not posts: never an old address, whoever asks. */
const BLOG_PAGES = /^\/blog(?:\/(?:search|tag|preview)(?:\/.*)?)?$/;

/**
 * Whether a stored path would take a page of the site. `/blog/{slug}` (in
 * either language) stays possible: an old address of a post whose slug
 * changed; the server leaves it to the post the day one takes that slug.
 * @example isSitePath("/about") // true
 * @example isSitePath("/blog/old-slug") // false
 * @example isSitePath("/blog/en/old-slug") // false
 */
export function isSitePath(key: string): boolean {
  if (key.startsWith("/?p=")) return false;
  const neutral = stripLang(key);
  if (key === "/en" || neutral === "/") return true;
  if (BLOG_PAGES.test(neutral)) return true;
  const post = /^\/blog\/([^/]+)$/.exec(neutral);
  if (post) return staticArticleIds.includes(post[1] as (typeof staticArticleIds)[number]);
  // Deeper under the blog than a post, past its own pages (Astro's `/blog/en/ola/`): no page of the site.
  if (neutral.startsWith("/blog/")) return false;
  const first = neutral.split("/")[1] ?? "";
  return SITE_SEGMENTS.has(first);
}

/** A post's own address. */
export const postPath = (lang: Lang, slug: string) => localizePath(`/blog/${slug}`, lang);

/** The feed of a language's posts. */
export const feedPath = (lang: Lang) => localizePath("/rss.xml", lang);

/**
 * An old address to store: a post's (`postId`), or a tag's page's (`tag`,
 * the tag's slug in `lang`) or the feed's (neither), which belong to
 * `authorId`.
 */
export type RedirectRow = {
  path: string;
  lang: Lang;
  source: RedirectSource;
  createdAt?: Date;
} & ({ postId: string } | { postId?: null; tag: string | null; authorId: string });

/**
 * Where an old address leads: its post's address in the post's language as it is now (an author may have changed
 * it since), or its tag's page, or the feed, in the row's language.
 */
function leadsTo(row: { lang: string; tag: string | null; post: { lang: string; slug: string } | null }): string {
  if (row.post) return postPath(row.post.lang as Lang, row.post.slug);
  const lang = row.lang as Lang;
  return row.tag === null ? feedPath(lang) : tagPath(row.tag, lang);
}

/** A row's post, when it has one: its language and slug as they are now. */
const postOfRow = { lang: blogs.lang, slug: blogs.slug };

/** Stores old addresses; one already taken keeps what it leads to. Returns how many were added. */
export async function addRedirects(tx: Queryable, rows: readonly RedirectRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const added = await tx
    .insert(postRedirects)
    .values([...rows])
    .onConflictDoNothing()
    .returning({ path: postRedirects.path });
  return added.length;
}

export interface ListedRedirect {
  path: string;
  source: string;
  createdAt: Date;
  /** What it leads to: a post (by its title), a tag's page (by the tag's name) or the feed (of `lang`). */
  kind: "post" | "tag" | "feed";
  title: string;
  lang: Lang;
  target: string;
}

/** How many old addresses the admin's page lists at once. */
export const REDIRECTS_LISTED = 200;

/** The author's old addresses (their posts', and the tags' and feed's they imported), by path: the first `limit`, and how many. */
export async function listRedirects(
  db: Database,
  authorId: string,
  limit = REDIRECTS_LISTED,
): Promise<{ rows: ListedRedirect[]; total: number }> {
  const own = or(eq(blogs.authorId, authorId), eq(postRedirects.authorId, authorId));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        path: postRedirects.path,
        source: postRedirects.source,
        createdAt: postRedirects.createdAt,
        lang: postRedirects.lang,
        tag: postRedirects.tag,
        title: blogs.title,
        post: postOfRow,
        tagName: blogTags.name,
      })
      .from(postRedirects)
      .leftJoin(blogs, eq(blogs.id, postRedirects.postId))
      .leftJoin(blogTags, and(eq(blogTags.lang, postRedirects.lang), eq(blogTags.slug, postRedirects.tag)))
      .where(own)
      .orderBy(asc(postRedirects.path))
      .limit(limit),
    db.select({ total: count() }).from(postRedirects).leftJoin(blogs, eq(blogs.id, postRedirects.postId)).where(own),
  ]);
  return {
    rows: rows.map(({ title, post, tag, tagName, ...row }) => ({
      ...row,
      lang: (post?.lang ?? row.lang) as Lang,
      kind: post ? "post" : tag !== null ? "tag" : "feed",
      title: title ?? tagName ?? tag ?? "",
      target: leadsTo({ lang: row.lang, tag, post }),
    })),
    total: counted?.total ?? 0,
  };
}

export type AddRedirectResult =
  | { status: "added"; path: string }
  | { status: "invalid" }
  | { status: "site-page" }
  | { status: "taken" }
  | { status: "post-not-found" };

/**
 * The author adds an old address to one of their posts, named by its
 * address on this site (`/blog/meu-post`, `/en/blog/my-post`, or the whole
 * URL): a list of thousands of posts is no list to choose from.
 */
export async function addAuthorRedirect(
  db: Database,
  authorId: string,
  postAddress: string,
  address: string,
): Promise<AddRedirectResult> {
  const path = oldPathKey(address);
  if (!path) return { status: "invalid" };
  if (isSitePath(path)) return { status: "site-page" };
  const target = /^(\/en)?\/blog\/([^/?#]+)$/.exec(oldPathKey(postAddress) ?? "");
  if (!target) return { status: "post-not-found" };
  const [post] = await db
    .select({ id: blogs.id, lang: blogs.lang, slug: blogs.slug })
    .from(blogs)
    .where(and(eq(blogs.lang, target[1] ? "en" : "pt"), eq(blogs.slug, target[2] ?? ""), eq(blogs.authorId, authorId)));
  if (!post) return { status: "post-not-found" };
  if (path === postPath(post.lang as Lang, post.slug)) return { status: "site-page" };
  const added = await addRedirects(db, [{ path, postId: post.id, lang: post.lang as Lang, source: "author" }]);
  if (added === 0) return { status: "taken" };
  invalidatePublicPages();
  return { status: "added", path };
}

/** Removes one of the author's old addresses (a post's of theirs, a tag's or the feed's they imported); whether there was one. */
export async function removeRedirect(db: Database, authorId: string, path: string): Promise<boolean> {
  const removed = await db
    .delete(postRedirects)
    .where(
      and(
        eq(postRedirects.path, path),
        or(
          eq(postRedirects.authorId, authorId),
          sql`${postRedirects.postId} in (select id from ${blogs} where ${blogs.authorId} = ${authorId})`,
        ),
      ),
    )
    .returning({ path: postRedirects.path });
  if (removed.length > 0) invalidatePublicPages();
  return removed.length > 0;
}

/**
 * Every old address the server answers, with where it leads: those of posts
 * outside the trash, less any that became a post's own address; those of
 * tags' pages and of the feed.
 */
export async function redirectTable(db: Database): Promise<Map<string, string>> {
  const rows = await db
    .select({ path: postRedirects.path, lang: postRedirects.lang, tag: postRedirects.tag, post: postOfRow })
    .from(postRedirects)
    .leftJoin(blogs, eq(blogs.id, postRedirects.postId))
    .where(
      or(
        isNull(postRedirects.postId),
        sql`${blogs.deletedAt} is null and not exists (select 1 from ${blogs} p where (p.lang = 'pt' and '/blog/' || p.slug = ${postRedirects.path}) or (p.lang = 'en' and '/en/blog/' || p.slug = ${postRedirects.path}))`,
      ),
    );
  return new Map(rows.map((row) => [row.path, leadsTo(row)]));
}

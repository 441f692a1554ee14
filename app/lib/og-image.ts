/**
 * The link-preview (Open Graph) image of a blog post: its URL, size and alt
 * text, for the page's meta tags. Runs wherever the page's `meta` runs (the
 * server, the build and the browser), so it only hashes and formats; the
 * image itself is drawn by `app/server/blog/og-image-draw.server.ts`.
 *
 * Each post has one image per language at
 * `/og/blog/{slug}/{version}.png` (pt) or `/og/en/blog/{slug}/{version}.png`
 * (en), where `version` is a short hash of everything drawn. A change to the
 * title, tags, date or cover gives a new URL, so the image can be cached for
 * good. See docs/decisions/018-link-preview-images.md.
 */
import type { MetaDescriptor } from "react-router";
import { articleTagNamesFor } from "../content/article-tags.ts";
import { staticArticleIds } from "../content/ids.ts";
import { dictionaryFor, format } from "../i18n/index.ts";
import type { Lang } from "../i18n/paths.ts";
import { site, siteUrl } from "../site.config.ts";

export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;
export const OG_IMAGE_TYPE = "image/png";

/**
 * Part of every version: raise it whenever the drawing changes (layout,
 * colours, fonts, the cover treatment), so that every image gets a new URL
 * instead of the old picture staying cached under the old one.
 */
export const OG_IMAGE_DESIGN = 2;

/** A version is this many lower-case hex digits. */
export const OG_VERSION_LENGTH = 12;
export const OG_VERSION_PATTERN = /^[0-9a-f]{12}$/;

/** What a post's image is drawn from. */
export interface OgImagePost {
  lang: Lang;
  slug: string;
  title: string;
  tags: readonly string[];
  /** First publication: ISO 8601 or a Date. Only its day (UTC) is drawn. */
  publishedAt: string | Date;
  /** The uploaded cover's URL, if any (a database post). Ignored for a static article. */
  cover?: string | null | undefined;
  /** The static article's id; found from the slug when omitted. */
  staticId?: string | undefined;
}

export interface OgImage {
  /** Absolute URL on the published origin. */
  url: string;
  /** The same, from the root: `/og/blog/{slug}/{version}.png`. */
  path: string;
  width: typeof OG_IMAGE_WIDTH;
  height: typeof OG_IMAGE_HEIGHT;
  alt: string;
  type: typeof OG_IMAGE_TYPE;
}

const staticIds: ReadonlySet<string> = new Set(staticArticleIds);

/**
 * The static article a post is, if any. A database post can never take a
 * static article's slug, so the slug alone tells.
 */
export function staticArticleIdOf(post: Pick<OgImagePost, "slug" | "staticId">): string | undefined {
  if (post.staticId) return post.staticId;
  return staticIds.has(post.slug) ? post.slug : undefined;
}

/**
 * The tags a static article's image draws: each one's name in the image's
 * language (app/content/article-tags.ts), as hashtags. The article's page and
 * the image's route both name the image by this, so they agree on its version.
 * @example staticArticleTags("pt", ["cloud"]) // ["Nuvem"]
 */
export function staticArticleTags(lang: Lang, tags: readonly string[]): string[] {
  const names = articleTagNamesFor(lang, tags);
  return tags.map((tag) => names[tag] ?? tag);
}

/**
 * The day of a timestamp, as drawn (UTC, like `formatDate`).
 * @example publicationDay("2025-04-14T12:00:00.000Z") // "2025-04-14"
 */
export function publicationDay(publishedAt: string | Date): string {
  const date = publishedAt instanceof Date ? publishedAt : new Date(publishedAt);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString().slice(0, 10);
}

/**
 * A 64-bit non-cryptographic hash (two multiplicative 32-bit lanes, mixed at
 * the end) as 16 hex digits. The same in every JavaScript engine: no
 * `node:crypto` in the browser, and `meta` must give the same answer there.
 * @example shortHash("") // "488bdcb81aee8d83"
 */
export function shortHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(16).padStart(8, "0") + (h1 >>> 0).toString(16).padStart(8, "0");
}

/**
 * The version of a post's image: a hash of everything drawn (language,
 * title, tags, day, cover, the site's name and monogram, and the design).
 * The slug is not drawn and is not part of it.
 */
export function ogImageVersion(post: OgImagePost): string {
  const staticId = staticArticleIdOf(post);
  const drawn = [
    OG_IMAGE_DESIGN,
    site.name,
    site.initials,
    post.lang,
    post.title,
    post.tags,
    publicationDay(post.publishedAt),
    // A static article's cover is its generated picture, named by its id.
    staticId ? `static:${staticId}` : (post.cover ?? ""),
  ];
  return shortHash(JSON.stringify(drawn)).slice(0, OG_VERSION_LENGTH);
}

/**
 * Where the image of a version is served.
 * @example ogImagePath("en", "bot-discord", "0123456789ab") // "/og/en/blog/bot-discord/0123456789ab.png"
 */
export function ogImagePath(lang: Lang, slug: string, version: string): string {
  return `/og${lang === "en" ? "/en" : ""}/blog/${encodeURIComponent(slug)}/${version}.png`;
}

/** The alternative text of a post's image, in its language. */
export function ogImageAlt(post: Pick<OgImagePost, "lang" | "title">): string {
  return format(dictionaryFor(post.lang).blog.ogImageAlt, { title: post.title });
}

/** The link-preview image of a post: URL, size, type and alt text. */
export function ogImageFor(post: OgImagePost): OgImage {
  const path = ogImagePath(post.lang, post.slug, ogImageVersion(post));
  return {
    url: new URL(path, `${siteUrl()}/`).href,
    path,
    width: OG_IMAGE_WIDTH,
    height: OG_IMAGE_HEIGHT,
    alt: ogImageAlt(post),
    type: OG_IMAGE_TYPE,
  };
}

/**
 * The meta tags that name a post's image: `og:image` with its size, type and
 * alt, and the Twitter card's image.
 */
export function ogImageMeta(post: OgImagePost): MetaDescriptor[] {
  const image = ogImageFor(post);
  return [
    { property: "og:image", content: image.url },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:image:alt", content: image.alt },
    { property: "og:image:type", content: image.type },
    { name: "twitter:image", content: image.url },
    { name: "twitter:image:alt", content: image.alt },
  ];
}

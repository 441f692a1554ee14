/**
 * The blog for feed readers and crawlers: RSS 2.0 per language and the
 * sitemap with language alternates. Plain string building with every value
 * escaped; no XML library needed for documents this small.
 */
import "~/i18n/all.ts";
import { dictionaryFor, htmlLang, type Lang, languages, localizePath } from "~/i18n";
import { absoluteUrl } from "~/lib/seo.ts";
import type { PostSummary } from "./public-posts.server.ts";

/**
 * Text safe inside XML elements and attribute values.
 * @example xmlEscape(`a < b & "c"`) // "a &lt; b &amp; &quot;c&quot;"
 */
export function xmlEscape(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    .split("")
    .filter(isXmlChar)
    .join("");
}

/** XML 1.0 forbids control characters other than tab, line feed and carriage return. */
function isXmlChar(char: string): boolean {
  const code = char.charCodeAt(0);
  return code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/** RSS 2.0 feed of the public posts in one language, newest first. */
export function rssFeed(lang: Lang, posts: readonly PostSummary[]): string {
  const texts = dictionaryFor(lang).blog;
  const blogUrl = absoluteUrl(localizePath("/blog", lang));
  const feedUrl = absoluteUrl(localizePath("/rss.xml", lang));
  const items = posts.map((post) => {
    const url = absoluteUrl(localizePath(`/blog/${encodeURIComponent(post.slug)}`, lang));
    return [
      "    <item>",
      `      <title>${xmlEscape(post.title)}</title>`,
      `      <link>${xmlEscape(url)}</link>`,
      `      <guid isPermaLink="true">${xmlEscape(url)}</guid>`,
      `      <pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>`,
      `      <description>${xmlEscape(post.excerpt)}</description>`,
      ...post.tags.map((tag) => `      <category>${xmlEscape(tag)}</category>`),
      "    </item>",
    ].join("\n");
  });
  const newest = posts[0]?.publishedAt;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${xmlEscape(texts.feedTitle)}</title>`,
    `    <link>${xmlEscape(blogUrl)}</link>`,
    `    <description>${xmlEscape(texts.feedDescription)}</description>`,
    `    <language>${htmlLang[lang]}</language>`,
    `    <atom:link href="${xmlEscape(feedUrl)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

export interface SitemapEntry {
  /** Language-neutral path, e.g. "/about". */
  path: string;
  /** Last modification, ISO 8601, when known. */
  lastModified?: string;
}

/** A sitemap listing every entry in both languages, each with its `hreflang` alternates. */
export function sitemap(entries: readonly SitemapEntry[]): string {
  const urls = entries.flatMap((entry) =>
    languages.map((lang) => {
      const alternates = [
        ...languages.map(
          (other) =>
            `    <xhtml:link rel="alternate" hreflang="${htmlLang[other]}" href="${xmlEscape(absoluteUrl(localizePath(entry.path, other)))}"/>`,
        ),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(absoluteUrl(entry.path))}"/>`,
      ];
      return [
        "  <url>",
        `    <loc>${xmlEscape(absoluteUrl(localizePath(entry.path, lang)))}</loc>`,
        ...(entry.lastModified ? [`    <lastmod>${entry.lastModified.slice(0, 10)}</lastmod>`] : []),
        ...alternates,
        "  </url>",
      ].join("\n");
    }),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** robots.txt: everything public is crawlable, the admin and auth endpoints are not. */
export function robotsTxt(): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /en/admin",
    "Disallow: /auth",
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml")}`,
    "",
  ].join("\n");
}

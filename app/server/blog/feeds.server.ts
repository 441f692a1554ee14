/**
 * The blog for feed readers and crawlers: RSS 2.0 per language (tags as
 * categories, edits as `atom:updated`, a stylesheet for browsers) and the sitemap with language alternates. Plain string building with every value
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

/**
 * Where a language's feed stylesheet is served (app/routes/rss-stylesheet.ts,
 * made by feed-stylesheet.server.ts): a browser draws the feed as a page.
 */
export const feedStylesheetPath = (lang: Lang) => localizePath("/rss.xsl", lang);

/**
 * RSS 2.0 feed of the public posts in one language, newest first. Its
 * `xml-stylesheet` instruction is for browsers; feed readers ignore it.
 */
export function rssFeed(lang: Lang, posts: readonly PostSummary[]): string {
  const dictionary = dictionaryFor(lang);
  const texts = dictionary.blog;
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
      ...(post.editedAt ? [`      <atom:updated>${new Date(post.editedAt).toISOString()}</atom:updated>`] : []),
      `      <description>${xmlEscape(post.excerpt)}</description>`,
      ...post.tags.map((tag) => `      <category>${xmlEscape(post.tagNames?.[tag] ?? tag)}</category>`),
      "    </item>",
    ].join("\n");
  });
  const newest = posts[0]?.publishedAt;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<?xml-stylesheet type="text/xsl" href="${xmlEscape(feedStylesheetPath(lang))}"?>`,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${xmlEscape(dictionary.meta.feedTitle)}</title>`,
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
  /** The page's path in each language it exists in, e.g. `{ pt: "/about", en: "/en/about" }`. */
  paths: Partial<Record<Lang, string>>;
  /** Last modification, ISO 8601, when known. */
  lastModified?: string;
}

/** An entry for a page that exists in both languages at the same language-neutral path. */
export function inBothLanguages(path: string, lastModified?: string): SitemapEntry {
  return {
    paths: Object.fromEntries(languages.map((lang) => [lang, localizePath(path, lang)])),
    ...(lastModified ? { lastModified } : {}),
  };
}

/**
 * A sitemap listing every entry in each of its languages; a page that exists
 * in both carries its `hreflang` alternates (x-default: the Portuguese one).
 */
export function sitemap(entries: readonly SitemapEntry[]): string {
  const urls = entries.flatMap((entry) => {
    const present = languages.filter((lang) => entry.paths[lang] !== undefined);
    const link = (hreflang: string, path: string) =>
      `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${xmlEscape(absoluteUrl(path))}"/>`;
    const alternates =
      present.length > 1
        ? [
            ...present.map((lang) => link(htmlLang[lang], entry.paths[lang] ?? "")),
            link("x-default", entry.paths.pt ?? entry.paths[present[0] ?? "pt"] ?? ""),
          ]
        : [];
    return present.map((lang) =>
      [
        "  <url>",
        `    <loc>${xmlEscape(absoluteUrl(entry.paths[lang] ?? ""))}</loc>`,
        ...(entry.lastModified ? [`    <lastmod>${entry.lastModified.slice(0, 10)}</lastmod>`] : []),
        ...alternates,
        "  </url>",
      ].join("\n"),
    );
  });
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

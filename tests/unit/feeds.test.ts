import { describe, expect, it } from "vitest";
import { FEED_CSS_PATH, feedStylesheet } from "~/server/blog/feed-stylesheet.server.ts";
import { inBothLanguages, robotsTxt, rssFeed, sitemap, xmlEscape } from "~/server/blog/feeds.server.ts";

describe("xmlEscape", () => {
  it.each([
    ["plain", "plain"],
    ["a < b", "a &lt; b"],
    ["Tom & Jerry", "Tom &amp; Jerry"],
    [`"quoted" 'single'`, "&quot;quoted&quot; &apos;single&apos;"],
    ["]]><script>", "]]&gt;&lt;script&gt;"],
    ["bell\u0007char", "bellchar"],
  ])("%j -> %j", (text, expected) => {
    expect(xmlEscape(text)).toBe(expected);
  });
});

describe("rssFeed", () => {
  const post = {
    id: "a-post",
    lang: "en" as const,
    slug: "a-post",
    title: "Tips & <tricks>",
    excerpt: "Short",
    publishedAt: "2026-01-02T12:00:00.000Z",
    tags: ["node"],
  };

  it("escapes every value and links each post in the feed's language", () => {
    const xml = rssFeed("en", [post]);
    expect(xml).toContain("<title>Tips &amp; &lt;tricks&gt;</title>");
    expect(xml).toMatch(/<link>https?:\/\/[^<]+\/en\/blog\/a-post<\/link>/);
    expect(xml).toContain("<language>en</language>");
    expect(xml).toContain("<pubDate>Fri, 02 Jan 2026 12:00:00 GMT</pubDate>");
    expect(xml).toContain("<category>node</category>");
    expect(xml).not.toContain("atom:updated");
  });

  it("says when a post was edited after it was published", () => {
    const xml = rssFeed("en", [{ ...post, editedAt: "2026-02-03T10:00:00.000Z" }]);
    expect(xml).toContain("<atom:updated>2026-02-03T10:00:00.000Z</atom:updated>");
  });

  it("links Portuguese posts at the unprefixed paths", () => {
    const xml = rssFeed("pt", [post]);
    expect(xml).toMatch(/<link>https?:\/\/[^<]+\/blog\/a-post<\/link>/);
    expect(xml).not.toContain("/en/blog/");
    expect(xml).toContain("<language>pt-BR</language>");
  });
});

describe("the feed drawn as a page in a browser", () => {
  it.each([
    ["pt", "/rss.xsl"],
    ["en", "/en/rss.xsl"],
  ] as const)("the %s feed names its language's stylesheet right after the XML declaration", (lang, href) => {
    const [declaration, instruction, root] = rssFeed(lang, []).split("\n");
    expect(declaration).toBe('<?xml version="1.0" encoding="UTF-8"?>');
    expect(instruction).toBe(`<?xml-stylesheet type="text/xsl" href="${href}"?>`);
    expect(root).toMatch(/^<rss version="2.0"/);
  });

  it.each([
    ["pt", "pt-BR", "Endereço do feed", "Publicado em ", "janeiro", "/newsletter"],
    ["en", "en", "Feed address", "Published on ", "January", "/en/newsletter"],
  ] as const)(
    "the %s stylesheet draws a page in its language",
    (lang, htmlLang, address, published, month, newsletter) => {
      const xsl = feedStylesheet(lang);
      expect(xsl).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<xsl:stylesheet version="1.0"/);
      expect(xsl).toContain(`<html lang="${htmlLang}">`);
      expect(xsl).toContain(`<label for="feed-address">${address}</label>`);
      expect(xsl).toContain(`<p class="date">${published}<xsl:call-template name="date">`);
      expect(xsl).toContain(`<xsl:when test="$month = 'Jan'">${month}</xsl:when>`);
      expect(xsl).toContain(`href="${newsletter}"`);
      expect(xsl).toContain(`<link rel="stylesheet" href="${FEED_CSS_PATH}"/>`);
      // Nothing the site's Content-Security-Policy would refuse in the page it draws.
      expect(xsl).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    },
  );
});

describe("sitemap", () => {
  it("lists each path in both languages with hreflang alternates", () => {
    const xml = sitemap([inBothLanguages("/about"), inBothLanguages("/", "2026-05-01T00:00:00Z")]);
    expect(xml.match(/<url>/g)).toHaveLength(4);
    expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/en\/about<\/loc>/);
    expect(xml).toMatch(/hreflang="pt-BR" href="https?:\/\/[^"]+\/about"/);
    expect(xml).toMatch(/hreflang="x-default"/);
    expect(xml).toContain("<lastmod>2026-05-01</lastmod>");
  });

  it("links translations with different slugs to each other, x-default to the Portuguese one", () => {
    const xml = sitemap([{ paths: { pt: "/blog/ola-mundo", en: "/en/blog/hello-world" } }]);
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml.match(/hreflang="en" href="https?:\/\/[^"]+\/en\/blog\/hello-world"/g)).toHaveLength(2);
    expect(xml.match(/hreflang="x-default" href="https?:\/\/[^"]+\/blog\/ola-mundo"/g)).toHaveLength(2);
  });

  it("lists a page of one language alone, without alternates", () => {
    const xml = sitemap([{ paths: { en: "/en/blog/tag/docker" } }]);
    expect(xml.match(/<url>/g)).toHaveLength(1);
    expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/en\/blog\/tag\/docker<\/loc>/);
    expect(xml).not.toContain("hreflang");
  });
});

describe("robotsTxt", () => {
  it("keeps the admin out and points at the sitemap", () => {
    const text = robotsTxt();
    expect(text).toContain("Disallow: /admin");
    expect(text).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
  });
});

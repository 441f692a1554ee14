/**
 * The feed as a page: an XSLT stylesheet per language that a browser applies
 * to `/rss.xml` (the feed names it in an `xml-stylesheet` instruction), so a
 * person who opens the feed reads what it is, how to follow it and its posts,
 * while a feed reader reads the same XML and ignores the instruction. The page
 * it draws has no script and no inline style (its look is `/feed.css`): the
 * feed's Content-Security-Policy, the site's own, governs the drawn page too.
 * See docs/decisions/056-feeds-drawn-by-xslt.md.
 */
import "~/i18n/all.ts";
import { dictionaryFor, htmlLang, type Lang, localizePath } from "~/i18n";
import { xmlEscape } from "./feeds.server.ts";

/** The drawn page's look, one file for both languages (public/feed.css). */
export const FEED_CSS_PATH = "/feed.css";

/** A pubDate (`Sun, 02 Jan 2000 10:00:00 GMT`) as `formatDate` writes the day, from the parts of a sample. */
function dateTemplate(lang: Lang): string {
  const months = Array.from({ length: 12 }, (_, month) => {
    const name = new Intl.DateTimeFormat(htmlLang[lang], { month: "long", timeZone: "UTC" }).format(
      new Date(Date.UTC(2000, month, 15)),
    );
    const english = new Intl.DateTimeFormat("en", { month: "short", timeZone: "UTC" }).format(
      new Date(Date.UTC(2000, month, 15)),
    );
    return `<xsl:when test="$month = '${english}'">${xmlEscape(name)}</xsl:when>`;
  });
  const sample = new Intl.DateTimeFormat(htmlLang[lang], { dateStyle: "long", timeZone: "UTC" });
  const parts = sample.formatToParts(new Date(Date.UTC(2000, 0, 2))).map((part) => {
    if (part.type === "day") return `<xsl:value-of select="number($day)"/>`;
    if (part.type === "year") return `<xsl:value-of select="$year"/>`;
    if (part.type === "month") return `<xsl:choose>${months.join("")}</xsl:choose>`;
    return `<xsl:text>${xmlEscape(part.value)}</xsl:text>`;
  });
  return `<xsl:template name="date">
    <xsl:param name="pubDate"/>
    <xsl:variable name="day" select="substring($pubDate, 6, 2)"/>
    <xsl:variable name="month" select="substring($pubDate, 9, 3)"/>
    <xsl:variable name="year" select="substring($pubDate, 13, 4)"/>
    <xsl:variable name="monthNumber" select="string-length(substring-before('JanFebMarAprMayJunJulAugSepOctNovDec', $month)) div 3 + 1"/>
    <time datetime="{$year}-{format-number($monthNumber, '00')}-{$day}">${parts.join("")}</time>
  </xsl:template>`;
}

/**
 * The XSLT 1.0 stylesheet that draws a language's feed as a page: the blog's
 * name, what a feed is and how to subscribe (the feed's own address, to copy
 * into a feed reader), the newsletter for those who prefer mail, then every
 * post with its link, date and summary.
 */
export function feedStylesheet(lang: Lang): string {
  const dictionary = dictionaryFor(lang);
  const texts = dictionary.blog.feedPage;
  const [publishedBefore = "", publishedAfter = ""] = dictionary.blog.publishedOn.split("{date}");
  const text = (value: string) => xmlEscape(value);
  return `<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:atom="http://www.w3.org/2005/Atom" exclude-result-prefixes="atom">
  <xsl:output method="html" encoding="UTF-8" doctype-system="about:legacy-compat" indent="no"/>
  <xsl:template match="/">
    <html lang="${htmlLang[lang]}">
      <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <meta name="robots" content="noindex"/>
        <title><xsl:value-of select="rss/channel/title"/> · ${text(texts.label)}</title>
        <link rel="stylesheet" href="${FEED_CSS_PATH}"/>
      </head>
      <body>
        <main>
          <header class="intro">
            <p class="label">${text(texts.label)}</p>
            <h1><xsl:value-of select="rss/channel/title"/></h1>
            <p class="description"><xsl:value-of select="rss/channel/description"/></p>
            <p>${text(texts.intro)}</p>
            <p>${text(texts.howTo)}</p>
            <label for="feed-address">${text(texts.address)}</label>
            <input id="feed-address" type="text" readonly="readonly" value="{rss/channel/atom:link[@rel='self']/@href}"/>
            <p class="links">
              <a href="{rss/channel/link}">${text(texts.visitBlog)}</a>
              <span>${text(texts.byMail)} <a href="${localizePath("/newsletter", lang)}">${text(texts.newsletter)}</a></span>
            </p>
          </header>
          <section aria-labelledby="posts">
            <h2 id="posts">${text(texts.posts)}</h2>
            <ol class="posts">
              <xsl:for-each select="rss/channel/item">
                <li>
                  <h3><a href="{link}"><xsl:value-of select="title"/></a></h3>
                  <p class="date">${text(publishedBefore)}<xsl:call-template name="date"><xsl:with-param name="pubDate" select="pubDate"/></xsl:call-template>${text(publishedAfter)}</p>
                  <p><xsl:value-of select="description"/></p>
                </li>
              </xsl:for-each>
            </ol>
          </section>
        </main>
      </body>
    </html>
  </xsl:template>
  ${dateTemplate(lang)}
</xsl:stylesheet>
`;
}

/**
 * What the production server's pages and documents say, read from the
 * responses as a crawler, a feed reader or a link preview reads them: each
 * page's title, description, Open Graph tags, canonical address and language
 * alternates; the feeds, the sitemap and robots.txt; the structured data of an
 * article, the about page and each service; the server's own address in all of them (decision 041). One server
 * of the tested build for every test here; what a person sees and does on the
 * pages is the browser layer's (tests/e2e).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/i18n/en.ts";
import { localizePath } from "../../app/i18n/paths.ts";
import { readBuildRecord } from "../../config/build-record.ts";
import { limit } from "../harness/host-speed.ts";
import { pagesWithOwnHead as paths, servicePrices as prices, routeTable } from "../helpers/portfolio-pages.ts";
import { type TestBuild, testBuild } from "./helpers/build.ts";
import { headingOf, htmlLang, jsonLd, linkHref, metaContent, titleOf } from "./helpers/html.ts";
import { type SiteProcess, startSiteProcess } from "./helpers/site-process.ts";
import { descendants, parseXml } from "./helpers/xml.ts";

let build: TestBuild | undefined;
let site: SiteProcess | undefined;

beforeAll(async () => {
  build = await testBuild("served-pages");
  // Every request comes from 127.0.0.1: the flood limits are tested elsewhere (flood-limits.test.ts).
  site = await startSiteProcess(build.dir, { RENDER_RATE_LIMIT: "0", SEARCH_RATE_LIMIT: "0" });
}, limit(600_000));

afterAll(async () => {
  await site?.stop();
  build?.remove();
}, limit(60_000));

/** The server's address, as its PUBLIC_URL names it. */
const served = () => site?.origin ?? "";

async function text(pathname: string): Promise<string> {
  return (await fetch(`${served()}${pathname}`)).text();
}

describe("the route table", () => {
  for (const lang of ["pt", "en"] as const) {
    it(`every route answers 200 with its heading, its language and a title (${lang})`, async () => {
      for (const { path, heading } of routeTable) {
        const url = localizePath(path, lang);
        const response = await fetch(`${served()}${encodeURI(url)}`);
        expect(response.status, url).toBe(200);
        const html = await response.text();
        // The home page's heading carries the typewriter; it always includes the full name.
        if (path === "/") expect(headingOf(html), url).toContain(heading[lang]);
        else expect(headingOf(html), url).toBe(heading[lang]);
        expect(htmlLang(html), url).toBe(lang === "pt" ? "pt-BR" : "en");
        expect(titleOf(html), url).toMatch(/\S/);
      }
    });
  }
});

describe("each page's head", () => {
  for (const lang of ["pt", "en"] as const) {
    it(`every page has its own title, description and Open Graph tags (${lang})`, async () => {
      const titles = new Set<string>();
      for (const path of paths) {
        const url = localizePath(path, lang);
        const html = await text(url);
        const title = titleOf(html);
        expect(title, url).toMatch(/· Rafael Werneck$/);
        titles.add(title);
        expect(metaContent(html, "name", "description"), url).toMatch(/.{20,}/);
        expect(metaContent(html, "property", "og:title"), url).toBe(title);
        expect(metaContent(html, "property", "og:locale"), url).toBe(lang === "pt" ? "pt_BR" : "en_US");
        expect(htmlLang(html), url).toBe(lang === "pt" ? "pt-BR" : "en");
      }
      expect(titles.size).toBe(paths.length);
    });
  }

  it("each page names its canonical URL and both language alternates", async () => {
    const html = await text("/en/about");
    expect(linkHref(html, { rel: "canonical" })).toMatch(/\/en\/about$/);
    expect(linkHref(html, { rel: "alternate", hreflang: "pt-BR" })).toMatch(/[^n]\/about$/);
    expect(linkHref(html, { rel: "alternate", hreflang: "en" })).toMatch(/\/en\/about$/);
    expect(linkHref(html, { rel: "alternate", hreflang: "x-default" })).toMatch(/[^n]\/about$/);
    expect(metaContent(html, "name", "description")).toBe(en.pages.about.description);
    expect(metaContent(html, "property", "og:title")).toMatch(/About me/);
  });

  it("an article carries article metadata for link previews and search engines", async () => {
    const html = await text("/en/blog/cloud-solutions");
    expect(metaContent(html, "property", "og:type")).toBe("article");
    expect(metaContent(html, "property", "article:published_time")).toMatch(/^\d{4}-/);
    expect(metaContent(html, "name", "twitter:card")).toMatch(/summary/);
    expect(jsonLd(html)[0]).toMatchObject({
      "@type": "BlogPosting",
      inLanguage: "en",
      headline: "Cloud solutions for small businesses",
    });
  });
});

describe("structured data", () => {
  for (const lang of ["pt", "en"] as const) {
    it(`the about page names its person (${lang})`, async () => {
      const [person] = jsonLd(await text(localizePath("/about", lang))).filter((item) => item["@type"] === "Person");
      expect(person?.name).toBe("Rafael Werneck");
    });

    for (const [id, price] of Object.entries(prices[lang])) {
      it(`the ${id} page offers it in ${lang === "pt" ? "reais" : "dollars"} (${lang})`, async () => {
        const [service] = jsonLd(await text(localizePath(`/services/${id}`, lang))).filter(
          (item) => item["@type"] === "Service",
        );
        const offers = service?.offers as { priceCurrency: string; price: number };
        expect(offers.priceCurrency).toBe(lang === "pt" ? "BRL" : "USD");
        expect(String(offers.price)).toBe(price.replace(/[^\d]/g, ""));
      });
    }
  }
});

describe("the feeds, the sitemap and robots.txt", () => {
  it("each language has an RSS feed of every article, discoverable from every page", async () => {
    expect(linkHref(await text("/about"), { rel: "alternate", type: "application/rss+xml" })).toBe("/rss.xml");
    expect(linkHref(await text("/en/about"), { rel: "alternate", type: "application/rss+xml" })).toBe("/en/rss.xml");

    for (const [path, prefix] of [
      ["/rss.xml", "/blog/"],
      ["/en/rss.xml", "/en/blog/"],
    ] as const) {
      const response = await fetch(`${served()}${path}`);
      // application/xml: a browser shows it (drawn by its stylesheet), where some download application/rss+xml.
      expect(response.headers.get("content-type")).toContain("application/xml");
      const { error, root } = parseXml(await response.text());
      expect(error).toBeNull();
      expect(root?.name).toBe("rss");
      const itemLinks = (root ? descendants(root, "item") : []).flatMap((item) =>
        item.children.filter((child) => child.name === "link").map((link) => link.text),
      );
      expect(itemLinks.length).toBeGreaterThanOrEqual(5);
      for (const id of [
        "bot-discord",
        "fullstack-development",
        "cloud-solutions",
        "web-automation",
        "project-management",
      ]) {
        expect(itemLinks.map((link) => new URL(link).pathname)).toContain(`${prefix}${id}`);
      }
      for (const link of itemLinks) expect(new URL(link).pathname.startsWith(prefix)).toBe(true);
    }
  });

  it("the sitemap lists every public page in both languages with alternates, tag pages included", async () => {
    const { error, root } = parseXml(await text("/sitemap.xml"));
    expect(error).toBeNull();
    expect(root?.name).toBe("urlset");
    const urls = root ? descendants(root, "url") : [];
    const locs = root ? descendants(root, "loc").map((loc) => loc.text) : [];
    const paths = locs.map((loc) => decodeURIComponent(new URL(loc).pathname));
    for (const path of [
      "/",
      "/en",
      "/about",
      "/en/about",
      "/projects/site-da-família-werneck",
      "/blog/bot-discord",
      "/en/blog/project-management",
    ]) {
      expect(paths).toContain(path);
    }
    expect(paths.some((path) => path.includes("admin"))).toBe(false);
    expect(paths).toContain("/blog/tag/discord");
    expect(paths).toContain("/en/blog/tag/discord");
    // A page in both languages names both and x-default (the static articles' tag pages too);
    // a post written in one language only names none.
    const alternatesPerUrl = Object.fromEntries(
      urls.map((url) => [descendants(url, "loc")[0]?.text ?? "", descendants(url, "xhtml:link").length]),
    );
    for (const [loc, count] of Object.entries(alternatesPerUrl)) {
      const path = decodeURIComponent(new URL(loc).pathname);
      const known = !path.includes("/blog/") || /\/blog\/(bot-discord|project-management|tag\/discord)$/.test(path);
      if (known) expect(count, path).toBe(3);
      else expect([0, 3], path).toContain(count);
    }
  });

  it("robots.txt keeps the admin out and points at the sitemap", async () => {
    const robots = await text("/robots.txt");
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toMatch(/Sitemap: \S+\/sitemap\.xml/);
  });
});

describe("the server's address (PUBLIC_URL)", () => {
  const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

  it("feeds, the sitemap, rendered and prerendered pages name the server's address", async () => {
    const built = readBuildRecord(build?.dir ?? "")?.publicUrl;
    expect(built, "the build records the address its pages were made with").toBeDefined();

    expect(await text("/rss.xml")).toContain(`<link>${served()}/blog</link>`);
    expect(await text("/en/rss.xml")).toContain(`<link>${served()}/en/blog</link>`);
    expect(await text("/sitemap.xml")).toContain(`<loc>${served()}/about</loc>`);
    expect(await text("/robots.txt")).toContain(`Sitemap: ${served()}/sitemap.xml`);
    expect(canonical(await text("/blog/search?q=docker"))).toBe(`${served()}/blog/search`);
    expect(canonical(await text("/blog/bot-discord"))).toBe(`${served()}/blog/bot-discord`);

    // Prerendered: written by the build, rewritten by the server when the build's address was another.
    const about = await text("/about");
    expect(canonical(about)).toBe(`${served()}/about`);
    expect(about).toContain(`<meta property="og:url" content="${served()}/about"/>`);
    expect(about).toContain(`"url":"${served()}/about"`);
    if (built !== served()) expect(about).not.toContain(`"${built}`);
  });
});

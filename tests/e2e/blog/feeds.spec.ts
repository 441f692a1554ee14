import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { allAxeRules, expect, test } from "../fixtures.ts";

/** Parses XML with the browser's own parser; a malformed document fails the test. */
async function parseXml(page: Page, xml: string) {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    const error = doc.querySelector("parsererror")?.textContent ?? null;
    return {
      error,
      root: doc.documentElement.nodeName,
      itemLinks: [...doc.querySelectorAll("item > link")].map((n) => n.textContent ?? ""),
      locs: [...doc.getElementsByTagName("loc")].map((n) => n.textContent ?? ""),
      alternatesPerUrl: Object.fromEntries(
        [...doc.getElementsByTagName("url")].map((url) => [
          url.getElementsByTagName("loc")[0]?.textContent ?? "",
          url.getElementsByTagName("xhtml:link").length,
        ]),
      ),
    };
  }, xml);
}

test("each language has an RSS feed of every article, discoverable from every page", async ({ page, request }) => {
  await page.goto("/about");
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/rss.xml");
  await page.goto("/en/about");
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    "href",
    "/en/rss.xml",
  );

  for (const [path, prefix] of [
    ["/rss.xml", "/blog/"],
    ["/en/rss.xml", "/en/blog/"],
  ] as const) {
    const response = await request.get(path);
    // application/xml: a browser shows it (drawn by its stylesheet), where some download application/rss+xml.
    expect(response.headers()["content-type"]).toContain("application/xml");
    const feed = await parseXml(page, await response.text());
    expect(feed.error).toBeNull();
    expect(feed.root).toBe("rss");
    expect(feed.itemLinks.length).toBeGreaterThanOrEqual(5);
    for (const id of [
      "bot-discord",
      "fullstack-development",
      "cloud-solutions",
      "web-automation",
      "project-management",
    ]) {
      expect(feed.itemLinks.map((link) => new URL(link).pathname)).toContain(`${prefix}${id}`);
    }
    for (const link of feed.itemLinks) expect(new URL(link).pathname.startsWith(prefix)).toBe(true);
  }
});

/**
 * The browser's own notice on a page drawn by XSLT (Chromium's `xslt-warning-banner`, which says the browser is
 * removing XSLT) is no part of the page: its inline styles, which the feed's policy refuses, are not the site's,
 * and axe leaves it out. Every other refusal fails the test, as everywhere.
 */
const feedPageTest = test.extend({
  cspViolations: async ({ page }, use) => {
    const violations: string[] = [];
    await page.exposeFunction("__reportFeedCsp", (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        if ((event.target as Element | null)?.localName === "xslt-warning-banner") return;
        (window as unknown as { __reportFeedCsp: (t: string) => void }).__reportFeedCsp(
          `${event.violatedDirective} blocked ${event.blockedURI} on ${location.pathname}`,
        );
      });
    });
    await use(violations);
  },
});

for (const [lang, path, heading, address, blog] of [
  ["pt", "/rss.xml", "Blog de Rafael Werneck", "Endereço do feed", "Ir para o blog"],
  ["en", "/en/rss.xml", "Rafael Werneck's blog", "Feed address", "Go to the blog"],
] as const) {
  for (const scheme of ["light", "dark"] as const) {
    feedPageTest(
      `a person who opens the ${lang} feed reads a page: what it is, how to follow it, its posts (${scheme})`,
      async ({ page, cspViolations }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expect(page.locator("html")).toHaveAttribute("lang", lang === "pt" ? "pt-BR" : "en");
        // The address to copy into a feed reader is the feed's own.
        await expect(page.getByRole("textbox", { name: address })).toHaveValue(
          new RegExp(`${path.replace(".", "\\.")}$`),
        );
        await expect(page.getByRole("link", { name: blog })).toHaveAttribute("href", /\/blog$/);
        const posts = page.locator("main").getByRole("listitem");
        expect(await posts.count()).toBeGreaterThanOrEqual(5);
        await expect(posts.first().getByRole("link")).toHaveAttribute(
          "href",
          new RegExp(lang === "pt" ? "/blog/" : "/en/blog/"),
        );
        await expect(posts.first().locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
        // Drawn with the site's own stylesheet, in the reader's theme.
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(background).toBe(scheme === "dark" ? "rgb(9, 9, 11)" : "rgb(255, 255, 255)");
        const results = await new AxeBuilder({ page })
          .withRules(allAxeRules)
          .exclude("xslt-warning-banner")
          .setLegacyMode()
          .options({ resultTypes: ["violations"] })
          .analyze();
        const serious = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        expect(serious, serious.join("\n")).toEqual([]);
        expect(cspViolations, cspViolations.join("\n")).toEqual([]);
      },
    );
  }
}

test("the sitemap lists every public page in both languages with alternates, tag pages included", async ({
  page,
  request,
}) => {
  const map = await parseXml(page, await (await request.get("/sitemap.xml")).text());
  expect(map.error).toBeNull();
  expect(map.root).toBe("urlset");
  const paths = map.locs.map((loc) => decodeURIComponent(new URL(loc).pathname));
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
  // a post written in one language only (as other tests publish) names none.
  for (const [loc, count] of Object.entries(map.alternatesPerUrl)) {
    const path = decodeURIComponent(new URL(loc).pathname);
    const known = !path.includes("/blog/") || /\/blog\/(bot-discord|project-management|tag\/discord)$/.test(path);
    if (known) expect(count, path).toBe(3);
    else expect([0, 3], path).toContain(count);
  }
});

test("robots.txt keeps the admin out and points at the sitemap", async ({ request }) => {
  const text = await (await request.get("/robots.txt")).text();
  expect(text).toContain("Disallow: /admin");
  expect(text).toMatch(/Sitemap: \S+\/sitemap\.xml/);
});

import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures.ts";

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
    expect(response.headers()["content-type"]).toContain("application/rss+xml");
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

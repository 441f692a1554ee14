/**
 * PUBLIC_URL is the server's (decision 041). The shared server runs with its
 * own address on a build made without one, so every document it sends, and
 * the page React has hydrated and navigated, must name the server's address.
 */
import { readBuildRecord } from "../../../config/build-record.ts";
import { expect, test, waitForHydration } from "../fixtures.ts";

const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

test("feeds, the sitemap, rendered and prerendered pages name the server's address", async ({ request, baseURL }) => {
  const served = new URL(baseURL ?? "").origin;
  const built = readBuildRecord(process.env.BUILD_DIR || "build")?.publicUrl;
  expect(built, "the build records the address its pages were made with").toBeDefined();

  expect(await (await request.get("/rss.xml")).text()).toContain(`<link>${served}/blog</link>`);
  expect(await (await request.get("/en/rss.xml")).text()).toContain(`<link>${served}/en/blog</link>`);
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`<loc>${served}/about</loc>`);
  expect(await (await request.get("/robots.txt")).text()).toContain(`Sitemap: ${served}/sitemap.xml`);
  expect(canonical(await (await request.get("/blog/search?q=docker")).text())).toBe(`${served}/blog/search`);
  expect(canonical(await (await request.get("/blog/bot-discord")).text())).toBe(`${served}/blog/bot-discord`);

  // Prerendered: written by the build, rewritten by the server when the build's address was another.
  const about = await (await request.get("/about")).text();
  expect(canonical(about)).toBe(`${served}/about`);
  expect(about).toContain(`<meta property="og:url" content="${served}/about"/>`);
  expect(about).toContain(`"url":"${served}/about"`);
  if (built !== served) expect(about).not.toContain(`"${built}`);
});

test("a page keeps the server's address once hydrated and names it on the next page", async ({ page, baseURL }) => {
  const served = new URL(baseURL ?? "").origin;
  const link = page.locator('link[rel="canonical"]');
  await page.goto("/en/about");
  await waitForHydration(page);
  await expect(link).toHaveAttribute("href", `${served}/en/about`);
  // A navigation in the page: React Router renders the next page's tags in the browser.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.locator('footer a[href="/en/projects"]').click();
  await expect(page).toHaveURL(/\/en\/projects$/);
  expect(await page.evaluate(() => "sameDocument" in window), "navigated without loading a page").toBe(true);
  await expect(link).toHaveAttribute("href", `${served}/en/projects`);
  await expect(page.locator('link[rel="alternate"][hreflang="pt-BR"]')).toHaveAttribute("href", `${served}/projects`);
});

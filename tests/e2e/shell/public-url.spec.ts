/**
 * PUBLIC_URL is the server's (decision 041). The shared server runs with its
 * own address on a build made without one, so every document it sends, and
 * the page React has hydrated and navigated, must name the server's address.
 * What the documents it sends say is read over HTTP (tests/server/served-pages.test.ts);
 * here, the page once React has hydrated it and navigated.
 */
import { expect, test, waitForHydration } from "../fixtures.ts";

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

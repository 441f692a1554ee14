import type { Page } from "@playwright/test";
import { expect, firstFrames, recordFirstFrames, storePreferences, test, waitForHydration } from "../fixtures.ts";

/** Keeps React from ever loading, so whatever is seen comes from the HTML and its head script. */
async function blockAppScripts(page: Page) {
  await page.route("**/assets/*.js", (route) => route.abort());
}

test("light is the default theme", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#ffffff");
});

test("the theme toggle saves the choice and it survives a reload", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  await page.getByTestId("theme-toggle").click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("dark");
  await page.getByTestId("theme-toggle").click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
});

test("a stored dark theme is applied before the first paint, without the app's JavaScript", async ({ page }) => {
  await storePreferences(page, { theme: "dark" });
  await recordFirstFrames(page);
  await blockAppScripts(page);
  await page.goto("/career");
  await expect.poll(() => firstFrames(page)).toEqual([expect.objectContaining({ path: "/career", dark: true })]);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#09090b");
});

test("the language toggle goes to the same page in English and remembers it", async ({ page }) => {
  await page.goto("/services");
  await waitForHydration(page);
  await page.getByTestId("language-toggle").click();
  await expect(page).toHaveURL(/\/en\/services$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Services");
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");
  await page.reload();
  await expect(page).toHaveURL(/\/en\/services$/);
  await page.getByTestId("language-toggle").click();
  // The Portuguese address itself: a pattern ending in /services matched /en/services before the toggle had gone.
  await expect.poll(() => new URL(page.url()).pathname).toBe("/services");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Serviços");
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("pt");
});

test("a returning English reader who opens a Portuguese URL lands in English without seeing Portuguese", async ({
  page,
}) => {
  await storePreferences(page, { language: "en" });
  await recordFirstFrames(page);
  await blockAppScripts(page);
  await page.goto("/career?ref=mail#story");
  await expect(page).toHaveURL(/\/en\/career\?ref=mail#story$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My career");
  await expect.poll(async () => (await firstFrames(page)).at(-1)).toMatchObject({ path: "/en/career", hidden: false });
  // The Portuguese document, if it painted at all, was hidden from its first frame until it was replaced.
  for (const frame of (await firstFrames(page)).filter((f) => f.path === "/career")) expect(frame.hidden).toBe(true);
});

test("an address under /en opens in English for a reader who chose Portuguese, and the toggle is one tap away", async ({
  page,
}) => {
  await storePreferences(page, { language: "pt" });
  await recordFirstFrames(page);
  await page.goto("/en/about?ref=share#top");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About me");
  await expect(page).toHaveURL(/\/en\/about\?ref=share#top$/);
  await expect.poll(() => firstFrames(page)).toEqual([expect.objectContaining({ path: "/en/about", hidden: false })]);
  // The choice stays the reader's: a Portuguese address still opens in Portuguese,
  await page.goto("/career");
  await expect(page).toHaveURL(/\/career$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Minha carreira");
  // and the toggle of an English page goes to Portuguese.
  await page.goto("/en/services");
  await waitForHydration(page);
  await page.getByTestId("language-toggle").click();
  // The Portuguese address itself: a pattern ending in /services matched /en/services before the toggle had gone.
  await expect.poll(() => new URL(page.url()).pathname).toBe("/services");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Serviços");
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("pt");
});

test("visitors without a stored choice, crawlers included, are never redirected", async ({ page, request }) => {
  const response = await request.get("/about", {
    headers: { "user-agent": "Googlebot/2.1", "accept-language": "en-US" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(200);
  await page.goto("/en/about");
  await expect(page).toHaveURL(/\/en\/about$/);
  await page.goto("/about");
  await expect(page).toHaveURL(/\/about$/);
});

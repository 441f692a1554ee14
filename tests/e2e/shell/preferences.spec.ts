import type { Page } from "@playwright/test";
import { expect, storePreferences, test, waitForHydration } from "../fixtures.ts";

/**
 * Records, in every document, the state of the page at the moment its body
 * first gets content: the theme class, and whether anything was visible. The
 * record lives in `window.name`, which survives same-tab navigations.
 */
async function recordFirstPaintState(page: Page) {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body || document.body.childElementCount === 0) return;
      observer.disconnect();
      const root = document.documentElement;
      const entry = {
        path: location.pathname,
        dark: root.classList.contains("dark"),
        hidden: root.style.visibility === "hidden",
      };
      window.name = JSON.stringify([...(window.name ? JSON.parse(window.name) : []), entry]);
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

const firstPaints = (page: Page) =>
  page.evaluate(() => JSON.parse(window.name || "[]") as { path: string; dark: boolean; hidden: boolean }[]);

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
  await recordFirstPaintState(page);
  await blockAppScripts(page);
  await page.goto("/career");
  const [first] = await firstPaints(page);
  expect(first).toMatchObject({ path: "/career", dark: true });
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
  await expect(page).toHaveURL(/\/services$/);
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("pt");
});

test("a returning English reader who opens a Portuguese URL lands in English without seeing Portuguese", async ({
  page,
}) => {
  await storePreferences(page, { language: "en" });
  await recordFirstPaintState(page);
  await blockAppScripts(page);
  await page.goto("/career?ref=mail#story");
  await expect(page).toHaveURL(/\/en\/career\?ref=mail#story$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My career");
  const paints = await firstPaints(page);
  // The Portuguese document was hidden from its first content until it was replaced.
  for (const paint of paints.filter((p) => p.path === "/career")) expect(paint.hidden).toBe(true);
  expect(paints.at(-1)).toMatchObject({ path: "/en/career", hidden: false });
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

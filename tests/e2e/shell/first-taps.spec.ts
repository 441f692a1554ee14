import type { Page } from "@playwright/test";
import { expect, test, waitForPageScript } from "../fixtures.ts";

/**
 * A reader's first taps come before the app has loaded, twice in a row, or
 * while the page hydrates; each is answered once and in order, and the page
 * React takes over is the one the taps left (issue of the budgets on every
 * host, its bad input). The page script answers the theme and the menu
 * (app/first-paint/page-script/); React must neither undo nor repeat them.
 */
test.use({ hasTouch: true, viewport: { width: 375, height: 760 } });

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));
const hydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === "true");
const menuOpen = async (page: Page) =>
  (await page.getByTestId("mobile-menu-button").getAttribute("aria-expanded")) === "true";

test("taps before the app, twice in a row and while it hydrates are each answered once", async ({ page }) => {
  await page.goto("/en/about");
  await waitForPageScript(page);
  expect(await hydrated(page)).toBe(false);
  const theme = page.getByTestId("theme-toggle");
  const menu = page.getByTestId("mobile-menu-button");
  const startedDark = await isDark(page);

  // A double tap on the theme: two flips, back where it was, and so it is stored (each flip runs in
  // the task after its tap's: the second is awaited through what it stores).
  await theme.tap();
  await theme.tap();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("theme"))).toBe(startedDark ? "dark" : "light");
  expect(await isDark(page)).toBe(startedDark);
  // A double tap on the menu: opened, then closed.
  await menu.tap();
  await menu.tap();
  expect(await menuOpen(page)).toBe(false);
  await expect(page.getByTestId("mobile-menu")).toBeHidden();
  // One more tap on each, still before the app: the menu open, the other theme.
  await theme.tap();
  await menu.tap();
  expect(await hydrated(page)).toBe(false);

  // The app takes the page over as the taps left it.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  expect(await isDark(page)).toBe(!startedDark);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe(startedDark ? "light" : "dark");
  expect(await menuOpen(page)).toBe(true);
  await expect(page.getByTestId("mobile-menu")).toBeVisible();

  // Once hydrated, a tap is answered once, not by the page script and React both.
  await menu.tap();
  expect(await menuOpen(page)).toBe(false);
  await theme.tap();
  await expect.poll(() => isDark(page)).toBe(startedDark);
});

test("taps on the menu while the page hydrates are each answered once, in order", async ({ page }) => {
  await page.goto("/en/blog");
  await waitForPageScript(page);
  // The app's code is held on its way, so the taps below land while the hydration is under way.
  let letGo = () => {};
  const arrived = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  let asked = 0;
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    asked++;
    await arrived;
    await route.continue();
  });
  const menu = page.getByTestId("mobile-menu-button");
  // A touch elsewhere releases the hydration at once.
  await page.touchscreen.tap(5, 700);
  await expect.poll(() => asked).toBeGreaterThan(0);
  for (let taps = 1; taps <= 3; taps++) {
    await menu.tap();
    expect(await menuOpen(page), `after ${taps} taps`).toBe(taps % 2 === 1);
  }
  expect(await hydrated(page)).toBe(false);
  letGo();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  expect(await menuOpen(page)).toBe(true);
  await expect(page.getByTestId("mobile-menu")).toBeVisible();
  await menu.tap();
  expect(await menuOpen(page)).toBe(false);
  await expect(page.getByTestId("mobile-menu")).toBeHidden();
});

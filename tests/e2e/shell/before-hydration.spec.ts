import type { Page } from "@playwright/test";
import { expect, test, waitForPageScript } from "../fixtures.ts";

/**
 * Every control of a page to read works from the first paint, before React
 * hydrates it (app/first-paint/held-hydration.ts): here the app's scripts never
 * arrive, only the page script (app/first-paint/page-script/) and the browser work them.
 */
test.beforeEach(async ({ page }) => {
  await page.route(/\/assets\/.+\.js$/, (route) =>
    /\/assets\/enhance-[\w-]+\.js$/.test(route.request().url()) ? route.continue() : route.abort(),
  );
});

test.afterEach(async ({ page }) => {
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
});

/** Opens a page and waits for its page script, which loads once the page has painted. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForPageScript(page);
}

test("the theme button switches, names the next theme, and the choice survives a reload", async ({ page }) => {
  await open(page, "/en/about");
  const toggle = page.getByTestId("theme-toggle");
  await expect(toggle).toHaveAccessibleName("Use dark theme");
  await toggle.click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(toggle).toHaveAccessibleName("Use light theme");
  await open(page, "/en/about");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.getByTestId("theme-toggle")).toHaveAccessibleName("Use light theme");
  await page.getByTestId("theme-toggle").press("Enter");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
});

test("the theme changes every color at once: no transition runs for it, and hovers transition again after", async ({
  page,
}) => {
  await open(page, "/en");
  // The hero's buttons and the header's links transition their colors on hover.
  const transitions = () => document.getAnimations().filter((animation) => animation instanceof CSSTransition).length;
  expect(await page.locator(".transition").count()).toBeGreaterThan(20);
  await page.getByTestId("theme-toggle").click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await page.evaluate(transitions)).toBe(0);
  // The switch's class goes once the new theme is painted: the page's transitions are back.
  await expect(page.locator("html")).not.toHaveClass(/theme-switching/);
  expect(
    await page.evaluate(() => getComputedStyle(document.querySelector(".transition") as Element).transitionProperty),
  ).not.toBe("none");
});

test("the language link goes to the other language and remembers the choice", async ({ page }) => {
  await open(page, "/about");
  await page.getByTestId("language-toggle").click();
  await expect(page).toHaveURL(/\/en\/about$/);
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");
});

test("the Portfolio dropdown opens by keyboard, closes on Escape and outside", async ({ page }) => {
  await open(page, "/");
  const button = page.getByRole("button", { name: "Portfolio" });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("banner").getByRole("link", { name: "Projetos", exact: true })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toBeFocused();
  await button.click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Empresas", exact: true })).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await button.click();
  await page.getByRole("banner").getByRole("link", { name: "Empresas", exact: true }).click();
  await expect(page).toHaveURL(/\/companies$/);
});

test("the tabs follow the arrow keys and the URL hash", async ({ page }) => {
  await open(page, "/about#education");
  await expect(page.getByRole("tab", { name: "Formação" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText("Universidade Federal de Pernambuco");
  await page.getByRole("tab", { name: "Formação" }).focus();
  await page.keyboard.press("Home");
  await expect(page.getByRole("tab", { name: "Perfil" })).toBeFocused();
  await expect(page).not.toHaveURL(/#/);
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Experiência" })).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/#experience$/);
  await expect(page.getByRole("tabpanel")).toHaveCount(1);
});

test("the FAQ, the typewriter and the copy buttons work", async ({ page, context }) => {
  await open(page, "/en");
  await expect(page.getByTestId("typewriter")).toHaveAttribute("data-animated", "true");
  const question = page.locator("#faq summary").first();
  await question.press("Enter");
  await expect(page.locator("#faq details").first()).toHaveAttribute("open", "");

  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await open(page, "/en/blog/web-automation");
  const block = page.locator(".article-body .code-block").first();
  await block.getByRole("button").click();
  await expect(block.getByRole("button")).toHaveText("Copied!");
  await expect(page.locator("body > [data-copy-status]")).toHaveText("Copied!");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await block.locator("pre").textContent());
});

test("the blog's search box searches", async ({ page }) => {
  await open(page, "/en/blog");
  await page.getByRole("searchbox", { name: "Search the blog" }).fill("discord");
  await page.getByRole("searchbox", { name: "Search the blog" }).press("Enter");
  await expect(page).toHaveURL(/\/en\/blog\/search\?q=discord$/);
  await expect(page.locator("main")).toContainText(/discord/i);
});

test.describe("on a 375 px phone, by touch", () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test("the menu opens and closes, and names what its button does", async ({ page }) => {
    await open(page, "/");
    const button = page.getByTestId("mobile-menu-button");
    await expect(button).toHaveAccessibleName("Abrir menu");
    await button.tap();
    await expect(page.getByTestId("mobile-menu")).toBeVisible();
    await expect(button).toHaveAccessibleName("Fechar menu");
    await button.tap();
    await expect(page.getByTestId("mobile-menu")).toBeHidden();
    await button.tap();
    await page.getByTestId("mobile-menu").getByRole("link", { name: "Sobre" }).tap();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByTestId("mobile-menu")).toBeHidden();
  });
});

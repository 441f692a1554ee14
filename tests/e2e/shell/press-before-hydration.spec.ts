import type { Page } from "@playwright/test";
import { fromOwnAddress, openedAMinuteAgo, texts } from "../contact/helpers.ts";
import { expect, test, waitForPageScript } from "../fixtures.ts";

/**
 * A press that needs the app, made before the page has hydrated, is finished
 * once it has; a control the page script answers (the contact dialog) does
 * not wait for it; text typed before then is kept. The app's scripts are held
 * on the way here until the test lets them through, so the press always
 * comes first, as it does on a slow phone.
 */
async function holdAppScripts(page: Page): Promise<() => void> {
  let letThrough: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    if (!/\/assets\/enhance-[\w-]+\.js$/.test(route.request().url())) await gate;
    await route.continue();
  });
  return letThrough;
}

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

test("the contact button opens its dialog at once, before the page has hydrated", async ({ page }) => {
  const letThrough = await holdAppScripts(page);
  await page.goto("/en");
  await waitForPageScript(page);
  const opener = page.getByTestId("home-hero").getByRole("button", { name: "Contact me" });
  await opener.click();
  // The page script opens it: nothing of the app has run.
  const dialog = page.getByRole("dialog", { name: "Let's talk" });
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(opener).toBeFocused();
  // Hydration leaves it working: opened again, closed by its button.
  letThrough();
  await hydrated(page);
  await opener.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("the terminal launcher pressed by keyboard before hydration opens the terminal", async ({ page }) => {
  const letThrough = await holdAppScripts(page);
  await page.goto("/");
  await waitForPageScript(page);
  const launcher = page.getByTestId("terminal-button");
  await launcher.focus();
  await page.keyboard.press("Enter");
  await expect(launcher).toHaveAttribute("aria-busy", "true");
  letThrough();
  await expect(page.getByTestId("terminal")).toBeVisible();
});

test("what is typed into the contact form before hydration is kept and sent", async ({ page, baseURL }) => {
  await fromOwnAddress(page);
  await openedAMinuteAgo(page.context(), baseURL ?? "");
  const letThrough = await holdAppScripts(page);
  await page.goto("/en/contact");
  await waitForPageScript(page);
  await page.getByLabel("Name", { exact: true }).fill("Ana Lima");
  await page.getByLabel("E-mail", { exact: true }).fill("ana@example.com");
  await page.getByLabel("Message", { exact: true }).fill("I would like a website for my bakery.");
  letThrough();
  await hydrated(page);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Ana Lima");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("I would like a website for my bakery.");
  // The app sends it now (no page load), and only what is typed goes.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await page.getByRole("button", { name: texts.en.send }).click();
  await expect(page.getByRole("status")).toContainText(texts.en.sent);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

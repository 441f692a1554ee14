import type { Page } from "@playwright/test";
import { fromOwnAddress, openedAMinuteAgo, texts } from "../contact/helpers.ts";
import { expect, test, waitForPageScript } from "../fixtures.ts";
import { TERMINAL_SCRIPT } from "../home/helpers.ts";

/**
 * The controls the page script answers (the contact dialog, the terminal
 * with its own script) do not wait for the page to hydrate, and hydration
 * leaves them working; text typed into the contact form before then is kept.
 * The app's scripts are held on the way here until the test lets them
 * through, so the press always comes first, as it does on a slow phone.
 */
async function holdAppScripts(page: Page): Promise<() => void> {
  let letThrough: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (!/\/assets\/enhance-[\w-]+\.js$/.test(path) && !TERMINAL_SCRIPT.test(path)) await gate;
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

test("the terminal opens and answers before the page has hydrated, and hydration keeps it", async ({ page }) => {
  const letThrough = await holdAppScripts(page);
  await page.goto("/en");
  await waitForPageScript(page);
  const launcher = page.getByTestId("terminal-button");
  await launcher.focus();
  await page.keyboard.press("Enter");
  // The page script loads the terminal's own script: nothing of the app has run, nor been asked for.
  const input = page.getByTestId("terminal-input");
  await expect(input).toBeFocused();
  await expect(launcher).toBeHidden();
  await input.fill("whoami");
  await input.press("Enter");
  await expect(page.getByTestId("terminal-output").last()).toContainText("A curious visitor");
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

  // Reaching for the page hydrates it; the window stays as it was and keeps working.
  letThrough();
  await page.mouse.move(2, 2);
  await page.mouse.move(3, 3);
  await hydrated(page);
  await expect(page.getByTestId("terminal")).toHaveAttribute("data-view", "open");
  await expect(page.getByTestId("terminal-output").last()).toContainText("A curious visitor");
  await input.press("Escape");
  await page.getByRole("button", { name: "Restore terminal" }).click();
  await expect(input).toBeFocused();
  // Once hydrated, a command's page comes by client-side navigation, and the window goes with the home page.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await input.fill("open projects");
  await input.press("Enter");
  await expect(page).toHaveURL(/\/en\/projects$/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect(page.getByTestId("terminal")).toHaveCount(0);
});

test("before hydration, a command's page is loaded as a page", async ({ page }) => {
  const letThrough = await holdAppScripts(page);
  await page.goto("/");
  await waitForPageScript(page);
  await page.getByTestId("terminal-button").click();
  const input = page.getByTestId("terminal-input");
  await expect(input).toBeFocused();
  // The line shows for half a second before the page goes: looked for at every frame, as a poll every second
  // could fall either side of it on a busy machine.
  const said = page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-testid="terminal-output"]')].some(
        (line) => line.textContent === "Redirecionando para /projects...",
      ),
    undefined,
    { polling: "raf" },
  );
  await input.fill("cd /projetos");
  await input.press("Enter");
  await said;
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByTestId("terminal")).toHaveCount(0);
  letThrough();
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

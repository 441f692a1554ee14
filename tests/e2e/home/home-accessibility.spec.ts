import { limit } from "../../harness/host-speed.ts";
import { expect, expectNoSeriousA11yViolations, storePreferences, test, waitForHydration } from "../fixtures.ts";

// axe on the whole, long home page is slow; each state gets its own test and time. The page as it loads, in each
// language and theme, is checked with every other page (shell/every-page.spec.ts); these are the states a
// reader's taps reach. The terminal opens beside the page and changes nothing of it but its button: axe checks the
// two (`terminal`). The dialog makes the rest of the page inert, so that state is checked whole.
const terminal = ['[data-testid="terminal"]', '[data-testid="terminal-button"]'];
test.describe.configure({ timeout: limit(60_000) });

for (const theme of ["light", "dark"] as const) {
  for (const path of ["/", "/en"]) {
    test(`no serious violation on ${path} with the terminal open and answering (${theme})`, async ({ page }) => {
      await storePreferences(page, { theme });
      await page.goto(path);
      await waitForHydration(page);
      await page.getByTestId("terminal-button").click();
      await expect(page.getByTestId("terminal-input")).toBeFocused();
      await page.getByTestId("terminal-input").fill("help");
      await page.getByTestId("terminal-input").press("Enter");
      await expect(page.getByTestId("terminal-output").last()).toContainText("help");
      await expectNoSeriousA11yViolations(page, terminal);
    });
  }

  test(`no serious violation with the terminal minimized (${theme})`, async ({ page }) => {
    await storePreferences(page, { theme });
    await page.goto("/en");
    await waitForHydration(page);
    await page.getByTestId("terminal-button").click();
    await page.getByTestId("terminal-input").press("Escape");
    await expect(page.getByTestId("terminal")).toHaveAttribute("data-view", "minimized");
    await expectNoSeriousA11yViolations(page, terminal);
  });

  test(`no serious violation with the contact dialog and an FAQ answer open (${theme})`, async ({ page }) => {
    await storePreferences(page, { theme });
    await page.goto("/en");
    await waitForHydration(page);
    await page.getByTestId("home-faq").locator("summary").first().click();
    await page.getByTestId("home-hero").getByRole("button", { name: "Contact me" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });
  for (const theme of ["light", "dark"] as const) {
    test(`no serious violation with the terminal open (${theme})`, async ({ page }) => {
      await storePreferences(page, { theme });
      await page.goto("/");
      await waitForHydration(page);
      await page.getByTestId("terminal-button").click();
      await expect(page.getByTestId("terminal-input")).toBeFocused();
      await expectNoSeriousA11yViolations(page, terminal);
    });
  }
});

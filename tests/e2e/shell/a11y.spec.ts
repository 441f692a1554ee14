import { expectNoSeriousA11yViolations, storePreferences, test, waitForHydration } from "../fixtures.ts";

for (const theme of ["light", "dark"] as const) {
  // The home page's own accessibility spec covers it in both themes and languages, terminal and dialog included.
  for (const path of ["/about", "/en/about", "/nope"]) {
    test(`no serious accessibility violation on ${path} (${theme})`, async ({ page }) => {
      await storePreferences(page, { theme });
      await page.goto(path);
      await waitForHydration(page);
      await expectNoSeriousA11yViolations(page);
    });
  }
}

test.describe("on a phone with the menu open", () => {
  test.use({ viewport: { width: 375, height: 812 } });
  for (const theme of ["light", "dark"] as const) {
    test(`no serious accessibility violation (${theme})`, async ({ page }) => {
      await storePreferences(page, { theme });
      await page.goto("/en/contact");
      await waitForHydration(page);
      await page.getByTestId("mobile-menu-button").click();
      await expectNoSeriousA11yViolations(page);
    });
  }
});

import { expectNoSeriousA11yViolations, storePreferences, test, waitForHydration } from "../fixtures.ts";

// Every page in both themes and languages is checked by shell/every-page.spec.ts; these are states reached on a phone.
test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });
  for (const theme of ["light", "dark"] as const) {
    test(`no serious accessibility violation on the about page's experience tab (${theme})`, async ({ page }) => {
      await storePreferences(page, { theme });
      await page.goto("/about#experience");
      await waitForHydration(page);
      await expectNoSeriousA11yViolations(page);
    });
  }
});

import { expectNoSeriousA11yViolations, storePreferences, test, waitForHydration } from "../fixtures.ts";

// Every page in both themes and languages is checked by every-page.spec.ts; this is the phone's open menu.
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

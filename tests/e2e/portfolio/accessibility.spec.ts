import { expectNoSeriousA11yViolations, storePreferences, test, waitForHydration } from "../fixtures.ts";

const pages = [
  "/about",
  "/career",
  "/companies",
  "/companies/cheetah-network",
  "/projects",
  "/projects/site-da-família-werneck",
  "/projects/nope",
  "/services",
  "/services/uiux-design",
  "/services/nope",
  "/certificates",
  "/recommendations",
  "/course",
  "/discord",
  "/contact",
];

for (const theme of ["light", "dark"] as const) {
  for (const [index, path] of pages.entries()) {
    // Alternating languages covers both dictionaries without doubling the run.
    const url = index % 2 === (theme === "light" ? 0 : 1) ? path : `/en${path}`;
    test(`no serious accessibility violation on ${url} (${theme})`, async ({ page }) => {
      await storePreferences(page, { theme });
      await page.goto(url);
      await waitForHydration(page);
      await expectNoSeriousA11yViolations(page);
    });
  }
}

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

import { test, waitForHydration } from "../fixtures.ts";

// The headers, policies, encodings and limits of the responses are read over HTTP in
// tests/server/served-headers.test.ts; here, only what needs a browser: that pages run under their policy.

test("pages hydrate under their policy, prerendered and rendered alike", async ({ page }) => {
  // The fixture fails this test on any CSP violation.
  for (const path of ["/", "/en/projects", "/en/nope"]) {
    await page.goto(path);
    await waitForHydration(page);
  }
});

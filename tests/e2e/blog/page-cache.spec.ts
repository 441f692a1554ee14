import { expect, test, waitForHydration } from "../fixtures.ts";

// The cached pages' headers (the cache's variants, their CSP, revalidation) are read over HTTP in
// tests/server/served-headers.test.ts; here, what the browser's client-side navigation asks for.

test("client-side navigation to an article fetches its loader data from the cache", async ({ page }) => {
  await page.goto("/blog");
  await waitForHydration(page);
  const data = page.waitForResponse((response) => new URL(response.url()).pathname === "/blog/bot-discord.data");
  await page.getByRole("link", { name: "Como criar um bot para Discord" }).click();
  const response = await data;
  expect(new URL(response.url()).search).toBe("");
  expect(["hit", "miss"]).toContain(await response.headerValue("x-cache"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Como criar um bot para Discord");
});

import { expect, test, waitForHydration } from "../fixtures.ts";

test("blog pages come from the response cache, with a CSP of script hashes instead of a nonce", async ({ request }) => {
  await request.get("/en/blog/bot-discord");
  const cached = await request.get("/en/blog/bot-discord", { headers: { "accept-encoding": "gzip, deflate, br" } });
  expect(cached.status()).toBe(200);
  expect(cached.headers()["x-cache"]).toBe("hit");
  expect(cached.headers().vary).toBe("Accept-Encoding");
  expect(cached.headers()["content-encoding"]).toBe("br");
  const csp = cached.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(csp).not.toContain("nonce");
  expect(await cached.text()).not.toMatch(/nonce="[^"]/);

  const revalidated = await request.get("/en/blog/bot-discord", {
    headers: { "if-none-match": cached.headers().etag ?? "" },
  });
  expect(revalidated.status()).toBe(304);
});

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

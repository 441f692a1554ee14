import { expect, test, waitForHydration } from "../fixtures.ts";

test("every kind of response carries the security headers", async ({ request }) => {
  for (const path of ["/", "/en/about", "/nope", "/favicon.svg"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["cross-origin-resource-policy"], path).toBe("same-origin");
    expect(headers["x-powered-by"], path).toBeUndefined();
  }
  // Only where the author works does a page get a browsing context group of its own
  // (signed out, the admin answers with a redirect to the home page).
  for (const path of ["/admin/blog", "/en/admin/messages", "/auth/me"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()["cross-origin-opener-policy"], path).toBe("same-origin");
  }
  for (const path of ["/", "/en/about", "/blog"])
    expect((await request.get(path)).headers()["cross-origin-opener-policy"], path).toBeUndefined();
});

test("prerendered pages allow their inline scripts by hash, rendered pages by nonce", async ({ request }) => {
  const staticCsp = (await request.get("/about")).headers()["content-security-policy"] ?? "";
  expect(staticCsp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(staticCsp).toContain("frame-ancestors 'none'");
  expect(staticCsp).toMatch(/^default-src 'none'; /);
  expect(staticCsp).not.toContain("'unsafe-");

  // A search is rendered per request (unknown paths and ids come from the response cache, by hash).
  const first = (await request.get("/blog/search?q=docker")).headers()["content-security-policy"] ?? "";
  const second = (await request.get("/blog/search?q=docker")).headers()["content-security-policy"] ?? "";
  expect(first).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+';/);
  expect(first).not.toBe(second);
});

test("pages hydrate under their policy, prerendered and rendered alike", async ({ page }) => {
  // The fixture fails this test on any CSP violation.
  for (const path of ["/", "/en/projects", "/en/nope"]) {
    await page.goto(path);
    await waitForHydration(page);
  }
});

test("fingerprinted assets are cached for a year, pages revalidate", async ({ page, request }) => {
  const assets: string[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/assets/")) assets.push(response.url());
  });
  const pageResponse = await page.goto("/");
  expect(pageResponse?.headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
  await waitForHydration(page);
  expect(assets.length).toBeGreaterThan(0);
  const asset = await request.get(assets[0] ?? "");
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("text responses are compressed", async ({ request }) => {
  const response = await request.get("/en/about", { headers: { "accept-encoding": "gzip" } });
  expect(response.headers()["content-encoding"]).toBe("gzip");
});

test("oversized and unsized request bodies are refused before they are read", async ({ request }) => {
  const big = await request.post("/contact", {
    data: "x".repeat(1024 * 1024 + 1),
    headers: { "content-type": "text/plain" },
  });
  expect(big.status()).toBe(413);
});

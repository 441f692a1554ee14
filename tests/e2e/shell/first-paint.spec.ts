import { hydrateAfterPaintScript } from "../../../app/lib/hydrate-after-paint.ts";
import { expect, signIn, test, waitForHydration } from "../fixtures.ts";

/** When the page first painted content, and when each of its scripts was asked for. */
function scriptTimings() {
  const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
  const scripts = performance
    .getEntriesByType("resource")
    .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
    .map((entry) => ({ url: entry.name, start: entry.startTime }));
  const held = document.querySelectorAll('link[rel="held-modulepreload"], script[type="text/x-held-module"]').length;
  const preloads = document.querySelectorAll('link[rel="modulepreload"]').length;
  return { paint, scripts, held, preloads };
}

test("pages ask for their scripts only after their first paint, then hydrate", async ({ page }) => {
  // Prerendered (hash policy), rendered per request (nonce) and from the blog's response cache.
  for (const path of ["/about", "/en/services/web-development", "/en/nope", "/blog/bot-discord", "/en/blog"]) {
    const sent = await (await page.request.get(path)).text();
    expect(sent, path).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(sent, path).not.toMatch(/<script[^>]*type="module"/);

    await page.goto(path);
    await waitForHydration(page);
    const timings = await page.evaluate(scriptTimings);
    expect(timings.paint, path).toBeGreaterThan(0);
    expect(timings.scripts.length, path).toBeGreaterThan(3);
    for (const script of timings.scripts)
      expect(script.start, `${path}: ${script.url}`).toBeGreaterThanOrEqual(timings.paint);
    // Released: the preloads are real again and nothing is left held back.
    expect(timings.held, path).toBe(0);
    expect(timings.preloads, path).toBeGreaterThan(3);
  }
});

test("a browser that cannot report paints hydrates the page at once", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(PerformanceObserver, "supportedEntryTypes", { get: () => ["resource"] });
  });
  await page.goto("/en/about");
  await waitForHydration(page);
  expect((await page.evaluate(scriptTimings)).held).toBe(0);
});

test("a hydrated page navigates on the client", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await page.getByRole("banner").getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test("the admin, a screen of controls, asks for its scripts at once", async ({ page }) => {
  await signIn(page);
  for (const path of ["/admin/blog", "/en/admin/messages"]) {
    const sent = await (await page.request.get(path)).text();
    expect(sent, path).toMatch(/<link[^>]*rel="modulepreload"/);
    expect(sent, path).toMatch(/<script[^>]*type="module"/);
    expect(sent, path).not.toMatch(/<link[^>]*rel="held-modulepreload"/);
    await page.goto(path);
    await waitForHydration(page);
  }
});

test("held scripts run once released, written inline or loaded by URL", async ({ page }) => {
  await page.setContent(
    [
      "<p>Olá</p>",
      '<script type="text/x-held-module">window.inline = (window.inline || 0) + 1;</script>',
      '<script type="text/x-held-module" data-src="data:text/javascript,window.byUrl=(window.byUrl||0)+1"></script>',
      `<script>${hydrateAfterPaintScript}</script>`,
    ].join(""),
  );
  await page.waitForFunction(() => (window as unknown as { byUrl?: number }).byUrl === 1);
  const ran = await page.evaluate(() => {
    const w = window as unknown as { inline?: number; byUrl?: number };
    return { inline: w.inline, byUrl: w.byUrl, held: document.querySelectorAll('[type="text/x-held-module"]').length };
  });
  expect(ran).toEqual({ inline: 1, byUrl: 1, held: 0 });
});

test("the site icon comes inside each page, in the admin too, with no request of its own", async ({ page }) => {
  const iconRequests: string[] = [];
  page.on("request", (request) => {
    if (/favicon|\.ico$/.test(request.url())) iconRequests.push(request.url());
  });
  await signIn(page);
  for (const path of ["/", "/en/blog/bot-discord", "/en/nope", "/admin/blog"]) {
    await page.goto(path);
    await waitForHydration(page);
    const icons = await page
      .locator('link[rel="icon"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(icons, path).toHaveLength(1);
    expect(icons[0], path).toMatch(/^data:image\/svg\+xml,%3Csvg%20[^\s]*$/);
  }
  expect(iconRequests).toEqual([]);
  // The file stays where links and feed readers expect it.
  expect((await page.request.get("/favicon.svg")).headers()["content-type"]).toContain("image/svg+xml");
});

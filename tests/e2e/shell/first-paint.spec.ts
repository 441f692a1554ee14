import { expect, signIn, test, waitForHydration, waitForPageScript } from "../fixtures.ts";

/** The scripts the page has asked for, and how many hydration tags are still held back. */
function scriptState() {
  const scripts = performance
    .getEntriesByType("resource")
    .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
    .map((entry) => new URL(entry.name).pathname);
  const held = document.querySelectorAll('link[rel="held-modulepreload"], script[type="text/x-held-module"]').length;
  const preloads = document.querySelectorAll('link[rel="modulepreload"]').length;
  return { scripts, held, preloads, hydrated: document.documentElement.dataset.hydrated === "true" };
}

test("pages to read load only the page script, and hydrate when the visitor reaches for them", async ({ page }) => {
  // Prerendered (hash policy), rendered per request (nonce) and from the blog's response cache.
  for (const path of ["/about", "/en/services/web-development", "/en/nope", "/blog/bot-discord", "/en/blog"]) {
    const sent = await (await page.request.get(path)).text();
    expect(sent, path).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(sent, path).not.toMatch(/<script[^>]*type="module"/);
    // Nothing is asked for by URL before the first paint; the page script's loader names it.
    expect(sent, path).not.toMatch(/<script[^>]*\ssrc=/);
    expect(sent, path).toMatch(/"\/assets\/enhance-[\w-]+\.js"/);
    // Every script the browser runs as the page loads comes before the stylesheet, so that
    // none waits for it and holds the parser back (decision 038); held and data blocks follow.
    const stylesheet = sent.search(/<link[^>]*rel="stylesheet"/);
    expect(stylesheet, path).toBeGreaterThan(0);
    const runAfterStylesheet = [...sent.slice(stylesheet).matchAll(/<script\b[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => !/\stype="(?:text\/x-held-[a-z]+|application\/ld\+json)"/.test(tag));
    expect(runAfterStylesheet, path).toEqual([]);

    await page.goto(path);
    // The page script is asked for at the first paint, which may come after the network is idle.
    await waitForPageScript(page);
    await page.waitForLoadState("networkidle");
    const before = await page.evaluate(scriptState);
    expect(before.scripts, path).toEqual([expect.stringMatching(/^\/assets\/enhance-[\w-]+\.js$/)]);
    expect(before.hydrated, path).toBe(false);
    expect(before.held, path).toBeGreaterThan(3);

    await waitForHydration(page);
    const after = await page.evaluate(scriptState);
    expect(after.scripts.length, path).toBeGreaterThan(3);
    // Released: the preloads are real again and nothing is left held back.
    expect(after.held, path).toBe(0);
    expect(after.preloads, path).toBeGreaterThan(3);
  }
});

test("a prerendered page's held hydration scripts come as one file, asked for on the first interaction", async ({
  page,
}) => {
  const heldScripts = (html: string) =>
    [...html.matchAll(/<script type="text\/x-held-script"([^>]*)>([\s\S]*?)<\/script>/g)].map(
      ([, attributes, body]) => ({
        src: /data-src="([^"]+)"/.exec(attributes ?? "")?.[1],
        body,
      }),
    );
  for (const path of ["/", "/en/about"]) {
    const held = heldScripts(await (await page.request.get(path)).text());
    // The elements stay, emptied, for React to hydrate; the first names the file.
    expect(held.length, path).toBeGreaterThan(1);
    expect(held[0], path).toEqual({ src: expect.stringMatching(/^\/assets\/held-[\w-]{12}\.js$/), body: "" });
    for (const script of held.slice(1)) expect(script, path).toEqual({ src: undefined, body: "" });
    const file = held[0]?.src ?? "";
    expect(await (await page.request.get(file)).text(), path).toContain("window.__reactRouterContext");

    await page.goto(path);
    await waitForPageScript(page);
    expect((await page.evaluate(scriptState)).scripts, path).not.toContain(file);
    await waitForHydration(page);
    expect((await page.evaluate(scriptState)).scripts, path).toContain(file);
  }
  // A page rendered per request keeps them in the page, as the server wrote them.
  const rendered = heldScripts(await (await page.request.get("/en/nope")).text());
  expect(rendered.length).toBeGreaterThan(1);
  for (const script of rendered) expect(script).toEqual({ src: undefined, body: expect.stringMatching(/\S/) });
});

/** When each of the page's pictures asked for the network, against its first paint. */
function pictureTiming() {
  const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
  const started = (img: HTMLImageElement) =>
    performance.getEntriesByName(img.currentSrc, "resource")[0]?.startTime ?? Number.NaN;
  const images = [...document.querySelectorAll<HTMLImageElement>("main img")].filter((img) => img.currentSrc);
  return {
    paint,
    main: images.filter((img) => img.fetchPriority === "high").map(started),
    others: images
      .filter((img) => img.hasAttribute("data-after-paint"))
      .map((img) => ({
        start: started(img),
        shown: img.naturalWidth > 0 && getComputedStyle(img).clipPath === "none",
      })),
  };
}

test("a page's other pictures wait for its first paint, then show", async ({ browser, baseURL }) => {
  // A phone's screen: the browser loads lazy pictures within about 1,250 px of it.
  // Pages whose pictures are content, not posts other tests may have put first.
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  for (const path of ["/projects", "/en/companies"]) {
    await page.goto(path);
    await waitForPageScript(page);
    // The lazy pictures start as layout brings them near the screen: waited for
    // as a state (two or more asked for and shown), not as a quiet network.
    await expect
      .poll(
        async () => {
          const { others } = await page.evaluate(pictureTiming);
          return others.length > 1 && others.every((picture) => picture.shown);
        },
        { message: path },
      )
      .toBe(true);
    const { paint, main, others } = await page.evaluate(pictureTiming);
    expect(paint, path).toBeGreaterThan(0);
    for (const start of main) expect(start, path).toBeLessThan(paint);
    expect(others.length, path).toBeGreaterThan(1);
    for (const picture of others) expect(picture, path).toEqual({ start: expect.any(Number), shown: true });
    for (const { start } of others) expect(start, path).toBeGreaterThan(paint);
  }
  await context.close();
});

test("without scripts every picture shows at once", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  await page.goto("/en/projects");
  const pictures = page.locator("main img[data-after-paint]");
  expect(await pictures.count()).toBeGreaterThan(1);
  await expect(pictures.first()).toHaveCSS("clip-path", "none");
  await expect.poll(() => pictures.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await context.close();
});

test("a key press, a touch or focus also starts the hydration", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ hasTouch: true, ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  const starts: [string, () => Promise<void>][] = [
    ["a key", () => page.keyboard.press("Shift")],
    ["a touch", () => page.touchscreen.tap(5, 200)],
    ["focus", () => page.locator("main a").first().focus()],
  ];
  for (const [name, start] of starts) {
    await page.goto("/en/about");
    await waitForPageScript(page);
    expect((await page.evaluate(scriptState)).hydrated, name).toBe(false);
    await start();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  }
  await context.close();
});

test("a tap is answered before the hydration starts: the scripts are released after its click has been painted", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    hasTouch: true,
    viewport: { width: 375, height: 760 },
    ...(baseURL ? { baseURL } : {}),
  });
  const page = await context.newPage();
  await page.goto("/en/about");
  await waitForPageScript(page);
  // What is still held back when the tap's press, its release and its click are handled, and at
  // the first frame after the click: the page script answers the tap with nothing of the app's in the way.
  await page.evaluate(() => {
    const seen: Record<string, number> = {};
    const held = () => document.querySelectorAll('link[rel="held-modulepreload"], script[type^="text/x-held-"]').length;
    for (const type of ["pointerdown", "pointerup", "click"])
      addEventListener(type, () => {
        seen[type] = held();
        if (type === "click") requestAnimationFrame(() => (seen.frame = held()));
      });
    Object.assign(window, { __held: seen });
  });
  await page.getByTestId("mobile-menu-button").tap();
  await expect(page.getByTestId("mobile-menu")).toBeVisible();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const seen = await page.evaluate(() => (window as unknown as { __held: Record<string, number> }).__held);
  for (const moment of ["pointerdown", "pointerup", "click", "frame"]) expect(seen[moment], moment).toBeGreaterThan(3);
  // Hydrated, the menu the tap opened is still open.
  await expect(page.getByTestId("mobile-menu")).toBeVisible();
  await context.close();
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
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  }
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

test("the two inline scripts ship in the page only, in none of the scripts it loads", async ({ request }) => {
  const sent = await (await request.get("/")).text();
  const scripts = [...sent.matchAll(/\s(?:href|data-src)="(\/assets\/[^"]+\.js)"/g)].flatMap(([, src]) =>
    src ? [src] : [],
  );
  const inlineScript = /<script[^>]*data-at-once[^>]*>([\s\S]*?)<\/script>/;
  expect(inlineScript.exec(sent)?.[1]).toContain("signed_in=1");
  // The layout renders their text on the server only; the build leaves it out of the browser's bundles.
  expect(scripts.length).toBeGreaterThan(3);
  for (const src of scripts) {
    const code = await (await request.get(src)).text();
    expect(code, src).not.toContain("signed_in=1");
    expect(code, src).not.toContain("first-contentful-paint");
  }
});

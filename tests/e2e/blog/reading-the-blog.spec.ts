import { expect, test, waitForHydration } from "../fixtures.ts";

const staticArticles = {
  pt: [
    "Como criar um bot para Discord",
    "Desenvolvimento full-stack na prática",
    "Soluções em nuvem para pequenos negócios",
    "Automação web com Node.js",
    "Gestão de projetos para desenvolvedores",
  ],
  en: [
    "How to build a Discord bot",
    "Full-stack development in practice",
    "Cloud solutions for small businesses",
    "Web automation with Node.js",
    "Project management for developers",
  ],
};

for (const lang of ["pt", "en"] as const) {
  test(`a reader sees the five articles, newest first, as cards (${lang})`, async ({ page }) => {
    await page.goto(lang === "en" ? "/en/blog" : "/blog");
    const cards = page.getByTestId("post-list").getByRole("article");
    // Posts other tests publish share the list; the five static articles are always there.
    expect(await cards.count()).toBeGreaterThanOrEqual(5);
    for (const title of staticArticles[lang]) {
      await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
    }
    const dates = await cards
      .locator("time")
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("datetime") ?? ""));
    expect(dates).toEqual([...dates].sort().reverse());
    for (const card of await cards.all()) {
      await expect(card.locator("p").nth(1)).not.toBeEmpty();
      const tags = card.getByTestId("post-tags").getByRole("listitem");
      const texts = await tags.allTextContents();
      // At most two tags, then a '+N' badge for the rest.
      const named = texts.filter((text) => !/^\+\d+$/.test(text));
      expect(named.length).toBeLessThanOrEqual(2);
      const badge = texts.find((text) => /^\+\d+$/.test(text));
      if (badge) expect(texts.at(-1)).toBe(badge);
    }
  });
}

test("the tag rule shows two tags then '+N' for a post with more", async ({ page }) => {
  await page.goto("/en/blog");
  const badges = page.getByTestId("post-list").getByText(/^\+\d+$/);
  expect(await badges.count()).toBeGreaterThan(0);
  const tagLists = page.getByTestId("post-tags").filter({ has: page.getByText(/^\+\d+$/) });
  for (const list of await tagLists.all()) await expect(list.getByRole("listitem")).toHaveCount(3);
});

test("an article shows its title, date, reading time, hashtags, body and a way back", async ({ page }) => {
  await page.goto("/en/blog");
  await page.getByRole("link", { name: "How to build a Discord bot" }).click();
  await expect(page).toHaveURL(/\/en\/blog\/bot-discord$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("How to build a Discord bot");
  await expect(page.locator("article time").first()).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  await expect(page.getByText(/\d+ min read/)).toBeVisible();
  await expect(page.getByText(/^#Discord$/)).toBeVisible();
  expect(await page.locator(".article-body h2").count()).toBeGreaterThan(2);
  expect(await page.locator(".article-body pre code.hljs").count()).toBeGreaterThan(1);
  // Highlighting happens on the server: the tokens are in the HTML that was sent.
  const sent = await (await page.request.get("/en/blog/bot-discord")).text();
  expect(sent).toContain('class="hljs-');
  await page.getByRole("link", { name: "Back to blog" }).click();
  await expect(page).toHaveURL(/\/en\/blog$/);
});

// Which article is next to which is a server test (blog-languages.test.ts); here a reader follows the links. Other
// tests publish on this server meanwhile, so the newest article may gain a next one while this test reads it.
test("articles link to the next and previous ones", async ({ page }) => {
  await page.goto("/blog");
  const first = page.getByTestId("post-list").getByRole("article").first();
  await first.getByRole("link").click();
  await expect(page).toHaveURL(/\/blog\/[^/]+$/);
  const address = new URL(page.url()).pathname;
  const title = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();
  const more = page.getByRole("navigation", { name: "Mais artigos" });
  await more.getByRole("link").filter({ hasText: "Artigo anterior" }).click();
  await expect(page).not.toHaveURL(address);
  const next = page
    .getByRole("navigation", { name: "Mais artigos" })
    .getByRole("link")
    .filter({ hasText: "Próximo artigo" });
  await expect(next).toContainText(title);
  await next.click();
  await expect(page).toHaveURL(address);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

test("an article's body is sent once, kept on hydration and rendered on client-side navigation", async ({ page }) => {
  const sent = await (await page.request.get("/blog/bot-discord")).text();
  const opening = "Na Cheetah Network, o Discord";
  expect(sent.split(opening).length - 1).toBe(1);

  await page.goto("/blog/bot-discord");
  await waitForHydration(page);
  const body = page.locator(".article-body");
  await expect(body).toContainText(opening);
  const firstTitle = await page.getByRole("heading", { level: 1 }).textContent();

  // Previous/next is a client-side navigation: the body arrives as data.
  await page.getByRole("navigation", { name: "Mais artigos" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(firstTitle ?? "");
  await expect(body).not.toContainText(opening);
  expect(await body.locator("p").count()).toBeGreaterThan(3);

  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(firstTitle ?? "");
  await expect(body).toContainText(opening);
});

test("the copy button copies the code and says 'Copiado!' for 2 seconds", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const start = new Date("2026-06-01T12:00:00Z");
  await page.clock.install({ time: start });
  await page.goto("/blog/bot-discord");
  await waitForHydration(page);
  // Time stands still from here; only runFor moves it.
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
  const block = page.locator(".article-body .code-block").first();
  const button = block.getByRole("button");
  await expect(button).toHaveText("Copiar");
  await button.click();
  await expect(button).toHaveText("Copiado!");
  const code = await block.locator("pre").textContent();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await page.clock.runFor(1900);
  await expect(button).toHaveText("Copiado!");
  await page.clock.runFor(200);
  await expect(button).toHaveText("Copiar");
});

test("the English copy button says 'Copied!'", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/en/blog/web-automation");
  await waitForHydration(page);
  const button = page.locator(".article-body .copy-code").first();
  await button.click();
  await expect(button).toHaveText("Copied!");
});

test("an unknown article answers the 404 page", async ({ page }) => {
  const response = await page.goto("/en/blog/no-such-post");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
});

// An article's metadata for link previews and search engines (Open Graph, JSON-LD) is in the HTML the server
// sends: read over HTTP in tests/server/served-pages.test.ts.

// The blog's list and its articles, in both languages and themes, are checked by axe with every other page
// (shell/every-page.spec.ts).

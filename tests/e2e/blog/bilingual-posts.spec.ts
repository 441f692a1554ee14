import type { Page } from "@playwright/test";
import { adminRow, backToPosts, openAdmin, openNewPostForm, publishAnswering, uniqueSlug } from "../admin/helpers.ts";
import {
  expect,
  expectNoSeriousA11yViolations,
  restoreSession,
  signIn,
  storePreferences,
  test,
  waitForHydration,
} from "../fixtures.ts";

const sameOrigin = (page: Page) => ({ origin: new URL(page.url()).origin });

/** The `href` of every `hreflang` alternate of the page, by language. */
async function alternates(page: Page): Promise<Record<string, string>> {
  const links = await page.locator('head link[rel="alternate"][hreflang]').all();
  const entries = await Promise.all(
    links.map(async (link) => [await link.getAttribute("hreflang"), await link.getAttribute("href")] as const),
  );
  return Object.fromEntries(entries.map(([lang, href]) => [lang ?? "", new URL(href ?? "").pathname]));
}

/** Adds tags in the form's tag box, as an author types them. */
async function typeTags(page: Page, tags: string) {
  const box = page.getByTestId("post-form").getByLabel("Tags", { exact: true });
  await box.fill(tags);
  await box.press("Enter");
}

test("a post written in Portuguese and translated into English lives in each language, linked", async ({ page }) => {
  test.slow();
  await restoreSession(page);
  const ptSlug = uniqueSlug("ola-conteineres");
  const enSlug = uniqueSlug("hello-containers");
  const tag = uniqueSlug("conteiner");
  const ptTitle = `Programação com contêineres ${ptSlug}`;
  const enTitle = `Programming with containers ${enSlug}`;

  // Written in Portuguese, the admin screen's language, with tags typed freely.
  await openNewPostForm(page);
  const form = page.getByTestId("post-form");
  await expect(form.getByRole("radio", { name: "Português" })).toBeChecked();
  await form.getByLabel("Título", { exact: true }).fill(ptTitle);
  await form.getByLabel("Slug", { exact: true }).fill(ptSlug);
  await form.getByLabel("Conteúdo").fill("## Contêineres\n\nUm texto sobre **Docker**.");
  await typeTags(page, `${tag}, Programação`);
  await expect(form.getByRole("button", { name: `Remover a tag ${tag}` })).toBeVisible();
  await expect(form.getByRole("button", { name: "Remover a tag Programação" })).toBeVisible();
  await publishAnswering(page, form.getByRole("button", { name: "Publicar agora" }));
  await expect(page.getByText("Post publicado.")).toBeVisible();
  await backToPosts(page);

  // "Translate" opens a new English post linked to it, with the title, tags and cover to start from.
  await adminRow(page, ptTitle)
    .getByRole("button", { name: `Traduzir ${ptTitle} para o inglês` })
    .click();
  await expect(form.getByRole("radio", { name: "Inglês" })).toBeChecked();
  await expect(form.getByLabel("Título", { exact: true })).toHaveValue(ptTitle);
  await expect(form.getByRole("button", { name: `Remover a tag ${tag}` })).toBeVisible();
  await expect(form.getByRole("combobox", { name: "Tradução" })).toHaveValue(/[0-9a-f-]{36}/);
  await form.getByLabel("Título", { exact: true }).fill(enTitle);
  await form.getByLabel("Slug", { exact: true }).fill(enSlug);
  await form.getByLabel("Conteúdo").fill("## Containers\n\nA text about **Docker** deploys.");
  await form.getByRole("button", { name: "Remover a tag Programação" }).click();
  await typeTags(page, "Programming");
  await publishAnswering(page, form.getByRole("button", { name: "Publicar agora" }));
  // The first post's toast may still show: the editor's bar says this one went through.
  await expect(form.getByTestId("publish-state")).toContainText("Publicado");
  await backToPosts(page);
  await expect(adminRow(page, enTitle)).toContainText(`Tradução: ${ptTitle}`);
  await expect(adminRow(page, ptTitle)).toContainText(`Tradução: ${enTitle}`);

  // Each list, feed and tag page shows only its language.
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 2, name: ptTitle })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: enTitle })).toHaveCount(0);
  await page.goto("/en/blog");
  await expect(page.getByRole("heading", { level: 2, name: enTitle })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: ptTitle })).toHaveCount(0);
  const ptFeed = await (await page.request.get("/rss.xml")).text();
  const enFeed = await (await page.request.get("/en/rss.xml")).text();
  expect(ptFeed).toContain(`/blog/${ptSlug}`);
  expect(ptFeed).not.toContain(enSlug);
  expect(ptFeed).toContain(`<category>${tag}</category>`);
  expect(enFeed).toContain(`/en/blog/${enSlug}`);
  expect(enFeed).not.toContain(ptSlug);
  await page.goto(`/blog/tag/${tag}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`#${tag.replace(/-/g, "")}`);
  await expect(page.getByRole("heading", { level: 2, name: ptTitle })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: enTitle })).toHaveCount(0);
  await page.goto(`/en/blog/tag/${tag}`);
  await expect(page.getByRole("heading", { level: 2, name: enTitle })).toBeVisible();
  await expect(page).toHaveTitle(/^Posts tagged #/);

  // Each page is in its language, points at the other with hreflang, and the toggle goes straight there.
  await page.goto(`/blog/${ptSlug}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  expect(await alternates(page)).toEqual({
    "pt-BR": `/blog/${ptSlug}`,
    en: `/en/blog/${enSlug}`,
    "x-default": `/blog/${ptSlug}`,
  });
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "pt_BR");
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd.inLanguage).toBe("pt-BR");
  await waitForHydration(page);
  await page.getByRole("link", { name: "EN: read this post in English" }).click();
  await expect(page).toHaveURL(new RegExp(`/en/blog/${enSlug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(enTitle);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.reload();
  expect(await alternates(page)).toEqual({
    "pt-BR": `/blog/${ptSlug}`,
    en: `/en/blog/${enSlug}`,
    "x-default": `/blog/${ptSlug}`,
  });
  await waitForHydration(page);
  await page.getByRole("link", { name: "PT: ler este post em português" }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${ptSlug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ptTitle);

  // Each language's page names its own 1200×630 link-preview card (the head follows the navigation).
  const ogImage = page.locator('meta[property="og:image"]');
  await expect(ogImage).toHaveAttribute("content", new RegExp(`/og/blog/${ptSlug}/`));
  const ptCard = await ogImage.getAttribute("content");
  // The toggle remembered Portuguese; forget it so the English page stays English.
  await page.evaluate(() => localStorage.removeItem("language"));
  await page.goto(`/en/blog/${enSlug}`);
  const enCard = await ogImage.getAttribute("content");
  expect(ptCard).toContain(`/og/blog/${ptSlug}/`);
  expect(enCard).toContain(`/og/en/blog/${enSlug}/`);
  const cards = await Promise.all(
    [ptCard, enCard].map(async (url) => {
      const response = await page.request.get(new URL(url ?? "").pathname);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/png");
      const png = await response.body();
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
      return png;
    }),
  );
  expect(cards[0]?.equals(cards[1] ?? Buffer.alloc(0))).toBe(false);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  await page.goto(`/blog/${ptSlug}`);

  // Tags on an article lead to their tag page, in the article's language.
  await page.getByRole("link", { name: `Posts com a tag #${tag.replace(/-/g, "")}` }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/tag/${tag}$`));

  // The sitemap lists both with each other as alternates, and the tag pages.
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/blog/${ptSlug}</loc>`);
  expect(sitemap).toContain(`/en/blog/${enSlug}</loc>`);
  expect(sitemap).toMatch(new RegExp(`hreflang="en" href="[^"]+/en/blog/${enSlug}"`));
  expect(sitemap).toContain(`/blog/tag/${tag}</loc>`);
  expect(sitemap).toContain(`/en/blog/tag/${tag}</loc>`);
  expect(sitemap).not.toContain(`/en/blog/${ptSlug}<`);

  // The other language's address of a translated post leads to the translation.
  const crossed = await page.request.get(`/en/blog/${ptSlug}`, { maxRedirects: 0 });
  expect(crossed.status()).toBe(301);
  expect(crossed.headers().location).toBe(`/en/blog/${enSlug}`);
});

test("a post in one language has no dead end and no second address in the other", async ({ page }) => {
  await restoreSession(page);
  const slug = uniqueSlug("so-em-portugues");
  const title = `Só em português ${slug}`;
  await openNewPostForm(page);
  const form = page.getByTestId("post-form");
  await form.getByLabel("Título", { exact: true }).fill(title);
  await form.getByLabel("Slug", { exact: true }).fill(slug);
  await form.getByLabel("Conteúdo").fill("Texto.");
  await publishAnswering(page, form.getByRole("button", { name: "Publicar agora" }));
  await expect(page.getByText("Post publicado.")).toBeVisible();

  const response = await page.request.get(`/en/blog/${slug}`, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe(`/blog/${slug}?from=en`);

  await page.goto(`/en/blog/${slug}`);
  await expect(page).toHaveURL(new RegExp(`/blog/${slug}\\?from=en$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  const notice = page.getByTestId("language-notice");
  await expect(notice).toContainText("This post is only available in Portuguese.");
  await expect(notice).toHaveAttribute("lang", "en");
  // Its one canonical address, and no alternate in a language it does not exist in.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/blog/${slug}$`));
  expect(await alternates(page)).toEqual({});
  await expectNoSeriousA11yViolations(page);

  const toggle = page.getByTestId("language-toggle");
  await expect(toggle).toHaveAccessibleName("EN: this post is only in Portuguese; go to the English blog");
  await expect(toggle).toHaveAttribute("href", "/en/blog");
  await waitForHydration(page);
  await toggle.click();
  await expect(page).toHaveURL(/\/en\/blog$/);
  await expect(page.getByRole("heading", { level: 2, name: title })).toHaveCount(0);

  // A reader who chose English earlier is sent to the post once, and stays there.
  const reader = await (await page.context().browser()?.newContext())?.newPage();
  if (!reader) throw new Error("no second page");
  await storePreferences(reader, { language: "en" });
  await reader.goto(`/blog/${slug}`);
  await expect(reader).toHaveURL(new RegExp(`/blog/${slug}\\?from=en$`));
  await expect(reader.getByTestId("language-notice")).toContainText("This post is only available in Portuguese.");
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(title);

  // An unknown post or tag is a 404 in the reader's language.
  await page.goto(`/en/blog/tag/${uniqueSlug("nope")}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Page not found");
  expect((await page.request.get(`/blog/tag/${uniqueSlug("nada")}`)).status()).toBe(404);
  expect((await page.request.get("/blog/tag/%00")).status()).toBe(404);
});

test("the server refuses bad translation links and tag lists with a message per field", async ({ page }) => {
  await restoreSession(page);
  await openAdmin(page, "en");
  const headers = sameOrigin(page);
  const post = (form: Record<string, string>) =>
    page.request.post("/en/admin/blog", {
      headers,
      form: { intent: "create", title: "T", content: "Body", ...form },
    });
  const first = await post({ slug: uniqueSlug("first"), lang: "pt" });
  expect(first.status()).toBe(200);
  await openAdmin(page, "en");
  const rows = page.getByTestId("admin-post-list").locator('input[name="id"]');
  const ids = await rows.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  const [id] = ids;
  if (!id) throw new Error("no post id");

  const sameLanguage = await post({ slug: uniqueSlug("same"), lang: "pt", translationOf: id });
  expect(sameLanguage.status()).toBe(409);
  expect(await sameLanguage.text()).toContain("The translation must be a post in the other language.");

  const linked = await post({ slug: uniqueSlug("linked"), lang: "en", translationOf: id });
  expect(linked.status()).toBe(200);
  const second = await post({ slug: uniqueSlug("second"), lang: "en", translationOf: id });
  expect(second.status()).toBe(409);
  expect(await second.text()).toContain("That post already has a translation in this language.");

  const tooMany = await post({ slug: uniqueSlug("tags"), lang: "en", tags: "a,b,c,d,e,f,g,h,i,j,k" });
  expect(tooMany.status()).toBe(400);
  expect(await tooMany.text()).toContain("Use at most 10 tags.");

  // Another author's post cannot be a translation.
  const other = await (await page.context().browser()?.newContext())?.newPage();
  if (!other) throw new Error("no second page");
  await restoreSession(other, "coauthor");
  await openAdmin(other, "en");
  const foreign = await other.request.post("/en/admin/blog", {
    headers: sameOrigin(other),
    form: { intent: "create", title: "T", content: "Body", slug: uniqueSlug("foreign"), lang: "en", translationOf: id },
  });
  expect(foreign.status()).toBe(409);
  expect(await foreign.text()).toContain("Choose one of your own posts as the translation.");
});

test("the post form with languages, tags and translation is accessible on a phone in both themes", async ({ page }) => {
  await signIn(page, "author", "en");
  await page.setViewportSize({ width: 375, height: 800 });
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((value) => localStorage.setItem("theme", value), theme);
    await openNewPostForm(page, "en");
    await expect(page.getByTestId("post-form").getByRole("radio", { name: "English" })).toBeChecked();
    await typeTags(page, "Accessibility");
    await expectNoSeriousA11yViolations(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  }
});

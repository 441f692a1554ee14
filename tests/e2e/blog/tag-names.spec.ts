import { createPost } from "../../../app/server/blog/posts.server.ts";
import type { Database } from "../../../app/server/db/client.server.ts";
import { postInput } from "../../server/helpers/posts.ts";
import { checkOnAPhone, seededServerFor } from "../admin/desk-helpers.ts";
import { expect, test } from "../fixtures.ts";

const TITLE = "Funções puras em TypeScript";

/** A published post whose author typed the tag "Programação Funcional". */
async function seed(db: Database, author: { id: string }) {
  const post = postInput("funcoes-puras", {
    title: TITLE,
    content: "Um texto sobre funções puras.",
    published: true,
    tags: ["programacao-funcional", "typescript"],
    tagNames: { "programacao-funcional": "Programação Funcional", typescript: "TypeScript" },
  });
  const result = await createPost(db, author.id, post);
  if (result.status !== "saved") throw new Error(result.status);
}

const server = seededServerFor("tag-names", seed);

test("a tag keeps the name its author typed on the article, the cards, the tag page and the feed", async ({ page }) => {
  await page.goto(`${server().origin}/blog/funcoes-puras`);
  const tag = page.getByRole("link", { name: "Posts com a tag #Programação Funcional" });
  await expect(tag).toHaveText("#Programação Funcional");
  await expect(tag).toHaveAttribute("href", "/blog/tag/programacao-funcional");
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd.keywords).toBe("Programação Funcional, TypeScript");

  await tag.click();
  await expect(page).toHaveURL(/\/blog\/tag\/programacao-funcional$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("#Programação Funcional");
  await expect(page).toHaveTitle(/^Posts com a tag #Programação Funcional/);
  await expect(page.getByTestId("post-tags").first()).toContainText("Programação Funcional");

  const feed = await (await page.request.get(`${server().origin}/rss.xml`)).text();
  expect(feed).toContain("<category>Programação Funcional</category>");
  const search = await (await page.request.get(`${server().origin}/blog/search?q=puras`)).text();
  expect(search).toContain("Programação Funcional");
});

test("its English name, given once, is what a translation starts with and titles the English tag page", async ({
  page,
}) => {
  await server().open(page, "/admin/blog/tags");
  const portuguese = page.getByTestId("tags-pt");
  await portuguese.getByLabel("Nome em inglês (Programação Funcional)").fill("Functional Programming");
  await portuguese.getByRole("button", { name: "Salvar o nome de Programação Funcional em inglês" }).click();
  await expect(page.getByText("Tag salva.")).toBeVisible();

  await server().open(page, "/admin/blog");
  const original = await page.getByTestId("admin-post-list").locator('input[name="id"]').getAttribute("value");
  await page.getByRole("button", { name: `Traduzir ${TITLE} para o inglês` }).click();
  const form = page.getByTestId("post-form");
  await expect(form.getByRole("button", { name: "Remover a tag Functional Programming" })).toBeVisible();
  await expect(form.getByRole("button", { name: "Remover a tag TypeScript" })).toBeVisible();
  // The translation, published with the tags the form starts it with, sent as the form sends them: by name.
  const body = new URLSearchParams({
    intent: "create",
    lang: "en",
    title: "Pure functions in TypeScript",
    slug: "pure-functions",
    content: "A text about pure functions.",
    published: "on",
    translationOf: original ?? "",
  });
  for (const tag of ["Functional Programming", "TypeScript"]) body.append("tags", tag);
  const created = await page.request.post(`${server().origin}/admin/blog`, {
    headers: { origin: server().origin, "content-type": "application/x-www-form-urlencoded" },
    data: body.toString(),
  });
  expect(created.status()).toBeLessThan(400);

  await page.goto(`${server().origin}/en/blog/pure-functions`);
  await expect(page.getByRole("link", { name: "Posts tagged #Functional Programming" })).toHaveAttribute(
    "href",
    "/en/blog/tag/functional-programming",
  );
  await page.goto(`${server().origin}/en/blog/tag/functional-programming`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("#Functional Programming");
  // The two tag pages are each other's translation, for the reader and in the sitemap.
  await expect(page.getByTestId("language-toggle")).toHaveAttribute("href", "/blog/tag/programacao-funcional");
  const sitemap = await (await page.request.get(`${server().origin}/sitemap.xml`)).text();
  expect(sitemap).toMatch(
    /<loc>[^<]+\/blog\/tag\/programacao-funcional<\/loc>(?:(?!<\/url>)[\s\S])*hreflang="en" href="[^"]+\/en\/blog\/tag\/functional-programming"/,
  );
});

checkOnAPhone("the tags page", (page, lang) =>
  server().open(page, lang === "en" ? "/en/admin/blog/tags" : "/admin/blog/tags"),
);

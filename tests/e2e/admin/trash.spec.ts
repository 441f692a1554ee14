import { createPost } from "../../../app/server/blog/posts.server.ts";
import { trashPost } from "../../../app/server/blog/trash.server.ts";
import type { Database } from "../../../app/server/db/client.server.ts";
import { postInput } from "../../server/helpers/posts.ts";
import { expect, test } from "../fixtures.ts";
import { checkOnAPhone, seededServerFor } from "./desk-helpers.ts";

/** Three published posts in the trash, one of them English. */
async function seed(db: Database, author: { id: string }) {
  for (const [slug, extra] of [
    ["volta", { title: "Um post que volta" }],
    ["some", { title: "Um post que some" }],
    ["gone", { title: "A post that went", lang: "en" as const }],
  ] as const) {
    const result = await createPost(db, author.id, postInput(slug, { published: true, tags: ["lixeira"], ...extra }));
    if (result.status !== "saved") throw new Error(result.status);
    await trashPost(db, author.id, result.post.id);
  }
}

const server = seededServerFor("trash", seed);

test("a post in the trash is gone from every public place, and its address answers 410", async ({ page }) => {
  const response = await page.goto(`${server().origin}/blog/some`);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Este post foi removido");
  await expect(page.locator("[data-not-found]")).toContainText("410");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const english = await page.goto(`${server().origin}/en/blog/gone`);
  expect(english?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This post was removed");
  // The other language's address led to it: gone too, said in that language.
  expect((await page.goto(`${server().origin}/en/blog/some`))?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This post was removed");

  for (const path of ["/blog", "/rss.xml", "/sitemap.xml", "/blog/tag/lixeira", "/blog/search?q=post"]) {
    const body = await (await page.request.get(`${server().origin}${path}`)).text();
    expect(body, path).not.toContain("Um post que some");
    expect(body, path).not.toContain("/blog/some");
  }
  // A made-up address is still the usual 404.
  expect((await page.request.get(`${server().origin}/blog/nunca-existiu`)).status()).toBe(404);
});

test("the trash restores a post, and deletes one for good after a second, confirming button", async ({ page }) => {
  await server().open(page, "/admin/blog/trash");
  const list = page.getByTestId("trash-list");
  await expect(list.getByRole("heading", { level: 3 })).toHaveCount(3);
  await expect(list).toContainText("Apagado de vez em");

  await list.getByRole("button", { name: "Restaurar Um post que volta" }).click();
  await expect(page.getByText("Post restaurado.")).toBeVisible();
  await expect(list.getByRole("heading", { level: 3, name: "Um post que volta" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 2, name: "Posts na lixeira" })).toBeFocused();
  expect((await page.request.get(`${server().origin}/blog/volta`)).status()).toBe(200);

  await list.getByRole("button", { name: "Excluir para sempre (Um post que some)" }).click();
  const confirm = list.getByRole("button", { name: "Confirmar: excluir para sempre (Um post que some)" });
  await expect(confirm).toBeFocused();
  // Cancelling keeps it, and gives the focus back.
  await list.getByRole("button", { name: "Cancelar" }).click();
  await expect(list.getByRole("button", { name: "Excluir para sempre (Um post que some)" })).toBeFocused();
  await list.getByRole("button", { name: "Excluir para sempre (Um post que some)" }).click();
  await confirm.click();
  await expect(page.getByText("Post excluído para sempre.")).toBeVisible();
  await expect(list.getByRole("heading", { level: 3 })).toHaveCount(1);
  // Deleted for good: its address names nothing any more.
  await expect.poll(async () => (await page.request.get(`${server().origin}/blog/some`)).status()).toBe(404);

  await server().open(page, "/admin/blog");
  await expect(page.getByTestId("trash-link")).toHaveText("Lixeira (1)");
  await expect(page.getByRole("heading", { level: 3, name: "Um post que volta" })).toBeVisible();
});

checkOnAPhone("the trash", async (page, lang) => {
  await server().open(page, lang === "en" ? "/en/admin/blog/trash" : "/admin/blog/trash");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang === "en" ? "Trash" : "Lixeira");
});

import type { Page } from "@playwright/test";
import type { PostInput } from "../../../app/lib/post-input.ts";
import { createPost, updatePost } from "../../../app/server/blog/posts.server.ts";
import type { Database } from "../../../app/server/db/client.server.ts";
import { postInput as input } from "../../server/helpers/posts.ts";
import { expect, test } from "../fixtures.ts";
import { checkOnAPhone, seededServerFor } from "./desk-helpers.ts";

async function write(db: Database, authorId: string, slug: string, extra: Partial<PostInput> = {}) {
  const result = await createPost(db, authorId, input(slug, extra));
  if (result.status !== "saved") throw new Error(`${slug}: ${result.status}`);
  return result.post;
}

/** The admin's list: a draft, a post published with autosaved changes, a scheduled one, and 52 more drafts. */
async function seed(db: Database, author: { id: string }) {
  for (let i = 0; i < 52; i++) await write(db, author.id, `arquivo-${i}`, { title: `Arquivo ${i}` });
  const live = await write(db, author.id, "no-ar", {
    title: "Publicado antes",
    published: true,
    tags: ["programacao-funcional"],
    tagNames: { "programacao-funcional": "Programação Funcional" },
  });
  // Autosaved afterwards: readers keep the published text; the list says so.
  await updatePost(
    db,
    author.id,
    live.id,
    input("no-ar", { title: "Publicado com mudanças", tags: ["programacao-funcional"] }),
    live.updatedAt,
    "autosave",
  );
  await write(db, author.id, "depois", {
    title: "Agendado mais tarde",
    lang: "en",
    scheduledAt: new Date(Date.now() + 7 * 24 * 3_600_000),
  });
  await write(db, author.id, "so-rascunho", { title: "Só um rascunho" });
}

const row = (page: Page, title: string) =>
  page
    .getByTestId("admin-post-list")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: title }) });

const server = seededServerFor("posts-list", seed);

test("the list says each post's status as the editor does, with its dates, newest first, 50 a page", async ({
  page,
}) => {
  await server().open(page, "/admin/blog");
  const rows = page.getByTestId("admin-post-list").getByRole("heading", { level: 3 });
  await expect(rows).toHaveCount(50);
  await expect(rows.nth(0)).toHaveText("Só um rascunho");
  await expect(page.getByTestId("post-count")).toHaveText("55 posts");
  await expect(row(page, "Só um rascunho").getByTestId("post-status")).toHaveText("Rascunho");
  await expect(row(page, "Agendado mais tarde").getByTestId("post-status")).toContainText("Agendado para");
  const pending = row(page, "Publicado com mudanças");
  await expect(pending.getByTestId("post-status")).toHaveText("Publicado · alterações não publicadas");
  await expect(pending).toContainText(/Criado em .+Publicado em .+Editado em/);
  await expect(pending.getByRole("listitem")).toHaveText("Programação Funcional");
  // "Ver" where readers can see it; the title leads to the editor.
  await expect(pending.getByRole("link", { name: "Ver Publicado com mudanças no blog" })).toHaveAttribute(
    "href",
    "/blog/no-ar",
  );
  await expect(row(page, "Só um rascunho").getByRole("link", { name: /^Ver / })).toHaveCount(0);
  await expect(pending.getByRole("link", { name: "Publicado com mudanças", exact: true })).toHaveAttribute(
    "href",
    /\/admin\/blog\?post=[0-9a-f-]{36}$/,
  );
  await expect(pending.getByRole("link", { name: "Pré-visualizar Publicado com mudanças" })).toHaveAttribute(
    "href",
    /\/admin\/blog\/[0-9a-f-]{36}\/preview$/,
  );

  await page.getByRole("link", { name: "Próxima página" }).click();
  await expect(page).toHaveURL(/[?&]page=2$/);
  await expect(page.getByText("Página 2 de 2")).toBeVisible();
  await expect(rows).toHaveCount(5);
  await expect(rows.last()).toHaveText("Arquivo 0");
});

test("filters by status, language, tag and title live in the address", async ({ page }) => {
  await server().open(page, "/admin/blog");
  const filters = page.getByTestId("post-filters");
  const titles = page.getByTestId("admin-post-list").getByRole("heading", { level: 3 });

  await filters.getByLabel("Situação").selectOption({ label: "Com alterações não publicadas" });
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/status=pending/);
  await expect(titles).toHaveText(["Publicado com mudanças"]);

  await page.goto(`${server().origin}/admin/blog?lang=en`);
  await expect(titles).toHaveText(["Agendado mais tarde"]);
  await page.goto(`${server().origin}/admin/blog?tag=programacao-funcional`);
  await expect(titles).toHaveText(["Publicado com mudanças"]);
  await expect(page.getByTestId("post-filters").getByLabel("Tag")).toHaveValue("programacao-funcional");

  await filters.getByLabel("Título").fill("rascunho");
  await filters.getByLabel("Tag").selectOption("");
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(titles).toHaveText(["Só um rascunho"]);
  await page.getByRole("link", { name: "Limpar filtros" }).click();
  await expect(page.getByTestId("post-count")).toHaveText("55 posts");
});

test("the filters work without scripts, as a plain form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await server().signIn(page);
  await page.goto(`${server().origin}/admin/blog`);
  await page.getByTestId("post-filters").getByLabel("Situação").selectOption("draft");
  await page.getByTestId("post-filters").getByLabel("Título").fill("só um");
  await page.getByTestId("post-filters").getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/status=draft/);
  await expect(page.getByTestId("admin-post-list").getByRole("heading", { level: 3 })).toHaveText(["Só um rascunho"]);
  await context.close();
});

test("deleting moves a post to the trash, and Desfazer brings it back", async ({ page }) => {
  await server().open(page, "/admin/blog?q=Arquivo%2051");
  await row(page, "Arquivo 51").getByRole("button", { name: "Excluir Arquivo 51" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Post movido para a lixeira." });
  await expect(toast).toBeVisible();
  await expect(row(page, "Arquivo 51")).toHaveCount(0);
  // Its button gone, the keyboard goes on from the list's heading.
  await expect(page.getByRole("heading", { level: 2, name: "Seus posts" })).toBeFocused();
  await expect(page.getByTestId("trash-link")).toHaveText("Lixeira (1)");
  await toast.getByRole("button", { name: "Desfazer" }).click();
  await expect(page.getByText("Post restaurado.")).toBeVisible();
  await expect(row(page, "Arquivo 51")).toBeVisible();
  await expect(page.getByTestId("trash-link")).toHaveText("Lixeira (0)");
});

checkOnAPhone("the list", (page, lang) =>
  server().open(page, lang === "en" ? "/en/admin/blog?status=pending" : "/admin/blog?status=draft"),
);

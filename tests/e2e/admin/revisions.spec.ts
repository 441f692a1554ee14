import { expect, expectNoSeriousA11yViolations, signIn, test } from "../fixtures.ts";
import { adminRow, openAdmin, seedPost, uniqueSlug } from "./helpers.ts";

test("an author compares a revision with the current text and restores it", async ({ page }) => {
  await signIn(page, "author");
  const slug = uniqueSlug("historico");
  const title = `Histórico ${slug}`;
  await seedPost(page, { title, slug, content: "Linha boa\nOutra linha boa", publish: true });
  const edit = async () => {
    await openAdmin(page);
    await adminRow(page, title)
      .getByRole("button", { name: /^Editar/ })
      .click();
  };
  await edit();
  await page.getByTestId("post-form").getByLabel("Conteúdo").fill("Linha boa\nLinha estragada");
  await page.getByTestId("post-form").getByRole("button", { name: "Atualizar publicação" }).click();
  await expect(page.getByText("Publicação atualizada.")).toBeVisible();
  await page.goto(`/blog/${slug}`);
  await expect(page.locator(".article-body")).toContainText("Linha estragada");

  await edit();
  await page.getByRole("button", { name: "Revisões" }).click();
  const list = page.getByTestId("revision-list");
  await expect(list.getByRole("listitem")).toHaveCount(2);
  // Updating the publication is named as such, with what changed since the version readers saw.
  await expect(list.getByRole("listitem").first()).toContainText("Publicação atualizada");
  await expect(list.getByRole("listitem").first()).toContainText("Mudou: conteúdo (+1 -1 linhas)");
  await expect(list.getByRole("listitem").last()).toContainText("Publicado");
  await list
    .getByRole("listitem")
    .last()
    .getByRole("button", { name: /^Comparar com o texto atual/ })
    .click();
  const diff = page.getByTestId("revision-diff");
  await expect(diff.locator("del")).toHaveText(["- Linha estragada"]);
  await expect(diff.locator("ins")).toHaveText(["+ Outra linha boa"]);
  await expectNoSeriousA11yViolations(page);

  // The post is published: the confirmation says the restored text waits for its publication.
  await diff.getByRole("button", { name: "Restaurar esta revisão" }).click();
  await expect(diff).toContainText("O post está publicado: ela vira alterações não publicadas");
  await diff.getByRole("button", { name: "Sim, restaurar" }).click();
  await expect(page.getByText(/^Revisão restaurada como alterações não publicadas/)).toBeVisible();
  const form = page.getByTestId("post-form");
  await expect(form.getByLabel("Conteúdo")).toHaveValue("Linha boa\nOutra linha boa");
  await expect(form.getByTestId("publish-state")).toContainText("alterações não publicadas");
  expect(await (await page.request.get(`/blog/${slug}`)).text()).toContain("Linha estragada");

  // Published, it is live; the restore is a revision of its own, and the one it undid is still there.
  await form.getByRole("button", { name: "Atualizar publicação" }).click();
  await expect(page.getByText("Publicação atualizada.")).toBeVisible();
  await page.goto(`/blog/${slug}`);
  await expect(page.locator(".article-body")).toContainText("Outra linha boa");
  await expect(page.locator(".article-body")).not.toContainText("Linha estragada");
  await edit();
  await page.getByRole("button", { name: "Revisões" }).click();
  const items = page.getByTestId("revision-list").getByRole("listitem");
  await expect(items).toHaveCount(4);
  await expect(items.nth(0)).toContainText("Publicação atualizada");
  await expect(items.nth(0)).not.toContainText("Sem mudanças no texto");
  await expect(items.nth(1)).toContainText("Restaurado");
});

test("revisions speak English under /en and answer no other author", async ({ browser, page }) => {
  await signIn(page, "author", "en");
  const slug = uniqueSlug("english-history");
  const title = `English history ${slug}`;
  await seedPost(page, { title, slug, content: "First" });
  await openAdmin(page, "en");
  await adminRow(page, title).getByRole("button", { name: /^Edit/ }).click();
  await page.getByRole("button", { name: "Revisions" }).click();
  await expect(page.getByTestId("revision-list")).toContainText("Saved");
  const id = new URL(page.url()).searchParams.get("post");

  const other = await (await browser.newContext()).newPage();
  await signIn(other, "coauthor", "en");
  const response = await other.request.get(`/admin/blog/revisions?post=${id}&lang=en`);
  expect(response.status()).toBe(404);
  expect(await response.text()).not.toContain("First");
  const visitor = await browser.newContext();
  expect((await visitor.request.get(`${new URL(page.url()).origin}/admin/blog/revisions?post=${id}`)).status()).toBe(
    401,
  );
});

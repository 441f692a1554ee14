import { limit } from "../../harness/host-speed.ts";
import { expect, restoreSession, signIn, test } from "../fixtures.ts";
import { adminRow, backToPosts, editInTwoTabs, openAdmin, openNewPostForm, seedPost, uniqueSlug } from "./helpers.ts";

test("a new post saves itself a few seconds after typing, and is there after a reload", async ({ page }) => {
  await restoreSession(page);
  const slug = uniqueSlug("salvo-sozinho");
  const title = `Salvo sozinho ${slug}`;
  await openNewPostForm(page);
  const form = page.getByTestId("post-form");
  await form.getByLabel("Título", { exact: true }).fill(title);
  await form.getByLabel("Slug", { exact: true }).fill(slug);
  await form.getByLabel("Conteúdo").fill("Escrito e esquecido.");
  const status = page.getByTestId("autosave-status");
  await expect(status).toHaveAttribute("role", "status");
  // The time is the author's, with its zone's name.
  await expect(status).toHaveText(/^Salvo às \d{1,2}:\d{2} \(\S+\)$/, { timeout: limit(15_000) });
  // The editor's address names the post it became: a reload comes back to it.
  await expect(page).toHaveURL(/\?post=[0-9a-f-]{36}$/);

  await page.reload();
  await expect(page.getByTestId("post-form").getByLabel("Conteúdo")).toHaveValue("Escrito e esquecido.");
  await backToPosts(page);
  const row = adminRow(page, title);
  await expect(row).toContainText("Rascunho");
  await row.getByRole("button", { name: /^Editar/ }).click();
  await expect(page.getByTestId("post-form").getByLabel("Conteúdo")).toHaveValue("Escrito e esquecido.");
  expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);
});

test("a published post's autosaved changes stay off the public page until the update", async ({ page }) => {
  await signIn(page, "author");
  const slug = uniqueSlug("no-ar");
  const title = `No ar ${slug}`;
  await seedPost(page, { title, slug, content: "Versão publicada.", publish: true });
  await adminRow(page, title)
    .getByRole("button", { name: /^Editar/ })
    .click();
  await page.getByTestId("post-form").getByLabel("Conteúdo").fill("Versão em andamento.");
  await expect(page.getByTestId("autosave-status")).toHaveText(/sem publicar/, { timeout: limit(15_000) });
  await page.goto(`/blog/${slug}`);
  await expect(page.locator(".article-body")).toContainText("Versão publicada.");

  await openAdmin(page);
  await adminRow(page, title)
    .getByRole("button", { name: /^Editar/ })
    .click();
  const form = page.getByTestId("post-form");
  await expect(form.getByTestId("publish-state")).toContainText("Publicado · alterações não publicadas");
  await expect(form.getByLabel("Conteúdo")).toHaveValue("Versão em andamento.");
  // Ctrl+S saves and the editor stays; readers still see the published version.
  await form.getByLabel("Conteúdo").press("Control+s");
  await expect(page.getByText(/^Salvo sem publicar/)).toBeVisible();
  await expect(form.getByLabel("Conteúdo")).toBeFocused();
  expect(await (await page.request.get(`/blog/${slug}`)).text()).toContain("Versão publicada.");
  // The publishing control puts it live.
  await form.getByRole("button", { name: "Atualizar publicação" }).click();
  await expect(page.getByText("Publicação atualizada.")).toBeVisible();
  await expect(form.getByTestId("publish-state")).toHaveText(/^Publicado\s*Ver post/);
  await page.goto(`/blog/${slug}`);
  await expect(page.locator(".article-body")).toContainText("Versão em andamento.");
});

test("offline, the status line says the text is kept in the browser, and it saves when back", async ({
  context,
  page,
}) => {
  await restoreSession(page);
  const slug = uniqueSlug("offline");
  const title = `Offline ${slug}`;
  await openNewPostForm(page, "en");
  const form = page.getByTestId("post-form");
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByLabel("Slug", { exact: true }).fill(slug);
  await context.setOffline(true);
  await form.getByLabel("Content").fill("Written on a plane.");
  const status = page.getByTestId("autosave-status");
  await expect(status).toHaveText("Offline: kept in this browser", { timeout: limit(15_000) });
  await context.setOffline(false);
  await expect(status).toHaveText(/^Saved at /, { timeout: limit(15_000) });
  await backToPosts(page, "en");
  await expect(adminRow(page, title)).toContainText("Draft");
});

test("two tabs on one post: the later autosave is refused, says why and offers the text", async ({ page }) => {
  await signIn(page, "author");
  const slug = uniqueSlug("duas-abas-auto");
  const title = `Duas abas auto ${slug}`;
  await seedPost(page, { title, slug, content: "Original" });
  const second = await editInTwoTabs(page, title);
  await page.getByTestId("post-form").getByLabel("Conteúdo").fill("Da primeira aba");
  await expect(page.getByTestId("autosave-status")).toHaveText(/^Salvo às/, { timeout: limit(15_000) });
  await second.getByTestId("post-form").getByLabel("Conteúdo").fill("Da segunda aba");
  const status = second.getByTestId("autosave-status");
  await expect(status).toHaveText(/^Não salvo: este post foi alterado em outra aba/, { timeout: limit(15_000) });
  await expect(second.getByTestId("post-form").getByLabel("Conteúdo")).toHaveValue("Da segunda aba");
  await expect(second.getByRole("button", { name: "Copiar o texto" })).toBeVisible();
  await expect(second.getByRole("button", { name: "Comparar" })).toBeVisible();
  const body = await (await page.request.get("/admin/blog")).text();
  expect(body).toContain("Da primeira aba");
  expect(body).not.toContain("Da segunda aba");
});

import { limit } from "../../harness/host-speed.ts";
import { expect, signIn, test } from "../fixtures.ts";
import { adminRow, createPostThroughForm, openAdmin, openNewPostForm, uniqueSlug } from "./helpers.ts";

test("a new post saves itself a few seconds after typing, and is there after a reload", async ({ page }) => {
  await signIn(page, "author");
  const slug = uniqueSlug("salvo-sozinho");
  const title = `Salvo sozinho ${slug}`;
  await openNewPostForm(page);
  const form = page.getByTestId("post-form");
  await form.getByLabel("Título").fill(title);
  await form.getByLabel("Slug", { exact: true }).fill(slug);
  await form.getByLabel("Conteúdo").fill("Escrito e esquecido.");
  const status = page.getByTestId("autosave-status");
  await expect(status).toHaveAttribute("role", "status");
  await expect(status).toHaveText(/^Salvo às \d{1,2}:\d{2}/, { timeout: limit(15_000) });

  await page.reload();
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
  await createPostThroughForm(page, { title, slug, content: "Versão publicada.", publish: true });
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
  await expect(page.getByTestId("pending-notice")).toBeVisible();
  const form = page.getByTestId("post-form");
  await expect(form.getByLabel("Conteúdo")).toHaveValue("Versão em andamento.");
  // Ctrl+S is the update button.
  await form.getByLabel("Conteúdo").press("Control+s");
  await expect(page.getByText("Blog atualizado com sucesso!")).toBeVisible();
  await page.goto(`/blog/${slug}`);
  await expect(page.locator(".article-body")).toContainText("Versão em andamento.");
});

test("offline, the status line says the text is kept in the browser, and it saves when back", async ({
  context,
  page,
}) => {
  await signIn(page, "author", "en");
  const slug = uniqueSlug("offline");
  const title = `Offline ${slug}`;
  await openNewPostForm(page, "en");
  const form = page.getByTestId("post-form");
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Slug", { exact: true }).fill(slug);
  await context.setOffline(true);
  await form.getByLabel("Content").fill("Written on a plane.");
  const status = page.getByTestId("autosave-status");
  await expect(status).toHaveText("No connection: kept in this browser", { timeout: limit(15_000) });
  await context.setOffline(false);
  await expect(status).toHaveText(/^Saved at /, { timeout: limit(15_000) });
  await page.reload();
  await expect(adminRow(page, title)).toContainText("Draft");
});

test("two tabs on one post: the later autosave is refused, says why and offers the text", async ({ context, page }) => {
  await signIn(page, "author");
  const slug = uniqueSlug("duas-abas-auto");
  const title = `Duas abas auto ${slug}`;
  await createPostThroughForm(page, { title, slug, content: "Original" });
  const second = await context.newPage();
  await openAdmin(second);
  for (const tab of [page, second]) {
    await adminRow(tab, title)
      .getByRole("button", { name: /^Editar/ })
      .click();
  }
  await page.getByTestId("post-form").getByLabel("Conteúdo").fill("Da primeira aba");
  await expect(page.getByTestId("autosave-status")).toHaveText(/^Salvo às/, { timeout: limit(15_000) });
  await second.getByTestId("post-form").getByLabel("Conteúdo").fill("Da segunda aba");
  const status = second.getByTestId("autosave-status");
  await expect(status).toHaveText(/^Não salvo: Este post foi alterado em outra aba/, { timeout: limit(15_000) });
  await expect(second.getByTestId("post-form").getByLabel("Conteúdo")).toHaveValue("Da segunda aba");
  await expect(second.getByRole("button", { name: "Copiar o texto" })).toBeVisible();
  const body = await (await page.request.get("/admin/blog")).text();
  expect(body).toContain("Da primeira aba");
  expect(body).not.toContain("Da segunda aba");
});

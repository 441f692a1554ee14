import { expect, expectNoSeriousA11yViolations, restoreSession, signIn, test, waitForHydration } from "../fixtures.ts";
import {
  adminRow,
  backToPosts,
  createPostThroughForm,
  openAdmin,
  openNewPostForm,
  pngBytes,
  publishAnswering,
  seedPost,
  uniqueSlug,
} from "./helpers.ts";

test("an author creates a draft, publishes it, edits it and deletes it", async ({ page }) => {
  await restoreSession(page);
  const slug = uniqueSlug("primeiro-post");
  const title = `Primeiro post ${slug}`;
  await createPostThroughForm(page, { title, slug, content: "## Olá\n\nTexto do **post**.", excerpt: "Um resumo" });

  const row = adminRow(page, title);
  await expect(row).toContainText("Rascunho");
  await expect(row).toContainText("Um resumo");
  // A draft is nowhere public.
  expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);
  expect(await (await page.request.get("/blog")).text()).not.toContain(title);

  await row.getByRole("button", { name: /^Editar/ }).click();
  const form = page.getByTestId("post-form");
  await expect(form.getByLabel("Título", { exact: true })).toHaveValue(title);
  await expect(form.getByLabel("Título", { exact: true })).toBeFocused();
  await expect(form.getByTestId("publish-state")).toHaveText("Rascunho");
  await publishAnswering(page, form.getByRole("button", { name: "Publicar agora" }));
  await expect(page.getByText("Post publicado.")).toBeVisible();
  // The editor stays, and links to the post's page.
  await expect(form.getByRole("link", { name: /^Ver post/ })).toHaveAttribute("href", `/blog/${slug}`);
  await backToPosts(page);
  await expect(adminRow(page, title)).toContainText("Publicado");

  // Published: on the public page, the list, the feed and the sitemap at once, no rebuild.
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.locator(".article-body strong")).toHaveText("post");
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  // A Portuguese post is not part of the English blog.
  await page.goto("/en/blog");
  await expect(page.getByRole("heading", { level: 2, name: title })).toHaveCount(0);
  expect(await (await page.request.get("/rss.xml")).text()).toContain(`/blog/${slug}`);
  expect(await (await page.request.get("/sitemap.xml")).text()).toContain(`/blog/${slug}`);

  await openAdmin(page);
  await adminRow(page, title)
    .getByRole("button", { name: /^Editar/ })
    .click();
  await page.getByTestId("post-form").getByLabel("Título", { exact: true }).fill(`${title} (editado)`);
  await page.getByTestId("post-form").getByRole("button", { name: "Atualizar publicação" }).click();
  await expect(page.getByText("Publicação atualizada.")).toBeVisible();
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} (editado)`);
  // Edited on the day it was published: the date shows once, with no "Atualizado em".
  const publishedDay = await page.locator("article header time").first().getAttribute("datetime");
  if (publishedDay?.slice(0, 10) === new Date().toISOString().slice(0, 10))
    await expect(page.locator("article header")).not.toContainText("Atualizado em");
  // Without a cover, the text follows the header: no placeholder block.
  await expect(page.locator("article img")).toHaveCount(0);
  const gap = await page.evaluate(() => {
    const header = document.querySelector("article header")?.getBoundingClientRect();
    const body = document.querySelector(".article-body")?.getBoundingClientRect();
    return (body?.top ?? 0) - (header?.bottom ?? 0);
  });
  expect(gap).toBeLessThan(100);
  await page.goto("/blog");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { level: 2, name: title }) });
  await expect(card.getByTestId("no-cover")).toHaveCount(1);
  const cardGap = await card.evaluate((article) => {
    const date = article.querySelector("time")?.getBoundingClientRect();
    return (date?.top ?? 0) - article.getBoundingClientRect().top;
  });
  expect(cardGap).toBeLessThan(40);

  // Delete: the post moves to the trash at once, and its address says it is gone
  // (undoing it, and the trash itself: posts-list.spec.ts and trash.spec.ts).
  await page.goto("/admin/blog");
  await waitForHydration(page);
  await adminRow(page, title)
    .getByRole("button", { name: /^Excluir/ })
    .click();
  await expect(page.getByText("Post movido para a lixeira.")).toBeVisible();
  await expect(adminRow(page, title)).toHaveCount(0);
  expect((await page.request.get(`/blog/${slug}`)).status()).toBe(410);
});

test("unpublishing removes a post from the list, its page, the feed and the sitemap at once", async ({ page }) => {
  await signIn(page, "author");
  const slug = uniqueSlug("vai-e-volta");
  const title = `Vai e volta ${slug}`;
  await seedPost(page, { title, slug, content: "Conteúdo", publish: true });
  expect((await page.request.get(`/en/blog/${slug}`)).status()).toBe(200);

  await adminRow(page, title)
    .getByRole("button", { name: /^Editar/ })
    .click();
  const form = page.getByTestId("post-form");
  await form.getByRole("button", { name: "Despublicar" }).click();
  await expect(form.getByTestId("publish-panel")).toContainText("O post volta a ser rascunho");
  await form.getByRole("button", { name: "Sim, despublicar" }).click();
  await expect(page.getByText("Post despublicado: voltou a ser rascunho.")).toBeVisible();
  await expect(form.getByTestId("publish-state")).toHaveText("Rascunho");
  await backToPosts(page);
  await expect(adminRow(page, title)).toContainText("Rascunho");

  expect((await page.request.get(`/en/blog/${slug}`)).status()).toBe(404);
  expect(await (await page.request.get("/en/blog")).text()).not.toContain(title);
  expect(await (await page.request.get("/en/rss.xml")).text()).not.toContain(slug);
  expect(await (await page.request.get("/sitemap.xml")).text()).not.toContain(slug);
});

test("the slug is proposed from the title until it is edited by hand", async ({ page }) => {
  await restoreSession(page);
  await openNewPostForm(page);
  const form = page.getByTestId("post-form");
  await form.getByLabel("Título", { exact: true }).fill("Programação em Node");
  await expect(form.getByLabel("Slug", { exact: true })).toHaveValue("programacao-em-node");
  await form.getByLabel("Slug", { exact: true }).fill("meu-slug");
  await form.getByLabel("Título", { exact: true }).fill("Outro título");
  await expect(form.getByLabel("Slug", { exact: true })).toHaveValue("meu-slug");
});

test("the Markdown preview renders as the public page will, without running scripts", async ({ page }) => {
  await restoreSession(page);
  await openNewPostForm(page);
  await page
    .getByTestId("post-form")
    .getByLabel("Conteúdo")
    .fill("## Título\n\n```ts\nconst x = 1;\n```\n\n<script>window.__xss = 1</script>");
  const preview = page.getByTestId("markdown-preview");
  await expect(preview.locator("h2")).toHaveText("Título");
  await expect(preview.locator("code.hljs .hljs-keyword")).toHaveText("const");
  await expect(preview.getByRole("button", { name: "Copiar" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});

test("the server's per-field errors show in the form, which keeps what was typed", async ({ page }) => {
  await signIn(page, "author");
  const slug = uniqueSlug("repetido");
  await seedPost(page, { title: `Original ${slug}`, slug, content: "Primeiro" });
  await openNewPostForm(page);
  const form = page.getByTestId("post-form");
  await form.getByLabel("Título", { exact: true }).fill("Segundo com o mesmo slug");
  await form.getByLabel("Slug", { exact: true }).fill(slug);
  await form.getByLabel("Conteúdo").fill("Texto que não pode se perder");
  await form.getByRole("button", { name: "Criar" }).click();
  await expect(form.getByText("Já existe um post com este slug. Escolha outro.")).toBeVisible();
  await expect(form.getByLabel("Conteúdo")).toHaveValue("Texto que não pode se perder");
  await expect(form.getByLabel("Título", { exact: true })).toHaveValue("Segundo com o mesmo slug");

  await form.getByLabel("Título", { exact: true }).fill("");
  await form.getByLabel("Slug", { exact: true }).fill("Não Vale");
  await form.getByRole("button", { name: "Criar" }).click();
  await expect(form.getByText("Informe o título.")).toBeVisible();
  await expect(form.getByText(/Use só letras minúsculas/)).toBeVisible();
  await expect(form.getByLabel("Título", { exact: true })).toHaveAttribute("aria-invalid", "true");
});

test("the admin speaks English under /en", async ({ page }) => {
  await restoreSession(page);
  await openNewPostForm(page, "en");
  const form = page.getByTestId("post-form");
  await form.getByRole("button", { name: "Create" }).click();
  await expect(form.getByText("Enter a title.")).toBeVisible();
  // The toast says it whole; the bar says it after "Not saved:".
  await expect(page.getByText("Fix the highlighted fields: Title, Slug, Content.", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Title", { exact: true })).toBeFocused();
  // The desk is a screen of its own, named for what it does; the list's header is the way back.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New post");
  await backToPosts(page, "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manage posts");
});

test("a cover is uploaded, previewed and replaced; the replaced file stays while a revision holds it", async ({
  page,
}) => {
  await restoreSession(page);
  const slug = uniqueSlug("com-capa");
  await openNewPostForm(page);
  const form = page.getByTestId("post-form");
  await form.getByLabel("Título", { exact: true }).fill(`Com capa ${slug}`);
  await form.getByLabel("Slug", { exact: true }).fill(slug);
  await form.getByLabel("Conteúdo").fill("Texto");

  // Hold the upload until its in-progress state has been seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/admin/blog/upload*", async (route) => {
    await held;
    await route.continue();
  });
  const input = page.getByTestId("cover-input");
  await input.setInputFiles({ name: "capa.png", mimeType: "image/png", buffer: await pngBytes("#0f766e") });
  await expect(input).toBeDisabled();
  await expect(form.getByText("Enviando...")).toBeVisible();
  release();
  await expect(page.getByText("Imagem enviada com sucesso!")).toBeVisible();
  await expect(input).toBeEnabled();
  const first = await form.getByTestId("cover-preview").getAttribute("src");
  expect(first).toMatch(/^\/uploads\/blog-images\/[0-9a-f-]{36}\/[A-Za-z0-9_-]+\.png$/);
  // Once there is a cover, its words: a description for readers who do not see it, and a caption.
  await form.getByLabel("Descrição da capa", { exact: true }).fill("Um quadrado verde-azulado");
  await form.getByLabel("Legenda da capa", { exact: true }).fill("Ilustração: a equipe");
  await publishAnswering(page, form.getByRole("button", { name: "Publicar agora" }));
  await expect(page.getByText("Post publicado.")).toBeVisible();

  const cover = await page.request.get(first ?? "");
  expect(cover.status()).toBe(200);
  expect(cover.headers()["content-type"]).toBe("image/png");
  expect(cover.headers()["x-content-type-options"]).toBe("nosniff");
  expect(cover.headers()["cache-control"]).toContain("max-age=31536000");
  await page.goto(`/blog/${slug}`);
  await expect(page.locator(`article img[src="${first}"]`)).toBeVisible();
  await expect(page.getByRole("img", { name: "Um quadrado verde-azulado" })).toHaveAttribute("src", first ?? "");
  await expect(page.locator("article figure figcaption")).toHaveText("Ilustração: a equipe");
  await expectNoSeriousA11yViolations(page);

  await openAdmin(page);
  await adminRow(page, `Com capa ${slug}`)
    .getByRole("button", { name: /^Editar/ })
    .click();
  await page
    .getByTestId("cover-input")
    .setInputFiles({ name: "nova.png", mimeType: "image/png", buffer: await pngBytes("#b45309") });
  await expect(page.getByText("Imagem enviada com sucesso!")).toBeVisible();
  const second = await page.getByTestId("cover-preview").getAttribute("src");
  expect(second).not.toBe(first);
  await page.getByTestId("post-form").getByRole("button", { name: "Atualizar publicação" }).click();
  await expect(page.getByText("Publicação atualizada.")).toBeVisible();
  // The post's history still shows the first cover, so restoring that revision brings it back.
  expect((await page.request.get(first ?? "")).status()).toBe(200);
  expect((await page.request.get(second ?? "")).status()).toBe(200);
  await page.goto(`/blog/${slug}`);
  // A new image keeps the words the author wrote.
  await expect(page.getByRole("img", { name: "Um quadrado verde-azulado" })).toHaveAttribute("src", second ?? "");
});

test("leaving the form with unsaved changes asks first", async ({ page }) => {
  await restoreSession(page);
  await openNewPostForm(page);
  await page.getByTestId("post-form").getByLabel("Título", { exact: true }).fill("Rascunho não salvo");
  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole("banner").getByRole("link", { name: "Sobre", exact: true }).click();
  await expect.poll(() => asked).toEqual(["Há alterações não salvas. Sair mesmo assim?"]);
  await expect(page).toHaveURL(/\/admin\/blog\?post=new$/);
  await expect(page.getByTestId("post-form").getByLabel("Título", { exact: true })).toHaveValue("Rascunho não salvo");

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("banner").getByRole("link", { name: "Sobre", exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
});

test("a stale form from a second tab does not overwrite the first tab's save", async ({ page, context }) => {
  await signIn(page, "author");
  const slug = uniqueSlug("duas-abas");
  const title = `Duas abas ${slug}`;
  await seedPost(page, { title, slug, content: "Original" });
  const second = await context.newPage();
  await second.goto("/admin/blog");
  await waitForHydration(second);

  for (const tab of [page, second])
    await adminRow(tab, title)
      .getByRole("button", { name: /^Editar/ })
      .click();
  await page.getByTestId("post-form").getByLabel("Conteúdo").fill("Salvo na primeira aba");
  await page.getByTestId("post-form").getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Post atualizado com sucesso!")).toBeVisible();

  await second.getByTestId("post-form").getByLabel("Conteúdo").fill("Da segunda aba, desatualizada");
  await second.getByTestId("post-form").getByRole("button", { name: "Salvar" }).click();
  await expect(second.getByTestId("autosave-status")).toContainText("foi alterado em outra aba ou janela");
  await expect(second.getByTestId("post-form").getByLabel("Conteúdo")).toHaveValue("Da segunda aba, desatualizada");
  const body = await (await page.request.get("/admin/blog")).text();
  expect(body).toContain("Salvo na primeira aba");
  expect(body).not.toContain("Da segunda aba");
});

test("the list says 'Carregando...' while it reloads after a change", async ({ page }) => {
  await restoreSession(page);
  const slug = uniqueSlug("carregando");
  await page.goto("/admin/blog");
  await waitForHydration(page);
  // Hold the list's reload that follows the save, to see the loading state.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/admin/blog.data*", async (route) => {
    if (route.request().method() === "GET") await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Novo post" }).click();
  const form = page.getByTestId("post-form");
  await form.getByLabel("Título", { exact: true }).fill(`Carregando ${slug}`);
  await form.getByLabel("Slug", { exact: true }).fill(slug);
  await form.getByLabel("Conteúdo").fill("Texto");
  await form.getByRole("button", { name: "Criar" }).click();
  await expect(page.getByText("Post criado com sucesso!")).toBeVisible();
  // The list reloads when the editor closes.
  await page.getByRole("button", { name: "Voltar aos posts" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Carregando..." })).toBeVisible();
  release();
  await expect(page.getByText("Carregando...")).toBeHidden();
  await expect(adminRow(page, `Carregando ${slug}`)).toBeVisible();
});

test("a long unbroken title wraps on a phone instead of widening the blog", async ({ page }) => {
  await signIn(page, "author");
  const slug = uniqueSlug("longo");
  const title = `https://example.com/${"sem-espacos".repeat(12)}`;
  await seedPost(page, { title, slug, content: `${"x".repeat(300)}`, publish: true });
  await page.setViewportSize({ width: 375, height: 812 });
  for (const path of ["/blog", `/blog/${slug}`, "/admin/blog"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

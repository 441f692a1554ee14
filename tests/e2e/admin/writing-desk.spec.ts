import { readFileSync } from "node:fs";
import type { Cookie, Locator, Page } from "@playwright/test";
import { limit } from "../../harness/host-speed.ts";
import {
  expect,
  expectNoSeriousA11yViolations,
  restoreSession,
  sessionFile,
  signIn,
  storePreferences,
  test,
  waitForHydration,
} from "../fixtures.ts";
import { backToPosts, editInTwoTabs, openNewPostForm, publishAnswering, seedPost, uniqueSlug } from "./helpers.ts";

// The author writes from Recife: every time the admin shows is in that zone, with its name.
test.use({ timezoneId: "America/Recife" });

/** A new post with a title, a slug and some text, in Portuguese; its form. */
async function startPost(page: Page, base: string, content = "Primeira linha.") {
  const slug = uniqueSlug(base);
  const title = `${base} ${slug}`;
  await openNewPostForm(page);
  const form = page.getByTestId("post-form");
  await form.getByLabel("Título", { exact: true }).fill(title);
  await form.getByLabel("Slug", { exact: true }).fill(slug);
  await form.getByLabel("Conteúdo").fill(content);
  return { form, slug, title };
}

/** The text of a post as the server keeps it, read through the admin's page. */
const adminHtml = async (page: Page) => (await page.request.get("/admin/blog")).text();

/** Places the caret in a text box, at `index` (the end when omitted). */
const caretAt = (box: Locator, index?: number) =>
  box.evaluate((element: HTMLTextAreaElement, at) => {
    element.focus();
    const position = at ?? element.value.length;
    element.setSelectionRange(position, position);
  }, index);

test("a new post opens on its title; Ctrl+S saves and the desk stays, with the save in the bar", async ({ page }) => {
  await restoreSession(page);
  await openNewPostForm(page);
  const form = page.getByTestId("post-form");
  const title = form.getByLabel("Título", { exact: true });
  await expect(title).toBeFocused();
  await expect(title).toHaveAttribute("placeholder", "Um título que diga do que o post trata");
  const slug = uniqueSlug("mesa");
  await title.pressSequentially(`Mesa ${slug}`);
  // Enter in the title goes on to the text.
  await title.press("Enter");
  const content = form.getByLabel("Conteúdo");
  await expect(content).toBeFocused();
  await page.keyboard.type("Uma ideia");
  // The bar speaks from the first keystroke.
  await expect(form.getByTestId("autosave-status")).toHaveText("Salvando...");
  await expect(form.getByTestId("publish-state")).toHaveText("Rascunho");
  await expect(form.getByTestId("word-count")).toHaveText("2 palavras · 1 min de leitura");

  await page.keyboard.press("Control+s");
  await expect(page.getByText("Post criado com sucesso!")).toBeVisible();
  await expect(form.getByTestId("autosave-status")).toHaveText(/^Salvo às \d{2}:\d{2} \((?!UTC)\S+\)$/);
  await expect(content).toBeFocused();
  await expect(page).toHaveURL(/\?post=[0-9a-f-]{36}$/);
  await expect(form.getByRole("button", { name: "Salvar" })).toBeVisible();
  await page.keyboard.type(" que cresce.");
  await page.keyboard.press("Control+s");
  await expect(page.getByText("Post atualizado com sucesso!")).toBeVisible();
  await expect(content).toHaveValue("Uma ideia que cresce.");
  expect(await adminHtml(page)).toContain("Uma ideia que cresce.");
});

test("Markdown keys format the text as typed, undo takes them back, and Tab never traps the keyboard", async ({
  page,
}) => {
  await restoreSession(page);
  await openNewPostForm(page);
  const content = page.getByTestId("post-form").getByLabel("Conteúdo");
  await content.fill("palavra");
  await content.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(0, 7));
  await content.press("Control+b");
  await expect(content).toHaveValue("**palavra**");
  await content.press("Control+i");
  await expect(content).toHaveValue("***palavra***");
  await content.press("Control+z");
  await expect(content).toHaveValue("**palavra**");
  await caretAt(content);
  await content.press("Enter");
  await content.press("Enter");
  await content.press("Control+k");
  await page.keyboard.type("https://example.com");
  await expect(content).toHaveValue("**palavra**\n\n[texto do link](https://example.com)");
  await content.press("Control+Shift+Digit2");
  await expect(content).toHaveValue("**palavra**\n\n## [texto do link](https://example.com)");
  await content.press("Control+Shift+Digit2");
  await caretAt(content);
  await content.press("Enter");
  await content.press("Enter");
  await page.keyboard.type("- um");
  await content.press("Enter");
  await page.keyboard.type("dois");
  // Tab nests the item; Shift+Tab brings it back out; Enter on an empty item ends the list.
  await content.press("Tab");
  await expect(content).toBeFocused();
  await expect(content).toHaveValue(/\n- um\n {2}- dois$/);
  await content.press("Shift+Tab");
  await expect(content).toHaveValue(/\n- um\n- dois$/);
  await content.press("Enter");
  await content.press("Enter");
  await expect(content).toHaveValue(/\n- um\n- dois\n$/);
  await page.keyboard.type("`x`");
  await content.evaluate((element: HTMLTextAreaElement) => {
    const end = element.value.length;
    element.setSelectionRange(end - 3, end);
  });
  await content.press("Control+e");
  await expect(content).toHaveValue(/\n- dois\nx$/);
  // In a list, Esc then Tab leaves the text; in a paragraph Tab leaves by itself.
  await page.keyboard.type("\n\n- item");
  await content.press("Escape");
  await content.press("Tab");
  await expect(content).not.toBeFocused();
  await caretAt(content, 0);
  await content.press("Tab");
  await expect(content).not.toBeFocused();
});

test("offline, Save and Ctrl+S keep the desk and the session; the text saves itself when the connection returns", async ({
  context,
  page,
}) => {
  await restoreSession(page);
  const { form, slug } = await startPost(page, "sem-rede");
  await form.getByRole("button", { name: "Criar" }).click();
  await expect(page.getByText("Post criado com sucesso!")).toBeVisible();
  const content = form.getByLabel("Conteúdo");
  const offline = `Escrito sem rede, ${slug}.`;

  await context.setOffline(true);
  await content.fill(offline);
  await form.getByRole("button", { name: "Salvar" }).click();
  await content.press("Control+s");
  const status = form.getByTestId("autosave-status");
  await expect(status).toHaveText("Sem conexão: guardado neste navegador");
  await expect(form.getByTestId("editor-bar")).toContainText("salva sozinho quando a conexão voltar");
  // Neither the error page nor a sign-out: the editor and the header's Admin stay.
  await expect(content).toHaveValue(offline);
  await expect(page.getByRole("banner").getByRole("link", { name: "Admin" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Login" })).toBeHidden();
  await expectNoSeriousA11yViolations(page);

  await context.setOffline(false);
  await expect(status).toHaveText(/^Salvo às/, { timeout: limit(20_000) });
  expect(await adminHtml(page)).toContain(offline);

  // A reload while offline fails as any page would; back online, the text this browser kept comes back.
  const more = `${offline}\nE mais uma linha.`;
  await context.setOffline(true);
  await content.fill(more);
  await expect(status).toHaveText("Sem conexão: guardado neste navegador");
  const editor = page.url();
  // The page asks before leaving unsaved changes; the author leaves anyway.
  page.once("dialog", (dialog) => void dialog.accept());
  await expect(page.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  await expect.poll(() => page.url()).toMatch(/^chrome-error:/);
  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto(editor);
  await waitForHydration(again);
  const offer = again.getByTestId("local-copy");
  const text = again.getByTestId("post-form").getByLabel("Conteúdo");
  // Chromium's emulated offline state can end as the reloading page leaves, and its editor then
  // saves the text on its way out: the text is back either way, saved or offered from this browser.
  await expect.poll(async () => (await offer.isVisible()) || (await text.inputValue()) === more).toBe(true);
  if (await offer.isVisible()) {
    await offer.getByRole("button", { name: "Restaurar" }).click();
    await expect(again.getByTestId("post-form").getByTestId("autosave-status")).toHaveText(/^Salvo às/, {
      timeout: limit(20_000),
    });
  }
  await expect(text).toHaveValue(more);
  // The page's data holds the text as an escaped string: its line break is a backslash (or two) and "n".
  const stored = new RegExp(`${offline.replaceAll(".", "\\.")}\\\\+nE mais uma linha\\.`);
  await expect.poll(async () => stored.test(await adminHtml(again))).toBe(true);
  expect((await again.request.get(`/blog/${slug}`)).status()).toBe(404);
});

test("an expired session keeps the text; signed in again, it is offered back and saved", async ({ context, page }) => {
  await restoreSession(page);
  const { form } = await startPost(page, "sessao");
  await form.getByRole("button", { name: "Criar" }).click();
  await expect(page.getByText("Post criado com sucesso!")).toBeVisible();
  const editor = page.url();

  await context.clearCookies();
  await form.getByLabel("Conteúdo").fill("Escrito depois que a sessão acabou.");
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(form.getByTestId("autosave-status")).toHaveText(/^Não salvo: sua sessão expirou/);
  await expect(form.getByLabel("Conteúdo")).toHaveValue("Escrito depois que a sessão acabou.");
  await expect(form.getByRole("button", { name: "Copiar o texto" })).toBeVisible();

  // Signed in again, the editor's address opens the post, and this browser's copy is offered.
  await context.addCookies(JSON.parse(readFileSync(sessionFile("author"), "utf8")) as Cookie[]);
  await page.goto(editor);
  await page.getByTestId("local-copy").getByRole("button", { name: "Restaurar" }).click();
  await expect(page.getByTestId("post-form").getByTestId("autosave-status")).toHaveText(/^Salvo às/, {
    timeout: limit(20_000),
  });
  expect(await adminHtml(page)).toContain("Escrito depois que a sessão acabou.");
});

test("another tab's newer version is shown in the bar, compared, and the author's text kept", async ({ page }) => {
  await signIn(page, "author");
  const slug = uniqueSlug("duas-mesas");
  const title = `Duas mesas ${slug}`;
  await seedPost(page, { title, slug, content: "Original" });
  const second = await editInTwoTabs(page, title);
  await page.getByTestId("post-form").getByLabel("Conteúdo").fill("Da primeira aba");
  await page.getByTestId("post-form").getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Post atualizado com sucesso!")).toBeVisible();

  const form = second.getByTestId("post-form");
  await form.getByLabel("Conteúdo").fill("Da segunda aba");
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(form.getByTestId("autosave-status")).toHaveText(/^Não salvo: este post foi alterado em outra aba/);
  await form.getByRole("button", { name: "Comparar" }).click();
  const conflict = second.getByTestId("conflict");
  await expect(conflict.locator("del")).toHaveText(["- Da primeira aba"]);
  await expect(conflict.locator("ins")).toHaveText(["+ Da segunda aba"]);
  await expectNoSeriousA11yViolations(second);
  await conflict.getByRole("button", { name: "Manter o meu texto" }).click();
  await expect(second.getByText("Post atualizado com sucesso!")).toBeVisible();
  await expect(conflict).toBeHidden();
  // Saved over the other tab's version, which stays in the revisions.
  await page.reload();
  await expect(page.getByTestId("post-form").getByLabel("Conteúdo")).toHaveValue("Da segunda aba");
});

test("a title past its limit is counted and refused, never cut; the first wrong field takes the focus", async ({
  page,
}) => {
  await restoreSession(page);
  const { form } = await startPost(page, "limite");
  const title = form.getByLabel("Título", { exact: true });
  const long = "Título longo ".repeat(400).trim();
  await title.fill(long);
  await expect(title).toHaveValue(long);
  await expect(form.getByText(`${long.length}/200`)).toBeVisible();
  await expect(
    form.getByText(`Passou ${long.length - 200} caracteres do limite de 200: encurte para salvar.`),
  ).toBeVisible();
  await form.getByRole("button", { name: "Criar" }).click();
  await expect(form.getByTestId("autosave-status")).toHaveText("Não salvo: Corrija os campos destacados: Título.");
  await expect(title).toBeFocused();
  await expect(title).toHaveValue(long);
  await title.fill("x".repeat(200));
  await expect(form.getByText("No limite: até 200 caracteres.")).toBeVisible();

  // A wrong field below the text is scrolled to and focused.
  await title.fill("Um título");
  const slug = form.getByLabel("Slug", { exact: true });
  await slug.fill("Não Vale");
  await form.getByRole("button", { name: "Criar" }).click();
  await expect(slug).toBeFocused();
  await expect(slug).toBeInViewport();
  await expect(form.getByTestId("autosave-status")).toHaveText("Não salvo: Corrija os campos destacados: Slug.");
});

test("the preview sits beside the text, follows the caret, and names what it removed", async ({ page }) => {
  await restoreSession(page);
  await openNewPostForm(page);
  const content = page.getByTestId("post-form").getByLabel("Conteúdo");
  const paragraphs = Array.from({ length: 40 }, (_, i) => `## Parte ${i + 1}\n\nTexto da parte ${i + 1}.`);
  await content.fill(`<iframe src="https://example.com"></iframe>\n\n${paragraphs.join("\n\n")}`);
  const preview = page.getByTestId("markdown-preview");
  await expect(preview.getByRole("heading", { name: "Parte 40" })).toBeAttached();
  await expect(page.getByTestId("preview-removed")).toContainText("removido: iframe");
  const [text, side] = await Promise.all([content.boundingBox(), preview.boundingBox()]);
  expect((side?.x ?? 0) > (text?.x ?? 0) + (text?.width ?? 0) - 1).toBe(true);
  // The text box grows with the text: no scrollbar of its own.
  expect(await content.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(2);

  await caretAt(content);
  await content.press("End");
  await expect(preview.getByRole("heading", { name: "Parte 40" })).toBeInViewport();
  await caretAt(content, 0);
  await content.press("ArrowRight");
  await expect(preview.getByRole("heading", { name: "Parte 1", exact: true })).toBeInViewport();
});

test("post settings hold the search description with its counter, and the link preview's title and text", async ({
  page,
}) => {
  await restoreSession(page);
  const { form } = await startPost(page, "configuracoes");
  const settings = form.getByTestId("post-settings");
  await settings.getByText("Configurações do post").click();
  const description = settings.getByLabel("Descrição para buscadores");
  await expect(settings).toContainText("cerca de 155 a 160 caracteres");
  await description.fill("Um texto curto para a busca.");
  await expect(settings.getByText("28/160")).toBeVisible();
  await settings.getByLabel("Título para redes sociais").fill("Um título para compartilhar");
  await settings.getByLabel("Descrição para redes sociais").fill("O que aparece na prévia.");
  await form.getByRole("button", { name: /^(Criar|Salvar)$/ }).click();
  await expect(page.getByText(/^Post (criado|atualizado) com sucesso!$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test.describe("on a phone", () => {
  test.use({ hasTouch: true });
  for (const [lang, theme] of [
    ["pt", "light"],
    ["en", "dark"],
  ] as const) {
    test(`the desk on a 375 px phone, by touch and keyboard, ${lang} in the ${theme} theme`, async ({ page }) => {
      test.slow();
      await storePreferences(page, { theme });
      await page.setViewportSize({ width: 375, height: 740 });
      await restoreSession(page);
      const en = lang === "en";
      await openNewPostForm(page, lang);
      const form = page.getByTestId("post-form");
      const slug = uniqueSlug("telefone");
      await form.getByLabel(en ? "Title" : "Título", { exact: true }).fill(`Phone ${slug}`);
      await form.getByLabel("Slug", { exact: true }).fill(slug);
      await form.getByLabel(en ? "Content" : "Conteúdo").fill("# Hello\n\nText <iframe></iframe>");
      await expect(form.getByTestId("word-count")).toHaveText(
        en ? "2 words · 1 min read" : "2 palavras · 1 min de leitura",
      );
      await form.getByRole("tab", { name: en ? "Preview" : "Pré-visualizar" }).tap();
      await expect(page.getByTestId("preview-removed")).toContainText(en ? "removed: iframe" : "removido: iframe");
      await expectNoSeriousA11yViolations(page);
      await form.getByRole("tab", { name: en ? "Write" : "Escrever" }).tap();
      await publishAnswering(page, form.getByRole("button", { name: en ? "Publish now" : "Publicar agora" }), {
        tap: true,
      });
      await expect(form.getByTestId("publish-state")).toContainText(en ? "Published" : "Publicado");
      await expect(form.getByRole("link", { name: en ? /^View post/ : /^Ver post/ })).toHaveAttribute(
        "href",
        en ? `/en/blog/${slug}` : `/blog/${slug}`,
      );
      await form.getByRole("button", { name: en ? "Unpublish" : "Despublicar" }).tap();
      await expect(form.getByTestId("publish-panel")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(form.getByTestId("publish-panel")).toBeHidden();
      await expect(form.getByRole("button", { name: en ? "Unpublish" : "Despublicar" })).toBeFocused();
      await expectNoSeriousA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await backToPosts(page, lang);
    });
  }
});

test.describe("a desk that knows where it is", () => {
  // Each size, language and theme once: the phone with Portuguese, whose longer words the bar must still hold on one line.
  for (const [device, width, height, lang, theme] of [
    ["desktop", 1280, 800, "en", "light"],
    ["phone", 390, 844, "pt", "dark"],
  ] as const) {
    test(`after its autosave the desk edits the post, its title in view, its bar clear (${device}, ${lang}, ${theme})`, async ({
      page,
    }) => {
      const en = lang === "en";
      await storePreferences(page, { theme });
      await page.setViewportSize({ width, height });
      await restoreSession(page);
      await openNewPostForm(page, lang);
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toHaveText(en ? "New post" : "Novo post");
      // Right under the site's header: no list header above the desk.
      await expect(page.getByRole("heading", { name: en ? "Manage posts" : "Gerenciar posts" })).toHaveCount(0);
      const form = page.getByTestId("post-form");
      const slug = uniqueSlug("onde-estou");
      const title = form.getByLabel(en ? "Title" : "Título", { exact: true });
      await title.fill(`Onde ${slug}`);
      await form.getByLabel("Slug", { exact: true }).fill(slug);
      await form.getByLabel(en ? "Content" : "Conteúdo").fill("Um texto que se salva sozinho.");

      // The autosave made the post: "Editar post" and "Salvar", the post's address, no reload.
      await expect(heading).toHaveText(en ? "Edit post" : "Editar post");
      await expect(form.getByRole("button", { name: en ? "Save" : "Salvar", exact: true })).toBeVisible();
      await expect(form.getByRole("button", { name: en ? "Create" : "Criar", exact: true })).toHaveCount(0);
      await expect(page).toHaveURL(/\?post=[0-9a-f-]{36}$/);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(title).toBeInViewport({ ratio: 1 });

      // The phone's bar is one line: its state and its buttons side by side.
      const bar = page.getByTestId("editor-bar");
      const barBox = await bar.boundingBox();
      if (!barBox) throw new Error("no bar");
      if (device === "phone") expect(barBox.height).toBeLessThanOrEqual(64);

      // Saving again says "updated", and its toast stays clear of the bar.
      await page.keyboard.press("Control+s");
      const toast = page.getByText(en ? "Post updated successfully!" : "Post atualizado com sucesso!");
      await expect(toast).toBeVisible();
      const toastBox = await toast.boundingBox();
      const nowBar = await bar.boundingBox();
      if (!toastBox || !nowBar) throw new Error("no toast or bar");
      const overlaps = toastBox.y < nowBar.y + nowBar.height && nowBar.y < toastBox.y + toastBox.height;
      expect(overlaps).toBe(false);
      await expectNoSeriousA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  test("offline, the preview says it is behind the text, and follows again when the connection returns", async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await restoreSession(page);
    const { form } = await startPost(page, "previa-atrasada", "Primeiro parágrafo.");
    const preview = page.getByTestId("markdown-preview");
    await expect(preview).toContainText("Primeiro parágrafo.");
    await context.setOffline(true);
    await form.getByLabel("Conteúdo").fill("Primeiro parágrafo.\n\nSegundo, escrito sem rede.");
    await expect(page.getByTestId("preview-behind")).toHaveText(
      "A pré-visualização parou no texto de antes: sem conexão. Ela volta a acompanhar quando a conexão voltar.",
    );
    await expect(preview).not.toContainText("Segundo");
    await context.setOffline(false);
    await expect(preview).toContainText("Segundo, escrito sem rede.");
    await expect(page.getByTestId("preview-behind")).toHaveText("");
  });

  test("the preview page's way back returns to the post's editor", async ({ page }) => {
    await restoreSession(page);
    const { form } = await startPost(page, "de-volta");
    await form.getByRole("button", { name: "Criar" }).click();
    await expect(page.getByText("Post criado com sucesso!")).toBeVisible();
    const id = new URL(page.url()).searchParams.get("post");
    await page.goto(`/en/admin/blog/${id}/preview`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Back to the editor" }).click();
    await expect(page).toHaveURL(new RegExp(`/en/admin/blog\\?post=${id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit post");
  });
});

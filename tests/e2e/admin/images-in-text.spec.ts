import type { Locator } from "@playwright/test";
import { expect, restoreSession, test } from "../fixtures.ts";
import { openNewPostForm, pngBytes, publishAnswering, uniqueSlug } from "./helpers.ts";

/** Pastes an image file into a text box, as a screenshot pasted from the clipboard arrives. */
async function pasteImage(box: Locator, bytes: Buffer) {
  await box.evaluate(
    (element, data) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], "captura.png", { type: "image/png" }));
      element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
    },
    [...bytes],
  );
}

test("a pasted screenshot is uploaded, described and shown with its size in the preview and on the page", async ({
  browser,
  page,
}) => {
  await restoreSession(page);
  const slug = uniqueSlug("com-captura");
  await openNewPostForm(page);
  const form = page.getByTestId("post-form");
  await form.getByLabel("Título", { exact: true }).fill(`Com captura ${slug}`);
  await form.getByLabel("Slug", { exact: true }).fill(slug);
  const content = form.getByLabel("Conteúdo");
  await content.fill("Antes da imagem.");
  await pasteImage(content, await pngBytes("#0f766e", 1600, 900));

  const prompt = page.getByTestId("image-alt");
  await expect(prompt).toBeVisible();
  await prompt.getByRole("button", { name: "Inserir no texto" }).click();
  await expect(prompt.getByText("Escreva o texto alternativo antes de inserir a imagem.")).toBeVisible();
  await prompt.getByLabel("Texto alternativo da imagem, em português").fill("Painel verde do site");
  await prompt.getByRole("button", { name: "Inserir no texto" }).click();
  await expect(prompt).toBeHidden();
  await expect(content).toHaveValue(
    /^Antes da imagem\.\n\n!\[Painel verde do site\]\(\/uploads\/blog-images\/[0-9a-f-]{36}\/\w+-1600x900\.png\)\n\n$/,
  );
  const preview = page.getByTestId("markdown-preview").getByRole("img", { name: "Painel verde do site" });
  await expect(preview).toBeVisible();

  await publishAnswering(page, form.getByRole("button", { name: "Publicar agora" }));
  await expect(page.getByText("Post publicado.")).toBeVisible();
  // A phone that has not seen the full image yet (the preview loaded it in this browser).
  const phone = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  await phone.goto(`${new URL(page.url()).origin}/blog/${slug}`);
  const image = phone.locator(".article-body").getByRole("img", { name: "Painel verde do site" });
  await expect(image).toHaveAttribute("width", "1600");
  await expect(image).toHaveAttribute("height", "900");
  await expect(image).toHaveAttribute("loading", "lazy");
  await expect(image).toHaveAttribute("srcset", /-640w\.webp 640w, /);
  await image.scrollIntoViewIfNeeded();
  // A phone takes the small WebP copy.
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(/-640w\.webp$/);
});

test("an image chosen with the button goes in at the cursor, in English", async ({ page }) => {
  await restoreSession(page);
  await openNewPostForm(page, "en");
  const form = page.getByTestId("post-form");
  await form.getByRole("radio", { name: "English" }).check();
  const content = form.getByLabel("Content");
  await content.fill("First line.\nLast line.");
  await content.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(12, 12));
  await page.getByTestId("content-image-input").setInputFiles({
    name: "diagram.png",
    mimeType: "image/png",
    buffer: await pngBytes("#b45309", 300, 200),
  });
  const prompt = page.getByTestId("image-alt");
  await prompt.getByLabel("Image's alternative text, in English").fill("A small diagram");
  await prompt.getByLabel("Image's alternative text, in English").press("Enter");
  await expect(content).toHaveValue(
    /^First line\.\n\n!\[A small diagram\]\(\/uploads\/blog-images\/[0-9a-f-]{36}\/\w+-300x200\.png\)\n\nLast line\.$/,
  );
  // Dropped onto the text box, an image takes the same way.
  const bytes = [...(await pngBytes("#334155", 200, 100))];
  await content.evaluate((element, data) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(data)], "dropped.png", { type: "image/png" }));
    element.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, bytes);
  await prompt.getByLabel("Image's alternative text, in English").fill("A dropped picture");
  await prompt.getByRole("button", { name: "Insert into the text" }).click();
  await expect(content).toHaveValue(
    /!\[A dropped picture\]\(\/uploads\/blog-images\/[0-9a-f-]{36}\/\w+-200x100\.png\)/,
  );
});

import { expect, expectNoSeriousA11yViolations, signIn, test } from "../fixtures.ts";
import { adminRow, openAdmin, pngBytes, seedPost, uniqueSlug } from "./helpers.ts";

for (const theme of ["light", "dark"] as const) {
  test(`the editor's history, schedule, kept copy and image prompt fit a phone in the ${theme} theme`, async ({
    context,
    page,
  }) => {
    test.slow();
    await signIn(page, "author");
    const slug = uniqueSlug(`telefone-${theme}`);
    const title = `No telefone ${slug}`;
    await seedPost(page, { title, slug, content: "Primeira versão." });
    await page.evaluate((value) => localStorage.setItem("theme", value), theme);
    await page.setViewportSize({ width: 375, height: 800 });
    const edit = async () => {
      await openAdmin(page);
      await adminRow(page, title)
        .getByRole("button", { name: /^Editar/ })
        .click();
    };
    await edit();
    const form = page.getByTestId("post-form");
    await form.getByLabel("Conteúdo").fill("Segunda versão.");
    await form.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("Post atualizado com sucesso!")).toBeVisible();

    // The text and its preview share the screen through a switch, worked by keyboard as tabs.
    const tabs = page.getByRole("tablist", { name: "Escrever ou pré-visualizar" });
    await tabs.getByRole("tab", { name: "Escrever" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.getByRole("tab", { name: "Pré-visualizar" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("markdown-preview")).toContainText("Segunda versão.");
    await expect(form.getByLabel("Conteúdo")).toBeHidden();
    await page.keyboard.press("ArrowLeft");
    await expect(form.getByLabel("Conteúdo")).toBeVisible();
    // The bar stays in view while writing, below the site's header, over nothing it refers to.
    await form.getByLabel("Conteúdo").fill("Segunda versão.\n".repeat(60));
    await page.mouse.wheel(0, 1500);
    const bar = await page.getByTestId("editor-bar").boundingBox();
    expect(bar?.y).toBeGreaterThanOrEqual(60);
    expect((bar?.y ?? 0) + (bar?.height ?? 0)).toBeLessThan(300);

    await page.getByRole("button", { name: "Revisões" }).click();
    await page
      .getByTestId("revision-list")
      .getByRole("listitem")
      .last()
      .getByRole("button", { name: /^Comparar/ })
      .click();
    await expect(page.getByTestId("revision-diff")).toBeVisible();
    await form.getByRole("button", { name: "Agendar" }).click();
    await expect(form.getByTestId("publish-panel")).toBeVisible();
    await form.getByLabel("Conteúdo").evaluate(
      (element, data) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(data)], "foto.png", { type: "image/png" }));
        element.dispatchEvent(
          new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }),
        );
      },
      [...(await pngBytes("#0369a1", 800, 400))],
    );
    await expect(page.getByTestId("image-alt")).toBeVisible();
    // Offline, the bar says where the text is; it stays in this browser.
    await context.setOffline(true);
    await form.getByLabel("Conteúdo").fill("Terceira versão, não salva.");
    await expect(page.getByTestId("autosave-status")).toHaveText("Sem conexão: guardado neste navegador");
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The copy this browser kept, offered on a fresh page.
    await page.close({ runBeforeUnload: false });
    await context.setOffline(false);
    const again = await context.newPage();
    await again.setViewportSize({ width: 375, height: 800 });
    await openAdmin(again);
    await adminRow(again, title)
      .getByRole("button", { name: /^Editar/ })
      .click();
    await expect(again.getByTestId("local-copy")).toBeVisible();
    await again.getByTestId("local-copy").getByText("Ver as diferenças no conteúdo").click();
    await expectNoSeriousA11yViolations(again);
    expect(await again.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
}

import { expect, expectNoSeriousA11yViolations, restoreSession, signIn, test } from "../fixtures.ts";
import { adminRow, backToPosts, openAdmin, openNewPostForm, seedPost, uniqueSlug } from "./helpers.ts";

test("a new post typed in a tab that dies is offered back, shown, restored and saved", async ({ context, page }) => {
  await restoreSession(page);
  const slug = uniqueSlug("quase-perdido");
  const title = `Quase perdido ${slug}`;
  await openNewPostForm(page);
  const form = page.getByTestId("post-form");
  await form.getByLabel("Título", { exact: true }).fill(title);
  await form.getByLabel("Conteúdo").fill("Primeira linha\nSegunda linha");
  // The tab goes away without a chance to warn (a crash, a closed window).
  await page.close({ runBeforeUnload: false });

  const again = await context.newPage();
  await openNewPostForm(again);
  const offer = again.getByTestId("local-copy");
  await expect(offer.getByRole("heading")).toHaveText("Há uma versão não salva deste post neste navegador");
  await expect(offer).toContainText("Título");
  await expect(offer).toContainText("Conteúdo");
  await offer.getByText("Ver as diferenças no conteúdo").click();
  await expect(offer.locator("ins")).toHaveText(["+ Primeira linha", "+ Segunda linha"]);
  await expectNoSeriousA11yViolations(again);
  await offer.getByRole("button", { name: "Restaurar" }).click();
  await expect(offer).toBeHidden();
  const restored = again.getByTestId("post-form");
  await expect(restored.getByLabel("Título", { exact: true })).toHaveValue(title);
  await expect(restored.getByLabel("Conteúdo")).toHaveValue("Primeira linha\nSegunda linha");
  await restored.getByRole("button", { name: "Criar" }).click();
  await expect(again.getByText("Post criado com sucesso!")).toBeVisible();
  await backToPosts(again);
  await expect(adminRow(again, title)).toBeVisible();

  // Saved: the copy is gone.
  await openNewPostForm(again);
  await expect(again.getByTestId("local-copy")).toHaveCount(0);
});

test("an edit the server never received is kept, and only its author is offered it", async ({ context, page }) => {
  await signIn(page, "author");
  const slug = uniqueSlug("sem-rede");
  const title = `Sem rede ${slug}`;
  await seedPost(page, { title, slug, content: "Texto salvo." });
  await adminRow(page, title)
    .getByRole("button", { name: /^Editar/ })
    .click();
  const form = page.getByTestId("post-form");
  // Nothing this tab posts reaches the server from here on, whenever the browser would send it (a save that waited
  // for the network must not slip out as the tab closes and the network comes back).
  await page.route("**/*", (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback(),
  );
  await form.getByLabel("Conteúdo").fill("Texto salvo.\nLinha escrita sem rede.");
  await context.setOffline(true);
  await form.getByRole("button", { name: "Salvar" }).click();
  // The save fails offline; the line is kept in this browser before the tab goes.
  await page.waitForFunction(
    (line) =>
      Object.keys(localStorage).some(
        (key) => key.startsWith("portfolio.unsaved-post:") && localStorage.getItem(key)?.includes(line),
      ),
    "Linha escrita sem rede.",
  );
  await page.close({ runBeforeUnload: false });
  await context.setOffline(false);

  // Another author on this browser sees nothing of it.
  const other = await context.newPage();
  await other.context().clearCookies();
  await restoreSession(other, "coauthor");
  await openNewPostForm(other);
  await expect(other.getByTestId("local-copy")).toHaveCount(0);
  await other.context().clearCookies();

  // Its author, back online, is offered the line and saves it.
  await restoreSession(other);
  await openAdmin(other);
  await adminRow(other, title)
    .getByRole("button", { name: /^Editar/ })
    .click();
  const offer = other.getByTestId("local-copy");
  await offer.getByText("Ver as diferenças no conteúdo").click();
  await expect(offer.locator("ins")).toHaveText(["+ Linha escrita sem rede."]);
  await offer.getByRole("button", { name: "Restaurar" }).click();
  await other.getByTestId("post-form").getByRole("button", { name: "Salvar" }).click();
  await expect(other.getByText("Post atualizado com sucesso!")).toBeVisible();
  await backToPosts(other);
  await adminRow(other, title)
    .getByRole("button", { name: /^Editar/ })
    .click();
  await expect(other.getByTestId("post-form").getByLabel("Conteúdo")).toHaveValue(
    "Texto salvo.\nLinha escrita sem rede.",
  );
  await expect(other.getByTestId("local-copy")).toHaveCount(0);
});

test("a kept copy can be discarded, in English", async ({ context, page }) => {
  await restoreSession(page);
  await openNewPostForm(page, "en");
  await page.getByTestId("post-form").getByLabel("Title", { exact: true }).fill("Throwaway");
  await page.close({ runBeforeUnload: false });
  const again = await context.newPage();
  await openNewPostForm(again, "en");
  const offer = again.getByTestId("local-copy");
  await expect(offer.getByRole("heading")).toHaveText("There is an unsaved version of this post in this browser");
  await offer.getByRole("button", { name: "Discard" }).click();
  await expect(offer).toBeHidden();
  await again.reload();
  await expect(again.getByTestId("post-form")).toBeVisible();
  await expect(again.getByTestId("local-copy")).toHaveCount(0);
});

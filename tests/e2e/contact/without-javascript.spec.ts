import { expect, restoreSession, test } from "../fixtures.ts";
import { fillContactForm, fromOwnAddress, inboxRow, openedAMinuteAgo, texts, uniqueName } from "./helpers.ts";

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test.beforeEach(async ({ page, baseURL }) => {
    await fromOwnAddress(page);
    await openedAMinuteAgo(page.context(), baseURL ?? "");
  });

  for (const lang of ["pt", "en"] as const) {
    test(`the form still sends, as a plain form post (${lang})`, async ({ page, browser }) => {
      const name = uniqueName(lang === "pt" ? "Sem Script" : "No Script");
      await page.goto(lang === "pt" ? "/contact" : "/en/contact");
      await fillContactForm(page, lang, { name, email: "noscript@example.com", message: "Olá sem JavaScript" });
      await page.getByRole("button", { name: texts[lang].send }).click();
      await expect(page.getByRole("status")).toContainText(texts[lang].sent);
      await expect(page).toHaveURL(lang === "pt" ? /\/contact$/ : /\/en\/contact$/);

      const author = await (await browser.newContext({ javaScriptEnabled: true })).newPage();
      await restoreSession(author);
      await author.goto("/admin/messages");
      await expect(inboxRow(author, name)).toContainText(`Idioma: ${lang.toUpperCase()}`);
    });
  }

  test("refused fields come back with their messages and the typed text", async ({ page }) => {
    await page.goto("/en/contact");
    await fillContactForm(page, "en", { name: "Bia", email: "bia@localhost", message: "  keep me  " });
    await page.getByRole("button", { name: texts.en.send }).click();
    await expect(page.getByTestId("contact-refusal")).toHaveText("Fix the highlighted fields and send again.");
    const email = page.getByLabel("E-mail", { exact: true });
    await expect(email).toHaveValue("bia@localhost");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Enter a valid e-mail, such as you@example.com.")).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Bia");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("  keep me  ");
  });
});

import { fromOwnAddress, openedAMinuteAgo } from "../contact/helpers.ts";
import { expect, test, waitForHydration } from "../fixtures.ts";
import { expectExternal, inLang } from "./helpers.ts";

for (const [lang, texts] of [
  [
    "pt",
    {
      send: "Enviar mensagem",
      sending: "Enviando...",
      sent: "Mensagem enviada!",
      name: "Nome",
      email: "E-mail",
      message: "Mensagem",
    },
  ],
  [
    "en",
    {
      send: "Send message",
      sending: "Sending...",
      sent: "Message sent!",
      name: "Name",
      email: "E-mail",
      message: "Message",
    },
  ],
] as const) {
  test(`the contact page shows how to reach the owner (${lang})`, async ({ page }) => {
    await page.goto(inLang(lang, "/contact"));
    const info = page.getByTestId("contact-info");
    await expect(info.getByRole("link", { name: "contato@rafaelwerneck.dev" })).toHaveAttribute(
      "href",
      "mailto:contato@rafaelwerneck.dev",
    );
    await expectExternal(info.getByRole("link", { name: /\+55 \(81\) 99876-5432/ }), "https://wa.me/5581998765432");
    await expect(info).toContainText(lang === "pt" ? "Recife, Pernambuco - Brasil" : "Recife, Pernambuco - Brazil");
    await expect(page.getByRole("main").getByRole("link", { name: "GitHub" })).toHaveCount(1);
  });

  test(`sending a message: 1 s sending, then thanks for 5 s, then an empty form (${lang})`, async ({
    page,
    baseURL,
  }) => {
    // The server stores the message now: this visitor has their own address and opened the form a while ago.
    await fromOwnAddress(page);
    await openedAMinuteAgo(page.context(), baseURL ?? "");
    await page.clock.install({ time: new Date("2026-03-02T10:00:00Z") });
    await page.goto(inLang(lang, "/contact"));
    await waitForHydration(page);
    // From here on, time moves only when the test says so.
    await page.clock.pauseAt(new Date("2026-03-02T10:01:00Z"));
    const name = page.getByLabel(texts.name, { exact: true });
    const email = page.getByLabel(texts.email, { exact: true });
    const message = page.getByLabel(texts.message, { exact: true });
    await expect(name).toHaveAttribute("type", "text");
    await expect(email).toHaveAttribute("type", "email");
    await expect(message).toHaveAttribute("rows", "5");
    for (const field of [name, email, message]) await expect(field).toHaveAttribute("required", "");

    await name.fill("Ana Lima");
    await email.fill("ana@example.com");
    await message.fill("Quero um site para a minha loja.");
    await page.getByRole("button", { name: texts.send }).click();

    const sending = page.getByRole("button", { name: texts.sending });
    await expect(sending).toBeDisabled();
    // The dimming is a CSS transition that runs on real time, so wait for it rather than read it once.
    await expect
      .poll(async () => Number(await sending.evaluate((button) => getComputedStyle(button).opacity)))
      .toBeLessThan(1);

    await page.clock.runFor(999);
    await expect(sending).toBeVisible();
    await page.clock.runFor(1);
    await expect(page.getByRole("status")).toContainText(texts.sent);

    await page.clock.runFor(4999);
    await expect(page.getByRole("status")).toContainText(texts.sent);
    await page.clock.runFor(1);
    await expect(page.getByRole("button", { name: texts.send })).toBeEnabled();
    await expect(name).toHaveValue("");
    await expect(email).toHaveValue("");
    await expect(message).toHaveValue("");
  });
}

test("an empty or malformed form is stopped by the browser's own validation", async ({ page }) => {
  await page.goto("/contact");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(page.getByRole("button", { name: "Enviar mensagem" })).toBeEnabled();
  expect(
    await page.getByLabel("Nome", { exact: true }).evaluate((input: HTMLInputElement) => input.validity.valueMissing),
  ).toBe(true);
  await page.getByLabel("Nome", { exact: true }).fill("Ana");
  await page.getByLabel("E-mail", { exact: true }).fill("not-an-email");
  await page.getByLabel("Mensagem", { exact: true }).fill("Oi");
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  expect(
    await page.getByLabel("E-mail", { exact: true }).evaluate((input: HTMLInputElement) => input.validity.typeMismatch),
  ).toBe(true);
  await expect(page.getByRole("status")).toHaveCount(0);
});

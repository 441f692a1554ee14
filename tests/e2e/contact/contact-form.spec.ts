import { expect, restoreSession, test, waitForHydration } from "../fixtures.ts";
import {
  fillContactForm,
  fromOwnAddress,
  inboxRow,
  openedAMinuteAgo,
  openedJustNow,
  sendThroughForm,
  texts,
  uniqueName,
} from "./helpers.ts";

test.beforeEach(async ({ page, baseURL }) => {
  await fromOwnAddress(page);
  await openedAMinuteAgo(page.context(), baseURL ?? "");
});

test("fields the server would refuse are named at once, and the typed text stays", async ({ page }) => {
  await page.goto("/contact");
  await waitForHydration(page);
  // Both pass the browser's own checks: only the product's rules catch them.
  await fillContactForm(page, "pt", { name: "   ", email: "ana@localhost", message: "Quero um site." });
  await page.getByRole("button", { name: texts.pt.send }).click();

  await expect(page.getByTestId("contact-refusal")).toHaveText("Corrija os campos destacados e envie de novo.");
  const name = page.getByLabel("Nome", { exact: true });
  const email = page.getByLabel("E-mail", { exact: true });
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("Informe seu nome.");
  await expect(name).toBeFocused();
  await expect(email).toHaveAccessibleDescription("Digite um e-mail válido, como voce@exemplo.com.");
  await expect(email).toHaveValue("ana@localhost");
  await expect(page.getByLabel("Mensagem", { exact: true })).toHaveValue("Quero um site.");
  await expect(page.getByRole("button", { name: texts.pt.send })).toBeEnabled();

  await name.fill("Ana");
  await email.fill("ana@example.com");
  await page.getByRole("button", { name: texts.pt.send }).click();
  await expect(page.getByRole("status")).toContainText(texts.pt.sent);
});

test("the thanks waits for the server: a slow server keeps the form sending", async ({ page }) => {
  await page.clock.install({ time: new Date("2026-03-02T10:00:00Z") });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let posted = false;
  await page.route("**/contact/send", async (route) => {
    posted = true;
    await held;
    await route.continue();
  });
  await page.goto("/en/contact");
  await waitForHydration(page);
  await page.clock.pauseAt(new Date("2026-03-02T10:01:00Z"));
  await fillContactForm(page, "en", { name: uniqueName("Slow"), email: "slow@example.com", message: "Hello" });
  await page.getByRole("button", { name: texts.en.send }).click();
  await expect.poll(() => posted).toBe(true);

  const sending = page.getByRole("button", { name: texts.en.sending });
  await page.clock.runFor(1000);
  await expect(sending).toBeDisabled();
  await page.clock.runFor(5000);
  await expect(sending).toBeDisabled();
  await expect(page.getByRole("status")).toHaveCount(0);

  release();
  await expect(page.getByRole("status")).toContainText(texts.en.sent);
  await expect(page.getByRole("status")).toContainText("Thanks for reaching out");
  await page.clock.runFor(4999);
  await expect(page.getByRole("status")).toContainText(texts.en.sent);
  await page.clock.runFor(1);
  await expect(page.getByRole("button", { name: texts.en.send })).toBeEnabled();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
});

test("over the per-address limit, the refusal is in the visitor's language and the text stays", async ({ page }) => {
  await page.goto("/en/contact");
  await waitForHydration(page);
  // Five messages an hour per address, by default.
  for (let sent = 0; sent < 5; sent++) {
    await sendThroughForm(page, "en", { name: uniqueName("Eager"), email: "eager@example.com", message: `#${sent}` });
    await page.reload();
    await waitForHydration(page);
  }
  const values = { name: "Eager Again", email: "eager@example.com", message: "One more thing…" };
  await fillContactForm(page, "en", values);
  await page.getByRole("button", { name: texts.en.send }).click();
  await expect(page.getByTestId("contact-refusal")).toContainText(
    /^You have sent too many messages in a short time\. Try again in \d+ min\.$/,
  );
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(values.name);
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue(values.message);
  await expect(page.getByRole("status")).toHaveCount(0);
});

test("a form sent within seconds of opening is refused, and waiting makes it go through", async ({ page, baseURL }) => {
  await page.goto("/contact");
  await waitForHydration(page);
  const values = { name: uniqueName("Rápida"), email: "rapida@example.com", message: "Oi" };
  await fillContactForm(page, "pt", values);
  await openedJustNow(page.context(), baseURL ?? "");
  await page.getByRole("button", { name: texts.pt.send }).click();
  await expect(page.getByTestId("contact-refusal")).toHaveText(
    "Isso foi rápido demais. Aguarde alguns segundos e envie de novo.",
  );
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue(values.name);
  await expect(page.getByLabel("Mensagem", { exact: true })).toHaveValue(values.message);

  await openedAMinuteAgo(page.context(), baseURL ?? "");
  await page.getByRole("button", { name: texts.pt.send }).click();
  await expect(page.getByRole("status")).toContainText(texts.pt.sent);
});

test("a robot that fills the honeypot is thanked, and its message goes nowhere", async ({ page, browser }) => {
  await page.goto("/contact");
  await waitForHydration(page);
  const robot = uniqueName("Robô");
  await fillContactForm(page, "pt", { name: robot, email: "robo@example.com", message: "Compre já" });
  // Hidden from people; a robot reading the markup fills it anyway.
  await page.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
    input.value = "https://spam.example";
  });
  await page.getByRole("button", { name: texts.pt.send }).click();
  await expect(page.getByRole("status")).toContainText(texts.pt.sent);

  const author = await (await browser.newContext()).newPage();
  await restoreSession(author);
  await author.goto("/admin/messages");
  await expect(author.getByRole("heading", { level: 1, name: "Mensagens" })).toBeVisible();
  await expect(inboxRow(author, robot)).toHaveCount(0);
});

test("the honeypot is out of sight and out of the tab order", async ({ page }) => {
  await page.goto("/contact");
  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toBeHidden();
  await expect(honeypot).toHaveAttribute("tabindex", "-1");
  await expect(honeypot).toHaveAttribute("autocomplete", "off");
});

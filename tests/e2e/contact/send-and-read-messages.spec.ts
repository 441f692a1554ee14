import { randomInt } from "node:crypto";
import { expect, restoreSession, test, waitForHydration } from "../fixtures.ts";
import { fromOwnAddress, inboxNames, inboxRow, openedAMinuteAgo, sendThroughForm, uniqueName } from "./helpers.ts";

test("a visitor writes in each language, and an author reads, marks read and deletes the messages", async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await fromOwnAddress(visitor);
  await openedAMinuteAgo(visitorContext, baseURL ?? "");
  const ana = uniqueName("Ana Lima");
  const john = uniqueName("John Smith");

  await visitor.goto("/contact");
  await waitForHydration(visitor);
  await sendThroughForm(visitor, "pt", {
    name: ana,
    email: "ana@example.com",
    message: "Quero um site para a minha loja.\nPodemos conversar?",
  });
  await visitor.goto("/en/contact");
  await waitForHydration(visitor);
  await sendThroughForm(visitor, "en", { name: john, email: "john@example.com", message: "I need a bot." });
  await visitorContext.close();

  const author = await (await browser.newContext()).newPage();
  await restoreSession(author);
  await author.goto("/admin/messages");
  await waitForHydration(author);
  await expect(author.getByRole("heading", { level: 1, name: "Mensagens" })).toBeVisible();
  const anaRow = inboxRow(author, ana);
  const johnRow = inboxRow(author, john);
  await expect(anaRow).toContainText("ana@example.com");
  await expect(anaRow).toContainText("Quero um site para a minha loja.\nPodemos conversar?");
  await expect(anaRow).toContainText("Idioma: PT");
  await expect(johnRow).toContainText("Idioma: EN");
  // Newest first: the English message came second.
  const names = await inboxNames(author);
  const position = (name: string) => names.findIndex((heading) => heading.includes(name));
  expect(position(john)).toBeGreaterThanOrEqual(0);
  expect(position(john)).toBeLessThan(position(ana));
  // Unread ones are marked, and the admin navigation counts them.
  await expect(anaRow).toHaveAttribute("data-unread", "true");
  await expect(anaRow.getByText("Não lida")).toBeVisible();
  const nav = author.getByRole("navigation", { name: "Administração" });
  await expect(nav.getByRole("link", { name: /Mensagens/ })).toHaveAttribute("aria-current", "page");
  await expect(anaRow.getByRole("link", { name: `Responder a ${ana} por e-mail` })).toHaveAttribute(
    "href",
    "mailto:ana@example.com",
  );

  await anaRow.getByRole("button", { name: `Marcar como lida a mensagem de ${ana}` }).click();
  await expect(author.getByText("Mensagem marcada como lida.")).toBeVisible();
  await expect(anaRow).not.toHaveAttribute("data-unread", "true");
  await expect(anaRow.getByText("Não lida")).toHaveCount(0);
  await author.reload();
  await expect(inboxRow(author, ana)).not.toHaveAttribute("data-unread", "true");
  await expect(inboxRow(author, john)).toHaveAttribute("data-unread", "true");

  // Deleting asks first; declining keeps the message.
  const deleteAna = inboxRow(author, ana).getByRole("button", { name: `Excluir a mensagem de ${ana}` });
  const dialogs: string[] = [];
  author.once("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await deleteAna.click();
  expect(dialogs).toEqual(["Tem certeza que deseja excluir esta mensagem?"]);
  await expect(inboxRow(author, ana)).toBeVisible();
  author.once("dialog", (dialog) => void dialog.accept());
  await deleteAna.click();
  await expect(author.getByText("Mensagem excluída com sucesso!")).toBeVisible();
  await expect(inboxRow(author, ana)).toHaveCount(0);
  await author.reload();
  await expect(inboxRow(author, ana)).toHaveCount(0);

  // The English admin speaks English.
  await author.goto("/en/admin/messages");
  // The buttons are in the served HTML before they answer: a press must wait for the app.
  await waitForHydration(author);
  await expect(author.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  const johnInEnglish = inboxRow(author, john);
  await expect(johnInEnglish.getByText("Unread")).toBeVisible();
  await johnInEnglish.getByRole("button", { name: `Mark as read: message from ${john}` }).click();
  await expect(author.getByText("Message marked as read.")).toBeVisible();
  author.once("dialog", (dialog) => void dialog.accept());
  await johnInEnglish.getByRole("button", { name: `Delete the message from ${john}` }).click();
  await expect(author.getByText("Message deleted successfully!")).toBeVisible();
  await expect(inboxRow(author, john)).toHaveCount(0);
});

test("the blog admin links to the messages, with the unread count", async ({ page, browser, baseURL }) => {
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await fromOwnAddress(visitor);
  await openedAMinuteAgo(visitorContext, baseURL ?? "");
  await visitor.goto("/contact");
  await waitForHydration(visitor);
  const name = uniqueName("Carla");
  await sendThroughForm(visitor, "pt", { name, email: "carla@example.com", message: "Oi!" });
  await visitorContext.close();

  await restoreSession(page, "coauthor");
  await page.goto("/admin/blog");
  const link = page.getByRole("navigation", { name: "Administração" }).getByRole("link", { name: /Mensagens/ });
  await expect(link).toContainText(/\d+ não lidas/);
  await link.click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expect(inboxRow(page, name)).toBeVisible();
});

test("the inbox says when each message came in the author's own time zone, named, in each language", async ({
  browser,
  baseURL,
}) => {
  // A message sent over HTTP, as the form's script sends it.
  const visitor = await browser.newContext({
    extraHTTPHeaders: { "X-Forwarded-For": `198.18.${randomInt(256)}.${randomInt(1, 255)}` },
  });
  await openedAMinuteAgo(visitor, baseURL ?? "");
  const name = uniqueName("Zé das Horas");
  const sent = await visitor.request.post("/contact/send", {
    headers: { Origin: baseURL ?? "" },
    form: { name, email: "ze@example.com", message: "Que horas são aí?", lang: "pt", website: "" },
  });
  expect(sent.status()).toBe(200);
  await visitor.close();

  for (const [, zone, locale, pathname, words, zoneName] of [
    ["pt", "America/Recife", "pt-BR", "/admin/messages", /^Recebida em \d{1,2} de .+ de \d{4},? /, "(BRT)"],
    ["en", "Asia/Tokyo", "en", "/en/admin/messages", /^Received [A-Z][a-z]{2} \d{1,2}, \d{4},? /, "(GMT+9)"],
  ] as const) {
    const context = await browser.newContext({ timezoneId: zone });
    const author = await context.newPage();
    await restoreSession(author);
    await author.goto(pathname);
    await waitForHydration(author);
    const time = inboxRow(author, name).locator("time");
    const iso = (await time.getAttribute("datetime")) ?? "";
    // The hour and minute where the author is, never UTC's.
    const clock = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", timeZone: zone }).format(
      new Date(iso),
    );
    await expect(time).toHaveText(words);
    await expect(time).toContainText(`${clock} ${zoneName}`);
    await expect(time).not.toContainText("UTC");
    await context.close();
  }
});

import type { Page } from "@playwright/test";
import { expect, restoreSession, test, waitForHydration } from "../fixtures.ts";
import { fromOwnAddress, inboxRow, openedAMinuteAgo, sendThroughForm, uniqueName } from "./helpers.ts";

const sameOrigin = (page: Page) => ({ origin: new URL(page.url()).origin });

test("a visitor can neither read, mark nor delete messages, through any endpoint", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await fromOwnAddress(page);
  await openedAMinuteAgo(page.context(), baseURL ?? "");
  await page.goto("/contact");
  await waitForHydration(page);
  const name = uniqueName("Segredo");
  const secretText = `Mensagem privada ${name}`;
  await sendThroughForm(page, "pt", { name, email: "segredo@example.com", message: secretText });

  const author = await (await browser.newContext()).newPage();
  await restoreSession(author);
  await author.goto("/admin/messages");
  const id = await inboxRow(author, name).locator('input[name="id"]').first().getAttribute("value");
  expect(id).toMatch(/^[0-9a-f-]{36}$/);

  const headers = sameOrigin(page);
  for (const path of ["/admin/messages", "/en/admin/messages"]) {
    const view = await page.request.get(path, { maxRedirects: 0 });
    expect(view.status(), path).toBe(302);
    expect(await view.text()).not.toContain(secretText);
    const data = await page.request.get(`${path}.data`, { maxRedirects: 0 });
    expect(await data.text(), `${path}.data`).not.toContain(secretText);
    for (const intent of ["mark-read", "delete"]) {
      const action = await page.request.post(path, { headers, form: { intent, id: id ?? "" }, maxRedirects: 0 });
      expect(action.status(), `${intent} on ${path}`).toBe(302);
      expect(await action.text()).not.toContain(secretText);
    }
  }
  // The contact endpoints only take messages in.
  const send = await page.request.get("/contact/send");
  expect(await send.text()).not.toContain(secretText);
  const started = await page.request.get("/contact/started");
  expect(started.headers()["content-type"]).toBe("image/gif");

  await author.reload();
  await expect(inboxRow(author, name)).toHaveAttribute("data-unread", "true");
  await expect(inboxRow(author, name)).toContainText(secretText);
});

test("a visitor opening the messages admin is sent home with the sign-in message", async ({ page }) => {
  await page.goto("/admin/messages");
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByText("Você precisa estar logado para acessar esta página")).toBeVisible();
});

import {
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  storePreferences,
  test,
  waitForHydration,
} from "../fixtures.ts";
import { fromOwnAddress, inboxRow, openedAMinuteAgo, sendThroughForm, uniqueName } from "./helpers.ts";

let sender = "";

test.beforeEach(async ({ browser, baseURL }) => {
  // At least one unread message, so the badges, the buttons and the text are all checked.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  sender = uniqueName("Acessível");
  await fromOwnAddress(visitor);
  await openedAMinuteAgo(context, baseURL ?? "");
  await visitor.goto("/contact");
  await waitForHydration(visitor);
  await sendThroughForm(visitor, "pt", {
    name: sender,
    email: "a11y@example.com",
    message: "Uma mensagem longa o bastante para quebrar em várias linhas num telefone de 375 pixels de largura.",
  });
  await context.close();
});

for (const theme of ["light", "dark"] as const) {
  for (const path of ["/admin/messages", "/en/admin/messages"]) {
    test(`no serious accessibility violation on ${path} (${theme})`, async ({ page }) => {
      await storePreferences(page, { theme });
      await signIn(page, "author");
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByTestId("message-list")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
}

test("on a phone, the messages fit the screen and work from the keyboard", async ({ page }) => {
  await signIn(page, "author");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/admin/messages");
  await waitForHydration(page);
  const row = inboxRow(page, sender);
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(page);

  // Reply, then mark read, then delete: in reading order for the keyboard.
  await row.getByRole("link", { name: /^Responder/ }).focus();
  await page.keyboard.press("Tab");
  await expect(row.getByRole("button", { name: /^Marcar como lida/ })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Mensagem marcada como lida.")).toBeVisible();
  await expect(row).not.toHaveAttribute("data-unread", "true");
  await expect(row.getByRole("button", { name: /^Marcar como lida/ })).toHaveCount(0);
});

test("the contact form on a phone shows its refusals without breaking the layout", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await fromOwnAddress(page);
  await openedAMinuteAgo(page.context(), baseURL ?? "");
  await storePreferences(page, { theme: "dark" });
  await page.goto("/en/contact");
  await waitForHydration(page);
  await page.getByLabel("Name", { exact: true }).fill("  ");
  await page.getByLabel("E-mail", { exact: true }).fill("x@y");
  await page.getByLabel("Message", { exact: true }).fill("Hi");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByTestId("contact-refusal")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(page);
});

import {
  expect,
  expectNoSeriousA11yViolations,
  restoreSession,
  storePreferences,
  test,
  waitForHydration,
} from "../fixtures.ts";
import { fromOwnAddress, inboxRow, openedAMinuteAgo, sendAMessage } from "./helpers.ts";

/**
 * The inbox at rest in each language and theme, an unread message in it, is checked with every admin screen
 * (shell/every-page.spec.ts, which sends one first). Here: the inbox on a phone, worked from the keyboard, and
 * the contact form's refusals.
 */

test("on a phone, the messages fit the screen and work from the keyboard", async ({ page, browser, baseURL }) => {
  const sender = await sendAMessage(browser, baseURL ?? "");
  await restoreSession(page);
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

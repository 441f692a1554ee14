import { randomBytes, randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { STARTED_COOKIE, signStarted } from "../../../app/server/contact/started.server.ts";
import { expect } from "../fixtures.ts";

/** The e2e server's contact secret, which it created in its data directory at startup. */
function serverSecret(): Buffer {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is unset: run through playwright.config.ts");
  return Buffer.from(readFileSync(path.join(dataDir, "contact-secret"), "utf8").trim(), "hex");
}

async function setStartedAt(context: BrowserContext, baseURL: string, startedAt: number) {
  await context.addCookies([
    {
      name: STARTED_COOKIE,
      value: signStarted(serverSecret(), startedAt),
      url: baseURL,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
}

/**
 * Makes the visitor's form look opened a minute ago, so a test can send at
 * once instead of sleeping through the minimum fill time. The form's image
 * keeps a valid cookie, so this survives page loads.
 * @example await openedAMinuteAgo(page.context(), baseURL);
 */
export async function openedAMinuteAgo(context: BrowserContext, baseURL: string) {
  await setStartedAt(context, baseURL, Date.now() - 60_000);
}

/** Makes the visitor's form look opened this instant, however long the page took to load on a busy machine. */
export async function openedJustNow(context: BrowserContext, baseURL: string) {
  await setStartedAt(context, baseURL, Date.now());
}

/**
 * Gives the visitor an address of their own (the server trusts the local
 * proxy header), so the per-address limit of one test never meets another's.
 */
export async function fromOwnAddress(page: Page): Promise<string> {
  const ip = ownAddress();
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": ip });
  return ip;
}

/** An address of a visitor's own, from a range reserved for tests (198.18.0.0/15). */
const ownAddress = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

/** A sender name no other test uses, so tests can share one inbox in parallel. */
export const uniqueName = (base: string) => `${base} ${randomBytes(3).toString("hex")}`;

export const texts = {
  pt: {
    name: "Nome",
    email: "E-mail",
    message: "Mensagem",
    send: "Enviar mensagem",
    sending: "Enviando...",
    sent: "Mensagem enviada!",
  },
  en: {
    name: "Name",
    email: "E-mail",
    message: "Message",
    send: "Send message",
    sending: "Sending...",
    sent: "Message sent!",
  },
} as const;

/** Fills the contact form of the current page. */
export async function fillContactForm(
  page: Page,
  lang: "pt" | "en",
  values: { name: string; email: string; message: string },
) {
  const form = page.getByTestId("contact-form");
  await form.getByLabel(texts[lang].name, { exact: true }).fill(values.name);
  await form.getByLabel(texts[lang].email, { exact: true }).fill(values.email);
  await form.getByLabel(texts[lang].message, { exact: true }).fill(values.message);
}

/** The inbox row of a message, found by its sender's name. */
export const inboxRow = (page: Page, name: string) =>
  page.getByTestId("message-list").getByRole("listitem").filter({ hasText: name });

/** Every sender name in the inbox, top to bottom. */
export async function inboxNames(page: Page): Promise<string[]> {
  return page.getByTestId("message-list").getByRole("heading", { level: 2 }).allInnerTexts();
}

/** Sends a message through the page's form and waits for the thanks. */
export async function sendThroughForm(
  page: Page,
  lang: "pt" | "en",
  values: { name: string; email: string; message: string },
) {
  await fillContactForm(page, lang, values);
  await page.getByRole("button", { name: texts[lang].send }).click();
  await expect(page.getByRole("status")).toContainText(texts[lang].sent);
}

/**
 * A visitor's message in the author's inbox, unread (its badges, buttons and text shown): posted to the Portuguese
 * contact page as its form posts without scripts, from an address of its own, with a form opened a minute ago. The
 * form itself, typed into, is the contact specs' to test. Returns the sender's name.
 */
export async function sendAMessage(browser: Browser, baseURL: string): Promise<string> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": ownAddress() } });
  await openedAMinuteAgo(context, baseURL);
  const sender = uniqueName("Acessível");
  const response = await context.request.post("/contact", {
    headers: { origin: new URL(baseURL).origin },
    form: {
      name: sender,
      email: "a11y@example.com",
      message: "Uma mensagem longa o bastante para quebrar em várias linhas num telefone de 375 pixels de largura.",
    },
  });
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain(texts.pt.sent);
  await context.close();
  return sender;
}

import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { createPostThroughForm, uniqueSlug } from "../admin/helpers.ts";
import { fromOwnAddress } from "../contact/helpers.ts";
import { expect, restoreSession, test } from "../fixtures.ts";

interface Mail {
  to: string[];
  headers: Record<string, string | null>;
  text: string;
}

const mailUrl = () => {
  const url = process.env.E2E_MAIL_URL;
  if (!url) throw new Error("E2E_MAIL_URL is unset: run through playwright.config.ts");
  return url;
};

/** The mails the site sent to one address, as the local mail sink received them. */
async function mailsTo(request: APIRequestContext, address: string): Promise<Mail[]> {
  const response = await request.get(`${mailUrl()}/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as Mail[];
}

/** Waits for the `count`-th mail to an address and answers it. */
async function nthMail(request: APIRequestContext, address: string, count = 1): Promise<Mail> {
  await expect.poll(async () => (await mailsTo(request, address)).length).toBeGreaterThanOrEqual(count);
  const mail = (await mailsTo(request, address))[count - 1];
  if (!mail) throw new Error(`no mail ${count} to ${address}`);
  return mail;
}

/**
 * The mail to an address with a subject. Other tests publish posts on the same server at the same time, and a
 * confirmed reader gets those too: a post's mail is found by its title, not by its place.
 */
async function mailAbout(request: APIRequestContext, address: string, subject: string): Promise<Mail> {
  const about = async () => (await mailsTo(request, address)).filter((mail) => mail.headers.subject === subject);
  await expect.poll(async () => (await about()).length).toBeGreaterThanOrEqual(1);
  const [mail, ...again] = await about();
  if (!mail) throw new Error(`no mail about ${subject} to ${address}`);
  expect(again, `${subject} mailed to ${address} once`).toEqual([]);
  return mail;
}

const linkIn = (mail: Mail, path: RegExp) => {
  const match = new RegExp(`https?://[^\\s"<>]+${path.source}\\?token=[\\w.%-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${path.source} link in:\n${mail.text}`);
  return new URL(match[0]);
};

const address = (name: string) => `${name}-${randomBytes(4).toString("hex")}@example.com`;

/** Subscribes from a page's form, as a reader without JavaScript does; resolves on the neutral answer. */
async function subscribeFrom(page: Page, path: string, email: string, options: { both?: boolean } = {}) {
  await page.goto(path);
  const form = page.getByTestId("newsletter-form");
  const en = path.startsWith("/en");
  await form.getByLabel(en ? "Your e-mail" : "Seu e-mail").fill(email);
  if (options.both) await form.getByLabel(en ? "Both" : "Os dois").check();
  await form.getByRole("button", { name: en ? "Subscribe" : "Inscrever-se" }).click();
  await expect(page.getByTestId("newsletter-sent")).toBeVisible();
}

test.describe("the newsletter, without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });

  test("subscribing, confirming by the button, a post's mail, one-click leaving", async ({
    page,
    browser,
    request,
  }) => {
    await fromOwnAddress(page);
    const reader = address("leitora");
    const onlyOpened = address("curiosa");

    await subscribeFrom(page, "/blog", reader);
    await expect(page.getByTestId("newsletter-sent")).toContainText("Confira seu e-mail");
    await subscribeFrom(page, "/blog", onlyOpened);

    const confirmation = await nthMail(request, reader);
    expect(confirmation.headers.subject).toBe("Confirme sua inscrição na newsletter");
    expect(confirmation.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    // The same address again gets the same answer and no second mail now.
    await subscribeFrom(page, "/blog", reader);

    // Opening the link shows a button and changes nothing; only the button confirms.
    const confirmLink = linkIn(confirmation, /\/newsletter\/confirm/);
    await page.goto(confirmLink.pathname + confirmLink.search);
    await expect(page.getByRole("button", { name: "Confirmar inscrição" })).toBeVisible();
    await page.getByRole("button", { name: "Confirmar inscrição" }).click();
    await expect(page.getByTestId("newsletter-confirmed")).toContainText(reader);
    const opened = linkIn(await nthMail(request, onlyOpened), /\/newsletter\/confirm/);
    await page.goto(opened.pathname + opened.search);
    await expect(page.getByRole("button", { name: "Confirmar inscrição" })).toBeVisible();

    // The author publishes: the confirmed reader gets the post, once, in its language.
    const author = await browser.newPage({ javaScriptEnabled: true });
    await restoreSession(author);
    const first = { title: `Novidade ${randomBytes(3).toString("hex")}`, slug: uniqueSlug("novidade") };
    await createPostThroughForm(author, {
      ...first,
      content: "Texto do post.",
      excerpt: "O resumo.",
      publish: true,
      newsletter: "send",
    });
    const postMail = await mailAbout(request, reader, first.title);
    expect(postMail.text).toContain(`/blog/${first.slug}`);
    expect(postMail.text).toContain("O resumo.");
    expect(postMail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = /<(https?:\/\/[^>]+)>, <mailto:[^>]+>/.exec(postMail.headers["list-unsubscribe"] ?? "")?.[1];
    expect(unsubscribe).toMatch(/\/newsletter\/unsubscribe\?token=/);

    // A mail program's one-click POST, with no cookie and from no page, unsubscribes.
    const mailProgram = await browser.newContext();
    const oneClick = await mailProgram.request.post(unsubscribe ?? "", {
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(oneClick.status()).toBe(200);
    await mailProgram.close();

    // The next post: a reader who stays subscribed gets it; the one who left and the one who only opened do not.
    const stayer = address("fica");
    await subscribeFrom(page, "/blog", stayer);
    const stayerLink = linkIn(await nthMail(request, stayer), /\/newsletter\/confirm/);
    await page.goto(stayerLink.pathname + stayerLink.search);
    await page.getByRole("button", { name: "Confirmar inscrição" }).click();
    await expect(page.getByTestId("newsletter-confirmed")).toBeVisible();
    const second = { title: `Outra ${randomBytes(3).toString("hex")}`, slug: uniqueSlug("outra") };
    await createPostThroughForm(author, { ...second, content: "Mais texto.", publish: true, newsletter: "send" });
    await mailAbout(request, stayer, second.title);
    const titles = (mails: Mail[]) => mails.map((mail) => mail.headers.subject);
    expect(titles(await mailsTo(request, reader))).not.toContain(second.title);
    expect(titles(await mailsTo(request, onlyOpened))).toEqual(["Confirme sua inscrição na newsletter"]);
    await author.close();
  });

  test("a malformed address gets a field error and keeps what was typed; English readers get English", async ({
    page,
    request,
  }) => {
    await fromOwnAddress(page);
    await page.goto("/en/blog");
    const form = page.getByTestId("newsletter-form");
    await form.getByLabel("Your e-mail").fill("ana@");
    await form.getByLabel("Weekly digest").check();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/en\/newsletter$/);
    const email = page.getByLabel("Your e-mail");
    await expect(email).toHaveValue("ana@");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Enter a valid e-mail, such as you@example.com.")).toBeVisible();
    await expect(page.getByLabel("Weekly digest")).toBeChecked();

    const reader = address("reader");
    await subscribeFrom(page, "/en/newsletter", reader, { both: true });
    await expect(page.getByTestId("newsletter-sent")).toContainText("Check your e-mail");
    const mail = await nthMail(request, reader);
    expect(mail.headers.subject).toBe("Confirm your newsletter subscription");
    expect(mail.text).toContain("/en/newsletter/confirm?token=");
    // A link with its token altered reveals nothing and confirms nothing.
    const link = linkIn(mail, /\/newsletter\/confirm/);
    await page.goto(`${link.pathname}?token=${link.searchParams.get("token")?.slice(0, -2)}xx`);
    await expect(page.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
    await expect(page.getByTestId("newsletter-invalid-link")).toContainText("Subscribe again");
  });
});

test("a flood of subscriptions from one client gets 429 and a page in the reader's language", async ({
  request,
  baseURL,
}) => {
  const ip = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
  const send = () =>
    request.post("/en/newsletter", {
      form: { email: address("flood"), languages: "en", frequency: "post", source: "/en/blog" },
      headers: { "X-Forwarded-For": ip, Origin: baseURL ?? "", "Sec-Fetch-Mode": "navigate", Accept: "text/html" },
      maxRedirects: 0,
    });
  // NEWSLETTER_RATE_LIMIT: five an hour per client by default.
  for (let i = 0; i < 5; i++) expect((await send()).status()).toBe(200);
  const refused = await send();
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  const body = await refused.text();
  expect(body).toContain('<html lang="en"');
  expect(body).toContain("Too many subscriptions from your connection in a short time.");
  // The form keeps what was typed.
  expect(body).toMatch(/value="flood-[0-9a-f]+@example\.com"/);
});

// The newsletter's page and the one a forged link opens are looked at whole, in each language and theme on a phone
// and a desktop, with every other page (shell/every-page.spec.ts); the blog's form with the blog.

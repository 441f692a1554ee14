import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { newsletterSubscribers } from "../../../app/server/db/schema.ts";
import { limit } from "../../harness/host-speed.ts";
import { expect, expectNoSeriousA11yViolations, storePreferences, test } from "../fixtures.ts";
import { type SeededServer, startSeededServer } from "./helpers.ts";

/**
 * Publishing asks before it mails, on a server of the spec's own whose
 * newsletter has three confirmed readers of Portuguese (one of them of both
 * languages) and one of English besides a pending and a departed address,
 * mailing to the browser tests' shared sink.
 */
test.describe.configure({ mode: "serial" });

const tag = randomBytes(4).toString("hex");
const readers = {
  pt: [`pt-a-${tag}@example.com`, `pt-b-${tag}@example.com`],
  both: `both-${tag}@example.com`,
  en: `en-${tag}@example.com`,
};

const texts = {
  pt: {
    admin: "/admin/blog",
    newPost: "Novo post",
    title: "Título",
    content: "Conteúdo",
    created: "Novo post",
    edit: "Editar post",
    create: "Criar",
    save: "Salvar",
    publish: "Publicar agora",
    question: "Enviar este post por e-mail?",
    count: "Publicar agora envia este post por e-mail a 3 assinantes em português.",
    send: "Publicar e enviar",
    skip: "Publicar sem enviar",
    cancel: "Cancelar",
    published: "Post publicado.",
    draft: "Rascunho",
    blog: "/blog",
  },
  en: {
    admin: "/en/admin/blog",
    newPost: "New post",
    title: "Title",
    content: "Content",
    created: "New post",
    edit: "Edit post",
    create: "Create",
    save: "Save",
    publish: "Publish now",
    question: "Email this post?",
    count: "Publishing now emails this post to 2 subscribers in English.",
    send: "Publish and email",
    skip: "Publish without emailing",
    cancel: "Cancel",
    published: "Post published.",
    draft: "Draft",
    blog: "/en/blog",
  },
} as const;

let server: SeededServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(limit(120_000));
  const confirmed = (email: string, langs: string[], status = "confirmed") => ({
    email,
    langs,
    frequency: "post",
    status,
    source: "/blog",
    confirmSentAt: new Date(),
    confirmedAt: status === "confirmed" ? new Date() : null,
  });
  server = await startSeededServer(
    "publish-question",
    (db) =>
      db
        .insert(newsletterSubscribers)
        .values([
          ...readers.pt.map((email) => confirmed(email, ["pt"])),
          confirmed(readers.both, ["pt", "en"]),
          confirmed(readers.en, ["en"]),
          confirmed(`pending-${tag}@example.com`, ["pt"], "pending"),
          confirmed(`left-${tag}@example.com`, ["pt", "en"], "unsubscribed"),
        ]),
    {
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(Number(process.env.E2E_SMTP_PORT || 4025)),
      SMTP_FROM: "blog@rafaelwerneck.dev",
      NEWSLETTER_RATE: "50/s,100000/h",
    },
  );
});

test.afterAll(async () => {
  await server?.stop();
});

const seeded = () => {
  if (!server) throw new Error("the server did not start");
  return server;
};

/** What the shared sink received for an address: each mail's headers, as text. */
async function subjects(request: APIRequestContext, address: string): Promise<string[]> {
  const sink = process.env.E2E_MAIL_URL;
  if (!sink) throw new Error("E2E_MAIL_URL is unset: run through playwright.config.ts");
  const mails = (await (await request.get(`${sink}/messages?to=${encodeURIComponent(address)}`)).json()) as {
    headers?: unknown;
  }[];
  return mails.map((mail) => JSON.stringify(mail.headers ?? mail));
}

/** Begins a post in the screen's language and waits for its autosave to make it one. */
async function writePost(page: Page, lang: "pt" | "en", slug: string) {
  const t = texts[lang];
  await seeded().open(page, t.admin);
  await page.getByRole("button", { name: t.newPost }).click();
  const form = page.getByTestId("post-form");
  await form.getByLabel(t.title, { exact: true }).fill(`Post ${slug}`);
  await form.getByLabel(t.content).fill("Um texto que vai ou não por e-mail.");
  // The autosave made the post: the desk says so without a reload, and the address is the post's.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.edit);
  await expect(form.getByRole("button", { name: t.save, exact: true })).toBeVisible();
  await expect(form.getByRole("button", { name: t.create, exact: true })).toHaveCount(0);
  await expect(page).toHaveURL(/\?post=[0-9a-f-]{36}$/);
  return form;
}

const publicPage = (request: APIRequestContext, lang: "pt" | "en", slug: string) =>
  request.get(`${seeded().origin}${texts[lang].blog}/${slug}`, { maxRedirects: 0 });

for (const [lang, theme] of [
  ["pt", "dark"],
  ["en", "light"],
] as const) {
  test(`publishing asks with the count, cancelling sends nothing, and skipping mails nobody (${lang}, ${theme})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(limit(90_000));
    const t = texts[lang];
    await storePreferences(page, { theme });
    const slug = `sem-envio-${lang}-${tag}`;
    const form = await writePost(page, lang, slug);
    await expect(form.getByLabel("Slug", { exact: true })).toHaveValue(`post-${slug}`);

    // The question, with the count of the language's confirmed readers, before anything is sent.
    await form.getByRole("button", { name: t.publish }).click();
    const question = page.getByRole("dialog", { name: t.question });
    await expect(question).toBeVisible();
    await expect(question).toContainText(t.count);
    // A key pressed by mistake mails nobody: the focus is on Cancel.
    await expect(question.getByRole("button", { name: t.cancel })).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    // Escape closes it and nothing was published.
    await page.keyboard.press("Escape");
    await expect(question).toBeHidden();
    await expect(form.getByTestId("publish-state")).toHaveText(t.draft);
    expect((await publicPage(request, lang, `post-${slug}`)).status()).toBe(404);

    // Asked again and closed by leaving the page: still nothing.
    await form.getByRole("button", { name: t.publish }).click();
    await expect(question).toBeVisible();
    await page.reload();
    expect((await publicPage(request, lang, `post-${slug}`)).status()).toBe(404);

    // Without mailing: published, and the choice stays with the post.
    await seeded().open(page, `${t.admin}?post=${new URL(page.url()).searchParams.get("post")}`);
    await page.getByTestId("post-form").getByRole("button", { name: t.publish }).click();
    await page.getByRole("dialog", { name: t.question }).getByRole("button", { name: t.skip }).click();
    await expect(page.getByText(t.published)).toBeVisible();
    expect((await publicPage(request, lang, `post-${slug}`)).status()).toBe(200);
  });
}

test("a post the author sends reaches its readers, and none of the skipped ones ever does", async ({
  page,
  request,
}) => {
  test.setTimeout(limit(90_000));
  const t = texts.pt;
  const slug = `com-envio-${tag}`;
  const form = await writePost(page, "pt", slug);
  await form.getByRole("button", { name: t.publish }).click();
  const question = page.getByRole("dialog", { name: t.question });
  await question.getByRole("button", { name: t.send }).click();
  await expect(page.getByText(t.published)).toBeVisible();
  // The busy button went back to its words when the server answered.
  await expect(form.getByRole("button", { name: t.publish })).toHaveCount(0);
  for (const address of [...readers.pt, readers.both]) {
    await expect
      .poll(() => subjects(request, address), { timeout: limit(30_000) })
      .toContainEqual(expect.stringContaining(`Post ${slug}`));
  }
  // Mails go out in order: the posts published before without mailing would have arrived by now.
  for (const address of [...readers.pt, readers.both, readers.en]) {
    const received = await subjects(request, address);
    expect(
      received.filter((subject) => subject.includes("sem-envio")),
      address,
    ).toEqual([]);
  }
  // The English reader was not among this Portuguese post's readers.
  expect((await subjects(request, readers.en)).filter((subject) => subject.includes(slug))).toEqual([]);
});

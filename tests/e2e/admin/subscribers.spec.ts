import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { APIRequestContext, Cookie, Page } from "@playwright/test";
import { blogs, newsletterMails, newsletterPosts, newsletterSubscribers } from "../../../app/server/db/schema.ts";
import { limit } from "../../harness/host-speed.ts";
import { fromOwnAddress } from "../contact/helpers.ts";
import {
  expect,
  expectNoSeriousA11yViolations,
  restoreSession,
  sessionFile,
  signIn,
  storePreferences,
  test,
  waitForHydration,
} from "../fixtures.ts";
import { type SeededServer, seedPost, startSeededServer, uniqueSlug } from "./helpers.ts";

const texts = {
  pt: {
    path: "/admin/subscribers",
    heading: "Assinantes da newsletter",
    nav: "Assinantes",
    badWeekday: "Escolha um dia da semana da lista.",
    badHour: "Escolha uma hora de 0 a 23.",
  },
  en: {
    path: "/en/admin/subscribers",
    heading: "Newsletter subscribers",
    nav: "Subscribers",
    badWeekday: "Choose a day of the week from the list.",
    badHour: "Choose an hour from 0 to 23.",
  },
} as const;

const CSV_HEADER = "email,status,languages,frequency,source,confirmed_at,created_at";

const sameOrigin = (page: Page) => ({ origin: new URL(page.url()).origin });

/** The page fits a phone: nothing but a table's own box scrolls sideways. */
async function expectNoPageScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

/** A subscriber's row in the list. */
const row = (page: Page, email: string) => page.getByTestId("subscriber-row").filter({ hasText: email });

/** Subscribes from a page's form as a reader does: the address waits for its confirmation. */
async function subscribeFrom(page: Page, pagePath: string, email: string) {
  await fromOwnAddress(page);
  await page.goto(pagePath);
  const form = page.getByTestId("newsletter-form");
  await form.getByLabel("Your e-mail").fill(email);
  await form.getByLabel("Both").check();
  await form.getByLabel("Weekly digest").check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByTestId("newsletter-sent")).toBeVisible();
}

/** How many mails the shared server's mail sink received for an address. */
async function mailCount(request: APIRequestContext, address: string): Promise<number> {
  const sink = process.env.E2E_MAIL_URL;
  if (!sink) throw new Error("E2E_MAIL_URL is unset: run through playwright.config.ts");
  const mails = (await (await request.get(`${sink}/messages?to=${encodeURIComponent(address)}`)).json()) as unknown[];
  return mails.length;
}

test.describe("on the shared server, which mails to a local sink", () => {
  test("a visitor gets neither the page, its data, the CSV nor its actions", async ({ page, request }) => {
    await page.goto("/");
    for (const [address, home] of [
      ["/admin/subscribers", "/"],
      ["/en/admin/subscribers", "/en"],
      ["/admin/subscribers?q=a", "/"],
      ["/admin/subscribers.csv", "/"],
    ] as const) {
      const response = await request.get(address, { maxRedirects: 0 });
      expect(response.status(), address).toBe(302);
      expect(response.headers().location, address).toBe(home);
      expect(response.headers()["cache-control"], address).toBe("no-store");
      expect(await response.text(), address).not.toContain("email,status");
    }
    // React Router's data request: a redirect it follows, never the loader's data.
    const data = await request.get("/admin/subscribers.data", { maxRedirects: 0 });
    expect(await data.text()).not.toMatch(/subscribers|byStatus|digest/);
    for (const form of [
      { intent: "digest", weekday: "0", hour: "0" },
      { intent: "delete", id: "00000000-0000-4000-8000-000000000000" },
      { intent: "test" },
    ]) {
      const action = await request.post("/admin/subscribers", { headers: sameOrigin(page), form, maxRedirects: 0 });
      expect(action.status(), form.intent).toBe(302);
      expect(await action.text()).toBe("");
    }
  });

  test("another site's page cannot post to it, even with the author signed in", async ({ page }) => {
    await signIn(page, "author");
    const forged = await page.request.post("/admin/subscribers", {
      headers: { origin: "https://evil.example" },
      form: { intent: "digest", weekday: "0", hour: "0" },
    });
    expect(forged.status()).toBe(403);
  });

  for (const lang of ["pt", "en"] as const) {
    for (const theme of ["light", "dark"] as const) {
      test(`the author reaches the page from the admin's navigation (${lang}, ${theme})`, async ({ page }) => {
        const t = texts[lang];
        await storePreferences(page, { theme });
        await restoreSession(page);
        await page.goto(lang === "pt" ? "/admin/messages" : "/en/admin/messages");
        await waitForHydration(page);
        await page.getByTestId("admin-nav").getByRole("link", { name: t.nav }).click();
        await expect(page).toHaveURL(new RegExp(`${t.path}$`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.heading);
        await expect(page.getByTestId("admin-nav").getByRole("link", { name: t.nav })).toHaveAttribute(
          "aria-current",
          "page",
        );
        // The mail server is configured: no notice, and a test can be sent.
        await expect(page.getByTestId("newsletter-off")).toHaveCount(0);
        await expect(
          page.getByRole("button", { name: lang === "pt" ? "Enviar um teste para mim" : "Send a test to me" }),
        ).toBeVisible();
        await expect(page.locator("meta[name=robots]")).toHaveAttribute("content", "noindex, nofollow");
        const response = await page.request.get(t.path);
        expect(response.headers()["cache-control"]).toBe("private, no-store");
        await expectNoSeriousA11yViolations(page);
      });
    }
  }

  test("a reader who signed up is listed, exported and deleted on request", async ({ page, browser }) => {
    const reader = await browser.newPage();
    const email = `leitor-${randomBytes(4).toString("hex")}@example.com`;
    await subscribeFrom(reader, "/en/blog", email);
    await reader.close();

    await restoreSession(page);
    await page.goto("/admin/subscribers");
    await waitForHydration(page);
    await page.getByLabel("Buscar por e-mail").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/subscribers\?q=LEITOR-/);
    await expect(page.getByTestId("subscriber-row").getByRole("rowheader")).toHaveText([email]);
    const today = new Intl.DateTimeFormat("pt-BR", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    await expect(row(page, email).getByRole("cell")).toHaveText([
      "aguardando",
      "Inglês, Português",
      "Resumo semanal",
      "/en/blog",
      today.format(new Date()),
      new RegExp(`^Apagar ${email.replace(/[.]/g, "\\.")}`),
    ]);

    const csv = await page.request.get("/admin/subscribers.csv");
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toMatch(/^text\/csv; charset=utf-8/);
    expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.headers()["cache-control"]).toContain("no-store");
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines.find((line) => line.startsWith(`${email},`))).toMatch(
      new RegExp(`^${email.replace(/[.]/g, "\\.")},pending,en pt,weekly,/en/blog,,\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z$`),
    );

    await row(page, email).locator("summary").click();
    await row(page, email)
      .getByRole("button", { name: `Apagar de vez ${email}` })
      .click();
    await expect(page.getByTestId("outcome-delete")).toHaveText(`${email} foi apagado.`);
    await expect(page.getByTestId("outcome-delete")).toBeFocused();
    await expect(row(page, email)).toHaveCount(0);
    expect(await (await page.request.get("/admin/subscribers.csv")).text()).not.toContain(email);
  });

  test("a test mail goes to the author's address", async ({ page, request }) => {
    await signIn(page, "author");
    // A published post to send.
    const slug = uniqueSlug("teste-da-newsletter");
    await seedPost(page, { title: `Teste ${slug}`, slug, content: "Texto.", publish: true });
    await page.goto("/admin/subscribers");
    await waitForHydration(page);
    const address = "rafael@example.com";
    await expect(
      page.getByText(`Envia o post publicado mais recente, como os assinantes o recebem, para ${address}.`),
    ).toBeVisible();
    const before = await mailCount(request, address);
    await page.getByRole("button", { name: "Enviar um teste para mim" }).click();
    await expect(page.getByTestId("outcome-test")).toHaveText(`Teste enviado para ${address}.`);
    await expect(page.getByTestId("outcome-test")).toHaveAttribute("role", "status");
    await expect.poll(() => mailCount(request, address)).toBe(before + 1);
  });

  // Both change the one digest setting: one after the other.
  test.describe("the digest", () => {
    test.describe.configure({ mode: "serial" });

    test("its day and hour are saved, and a bad one is refused in the author's language", async ({ page }) => {
      await restoreSession(page);
      await page.goto("/admin/subscribers");
      await waitForHydration(page);
      const form = page.getByTestId("digest-form");
      await form.getByLabel("Dia").selectOption({ label: "quarta-feira" });
      await form.getByLabel("Hora").selectOption({ label: "18:00" });
      await form.getByRole("button", { name: "Salvar resumo" }).click();
      await expect(page.getByTestId("outcome-digest")).toHaveText("Resumo salvo: quarta-feira, 18h.");
      await page.reload();
      await expect(form.getByLabel("Dia")).toHaveValue("3");
      await expect(form.getByLabel("Hora")).toHaveValue("18");

      for (const lang of ["pt", "en"] as const) {
        for (const [fields, message] of [
          [{ weekday: "7", hour: "9" }, texts[lang].badWeekday],
          [{ weekday: "1", hour: "24" }, texts[lang].badHour],
        ] as const) {
          const refused = await page.request.post(texts[lang].path, {
            headers: sameOrigin(page),
            form: { intent: "digest", ...fields },
          });
          expect(refused.status()).toBe(400);
          expect(await refused.text()).toContain(message);
        }
      }
      // Unchanged by the refusals.
      await page.reload();
      await expect(form.getByLabel("Dia")).toHaveValue("3");
    });

    test("without JavaScript, the digest form and the search work as plain requests", async ({ browser, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await context.addCookies(JSON.parse(readFileSync(sessionFile("author"), "utf8")) as Cookie[]);
      await page.goto(`${baseURL}/en/admin/subscribers`);
      const form = page.getByTestId("digest-form");
      await form.getByLabel("Day").selectOption("5");
      await form.getByLabel("Hour").selectOption("7");
      await form.getByRole("button", { name: "Save digest" }).click();
      await expect(page.getByTestId("outcome-digest")).toHaveText("Digest saved: Friday, 7:00.");
      await page.getByLabel("Search by e-mail").fill("nobody@example.com");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(/\/en\/admin\/subscribers\?q=nobody%40example\.com$/);
      await expect(page.getByText("No subscriber with “nobody@example.com”.")).toBeVisible();
      await context.close();
    });
  });

  test("an unknown subscriber or intent is refused in the author's language", async ({ page }) => {
    await signIn(page, "author", "en");
    const post = (form: Record<string, string>) =>
      page.request.post("/en/admin/subscribers", { headers: sameOrigin(page), form });
    const unknown = await post({ intent: "delete", id: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain("This subscriber no longer exists");
    expect((await post({ intent: "delete", id: "x' or 1=1" })).status()).toBe(404);
    const nope = await post({ intent: "nope" });
    expect(nope.status()).toBe(400);
    expect(await nope.text()).toContain("Unknown action.");
  });

  test("on a phone, the page fits the screen", async ({ page }) => {
    await restoreSession(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/admin/subscribers");
    await waitForHydration(page);
    await expect(page.getByTestId("digest-form")).toBeVisible();
    await expectNoPageScroll(page);
    await expectNoSeriousA11yViolations(page);
  });
});

/**
 * A server of its own, without a mail server, on a database seeded before it
 * starts: subscribers in every state, a post and its sends, known numbers.
 */
test.describe("without a mail server, on a seeded database", () => {
  test.describe.configure({ mode: "serial" });

  const OWNER = "dono@example.com";
  const POST_TITLE = "Um post para os assinantes";
  let server: SeededServer | undefined;
  let origin = "";

  test.beforeAll(async () => {
    test.setTimeout(limit(120_000));
    // GitHub gave the author no e-mail: a test would go to the owner's address (CONTACT_TO).
    server = await startSeededServer(
      "subscribers",
      async (db, author) => {
        const [post] = await db
          .insert(blogs)
          .values({
            title: POST_TITLE,
            slug: "um-post-para-os-assinantes",
            content: "O texto do post.",
            lang: "pt",
            published: true,
            publishedAt: new Date(Date.now() - 24 * 60 * 60 * 1000),
            authorId: author.id,
          })
          .returning();
        if (!post) throw new Error("no post");
        const issue = `post:${post.id}`;
        await db.insert(newsletterPosts).values({ postId: post.id, issue });
        const day = (n: number) => new Date(Date.UTC(2026, 9, n, 12));
        const rows = await db
          .insert(newsletterSubscribers)
          .values(
            (
              [
                ["ana@example.com", "confirmed", ["pt"], "post", "/blog", 1],
                ["bob@example.com", "confirmed", ["en", "pt"], "weekly", "/en/blog/some-post", 2],
                ["=sum@example.com", "confirmed", ["pt"], "post", "/blog", 3],
                ["carla@example.com", "pending", ["pt"], "post", "/newsletter", 4],
                ["dani@example.com", "unsubscribed", ["en"], "post", "/en/newsletter", 5],
                ["eve@example.com", "suppressed", ["pt"], "weekly", "/blog", 6],
              ] as const
            ).map(([email, status, langs, frequency, source, n]) => ({
              email,
              status,
              langs: [...langs],
              frequency,
              source,
              // Recent: an address never confirmed is forgotten a while after its last confirmation.
              confirmSentAt: new Date(),
              confirmedAt: status === "pending" ? null : day(n),
              createdAt: day(n),
            })),
          )
          .returning();
        const id = (email: string) => rows.find((subscriber) => subscriber.email === email)?.id ?? "";
        const base = { kind: "post", issue, postId: post.id, lang: "pt" };
        await db.insert(newsletterMails).values([
          { ...base, subscriberId: id("ana@example.com"), deliveredAt: new Date() },
          { ...base, subscriberId: id("bob@example.com"), failedAt: new Date(), lastError: "550 no such user" },
          { ...base, subscriberId: id("=sum@example.com"), nextAttemptAt: new Date() },
        ]);
      },
      { CONTACT_TO: OWNER },
    );
    origin = server.origin;
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  async function open(page: Page, pathname = "/admin/subscribers") {
    if (!server) throw new Error("the server did not start");
    await server.open(page, pathname);
  }

  /** The number beside a label in the counts. */
  const tally = (page: Page, label: string) =>
    page.getByTestId("subscriber-counts").getByText(label, { exact: true }).locator("xpath=following-sibling::dd");

  test("says what to set, and shows the numbers, where readers signed up, the sends and every subscriber", async ({
    page,
  }) => {
    await open(page);
    await expect(page.getByTestId("newsletter-off")).toContainText(
      "A newsletter está desligada: defina SMTP_HOST e SMTP_FROM",
    );
    await expect(page.getByRole("button", { name: "Enviar um teste para mim" })).toHaveCount(0);
    await expect(page.getByText(`para ${OWNER}.`)).toBeVisible();
    await expect(tally(page, "Confirmados")).toHaveText("3");
    await expect(tally(page, "Aguardando confirmação")).toHaveText("1");
    await expect(tally(page, "Saíram")).toHaveText("1");
    await expect(tally(page, "Bloqueados (e-mail recusado)")).toHaveText("1");
    await expect(tally(page, "Português")).toHaveText("3");
    await expect(tally(page, "Inglês")).toHaveText("1");
    await expect(tally(page, "A cada novo post")).toHaveText("2");
    await expect(tally(page, "Resumo semanal")).toHaveText("1");

    const sources = page.getByRole("table", { name: "Confirmados por página em que se inscreveram" });
    await expect(sources.getByRole("row")).toHaveText(["PáginaConfirmados", "/blog2", "/en/blog/some-post1"]);
    const sends = page.getByRole("table", { name: /E-mails de cada post por idioma/ });
    await expect(sends.getByRole("row", { name: POST_TITLE })).toHaveText(`${POST_TITLE}Português111`);

    await expect(page.getByTestId("subscriber-count")).toHaveText("6 de 6");
    await expect(row(page, "bob@example.com").getByRole("cell")).toHaveText([
      "confirmado",
      "Inglês, Português",
      "Resumo semanal",
      "/en/blog/some-post",
      "2 de out. de 2026",
      /^Apagar bob@example\.com/,
    ]);
    await expect(row(page, "carla@example.com").getByRole("cell").first()).toHaveText("aguardando");
    await expect(row(page, "eve@example.com").getByRole("cell").first()).toHaveText("bloqueado");
    // Newest first.
    await expect(page.getByTestId("subscriber-row").getByRole("rowheader")).toHaveText([
      "eve@example.com",
      "dani@example.com",
      "carla@example.com",
      "=sum@example.com",
      "bob@example.com",
      "ana@example.com",
    ]);
    await expectNoSeriousA11yViolations(page);

    // Asked anyway, a test says why it cannot be sent.
    const test = await page.request.post(`${origin}/admin/subscribers`, {
      headers: { origin },
      form: { intent: "test" },
    });
    expect(test.status()).toBe(409);
    expect(await test.text()).toContain("Sem um servidor de e-mail configurado não há como enviar um teste.");
  });

  test("in English and dark, the same page is whole and accessible", async ({ page }) => {
    await storePreferences(page, { theme: "dark" });
    await open(page, "/en/admin/subscribers");
    await expect(page.getByTestId("newsletter-off")).toContainText(
      "The newsletter is off: set SMTP_HOST and SMTP_FROM",
    );
    await expect(row(page, "dani@example.com").getByRole("cell").first()).toHaveText("left");
    await expect(page.getByTestId("subscriber-count")).toHaveText("6 of 6");
    await expectNoSeriousA11yViolations(page);
  });

  test("the search matches part of an address, its % and _ as letters", async ({ page }) => {
    await open(page);
    await page.getByLabel("Buscar por e-mail").fill("bo");
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await expect(page).toHaveURL(/\?q=bo$/);
    await expect(page.getByTestId("subscriber-row").getByRole("rowheader")).toHaveText(["bob@example.com"]);
    await expect(page.getByTestId("subscriber-count")).toHaveText("1 de 6");
    await page.goto(`${origin}/admin/subscribers?q=%25`);
    await expect(page.getByText("Nenhum assinante com “%”.")).toBeVisible();
  });

  test("the CSV export downloads every subscriber, formulas made harmless", async ({ page }) => {
    await open(page);
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exportar CSV" }).click();
    const lines = readFileSync(await (await download).path(), "utf8").split("\r\n");
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines.slice(1, -1).map((line) => line.split(",")[0])).toEqual([
      "'=sum@example.com",
      "ana@example.com",
      "bob@example.com",
      "carla@example.com",
      "dani@example.com",
      "eve@example.com",
    ]);
    expect(lines).toContain(
      "bob@example.com,confirmed,en pt,weekly,/en/blog/some-post,2026-10-02T12:00:00.000Z,2026-10-02T12:00:00.000Z",
    );
    expect(lines).toContain("carla@example.com,pending,pt,post,/newsletter,,2026-10-04T12:00:00.000Z");
    expect(lines.at(-1)).toBe("");
  });

  test("a subscriber is deleted after a second, confirming press, by keyboard", async ({ page }) => {
    await open(page);
    const carla = row(page, "carla@example.com");
    await carla.locator("summary").focus();
    await page.keyboard.press("Enter");
    const confirm = carla.getByRole("button", { name: "Apagar de vez carla@example.com" });
    await expect(confirm).toBeVisible();
    await expect(
      carla.getByText("Apaga o endereço e tudo o que foi guardado sobre ele. Não dá para desfazer."),
    ).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(confirm).toBeFocused();
    await page.keyboard.press("Enter");
    const outcome = page.getByTestId("outcome-delete");
    await expect(outcome).toHaveText("carla@example.com foi apagado.");
    await expect(outcome).toBeFocused();
    await expect(carla).toHaveCount(0);
    await expect(tally(page, "Aguardando confirmação")).toHaveText("0");
    await expect(page.getByTestId("subscriber-count")).toHaveText("5 de 5");
  });

  test("without JavaScript, deleting works as a plain form", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await server?.signIn(page);
    await page.goto(`${origin}/en/admin/subscribers`);
    const dani = row(page, "dani@example.com");
    await dani.locator("summary").click();
    await dani.getByRole("button", { name: "Delete for good dani@example.com" }).click();
    await expect(page.getByTestId("outcome-delete")).toHaveText("dani@example.com was deleted.");
    await expect(dani).toHaveCount(0);
    await context.close();
  });

  test("on a phone, the tables scroll inside their own boxes and the page does not", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page);
    await expectNoPageScroll(page);
    const list = page.getByRole("region", { name: "Assinantes, os mais recentes primeiro" });
    expect(await list.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    await list.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => list.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
  });
});

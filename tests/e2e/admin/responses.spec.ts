import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { blogs, responses } from "../../../app/server/db/schema.ts";
import { avatarFromBytes } from "../../../app/server/responses/avatars.server.ts";
import { type ResponseInput, saveResponse } from "../../../app/server/responses/responses.server.ts";
import { databaseStorage } from "../../../app/server/uploads/database-storage.server.ts";
import { limit } from "../../harness/host-speed.ts";
import { expect, expectNoSeriousA11yViolations, storePreferences, test } from "../fixtures.ts";
import { type SeededServer, startSeededServer } from "./helpers.ts";

/**
 * The Responses page and the responses under a post, on a server seeded with
 * a Portuguese and an English post and responses in each state: what the
 * author moderates, and what readers see once approved (no script added to
 * the article): Alice's avatar as the site keeps it, the others' initials, a
 * mention's title linked to its source. One axe run per language, theme and
 * size that differs.
 */
const texts = {
  pt: {
    path: "/admin/responses",
    heading: "Respostas",
    approve: "Aprovar",
    approved: /Resposta aprovada/,
    post: "/blog/ola-respostas",
    likes: "2 curtidas",
    boosts: "1 compartilhamento",
  },
  en: {
    path: "/en/admin/responses",
    heading: "Responses",
    approve: "Approve",
    approved: /Response approved/,
    post: "/en/blog/hello-responses",
    likes: "2 likes",
    boosts: "1 boost",
  },
} as const;

/** The page fits a phone: nothing but a table's own box scrolls sideways. */
async function expectNoPageScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test.describe("responses, on a server of their own", () => {
  test.describe.configure({ mode: "serial" });
  let server: SeededServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(limit(120_000));
    server = await startSeededServer(
      "responses",
      async (db, author) => {
        const post = {
          content: "Texto do post.",
          published: true,
          publishedAt: new Date(Date.now() - 86_400_000),
          authorId: author.id,
        };
        const [pt, en] = await db
          .insert(blogs)
          .values([
            { ...post, title: "Olá, respostas", slug: "ola-respostas", lang: "pt" },
            { ...post, title: "Hello, responses", slug: "hello-responses", lang: "en" },
          ])
          .returning({ id: blogs.id });
        // Each response a second newer than the one before, in the order saved: the embedded database's clock can
        // give two statements the same moment, and the page lists the newest first.
        let at = Date.now() - 60_000;
        const save = async (input: ResponseInput) => {
          const { id } = await saveResponse(db, input);
          at += 1000;
          await db
            .update(responses)
            .set({ createdAt: new Date(at) })
            .where(eq(responses.id, id));
        };
        for (const [index, postId] of [pt?.id, en?.id].entries()) {
          if (!postId) throw new Error("no post");
          const remote = (name: string, n: number) => ({
            authorName: name,
            authorHandle: `@${name.toLowerCase()}@social.example`,
            authorUrl: `https://social.example/@${name.toLowerCase()}`,
            authorActor: `https://social.example/users/${name.toLowerCase()}`,
            instance: "social.example",
            sourceUrl: `https://social.example/notes/${index}-${n}`,
          });
          // Alice's avatar as the server keeps it once fetched (avatars.server.ts): a 96 px WebP in the storage.
          const avatar = await avatarFromBytes(
            await sharp({ create: { width: 120, height: 120, channels: 3, background: "#c2410c" } })
              .png()
              .toBuffer(),
          );
          if ("refused" in avatar) throw new Error(avatar.refused);
          await databaseStorage(db).put(avatar.key, avatar.data);
          await save({
            kind: "reply",
            postId,
            ...remote("Alice", 1),
            contentHtml: "<p>Que post bom, <strong>obrigada</strong>!</p>",
            status: "approved",
          });
          await db
            .update(responses)
            .set({ avatarKey: avatar.key, avatarCheckedAt: new Date() })
            .where(eq(responses.authorName, "Alice"));
          await save({
            kind: "webmention",
            postId,
            sourceUrl: `https://other.example/notes/${index}`,
            title: "Uma página que menciona o post",
            authorName: "Fábio",
            authorUrl: "https://other.example/",
            contentHtml: "<p>Li e comentei.</p>",
            status: "approved",
          });
          await save({ kind: "like", postId, ...remote("Bruno", 2), status: "approved" });
          await save({ kind: "like", postId, ...remote("Carla", 3), status: "approved" });
          await save({ kind: "announce", postId, ...remote("Davi", 4), status: "approved" });
          await save({
            kind: "reply",
            postId,
            ...remote("Eva", 5),
            contentHtml: "<p>Esperando a moderação.</p>",
          });
        }
      },
      { STORAGE_DRIVER: "postgres" },
    );
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  for (const [lang, theme, viewport] of [
    ["pt", "light", { width: 1280, height: 800 }],
    ["en", "dark", { width: 375, height: 812 }],
  ] as const) {
    test(`the author approves a reply (${lang}, ${theme}, ${viewport.width} px)`, async ({ page }, testInfo) => {
      if (!server) throw new Error("the server did not start");
      const t = texts[lang];
      await page.setViewportSize(viewport);
      await storePreferences(page, { theme });
      await server.open(page, t.path);
      await expect(page.getByRole("heading", { level: 1, name: t.heading })).toBeVisible();
      // Newest first: the reply waiting for moderation comes before the approved ones.
      const waiting = page
        .getByTestId("response")
        .filter({ hasText: "@eva@social.example" })
        .filter({ hasText: lang === "pt" ? "Olá, respostas" : "Hello, responses" });
      await expect(page.getByTestId("response").first()).toHaveAttribute("data-status", "pending");
      // Alice's avatar as the site keeps it, the others' initials.
      await expect(
        page.getByRole("img", { name: lang === "pt" ? "Avatar de Alice" : "Alice's avatar" }).first(),
      ).toHaveJSProperty("naturalWidth", 96);
      await expectNoSeriousA11yViolations(page);
      if (viewport.width === 375) await expectNoPageScroll(page);
      await page.screenshot({
        path: testInfo.outputPath(`responses-${lang}-${theme}-${viewport.width}.png`),
        fullPage: true,
      });
      await waiting.getByRole("button", { name: new RegExp(`^${t.approve}`) }).click();
      await expect(page.getByTestId("response-outcome")).toHaveText(t.approved);
      await expect(waiting).toHaveAttribute("data-status", "approved");
    });

    test(`readers see the approved responses under the post (${lang}, ${theme}, ${viewport.width} px)`, async ({
      page,
    }, testInfo) => {
      if (!server) throw new Error("the server did not start");
      const t = texts[lang];
      await page.setViewportSize(viewport);
      await storePreferences(page, { theme });
      await page.goto(`${server.origin}${t.post}`);
      const responses = page.getByTestId("responses");
      await expect(responses.getByText("Que post bom, obrigada!")).toBeVisible();
      await expect(responses.getByText("Esperando a moderação.")).toBeVisible();
      const avatar = responses.getByRole("img", { name: lang === "pt" ? "Avatar de Alice" : "Alice's avatar" });
      await expect(avatar).toHaveJSProperty("naturalWidth", 96);
      await expect(responses.getByRole("link", { name: "Uma página que menciona o post" })).toHaveAttribute(
        "href",
        /^https:\/\/other\.example\/notes\//,
      );
      await responses.getByTestId("likes").locator("summary").click();
      await expect(responses.getByTestId("likes")).toContainText("Bruno, Carla");
      await expect(responses.getByTestId("likes").locator("summary")).toHaveText(t.likes);
      await expect(responses.getByTestId("boosts").locator("summary")).toHaveText(t.boosts);
      await expect(page.getByTestId("fediverse-handles").getByRole("link")).toHaveCount(2);
      await expectNoSeriousA11yViolations(page);
      if (viewport.width === 375) await expectNoPageScroll(page);
      await page.screenshot({
        path: testInfo.outputPath(`post-responses-${lang}-${theme}-${viewport.width}.png`),
        fullPage: true,
      });
    });
  }
});

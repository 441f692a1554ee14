import type { PostInput } from "../../../app/lib/post-input.ts";
import { upsertGitHubUser } from "../../../app/server/auth/users.server.ts";
import { createPost } from "../../../app/server/blog/posts.server.ts";
import type { Database } from "../../../app/server/db/client.server.ts";
import { postInput } from "../../server/helpers/posts.ts";
import { checkOnAPhone, seededServerFor } from "../admin/desk-helpers.ts";
import { expect, expectNoSeriousA11yViolations, test } from "../fixtures.ts";

const input = (slug: string, extra: Partial<PostInput>) =>
  postInput(slug, { content: "## Ainda em obras\n\nUm texto que **ninguém** leu ainda.", ...extra });

const ids: Record<string, string> = {};

/** A draft of the signed-in author, and one of another author's. */
async function seed(db: Database, author: { id: string }) {
  const mine = await createPost(db, author.id, input("rascunho-secreto", { title: "Um rascunho para mostrar" }));
  const other = await upsertGitHubUser(db, {
    githubId: 2002,
    login: "outra",
    name: null,
    avatarUrl: null,
    email: null,
  });
  const theirs = await createPost(db, other.id, input("de-outra", { title: "O rascunho de outra pessoa" }));
  if (mine.status !== "saved" || theirs.status !== "saved") throw new Error("seeding failed");
  ids.mine = mine.post.id;
  ids.theirs = theirs.post.id;
}

const server = seededServerFor("shared-draft", seed);

test("a draft is previewed as its page, shared by a link anyone opens signed out, until it is revoked", async ({
  page,
  browser,
}) => {
  await server().open(page, `/admin/blog/${ids.mine}/preview`);
  await expect(page.getByTestId("preview-banner")).toContainText("Pré-visualização: esta página não é pública");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Um rascunho para mostrar");
  await expect(page.locator(".article-body strong")).toHaveText("ninguém");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");

  await page.getByRole("button", { name: "Compartilhar rascunho" }).click();
  const link = page.getByTestId("share-url");
  await expect(link).toHaveValue(new RegExp(`^${server().origin}/blog/preview/[A-Za-z0-9_-]{43}$`));
  const url = await link.inputValue();
  await expect(page.getByTestId("share-links").getByRole("listitem")).toHaveCount(1);

  // Anyone with the link, signed out, sees the latest saved version: never cached, never indexed.
  const reader = await browser.newContext();
  const visitor = await reader.newPage();
  const response = await visitor.goto(url);
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
  expect(headers["cache-control"]).toBe("private, no-store");
  // The page's own policy replaces the site's default: one header, one value.
  expect(headers["referrer-policy"]).toBe("no-referrer");
  await expect(visitor.locator('meta[name="referrer"]')).toHaveAttribute("content", "no-referrer");
  expect(headers["x-cache"]).toBeUndefined();
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expect(visitor.getByTestId("preview-banner")).toContainText("Pré-visualização: esta página não é pública");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Um rascunho para mostrar");
  await expect(visitor.getByTestId("share-panel")).toHaveCount(0);
  await expectNoSeriousA11yViolations(visitor);

  // Revoked: the link is the usual 404, and says nothing of why.
  await page.getByTestId("share-links").getByRole("button", { name: "Revogar" }).click();
  await expect(page.getByText("Link revogado: ele não abre mais o post.")).toBeVisible();
  await expect(page.getByTestId("share-links")).toHaveCount(0);
  const revoked = await visitor.goto(url);
  expect(revoked?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Oops! Página não encontrada");
  await expect(visitor.getByText("Um rascunho para mostrar")).toHaveCount(0);
  const forged = await visitor.goto(`${server().origin}/blog/preview/${"A".repeat(43)}`);
  expect(forged?.status()).toBe(404);
  expect(await forged?.text()).not.toContain("rascunho");
  await reader.close();
});

test("another author's post, or a visitor, gets no preview and no link", async ({ page, request }) => {
  await server().open(page, `/admin/blog/${ids.theirs}/preview`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Página não encontrada");
  await expect(page.getByText("O rascunho de outra pessoa")).toHaveCount(0);
  const share = await page.request.post(`${server().origin}/admin/blog/${ids.theirs}/preview`, {
    headers: { origin: server().origin },
    form: { intent: "share" },
  });
  expect(share.status()).toBe(404);
  const visitor = await request.get(`${server().origin}/admin/blog/${ids.mine}/preview`, { maxRedirects: 0 });
  expect(visitor.status()).toBe(302);
});

checkOnAPhone("the preview", async (page, lang) => {
  await server().open(page, `${lang === "en" ? "/en" : ""}/admin/blog/${ids.mine}/preview`);
  await expect(page.getByTestId("preview-banner")).toContainText(
    lang === "en" ? "Preview: this page is not public" : "Pré-visualização: esta página não é pública",
  );
});

import type { Page } from "@playwright/test";
import type { Lang } from "../../../app/i18n/paths.ts";
import type { Database } from "../../../app/server/db/client.server.ts";
import { expect, expectNoSeriousA11yViolations, storePreferences, test, waitForHydration } from "../fixtures.ts";
import { type SeededServer, startSeededServer } from "./helpers.ts";

/**
 * Writes a draft through the admin's own action, as its form without scripts
 * posts it, and returns its id (read from its row in the list).
 * @example const id = await writeDraft(page, { title: "Um rascunho", slug: "um-rascunho", content: "Texto." })
 */
export async function writeDraft(page: Page, post: { title: string; slug: string; content: string }): Promise<string> {
  await page.goto("/admin/blog");
  // The same-origin check wants the site's own origin on a post.
  const response = await page.request.post("/admin/blog", {
    headers: { origin: new URL(page.url()).origin },
    form: { intent: "create", lang: "pt", ...post },
  });
  expect(response.status(), await response.text()).toBeLessThan(400);
  await page.goto(`/admin/blog?q=${encodeURIComponent(post.title)}`);
  const id = await page
    .getByTestId("admin-post-list")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: post.title }) })
    .locator('input[name="id"]')
    .getAttribute("value");
  if (!id) throw new Error(`no row for ${post.title}`);
  return id;
}

/** Opens the author's preview of a post, makes a link that shares it, and returns the link. */
export async function shareDraft(page: Page, id: string): Promise<string> {
  await page.goto(`/admin/blog/${id}/preview`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Compartilhar rascunho" }).click();
  const link = page.getByTestId("share-url");
  await expect(link).toHaveValue(/\/blog\/preview\/[A-Za-z0-9_-]{43}$/);
  return link.inputValue();
}

/**
 * One server of the spec's own, seeded once, for its tests, which then run in
 * order on it; returns how to reach it.
 * @example const server = seededServerFor("trash", seed); … server().open(page, "/admin/blog/trash")
 */
export function seededServerFor(
  name: string,
  seed: (db: Database, author: { id: string }) => Promise<unknown>,
): () => SeededServer {
  test.describe.configure({ mode: "serial" });
  let server: SeededServer | undefined;
  test.beforeAll(async () => {
    server = await startSeededServer(name, seed);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error(`the ${name} server has not started`);
    return server;
  };
}

/**
 * A page on a 375-pixel phone in both languages and themes (Portuguese dark,
 * English light): no serious or critical axe finding, nothing wider than the screen.
 */
export function checkOnAPhone(what: string, open: (page: Page, lang: Lang) => Promise<unknown>) {
  for (const [lang, theme] of [
    ["pt", "dark"],
    ["en", "light"],
  ] as const) {
    test(`${what} has no serious accessibility problem on a phone (${lang}, ${theme})`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await storePreferences(page, { theme, language: lang });
      await open(page, lang);
      await expectNoSeriousA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });
  }
}

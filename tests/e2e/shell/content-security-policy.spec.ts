import type { Page } from "@playwright/test";
import { limit } from "../../harness/host-speed.ts";
import { shareDraft, writeDraft } from "../admin/desk-helpers.ts";
import { openNewPostForm, pngBytes, publishAnswering, uniqueSlug } from "../admin/helpers.ts";
import { expect, expectStrictPolicy, restoreSession, test, waitForHydration, watchCspConsole } from "../fixtures.ts";

/**
 * The strict Content-Security-Policy (docs/decisions/026-https-and-a-strict-csp.md)
 * breaks nothing: the post form with an image in its preview, a toast, the
 * published post with its image, a draft's preview and its shared link load
 * and hydrate without one violation; every public page and every admin screen
 * is checked the same way as it is visited by shell/every-page.spec.ts. The fixture fails
 * a test on any `securitypolicyviolation` event; the console's "Refused to…"
 * lines are watched too, for what a page left before its event was handled.
 */

/** Opens a page, checks its policy, waits for hydration and lets pending violation events arrive. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expectStrictPolicy(path, response?.headers()["content-security-policy"]);
  await waitForHydration(page);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

test("a post written with an image, its toast and the published page keep to the policy", async ({ page }) => {
  test.setTimeout(limit(60_000));
  const refused = watchCspConsole(page);
  await restoreSession(page);
  const slug = uniqueSlug("politica");
  await openNewPostForm(page);
  const form = page.getByTestId("post-form");
  await form.getByLabel("Título", { exact: true }).fill(`Política ${slug}`);
  await form.getByLabel("Slug", { exact: true }).fill(slug);
  await form.getByLabel("Conteúdo").fill("Um texto com **negrito** e `código`.\n\n");
  // An image chosen with the button: uploaded, described, shown in the live preview.
  await page.getByTestId("content-image-input").setInputFiles({
    name: "painel.png",
    mimeType: "image/png",
    buffer: await pngBytes("#1d4ed8", 800, 450),
  });
  const prompt = page.getByTestId("image-alt");
  await prompt.getByLabel("Texto alternativo da imagem, em português").fill("Painel azul");
  await prompt.getByRole("button", { name: "Inserir no texto" }).click();
  await expect(page.getByTestId("markdown-preview").getByRole("img", { name: "Painel azul" })).toBeVisible();
  await publishAnswering(page, form.getByRole("button", { name: "Publicar agora" }));
  // The toast library's stylesheet arrived as a file: the toast is laid out, not an unstyled list.
  const toast = page.getByText("Post publicado.");
  await expect(toast).toBeVisible();
  await expect(page.locator("[data-sonner-toaster]")).toHaveCSS("position", "fixed");

  await visit(page, `/blog/${slug}`);
  const image = page.locator(".article-body").getByRole("img", { name: "Painel azul" });
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBeGreaterThan(0);
  expect(refused, refused.join("\n")).toEqual([]);
});

test("a draft's preview and the link that shares it keep to the policy", async ({ page }) => {
  const refused = watchCspConsole(page);
  await restoreSession(page);
  const slug = uniqueSlug("previa");
  const id = await writeDraft(page, { title: `Prévia ${slug}`, slug, content: "Um **rascunho** com `código`." });
  const link = await shareDraft(page, id);
  const response = await page.goto(`/admin/blog/${id}/preview`);
  expectStrictPolicy("the author's preview", response?.headers()["content-security-policy"]);
  await visit(page, new URL(link).pathname);
  await expect(page.getByTestId("preview-banner")).toBeVisible();
  expect(refused, refused.join("\n")).toEqual([]);
});

test("the browser enforces the policy: an inline style attribute is refused and reported", async ({
  page,
  cspViolations,
}) => {
  await visit(page, "/about");
  // A style attribute written into the page, as a server-rendered `style="…"` would be.
  await page.evaluate(() => {
    const probe = document.createElement("div");
    probe.id = "csp-probe";
    probe.setAttribute("style", "color: rgb(255, 0, 0)");
    document.body.append(probe);
  });
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(cspViolations.join("\n")).toMatch(/^style-src-attr blocked inline on \/about$/m);
  await expect(page.locator("#csp-probe")).not.toHaveCSS("color", "rgb(255, 0, 0)");
  // Seen: the fixture need not fail this test for the probe.
  cspViolations.length = 0;
});

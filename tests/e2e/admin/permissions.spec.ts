import { readdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { pngClaiming } from "../../helpers/images.ts";
import { expect, signIn, test } from "../fixtures.ts";
import { adminRow, createPostThroughForm, pngBytes, seedPost, uniqueSlug } from "./helpers.ts";

/** The database id of one of the signed-in author's posts, read from its delete form. */
async function postId(page: Page, title: string): Promise<string> {
  await page.goto("/admin/blog");
  const id = await adminRow(page, title).locator('input[name="id"]').getAttribute("value");
  if (!id) throw new Error(`no id for ${title}`);
  return id;
}

const sameOrigin = (page: Page) => ({ origin: new URL(page.url()).origin });

test("one author can neither see nor touch another author's post, whatever the request", async ({ browser }) => {
  test.slow();
  const ana = await (await browser.newContext()).newPage();
  const rafael = await (await browser.newContext()).newPage();
  await signIn(rafael, "author");
  await signIn(ana, "coauthor");
  const slug = uniqueSlug("so-do-rafael");
  const title = `Só do Rafael ${slug}`;
  await seedPost(rafael, { title, slug, content: "Conteúdo original" });
  const id = await postId(rafael, title);

  await ana.goto("/admin/blog");
  expect(await ana.content()).not.toContain(title);

  const update = await ana.request.post("/admin/blog", {
    headers: sameOrigin(ana),
    form: {
      intent: "update",
      id,
      title: "Sequestrado",
      slug,
      content: "x",
      lang: "pt",
      updatedAt: new Date().toISOString(),
    },
  });
  expect(update.status()).toBe(404);
  const remove = await ana.request.post("/admin/blog", { headers: sameOrigin(ana), form: { intent: "delete", id } });
  expect(remove.status()).toBe(404);
  const data = await ana.request.get("/admin/blog.data");
  expect(await data.text()).not.toContain(title);

  await rafael.goto("/admin/blog");
  await expect(adminRow(rafael, title)).toBeVisible();
  expect(await rafael.content()).not.toContain("Sequestrado");
});

test("a visitor reaches no admin action or endpoint", async ({ request, baseURL }) => {
  // Asked over HTTP, as any client may: from the site's own origin, so only the missing session refuses them.
  const headers = { origin: new URL(baseURL ?? "").origin };
  const action = await request.post("/admin/blog", {
    headers,
    form: { intent: "create", title: "x", slug: "x", content: "x" },
    maxRedirects: 0,
  });
  expect(action.status()).toBe(302);
  expect(await action.text()).not.toContain("Gerenciar");
  const upload = await request.post("/admin/blog/upload?lang=en", {
    headers,
    multipart: { file: { name: "a.png", mimeType: "image/png", buffer: await pngBytes() } },
  });
  expect(upload.status()).toBe(401);
  expect(await upload.json()).toEqual({ error: "You need to be signed in to access this page" });
  const preview = await request.post("/admin/blog/preview", { headers, form: { content: "# hi" } });
  expect(preview.status()).toBe(401);
});

test("uploads that are not accepted images are refused, and nothing is stored", async ({ page }) => {
  await signIn(page, "coauthor");
  const headers = sameOrigin(page);
  const upload = (name: string, mimeType: string, buffer: Buffer) =>
    page.request.post("/admin/blog/upload?lang=en", { headers, multipart: { file: { name, mimeType, buffer } } });

  const accepted = await upload("ok.png", "image/png", await pngBytes());
  expect(accepted.status()).toBe(201);
  const { url } = (await accepted.json()) as { url: string };
  const userDir = path.join(process.env.E2E_DATA_DIR ?? "", "uploads", path.dirname(url.replace("/uploads/", "")));
  const before = readdirSync(userDir).sort();

  const refusals: [string, string, Buffer, number, string][] = [
    ["notes.txt", "text/plain", Buffer.from("hello, not an image"), 415, "Upload a JPEG"],
    [
      "photo.png",
      "image/png",
      Buffer.from("renamed text file pretending to be a png ".repeat(10)),
      415,
      "Upload a JPEG",
    ],
    [
      "logo.svg",
      "image/svg+xml",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      415,
      "SVG",
    ],
    ["big.png", "image/png", Buffer.alloc(5 * 1024 * 1024 + 100 * 1024, 1), 413, ""],
    ["huge.png", "image/png", pngClaiming(30_000, 30_000), 422, "megapixels"],
  ];
  for (const [name, type, bytes, status, message] of refusals) {
    const response = await upload(name, type, bytes);
    expect(response.status(), name).toBe(status);
    if (message) expect(((await response.json()) as { error: string }).error, name).toContain(message);
  }
  expect(readdirSync(userDir).sort()).toEqual(before);
});

test("script in a post's fields never runs, in the admin or on the public page", async ({ page }) => {
  await signIn(page, "author");
  const fired: string[] = [];
  page.on("dialog", (dialog) => {
    fired.push(dialog.message());
    void dialog.dismiss();
  });
  const slug = uniqueSlug("xss");
  const payload = `<img src=x onerror="window.__xss='img';alert('xss')"><script>window.__xss='script';alert('xss')</script>`;
  await createPostThroughForm(page, {
    title: `T ${payload}`,
    slug,
    excerpt: `E ${payload}`,
    content: `C ${payload}\n\n[link](javascript:alert('xss'))\n\n<iframe src="javascript:alert('xss')"></iframe>`,
    publish: true,
  });
  // Refused as a slug; the rules allow no markup there.
  const badSlug = await page.request.post("/admin/blog", {
    headers: sameOrigin(page),
    form: { intent: "create", title: "x", slug: `<script>alert(1)</script>`, content: "x" },
  });
  expect(badSlug.status()).toBe(400);

  for (const path of ["/admin/blog", `/blog/${slug}`, "/blog", "/en/blog", `/en/blog/${slug}`]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss), path).toBeUndefined();
    expect(await page.locator("img[onerror], iframe").count()).toBe(0);
    expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
  }
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("<script>");
  expect(fired).toEqual([]);
});

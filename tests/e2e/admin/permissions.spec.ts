import { readdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "../fixtures.ts";
import { adminRow, createPostThroughForm, pngBytes, uniqueSlug } from "./helpers.ts";

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
  await createPostThroughForm(rafael, { title, slug, content: "Conteúdo original" });
  const id = await postId(rafael, title);

  await ana.goto("/admin/blog");
  expect(await ana.content()).not.toContain(title);

  const update = await ana.request.post("/admin/blog", {
    headers: sameOrigin(ana),
    form: { intent: "update", id, title: "Sequestrado", slug, content: "x", updatedAt: new Date().toISOString() },
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

test("a visitor reaches no admin action or endpoint", async ({ page, request }) => {
  await page.goto("/");
  const headers = sameOrigin(page);
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
    ["huge.png", "image/png", await hugeDimensionPng(), 422, "megapixels"],
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

/** A PNG whose header claims 30000 x 30000 pixels. */
async function hugeDimensionPng(): Promise<Buffer> {
  const { deflateSync } = await import("node:zlib");
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

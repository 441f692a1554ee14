import type { APIRequestContext, Page } from "@playwright/test";
import { createPostThroughForm, uniqueSlug } from "../admin/helpers.ts";
import { expect, signIn, test } from "../fixtures.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Width and height of a PNG, from its header (IHDR). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Fetches an image URL of the site (the page may name it on the build's PUBLIC_URL) and checks it. */
async function expectLinkPreviewImage(request: APIRequestContext, url: string) {
  const { pathname } = new URL(url, "http://site.invalid");
  expect(pathname).toMatch(/^\/og\/(?:en\/)?blog\/[a-z0-9-]+\/[0-9a-f]{12}\.png$/);
  const response = await request.get(pathname);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  expect(response.headers()["cache-control"]).toBe(IMMUTABLE);
  const body = await response.body();
  expect(pngSize(body)).toEqual({ width: 1200, height: 630 });
  return body;
}

const metaContent = (page: Page, attribute: "property" | "name", key: string) =>
  page.locator(`meta[${attribute}="${key}"]`).getAttribute("content");

test("an article's link preview is a 1200 × 630 PNG cached for good, a different one per language", async ({
  page,
  request,
}) => {
  const images: Record<string, string> = {};
  for (const [path, alt] of [
    ["/blog/bot-discord", "Capa do artigo: Como criar um bot para Discord"],
    ["/en/blog/bot-discord", "Cover of the article: How to build a Discord bot"],
  ] as const) {
    await page.goto(path);
    const image = (await metaContent(page, "property", "og:image")) ?? "";
    await expectLinkPreviewImage(request, image);
    expect(await metaContent(page, "property", "og:image:width")).toBe("1200");
    expect(await metaContent(page, "property", "og:image:height")).toBe("630");
    expect(await metaContent(page, "property", "og:image:type")).toBe("image/png");
    expect(await metaContent(page, "property", "og:image:alt")).toBe(alt);
    expect(await metaContent(page, "name", "twitter:image")).toBe(image);
    expect(await metaContent(page, "name", "twitter:image:alt")).toBe(alt);
    images[path] = image;
  }
  expect(images["/blog/bot-discord"]).not.toBe(images["/en/blog/bot-discord"]);
});

test("an image URL of another version redirects to the current one; malformed or unknown ones are 404", async ({
  request,
}) => {
  const outdated = await request.get("/og/en/blog/bot-discord/000000000000.png", { maxRedirects: 0 });
  expect(outdated.status()).toBe(302);
  const location = outdated.headers().location ?? "";
  expect(location).toMatch(/^\/og\/en\/blog\/bot-discord\/[0-9a-f]{12}\.png$/);
  expect(outdated.headers()["cache-control"]).toBe("no-cache");
  await expectLinkPreviewImage(request, location);

  for (const path of [
    "/og/blog/no-such-post/000000000000.png",
    "/og/blog/bot%00discord/000000000000.png",
    "/og/blog/%00/000000000000.png",
    "/og/blog/bot-discord/%00.png",
    "/og/blog/bot-discord/000000000000.webp",
    "/og/blog/..%2F..%2Fetc/000000000000.png",
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
  }
});

test("a published post's image is drawn on its first request and then served as it was kept", async ({ page }) => {
  await signIn(page, "author");
  const slug = uniqueSlug("post-com-previa");
  await createPostThroughForm(page, {
    title: `Um post com prévia ${slug}`,
    slug,
    content: "Texto.",
    publish: true,
  });
  const asked = await page.request.get(`/og/blog/${slug}/000000000000.png`, { maxRedirects: 0 });
  expect(asked.status()).toBe(302);
  const current = asked.headers().location ?? "";
  const first = await expectLinkPreviewImage(page.request, current);
  const again = await expectLinkPreviewImage(page.request, current);
  expect(again.equals(first)).toBe(true);
  // The post is Portuguese: there is no English image of it.
  expect((await page.request.get(current.replace("/og/blog/", "/og/en/blog/"), { maxRedirects: 0 })).status()).toBe(
    404,
  );
});

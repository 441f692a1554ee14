/**
 * The Article a post is in the fediverse: its cover named by the author's
 * description, which servers show as the image's alternative text.
 */
import { describe, expect, it } from "vitest";
import type { PostPage } from "../../app/server/blog/public-posts.server.ts";
import { postArticle } from "../../app/server/fediverse/article.server.ts";

const post: PostPage = {
  id: "2b1f0a52-1f2e-4c3d-9a8b-7c6d5e4f3a2b",
  lang: "pt",
  slug: "ponte",
  title: "A ponte",
  excerpt: "Uma ponte.",
  publishedAt: "2026-11-30T12:00:00.000Z",
  tags: [],
  cover: "/uploads/blog-images/0b7c9a52-1f2e-4c3d-9a8b-7c6d5e4f3a2b/Ab3dEf6hIj9kLm0n.webp",
  html: "<p>Texto.</p>",
  readingMinutes: 1,
};

const imageOf = async (page: PostPage) =>
  ((await postArticle({ origin: "https://rafael.example", post: page }).toJsonLd()) as Record<string, unknown>).image;

describe("a post's Article", () => {
  it("names its cover with the author's description, and leaves a cover without one unnamed", async () => {
    expect(await imageOf({ ...post, coverAlt: "A ponte giratória ao entardecer" })).toMatchObject({
      type: "Image",
      url: `https://rafael.example${post.cover}`,
      name: "A ponte giratória ao entardecer",
    });
    const bare = (await imageOf(post)) as Record<string, unknown>;
    expect(bare).toMatchObject({ type: "Image", url: `https://rafael.example${post.cover}` });
    expect(bare.name).toBeUndefined();
  });
});

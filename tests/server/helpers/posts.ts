import type { PostInput } from "../../../app/lib/post-input.ts";
import type { createPost } from "../../../app/server/blog/posts.server.ts";

/** A valid post for `slug`: a draft unless `extra` says otherwise. */
export const postInput = (slug: string, extra: Partial<PostInput> = {}): PostInput => ({
  title: `Title ${slug}`,
  slug,
  content: `Body of ${slug}`,
  excerpt: null,
  coverImage: null,
  published: false,
  lang: "pt",
  tags: [],
  translationOf: null,
  ...extra,
});

/** The post a save returned, or a failed test naming what happened instead. */
export function saved(result: Awaited<ReturnType<typeof createPost>>) {
  if (result.status !== "saved") throw new Error(`expected a saved post, got ${result.status}`);
  return result.post;
}

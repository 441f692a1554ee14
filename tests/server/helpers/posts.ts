import type { PostInput } from "../../../app/lib/post-input.ts";
import { upsertGitHubUser } from "../../../app/server/auth/users.server.ts";
import type { createPost } from "../../../app/server/blog/posts.server.ts";
import type { Database } from "../../../app/server/db/client.server.ts";

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
  scheduledAt: null,
  ...extra,
});

/** The post a save returned, or a failed test naming what happened instead. */
export function saved(result: Awaited<ReturnType<typeof createPost>>) {
  if (result.status !== "saved") throw new Error(`expected a saved post, got ${result.status}`);
  return result.post;
}

/** Two authors, Ana and Bruno, signed up as GitHub users; their ids. */
export async function twoAuthors(db: Database): Promise<{ ana: string; bruno: string }> {
  const profile = { name: null, avatarUrl: null, email: null };
  const ana = (await upsertGitHubUser(db, { ...profile, githubId: 1, login: "ana" })).id;
  const bruno = (await upsertGitHubUser(db, { ...profile, githubId: 2, login: "bruno" })).id;
  return { ana, bruno };
}

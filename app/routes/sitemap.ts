import { publicPaths } from "~/routing/pages.ts";
import { sitemap } from "~/server/blog/feeds.server.ts";
import { listPublicPosts } from "~/server/blog/public-posts.server.ts";

export async function loader() {
  const posts = await listPublicPosts("pt");
  const postPaths = new Set(posts.map((post) => `/blog/${encodeURIComponent(post.slug)}`));
  const pages = publicPaths.filter((path) => !postPaths.has(path)).map((path) => ({ path }));
  const entries = [
    ...pages,
    ...posts.map((post) => ({ path: `/blog/${encodeURIComponent(post.slug)}`, lastModified: post.publishedAt })),
  ];
  return new Response(sitemap(entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}

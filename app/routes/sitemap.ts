import { languages } from "~/i18n/paths.ts";
import { tagPath } from "~/lib/blog-paths.ts";
import { publicPaths } from "~/routing/pages.ts";
import { inBothLanguages, type SitemapEntry, sitemap } from "~/server/blog/feeds.server.ts";
import { publicTags, sitemapPosts } from "~/server/blog/public-posts.server.ts";

export async function loader() {
  const posts = await sitemapPosts();
  const postPaths = new Set(posts.flatMap((post) => Object.values(post.paths)));
  // The route table lists the static articles too; they come with the posts, with their dates.
  const pages = publicPaths.filter((path) => !postPaths.has(path)).map((path) => inBothLanguages(path));
  // A tag used in both languages (the static articles' tags) is one page with two alternates.
  const tagPages = new Map<string, SitemapEntry>();
  for (const lang of languages) {
    for (const tag of await publicTags(lang)) {
      const entry = tagPages.get(tag) ?? { paths: {} };
      entry.paths[lang] = tagPath(tag, lang);
      tagPages.set(tag, entry);
    }
  }
  return new Response(sitemap([...pages, ...posts, ...tagPages.values()]), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}

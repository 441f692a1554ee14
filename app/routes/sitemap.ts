import { languages } from "~/i18n/paths.ts";
import { tagPath } from "~/lib/blog-paths.ts";
import { publicPaths } from "~/routing/pages.ts";
import { inBothLanguages, type SitemapEntry, sitemap } from "~/server/blog/feeds.server.ts";
import { publicTags, sitemapPosts } from "~/server/blog/public-posts.server.ts";
import { tagTranslationPairs } from "~/server/blog/tags.server.ts";
import { servicesIfServing } from "~/server/request-context.server.ts";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const db = servicesIfServing(context)?.db;
  const posts = await sitemapPosts(db);
  const postPaths = new Set(posts.flatMap((post) => Object.values(post.paths)));
  // The route table lists the static articles too; they come with the posts, with their dates.
  const pages = publicPaths.filter((path) => !postPaths.has(path)).map((path) => inBothLanguages(path));
  // A tag used in both languages (the static articles' tags) is one page with two alternates,
  // and so is a tag and its translation ("programacao-funcional" and "functional-programming").
  const tagPages = new Map<string, SitemapEntry>();
  for (const lang of languages) {
    for (const tag of await publicTags(db, lang)) {
      const entry = tagPages.get(tag) ?? { paths: {} };
      entry.paths[lang] = tagPath(tag, lang);
      tagPages.set(tag, entry);
    }
  }
  for (const pair of db ? await tagTranslationPairs(db) : []) {
    const pt = tagPages.get(pair.pt);
    const en = tagPages.get(pair.en);
    // Only two pages each in one language are joined; a slug used in both languages keeps its pair.
    if (!pt?.paths.pt || pt.paths.en || !en?.paths.en || en.paths.pt) continue;
    pt.paths.en = en.paths.en;
    tagPages.delete(pair.en);
  }
  return new Response(sitemap([...pages, ...posts, ...tagPages.values()]), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}

import { langFromPath } from "~/i18n";
import { rssFeed } from "~/server/blog/feeds.server.ts";
import { listPublicPosts } from "~/server/blog/public-posts.server.ts";
import type { Route } from "./+types/rss";

export async function loader({ request }: Route.LoaderArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  return new Response(rssFeed(lang, await listPublicPosts(lang)), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}

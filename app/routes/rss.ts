import { langFromPath } from "~/i18n";
import { contentSecurityPolicy } from "~/lib/csp.ts";
import { rssFeed } from "~/server/blog/feeds.server.ts";
import { listPublicPosts } from "~/server/blog/public-posts.server.ts";
import { servicesIfServing } from "~/server/request-context.server.ts";
import type { Route } from "./+types/rss";

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  return new Response(rssFeed(lang, await listPublicPosts(servicesIfServing(context)?.db, lang)), {
    headers: {
      // application/xml, not application/rss+xml, which some browsers download instead of showing: a browser
      // draws the feed with its stylesheet, a feed reader reads the XML (decision 056).
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      // The site's policy: the stylesheet comes from 'self' (script-src), the page it draws loads only its own CSS.
      "Content-Security-Policy": contentSecurityPolicy({ scripts: [] }),
    },
  });
}

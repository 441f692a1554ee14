import { langFromPath } from "~/i18n";
import { contentSecurityPolicy } from "~/lib/csp.ts";
import { feedStylesheet } from "~/server/blog/feed-stylesheet.server.ts";
import type { Route } from "./+types/rss-stylesheet";

/** The feed's stylesheet for browsers (decision 056): the same for every request of a build. */
export function loader({ request }: Route.LoaderArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  return new Response(feedStylesheet(lang), {
    headers: {
      "Content-Type": "text/xsl; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "Content-Security-Policy": contentSecurityPolicy({ scripts: [] }),
    },
  });
}

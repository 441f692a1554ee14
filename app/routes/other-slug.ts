import { redirect } from "react-router";
import { pathWithItsOwnSlug } from "~/i18n/paths.ts";
import { pagePathOf } from "~/lib/data-request.ts";
import { canonicalPath } from "~/lib/seo.ts";
import type { Route } from "./+types/other-slug";

/** The path as React Router matched it: decoded, in any case, with or without a trailing slash. */
function matchedSpelling(pathname: string): string {
  let path = canonicalPath(pagePathOf(pathname));
  try {
    path = decodeURIComponent(path);
  } catch {
    // Left as it is: it then names no page.
  }
  return path.toLowerCase();
}

/**
 * A translated page asked for with the other language's slug (`/privacy`,
 * `/en/privacidade`): a permanent redirect to the page in the language of
 * the address, as a post's address in the other language leads to its
 * translation (decision 019).
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = pathWithItsOwnSlug(matchedSpelling(url.pathname));
  if (!target) throw new Response(null, { status: 404 });
  throw redirect(target + url.search, 301);
}

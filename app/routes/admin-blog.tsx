import { StaticPageHeader } from "~/components/ui/StaticPage.tsx";
import { pageSeo } from "~/lib/seo.ts";
import { authorContext, requireAuthor } from "~/server/auth/guard.server.ts";
import type { Route } from "./+types/admin-blog";

// Runs before any loader or action of this page, on document and data requests alike.
export const middleware: Route.MiddlewareFunction[] = [requireAuthor];

export const meta: Route.MetaFunction = ({ location }) => [
  ...pageSeo("adminBlog", location.pathname),
  { name: "robots", content: "noindex, nofollow" },
];

// A loader makes client-side navigations ask the server too, so the guard runs for them.
export function loader({ context }: Route.LoaderArgs) {
  const author = context.get(authorContext);
  return { author: { login: author.login, name: author.name } };
}

export default function AdminBlogPage() {
  return <StaticPageHeader page="adminBlog" />;
}

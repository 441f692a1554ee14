import { StaticPageHeader } from "~/components/ui/StaticPage.tsx";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/admin-blog";

export const meta: Route.MetaFunction = ({ location }) => [
  ...pageSeo("adminBlog", location.pathname),
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminBlogPage() {
  return <StaticPageHeader page="adminBlog" />;
}

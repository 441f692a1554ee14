import { StaticPageHeader } from "~/components/ui/StaticPage.tsx";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = ({ location }) => pageSeo("blog", location.pathname);

export default function BlogPage() {
  return <StaticPageHeader page="blog" />;
}

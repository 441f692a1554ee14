import { StaticPageHeader } from "~/components/ui/StaticPage.tsx";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/recommendations";

export const meta: Route.MetaFunction = ({ location }) => pageSeo("recommendations", location.pathname);

export default function RecommendationsPage() {
  return <StaticPageHeader page="recommendations" />;
}

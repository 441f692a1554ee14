import { StaticPageHeader } from "~/components/ui/StaticPage.tsx";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/career";

export const meta: Route.MetaFunction = ({ location }) => pageSeo("career", location.pathname);

export default function CareerPage() {
  return <StaticPageHeader page="career" />;
}

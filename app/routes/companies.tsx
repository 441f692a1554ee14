import { StaticPageHeader } from "~/components/ui/StaticPage.tsx";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/companies";

export const meta: Route.MetaFunction = ({ location }) => pageSeo("companies", location.pathname);

export default function CompaniesPage() {
  return <StaticPageHeader page="companies" />;
}

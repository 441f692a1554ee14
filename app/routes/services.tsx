import { StaticPageHeader } from "~/components/ui/StaticPage.tsx";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = ({ location }) => pageSeo("services", location.pathname);

export default function ServicesPage() {
  return <StaticPageHeader page="services" />;
}

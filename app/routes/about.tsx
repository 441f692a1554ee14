import { StaticPageHeader } from "~/components/ui/StaticPage.tsx";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ location }) => pageSeo("about", location.pathname);

export default function AboutPage() {
  return <StaticPageHeader page="about" />;
}

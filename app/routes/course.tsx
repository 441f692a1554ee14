import { StaticPageHeader } from "~/components/ui/StaticPage.tsx";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/course";

export const meta: Route.MetaFunction = ({ location }) => pageSeo("course", location.pathname);

export default function CoursePage() {
  return <StaticPageHeader page="course" />;
}

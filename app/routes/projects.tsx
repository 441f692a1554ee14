import { StaticPageHeader } from "~/components/ui/StaticPage.tsx";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/projects";

export const meta: Route.MetaFunction = ({ location }) => pageSeo("projects", location.pathname);

export default function ProjectsPage() {
  return <StaticPageHeader page="projects" />;
}

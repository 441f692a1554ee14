import { NotFound } from "~/components/NotFound.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import { tr } from "~/content/localized.ts";
import { findProject } from "~/content/projects.ts";
import { langFromPath, useLang } from "~/i18n";
import { notFound, notFoundMeta } from "~/lib/not-found.ts";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/project";

export function loader({ params }: Route.LoaderArgs) {
  return findProject(params.id) ? { found: true as const, slug: params.id } : notFound();
}

export const meta: Route.MetaFunction = ({ location, params }) => {
  const project = findProject(params.id ?? "");
  if (!project) return notFoundMeta(location.pathname);
  return pageSeo("project", location.pathname, { name: tr(project.title, langFromPath(location.pathname)) });
};

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const lang = useLang();
  const project = loaderData.found ? findProject(loaderData.slug) : undefined;
  if (!project) return <NotFound />;
  return <PageHeader heading={tr(project.title, lang)} lead={tr(project.description, lang)} />;
}

import { CtaPanel } from "~/components/portfolio/CtaPanel.tsx";
import { ProjectCard } from "~/components/portfolio/ProjectCard.tsx";
import { QuoteButton } from "~/components/portfolio/QuoteButton.tsx";
import { buttonSecondary } from "~/components/portfolio/styles.ts";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import { projectsPage } from "~/content/pages/projects.server.ts";
import { useT } from "~/i18n";
import { keepDataOnSamePath } from "~/lib/page-data.ts";
import { requestLang } from "~/lib/request-lang.ts";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/projects";

// Runs at build time for each language; the page receives its own language's content as data.
export function loader({ request }: Route.LoaderArgs) {
  return projectsPage(requestLang(request));
}

export const shouldRevalidate = keepDataOnSamePath;

export const meta: Route.MetaFunction = ({ location }) => pageSeo("projects", location.pathname);

export default function ProjectsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <>
      <PageHeader heading={t.pages.projects.heading} lead={t.pages.projects.description}>
        <div className="mt-8">
          <QuoteButton />
        </div>
      </PageHeader>
      <div className="container-page py-14 sm:py-20">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="projects-grid">
          {loaderData.projects.map((project, index) => (
            <li key={project.path} className="flex">
              {/* Only the first image is sure to be on a phone's first screen. */}
              <ProjectCard project={project} priority={index === 0} />
            </li>
          ))}
        </ul>
      </div>
      <CtaPanel title={t.portfolio.projects.ctaTitle} text={t.portfolio.projects.ctaText}>
        <QuoteButton />
        <LocalLink to="/contact" className={buttonSecondary}>
          {t.portfolio.common.contactMe}
        </LocalLink>
      </CtaPanel>
    </>
  );
}

import type { ReactNode } from "react";
import {
  CalendarDays,
  CheckCircle2,
  Clock,
  ExternalLink as ExternalIcon,
  Lightbulb,
  Target,
  Trophy,
  Users,
} from "~/components/icons";
import { BackLink } from "~/components/portfolio/BackLink.tsx";
import { ItemNotFound } from "~/components/portfolio/ItemNotFound.tsx";
import { QuoteButton } from "~/components/portfolio/QuoteButton.tsx";
import { ResponsiveImage } from "~/components/portfolio/ResponsiveImage.tsx";
import { buttonSecondary, card } from "~/components/portfolio/styles.ts";
import { TagList } from "~/components/portfolio/TagList.tsx";
import { ExternalLink } from "~/components/ui/ExternalLink.tsx";
import { type ProjectPageData, projectPage } from "~/content/pages/projects.server.ts";
import { dictionaryFor, format, langFromPath, useT } from "~/i18n";
import { notFound } from "~/lib/not-found.ts";
import { keepDataOnSamePath } from "~/lib/page-data.ts";
import { requestLang } from "~/lib/request-lang.ts";
import { documentTitle, seo } from "~/lib/seo.ts";
import type { Route } from "./+types/project";

// Runs at build time for each language; the page receives its own language's content as data.
export function loader({ params, request }: Route.LoaderArgs) {
  const project = projectPage(params.id, requestLang(request));
  return project ? { found: true as const, project } : notFound();
}

export const shouldRevalidate = keepDataOnSamePath;

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  const t = dictionaryFor(langFromPath(location.pathname));
  const project = loaderData?.found ? loaderData.project : undefined;
  if (!project) {
    return [
      { title: documentTitle("project", t.portfolio.projectNotFound.heading, location.pathname) },
      { name: "description", content: t.portfolio.projectNotFound.description },
      { name: "robots", content: "noindex" },
    ];
  }
  return seo({
    pathname: location.pathname,
    title: documentTitle("project", format(t.pages.project.title, { name: project.title }), location.pathname),
    description: project.description,
    image: project.image.src,
  });
};

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  if (!loaderData.found) {
    const texts = t.portfolio.projectNotFound;
    return (
      <ItemNotFound
        heading={texts.heading}
        description={texts.description}
        back={{ to: "/projects", label: texts.back }}
      />
    );
  }
  return <ProjectDetail project={loaderData.project} />;
}

function ProjectDetail({ project }: { project: ProjectPageData }) {
  const { t } = useT();
  const texts = t.portfolio.projects;
  const { title } = project;
  const facts = [
    { label: texts.deliveryDate, value: project.deliveryDate, icon: CalendarDays, id: "delivery" },
    { label: texts.duration, value: project.duration, icon: Clock, id: "duration" },
    { label: texts.team, value: project.team, icon: Users, id: "team" },
  ];
  return (
    <article>
      <header className="relative overflow-hidden border-b border-line bg-surface">
        <div aria-hidden="true" className="brand-glow pointer-events-none absolute inset-x-0 -top-24 h-48 opacity-15" />
        <div className="container-page relative grid gap-10 py-10 sm:py-14 lg:grid-cols-[1.05fr_1fr] lg:items-center">
          <div>
            <BackLink to="/projects" label={texts.back} />
            <h1 className="mt-6 text-balance text-3xl font-bold tracking-tight sm:text-5xl">{title}</h1>
            <p className="mt-4 max-w-xl text-pretty text-lg leading-relaxed text-fg-muted">{project.description}</p>
            <dl className="mt-8 grid gap-3 sm:grid-cols-3">
              {facts.map(({ label, value, icon: FactIcon, id }) => (
                <div key={id} className="rounded-xl border border-line bg-bg p-4" data-testid={`project-${id}`}>
                  <dt className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wider text-fg-muted">
                    <FactIcon className="size-3.5" aria-hidden="true" />
                    {label}
                  </dt>
                  <dd className="mt-1.5 text-sm font-semibold">{value}</dd>
                </div>
              ))}
            </dl>
            <TagList items={project.technologies} label={t.portfolio.common.technologies} className="mt-6" />
            <div className="mt-8 flex flex-wrap gap-3">
              {project.link && (
                <ExternalLink href={project.link} className={buttonSecondary} data-testid="visit-project">
                  <ExternalIcon className="size-4" aria-hidden="true" />
                  {texts.visitProject}
                </ExternalLink>
              )}
              <QuoteButton />
            </div>
          </div>
          {/* On a phone the picture comes after the text, which is the first screen's largest
              content: it loads once laid out, never ahead of the stylesheet and font (decision 032). */}
          <div className="overflow-hidden rounded-card border border-line bg-surface-2 shadow-2xl shadow-accent/10">
            <ResponsiveImage
              image={project.image}
              alt={format(texts.imageAlt, { name: title })}
              sizes="(min-width: 1024px) 540px, 100vw"
              className="aspect-[16/10] w-full object-cover"
            />
          </div>
        </div>
      </header>

      <div className="container-page grid gap-6 py-14 sm:py-20 md:grid-cols-2">
        <StoryCard title={texts.challenge} text={project.challenge} icon={<Target className="size-5" />} />
        <StoryCard title={texts.solution} text={project.solution} icon={<Lightbulb className="size-5" />} />
        <ListCard
          title={texts.features}
          items={project.features}
          icon={<CheckCircle2 className="size-5" />}
          id="features"
        />
        <ListCard title={texts.results} items={project.results} icon={<Trophy className="size-5" />} id="results" />
      </div>
    </article>
  );
}

function StoryCard({ title, text, icon }: { title: string; text: string; icon: ReactNode }) {
  return (
    <section className={`${card} p-6 sm:p-8`}>
      <h2 className="flex items-center gap-3 text-lg font-semibold">
        <span
          aria-hidden="true"
          className="grid size-10 place-items-center rounded-xl bg-accent-soft text-accent-soft-fg"
        >
          {icon}
        </span>
        {title}
      </h2>
      <p className="mt-4 leading-relaxed text-fg-muted">{text}</p>
    </section>
  );
}

function ListCard({
  title,
  items,
  icon,
  id,
}: {
  title: string;
  items: readonly string[];
  icon: ReactNode;
  id: string;
}) {
  return (
    <section className={`${card} p-6 sm:p-8`} data-testid={`project-${id}`}>
      <h2 className="flex items-center gap-3 text-lg font-semibold">
        <span
          aria-hidden="true"
          className="grid size-10 place-items-center rounded-xl bg-accent-soft text-accent-soft-fg"
        >
          {icon}
        </span>
        {title}
      </h2>
      <ul className="mt-4 grid gap-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3 text-fg-muted">
            <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

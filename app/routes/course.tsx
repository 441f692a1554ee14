import { GraduationCap } from "~/components/icons";
import { Icon } from "~/components/portfolio/Icon.tsx";
import { Section } from "~/components/portfolio/Section.tsx";
import { card, cardHover } from "~/components/portfolio/styles.ts";
import { TagList } from "~/components/portfolio/TagList.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import type { CourseStepStatus } from "~/content/course.ts";
import { coursePage } from "~/content/pages/course.server.ts";
import { useT } from "~/i18n";
import { keepDataOnSamePath } from "~/lib/page-data.ts";
import { requestLang } from "~/lib/request-lang.ts";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/course";

// Runs at build time for each language; the page receives its own language's content as data.
export function loader({ request }: Route.LoaderArgs) {
  return coursePage(requestLang(request));
}

export const shouldRevalidate = keepDataOnSamePath;

export const meta: Route.MetaFunction = ({ location }) => pageSeo("course", location.pathname);

const stepDot: Record<CourseStepStatus, string> = {
  completed: "bg-success",
  current: "bg-info",
  upcoming: "bg-fg-muted/40",
};

const stepLabel: Record<CourseStepStatus, string> = {
  completed: "border-success/40 bg-bg text-success",
  current: "border-info/40 bg-bg text-info",
  upcoming: "border-line bg-surface-2 text-fg-muted",
};

export default function CoursePage({ loaderData: course }: Route.ComponentProps) {
  const { t } = useT();
  const texts = t.portfolio.course;
  return (
    <>
      <PageHeader heading={t.pages.course.heading} lead={t.pages.course.description}>
        <div className="mt-8 flex flex-col gap-4 rounded-card border border-line bg-bg p-6 sm:flex-row sm:items-center">
          <span
            aria-hidden="true"
            className="brand-gradient grid size-14 shrink-0 place-items-center rounded-2xl text-accent-fg"
          >
            <GraduationCap className="size-7" />
          </span>
          <div>
            <p
              className="inline-flex items-center gap-2 rounded-full bg-accent-soft px-3 py-1 text-xs font-semibold text-accent-soft-fg"
              data-testid="course-status"
            >
              <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
              {texts.status}
            </p>
            <p className="mt-2 text-lg font-semibold">{course.name}</p>
            <p className="text-sm text-fg-muted">{course.institution}</p>
          </div>
        </div>
        <dl
          aria-label={texts.statsLabel}
          className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4"
          data-testid="course-stats"
        >
          {course.stats.map((stat) => (
            <div key={stat.icon} className="rounded-card border border-line bg-bg p-5">
              <dt className="flex items-center gap-2 text-sm text-fg-muted">
                <Icon name={stat.icon} className="size-4 text-accent" />
                {stat.label}
              </dt>
              <dd className="mt-2 text-xl font-bold tracking-tight">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </PageHeader>

      <div className="container-page pt-14 sm:pt-20">
        <p className="max-w-3xl text-pretty text-lg leading-relaxed text-fg-muted">{course.description}</p>
      </div>

      <Section id="subjects" eyebrow={texts.subjectsEyebrow} title={texts.subjectsTitle}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="subjects">
          {course.subjects.map((subject) => (
            <li key={subject.icon} className={`${card} ${cardHover} flex gap-4 p-5`}>
              <span
                aria-hidden="true"
                className="grid size-11 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-soft-fg"
              >
                <Icon name={subject.icon} />
              </span>
              <div>
                <h3 className="font-semibold">{subject.name}</h3>
                <p className="mt-1 text-sm leading-relaxed text-fg-muted">{subject.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="course-projects"
        eyebrow={texts.projectsEyebrow}
        title={texts.projectsTitle}
        className="pt-0 sm:pt-0"
      >
        <ul className="grid gap-6 md:grid-cols-2" data-testid="course-projects">
          {course.projects.map((project) => (
            <li key={project.title} className={`${card} p-6`}>
              <h3 className="text-lg font-semibold">{project.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-fg-muted">{project.description}</p>
              <TagList items={project.technologies} label={t.portfolio.common.technologies} className="mt-4" />
            </li>
          ))}
        </ul>
      </Section>

      <div className="container-page grid gap-10 pb-14 sm:pb-20 lg:grid-cols-2">
        <section aria-labelledby="goals-title">
          <p className="text-xs font-semibold uppercase tracking-[0.18em] text-accent">{texts.goalsEyebrow}</p>
          <h2 id="goals-title" className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">
            {texts.goalsTitle}
          </h2>
          <ol className="mt-8 grid gap-4" data-testid="goals">
            {course.goals.map((goal, index) => (
              <li key={goal} className={`${card} flex gap-4 p-5`}>
                <span
                  aria-hidden="true"
                  className="brand-gradient grid size-9 shrink-0 place-items-center rounded-full font-mono text-sm font-bold text-accent-fg"
                >
                  {index + 1}
                </span>
                <p className="leading-relaxed">{goal}</p>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="journey-title">
          <p className="text-xs font-semibold uppercase tracking-[0.18em] text-accent">{texts.timelineEyebrow}</p>
          <h2 id="journey-title" className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">
            {texts.timelineTitle}
          </h2>
          <ol className="relative mt-8 grid gap-6 border-l border-line pl-8" data-testid="course-timeline">
            {course.timeline.map((step) => (
              <li key={step.title} className="relative" data-status={step.status}>
                <span aria-hidden="true" className="absolute top-1 -left-[2.45rem] grid size-5 place-items-center">
                  {step.status === "current" && (
                    <span
                      className="absolute inline-flex size-full rounded-full bg-info opacity-60 motion-safe:animate-ping"
                      data-testid="pulse"
                    />
                  )}
                  <span className={`relative size-3.5 rounded-full ring-4 ring-bg ${stepDot[step.status]}`} />
                </span>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-sm font-semibold text-fg-muted">{step.period}</span>
                  <span className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${stepLabel[step.status]}`}>
                    {texts.stepStatus[step.status]}
                  </span>
                </div>
                <h3 className="mt-1 font-semibold">{step.title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-fg-muted">{step.description}</p>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </>
  );
}

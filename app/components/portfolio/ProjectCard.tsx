import { ArrowUpRight, CalendarDays } from "~/components/icons";
import type { ProjectListItem } from "~/content/pages/projects.server.ts";
import { format, useT } from "~/i18n";
import { LocalLink } from "../ui/LocalLink.tsx";
import { ResponsiveImage } from "./ResponsiveImage.tsx";
import { card, cardHover } from "./styles.ts";
import { TagList } from "./TagList.tsx";

/** One project in the projects grid; the whole card leads to its page. */
export function ProjectCard({ project, priority = false }: { project: ProjectListItem; priority?: boolean }) {
  const { t } = useT();
  const { title } = project;
  return (
    <article
      className={`group relative flex w-full flex-col overflow-hidden ${card} ${cardHover}`}
      data-testid="project-card"
    >
      <div className="overflow-hidden border-b border-line bg-surface-2">
        <ResponsiveImage
          image={project.image}
          alt={format(t.portfolio.projects.imageAlt, { name: title })}
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
          priority={priority}
          className="aspect-[16/10] w-full object-cover transition duration-500 group-hover:scale-[1.03]"
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <p className="flex items-center gap-1.5 text-xs font-medium text-fg-muted">
          <CalendarDays className="size-3.5" aria-hidden="true" />
          {project.deliveryDate}
        </p>
        <h2 className="mt-2 text-lg font-semibold tracking-tight">
          <LocalLink
            to={project.path}
            className="after:absolute after:inset-0 after:rounded-card focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring"
          >
            {title}
          </LocalLink>
        </h2>
        <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-fg-muted">{project.description}</p>
        <TagList items={project.technologies} label={t.portfolio.common.technologies} className="mt-4" />
        <span
          className="mt-auto inline-flex items-center gap-1 pt-5 text-sm font-semibold text-accent"
          aria-hidden="true"
        >
          {t.portfolio.projects.viewDetails}
          <ArrowUpRight className="size-4 transition group-hover:translate-x-0.5 group-hover:-translate-y-0.5" />
        </span>
      </div>
    </article>
  );
}

import { CalendarDays, ExternalLink as ExternalIcon } from "~/components/icons";
import type { ClientProjectData } from "~/content/pages/services.server.ts";
import { format, useT } from "~/i18n";
import { ExternalLink } from "../ui/ExternalLink.tsx";
import { ResponsiveImage } from "./ResponsiveImage.tsx";
import { StatusBadge } from "./StatusBadge.tsx";
import { card } from "./styles.ts";
import { TagList } from "./TagList.tsx";

/** A project delivered (or being delivered) to a client under one service. */
export function ClientProjectCard({ project }: { project: ClientProjectData }) {
  const { t } = useT();
  const texts = t.portfolio.services;
  const { title } = project;
  return (
    <article
      className={`flex h-full flex-col overflow-hidden ${card}`}
      data-testid="client-project"
      data-status={project.status}
    >
      <ResponsiveImage
        image={project.image}
        alt={format(texts.imageAlt, { name: title })}
        sizes="(min-width: 768px) 540px, 100vw"
        className="aspect-[16/10] w-full border-b border-line object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <StatusBadge status={project.status} />
          <p className="flex items-center gap-1.5 text-xs font-medium text-fg-muted">
            <CalendarDays className="size-3.5" aria-hidden="true" />
            {project.deliveryDate}
          </p>
        </div>
        <h3 className="mt-4 text-lg font-semibold tracking-tight">{title}</h3>
        <p className="mt-1 text-sm text-fg-muted">
          {texts.client}: <span className="font-medium text-fg">{project.client}</span>
        </p>
        <p className="mt-3 text-sm leading-relaxed text-fg-muted">{project.description}</p>
        <TagList items={project.technologies} label={t.portfolio.common.technologies} className="mt-4" />
        {project.link && (
          <ExternalLink
            href={project.link}
            aria-label={format(texts.viewProjectOf, { name: title })}
            className="mt-auto inline-flex items-center gap-1.5 self-start pt-5 text-sm font-semibold text-accent hover:underline"
            data-testid="view-client-project"
          >
            {texts.viewProject}
            <ExternalIcon className="size-4" aria-hidden="true" />
          </ExternalLink>
        )}
      </div>
    </article>
  );
}

import { ArrowRight, ArrowUpRight } from "~/components/icons";
import { ResponsiveImage } from "~/components/portfolio/ResponsiveImage.tsx";
import { TagList } from "~/components/portfolio/TagList.tsx";
import { ExternalLink } from "~/components/ui/ExternalLink.tsx";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { format, useT } from "~/i18n";
import type { ProjectCardData } from "~/lib/home-showcase.ts";
import { secondaryButton } from "./buttons.ts";
import { Section } from "./Section.tsx";

export function FeaturedProjects({ projects }: { projects: readonly ProjectCardData[] }) {
  const { t } = useT();
  const texts = t.home.projects;
  return (
    <Section id="projects" eyebrow={texts.eyebrow} heading={texts.heading} lead={texts.lead}>
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {projects.map((project) => {
          const title = project.title;
          return (
            <li key={project.slug}>
              <article
                className="group relative flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface transition duration-300 hover:-translate-y-1 hover:border-accent/50 hover:shadow-xl"
                data-testid="home-project"
              >
                <div className="overflow-hidden border-b border-line bg-surface-2">
                  <ResponsiveImage
                    image={project.image}
                    alt={format(texts.imageAlt, { name: title })}
                    sizes="(min-width: 1024px) 360px, (min-width: 768px) 50vw, 100vw"
                    className="aspect-[16/10] w-full object-cover transition duration-500 group-hover:scale-[1.03]"
                  />
                </div>
                <div className="flex flex-1 flex-col p-6">
                  <h3 className="text-lg font-semibold tracking-tight">{title}</h3>
                  <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-fg-muted">{project.description}</p>
                  <TagList items={project.technologies} label={texts.technologies} className="mt-4" />
                  {project.link ? (
                    <ExternalLink
                      href={project.link}
                      className="mt-auto inline-flex items-center gap-1 self-start pt-5 text-sm font-semibold text-accent after:absolute after:inset-0 after:rounded-card"
                    >
                      {format(texts.visit, { name: title })}
                      <ArrowUpRight
                        className="size-4 transition group-hover:translate-x-0.5 group-hover:-translate-y-0.5"
                        aria-hidden="true"
                      />
                    </ExternalLink>
                  ) : (
                    <p className="mt-auto pt-5 text-sm font-medium text-fg-muted">{texts.soon}</p>
                  )}
                </div>
              </article>
            </li>
          );
        })}
      </ul>
      <div className="mt-10 flex justify-center">
        <LocalLink to="/projects" className={secondaryButton}>
          {texts.viewAll}
          <ArrowRight className="size-5" aria-hidden="true" />
        </LocalLink>
      </div>
    </Section>
  );
}

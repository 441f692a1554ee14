import { ArrowRight, ArrowUpRight } from "lucide-react";
import { ResponsiveImage } from "~/components/portfolio/ResponsiveImage.tsx";
import { ExternalLink } from "~/components/ui/ExternalLink.tsx";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { format, useT } from "~/i18n";
import type { PartnershipCardData } from "~/lib/home-showcase.ts";
import { secondaryButton } from "./buttons.ts";
import { Section } from "./Section.tsx";

export function HomePartnerships({ partnerships }: { partnerships: readonly PartnershipCardData[] }) {
  const { t } = useT();
  const texts = t.home.partnerships;
  return (
    <Section id="partnerships" eyebrow={texts.eyebrow} heading={texts.heading} lead={texts.lead}>
      <ul className="grid gap-6 md:grid-cols-2">
        {partnerships.map((partnership) => (
          <li key={partnership.id}>
            <article
              className="group relative flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface transition duration-300 hover:-translate-y-1 hover:border-accent/50 hover:shadow-xl"
              data-testid="home-partnership"
            >
              {/* Each partner keeps its own tint, taken from the theme's tokens. */}
              <div aria-hidden="true" className="h-1" style={{ backgroundColor: `var(${partnership.color})` }} />
              <ResponsiveImage
                image={partnership.banner}
                alt=""
                sizes="(min-width: 768px) 540px, 100vw"
                className="aspect-[8/3] w-full object-cover"
              />
              <div className="flex flex-1 flex-col p-6">
                <div className="flex items-center gap-3">
                  <ResponsiveImage image={partnership.logo} alt="" sizes="48px" className="size-12 rounded-xl" />
                  <div>
                    <h3 className="font-semibold">{partnership.name}</h3>
                    <p className="text-sm font-medium" style={{ color: `var(${partnership.color})` }}>
                      {partnership.role}
                    </p>
                  </div>
                </div>
                <p className="mt-4 leading-relaxed text-fg-muted">{partnership.description}</p>
                <ExternalLink
                  href={partnership.link}
                  className="mt-auto inline-flex items-center gap-1 self-start pt-5 text-sm font-semibold text-accent after:absolute after:inset-0 after:rounded-card"
                >
                  {format(texts.visit, { name: partnership.name })}
                  <ArrowUpRight
                    className="size-4 transition group-hover:translate-x-0.5 group-hover:-translate-y-0.5"
                    aria-hidden="true"
                  />
                </ExternalLink>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex justify-center">
        <LocalLink to="/career#partnerships" className={secondaryButton}>
          {texts.more}
          <ArrowRight className="size-5" aria-hidden="true" />
        </LocalLink>
      </div>
    </Section>
  );
}

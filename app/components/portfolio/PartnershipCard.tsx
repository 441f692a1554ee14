import { ArrowUpRight } from "lucide-react";
import { tr } from "~/content/localized.ts";
import type { Partnership } from "~/content/partnerships.ts";
import { format, useT } from "~/i18n";
import { ExternalLink } from "../ui/ExternalLink.tsx";
import { ResponsiveImage } from "./ResponsiveImage.tsx";
import { card, cardHover } from "./styles.ts";

/** A partner: banner, mark, role and a link to their site in a new tab. */
export function PartnershipCard({ partnership }: { partnership: Partnership }) {
  const { lang, t } = useT();
  return (
    <article
      className={`group relative flex h-full flex-col overflow-hidden ${card} ${cardHover}`}
      data-testid="partnership"
    >
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
              {tr(partnership.role, lang)}
            </p>
          </div>
        </div>
        <p className="mt-4 text-sm leading-relaxed text-fg-muted">{tr(partnership.description, lang)}</p>
        <ExternalLink
          href={partnership.link}
          className="mt-auto inline-flex items-center gap-1 self-start pt-5 text-sm font-semibold text-accent after:absolute after:inset-0 after:rounded-card"
        >
          {format(t.portfolio.career.visitPartner, { name: partnership.name })}
          <ArrowUpRight
            className="size-4 transition group-hover:translate-x-0.5 group-hover:-translate-y-0.5"
            aria-hidden="true"
          />
        </ExternalLink>
      </div>
    </article>
  );
}

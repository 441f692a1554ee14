import { ArrowRight } from "~/components/icons";
import { PartnerCardView } from "~/components/portfolio/PartnershipCard.tsx";
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
            <PartnerCardView
              partner={partnership}
              visitLabel={format(texts.visit, { name: partnership.name })}
              testId="home-partnership"
            />
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

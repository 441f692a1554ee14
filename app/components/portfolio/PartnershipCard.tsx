import { ArrowUpRight } from "~/components/icons";
import type { ThemeColor } from "~/content/theme-colors.ts";
import { format, useT } from "~/i18n";
import type { PartnershipCardData } from "~/lib/home-showcase.ts";
import { ExternalLink } from "../ui/ExternalLink.tsx";
import { ResponsiveImage } from "./ResponsiveImage.tsx";
import { card, cardHover } from "./styles.ts";

// The card's tint as classes, written out in full so Tailwind finds them: a style
// attribute would be refused by the Content-Security-Policy.
const textColor: Readonly<Record<ThemeColor, string>> = {
  "--accent": "text-accent",
  "--accent-2": "text-accent-2",
  "--success": "text-success",
  "--info": "text-info",
  "--danger": "text-danger",
};

const backgroundColor: Readonly<Record<ThemeColor, string>> = {
  "--accent": "bg-accent",
  "--accent-2": "bg-accent-2",
  "--success": "bg-success",
  "--info": "bg-info",
  "--danger": "bg-danger",
};

/** A partner's card in one language: banner, mark, role, and a link to their site in a new tab. */
export function PartnerCardView({
  partner,
  visitLabel,
  testId,
}: {
  partner: Omit<PartnershipCardData, "id">;
  visitLabel: string;
  testId: string;
}) {
  return (
    <article
      className={`group relative flex h-full flex-col overflow-hidden ${card} ${cardHover}`}
      data-testid={testId}
    >
      {/* Each partner keeps its own tint, taken from the theme's tokens. */}
      <div aria-hidden="true" className={`h-1 ${backgroundColor[partner.color]}`} />
      <ResponsiveImage
        image={partner.banner}
        alt=""
        sizes="(min-width: 768px) 540px, 100vw"
        className="aspect-[8/3] w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <div className="flex items-center gap-3">
          <ResponsiveImage image={partner.logo} alt="" sizes="48px" className="size-12 rounded-xl" />
          <div>
            <h3 className="font-semibold">{partner.name}</h3>
            <p className={`text-sm font-medium ${textColor[partner.color]}`}>{partner.role}</p>
          </div>
        </div>
        <p className="mt-4 text-sm leading-relaxed text-fg-muted">{partner.description}</p>
        <ExternalLink
          href={partner.link}
          className="mt-auto inline-flex items-center gap-1 self-start pt-5 text-sm font-semibold text-accent after:absolute after:inset-0 after:rounded-card"
        >
          {visitLabel}
          <ArrowUpRight
            className="size-4 transition group-hover:translate-x-0.5 group-hover:-translate-y-0.5"
            aria-hidden="true"
          />
        </ExternalLink>
      </div>
    </article>
  );
}

/** A partner on the career page, already in the page's language. */
export function PartnershipCard({ partnership }: { partnership: PartnershipCardData }) {
  const { t } = useT();
  return (
    <PartnerCardView
      partner={partnership}
      visitLabel={format(t.portfolio.career.visitPartner, { name: partnership.name })}
      testId="partnership"
    />
  );
}

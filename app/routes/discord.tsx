import { Users } from "~/components/icons";
import { SocialIcon } from "~/components/icons/SocialIcon.tsx";
import { CtaPanel } from "~/components/portfolio/CtaPanel.tsx";
import { Icon } from "~/components/portfolio/Icon.tsx";
import { Section } from "~/components/portfolio/Section.tsx";
import { buttonPrimary, card, cardHover } from "~/components/portfolio/styles.ts";
import { ExternalLink } from "~/components/ui/ExternalLink.tsx";
import { communityPage } from "~/content/pages/discord.server.ts";
import { format, useT } from "~/i18n";
import { keepDataOnSamePath } from "~/lib/page-data.ts";
import { requestLang } from "~/lib/request-lang.ts";
import { pageSeo } from "~/lib/seo.ts";
import { site } from "~/site.config.ts";
import type { Route } from "./+types/discord";

// Runs at build time for each language; the page receives its own language's content as data.
export function loader({ request }: Route.LoaderArgs) {
  return communityPage(requestLang(request));
}

export const shouldRevalidate = keepDataOnSamePath;

export const meta: Route.MetaFunction = ({ location }) => pageSeo("discord", location.pathname);

function JoinButton() {
  const { t } = useT();
  return (
    <ExternalLink
      href={site.communityInviteUrl}
      className={`${buttonPrimary} px-6 py-3 text-base`}
      data-testid="join-community"
    >
      <SocialIcon network="discord" className="size-5" />
      {t.portfolio.community.join}
    </ExternalLink>
  );
}

export default function DiscordPage({ loaderData: community }: Route.ComponentProps) {
  const { t } = useT();
  const texts = t.portfolio.community;
  return (
    <>
      <section className="relative overflow-hidden border-b border-line bg-surface">
        <div
          aria-hidden="true"
          className="brand-glow pointer-events-none absolute -top-40 right-0 size-[28rem] opacity-25"
        />
        <div className="container-page relative grid gap-10 py-14 sm:py-20 lg:grid-cols-[1.3fr_1fr] lg:items-center">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-line bg-bg px-3 py-1 text-xs font-semibold text-fg-muted">
              <SocialIcon network="discord" className="size-3.5 text-accent" />
              {texts.badge}
            </p>
            <h1 className="mt-5 text-balance text-3xl font-bold tracking-tight sm:text-5xl">
              {t.pages.discord.heading}
            </h1>
            <p
              className="mt-5 max-w-xl text-pretty text-lg leading-relaxed text-fg-muted"
              data-testid="community-description"
            >
              {community.description}
            </p>
            <div className="mt-8">
              <JoinButton />
            </div>
          </div>
          <div className={`${card} relative bg-bg p-8 text-center shadow-xl shadow-accent/5`}>
            <span
              aria-hidden="true"
              className="brand-gradient mx-auto grid size-16 place-items-center rounded-2xl text-accent-fg"
            >
              <Users className="size-8" />
            </span>
            <div className="brand-gradient-text mt-6 text-6xl font-bold tracking-tight" data-testid="community-members">
              {community.members}
            </div>
            <p className="mt-2 font-medium text-fg-muted">{format(texts.membersClaim, { count: community.members })}</p>
            <p className="mt-1 text-sm text-fg-muted">{community.name}</p>
          </div>
        </div>
      </section>

      <Section id="reasons" eyebrow={texts.reasonsEyebrow} title={texts.reasonsTitle}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="community-reasons">
          {community.reasons.map((reason) => (
            <li key={reason.icon} className={`${card} ${cardHover} p-6`}>
              <span
                aria-hidden="true"
                className="grid size-12 place-items-center rounded-xl bg-accent-soft text-accent-soft-fg"
              >
                <Icon name={reason.icon} className="size-6" />
              </span>
              <h3 className="mt-5 font-semibold">{reason.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-fg-muted">{reason.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <CtaPanel title={texts.ctaTitle} text={texts.ctaText}>
        <JoinButton />
      </CtaPanel>
    </>
  );
}

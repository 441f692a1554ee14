import type { ReactNode } from "react";
import { ArrowRight, Download, MapPin } from "~/components/icons";
import { Avatar } from "~/components/portfolio/Avatar.tsx";
import { Icon } from "~/components/portfolio/Icon.tsx";
import { Section } from "~/components/portfolio/Section.tsx";
import { SocialLinks } from "~/components/portfolio/SocialLinks.tsx";
import { buttonPrimary, card, cardHover } from "~/components/portfolio/styles.ts";
import { Tabs } from "~/components/portfolio/Tabs.tsx";
import { ExternalLink } from "~/components/ui/ExternalLink.tsx";
import { JsonLd } from "~/components/ui/JsonLd.tsx";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import { type AboutPageData, aboutPage, type TimelineEntry } from "~/content/pages/about.server.ts";
import { localizePath, useT } from "~/i18n";
import { keepDataOnSamePath } from "~/lib/page-data.ts";
import { requestLang } from "~/lib/request-lang.ts";
import { absoluteUrl, pageSeo } from "~/lib/seo.ts";
import { site } from "~/site.config.ts";
import type { Route } from "./+types/about";

// Runs at build time for each language; the page receives its own language's content as data.
export function loader({ request }: Route.LoaderArgs) {
  return aboutPage(requestLang(request));
}

export const shouldRevalidate = keepDataOnSamePath;

export const meta: Route.MetaFunction = ({ location }) => pageSeo("about", location.pathname);

export default function AboutPage({ loaderData: about }: Route.ComponentProps) {
  const { lang, t } = useT();
  const texts = t.portfolio.about;
  return (
    <>
      <PersonJsonLd about={about} />
      <PageHeader heading={t.pages.about.heading} lead={t.pages.about.description} />
      <div className="container-page grid grid-cols-1 gap-8 py-12 sm:py-16 lg:grid-cols-[20rem_minmax(0,1fr)] lg:gap-12">
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <div className={`${card} flex flex-col items-center p-8 text-center`}>
            <Avatar image={about.avatar} alt={texts.avatarAlt} initials={site.initials} />
            <div className="mt-5 text-xl font-bold tracking-tight">{site.name}</div>
            <p className="mt-1 text-sm font-medium text-accent">{about.role}</p>
            <p className="mt-3 flex items-center gap-1.5 text-sm text-fg-muted">
              <MapPin className="size-4" aria-hidden="true" />
              {site.location[lang]}
            </p>
            <SocialLinks label={texts.socialTitle} className="mt-6 justify-center" />
            <ExternalLink href={site.cvUrl} className={`${buttonPrimary} mt-6 w-full`} data-testid="cv-button">
              <Download className="size-4" aria-hidden="true" />
              {texts.cv}
            </ExternalLink>
          </div>
        </aside>
        <Tabs
          label={texts.tabsLabel}
          items={[
            { id: "profile", label: texts.tabs.profile, panel: <ProfilePanel about={about} /> },
            {
              id: "experience",
              label: texts.tabs.experience,
              panel: (
                <Panel heading={texts.tabs.experience}>
                  <Timeline items={about.experience} />
                </Panel>
              ),
            },
            {
              id: "education",
              label: texts.tabs.education,
              panel: (
                <Panel heading={texts.tabs.education}>
                  <Timeline items={about.education} />
                </Panel>
              ),
            },
            { id: "career", label: texts.tabs.career, panel: <CareerPanel paragraphs={about.careerSummary} /> },
          ]}
        />
      </div>

      <Section id="values" eyebrow={texts.valuesEyebrow} title={texts.valuesTitle}>
        <ul className="grid gap-6 md:grid-cols-3" data-testid="values">
          {about.values.map((value) => (
            <li key={value.icon} className={`${card} ${cardHover} p-6 sm:p-7`}>
              <span
                aria-hidden="true"
                className="grid size-12 place-items-center rounded-xl bg-accent-soft text-accent-soft-fg"
              >
                <Icon name={value.icon} className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{value.title}</h3>
              <p className="mt-2 leading-relaxed text-fg-muted">{value.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="hobbies" eyebrow={texts.hobbiesEyebrow} title={texts.hobbiesTitle} className="pt-0 sm:pt-0">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="hobbies">
          {about.hobbies.map((hobby) => (
            <li key={hobby.icon} className={`${card} flex items-center gap-4 p-5`}>
              <span
                aria-hidden="true"
                className="brand-gradient grid size-11 shrink-0 place-items-center rounded-full text-accent-fg"
              >
                <Icon name={hobby.icon} />
              </span>
              <span className="font-medium">{hobby.name}</span>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

/**
 * A tab's panel. A panel whose entries have headings of their own names itself
 * with a heading only screen readers see (the tab shows it), so the page's
 * outline goes from its title to the entries without skipping a level.
 */
function Panel({ heading, children }: { heading?: string; children: ReactNode }) {
  return (
    <div className={`${card} p-6 sm:p-8`}>
      {heading && <h2 className="sr-only">{heading}</h2>}
      {children}
    </div>
  );
}

function ProfilePanel({ about }: { about: AboutPageData }) {
  return (
    <Panel>
      <div className="grid gap-4 text-lg leading-relaxed text-fg-muted">
        {about.bio.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <dl className="mt-8 grid gap-4 border-t border-line pt-6 sm:grid-cols-2">
        {about.facts.map((fact) => (
          <div key={fact.label}>
            <dt className="text-xs font-semibold uppercase tracking-wider text-fg-muted">{fact.label}</dt>
            <dd className="mt-1 font-semibold">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

function Timeline({ items }: { items: readonly TimelineEntry[] }) {
  return (
    <ol className="relative grid gap-8 border-l border-line pl-6">
      {items.map((item) => (
        <li key={item.key} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.95rem] size-3.5 rounded-full border-2 border-bg bg-accent ring-4 ring-accent-soft"
          />
          <p className="text-xs font-semibold uppercase tracking-wider text-accent">{item.period}</p>
          <h3 className="mt-1 text-lg font-semibold">{item.title}</h3>
          <p className="text-sm font-medium text-fg-muted">{item.subtitle}</p>
          <p className="mt-2 leading-relaxed text-fg-muted">{item.text}</p>
        </li>
      ))}
    </ol>
  );
}

function CareerPanel({ paragraphs }: { paragraphs: readonly string[] }) {
  const { t } = useT();
  return (
    <Panel>
      <div className="grid gap-4 text-lg leading-relaxed text-fg-muted">
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <LocalLink
        to="/career"
        className="mt-6 inline-flex items-center gap-1.5 font-semibold text-accent hover:underline"
      >
        {t.portfolio.about.careerLink}
        <ArrowRight className="size-4" aria-hidden="true" />
      </LocalLink>
    </Panel>
  );
}

function PersonJsonLd({ about }: { about: AboutPageData }) {
  const { lang } = useT();
  return (
    <JsonLd
      data={{
        "@context": "https://schema.org",
        "@type": "Person",
        name: site.name,
        jobTitle: about.role,
        email: `mailto:${site.email}`,
        url: absoluteUrl(localizePath("/about", lang)),
        image: absoluteUrl(about.avatar.src),
        address: { "@type": "PostalAddress", addressLocality: "Recife", addressRegion: "PE", addressCountry: "BR" },
        sameAs: site.socials.map((social) => social.href),
        worksFor: [
          { "@type": "Organization", name: "Werneck Group" },
          { "@type": "Organization", name: "Cheetah Network" },
        ],
      }}
    />
  );
}

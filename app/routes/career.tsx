import { ArrowRight, Check, Quote } from "~/components/icons";
import { CtaPanel } from "~/components/portfolio/CtaPanel.tsx";
import { Icon } from "~/components/portfolio/Icon.tsx";
import { PartnershipCard } from "~/components/portfolio/PartnershipCard.tsx";
import { Section } from "~/components/portfolio/Section.tsx";
import { buttonPrimary, buttonSecondary, card, cardHover, eyebrow } from "~/components/portfolio/styles.ts";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import { careerPage } from "~/content/pages/career.server.ts";
import { useT } from "~/i18n";
import { keepDataOnSamePath } from "~/lib/page-data.ts";
import { requestLang } from "~/lib/request-lang.ts";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/career";

// Runs at build time for each language; the page receives its own language's content as data.
export function loader({ request }: Route.LoaderArgs) {
  return careerPage(requestLang(request));
}

export const shouldRevalidate = keepDataOnSamePath;

export const meta: Route.MetaFunction = ({ location }) => pageSeo("career", location.pathname);

export default function CareerPage({ loaderData: career }: Route.ComponentProps) {
  const { t } = useT();
  const texts = t.portfolio.career;
  return (
    <>
      <PageHeader heading={t.pages.career.heading} lead={t.pages.career.description}>
        <dl
          aria-label={texts.statsLabel}
          className="mt-10 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
          data-testid="career-stats"
        >
          {career.stats.map((stat) => (
            <div key={stat.icon} className="rounded-card border border-line bg-bg p-5">
              <dt className="flex items-center gap-2 text-sm text-fg-muted">
                <Icon name={stat.icon} className="size-4 text-accent" />
                {stat.label}
              </dt>
              <dd className="brand-gradient-text mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </PageHeader>

      <div className="container-page grid gap-6 py-14 sm:py-20 lg:grid-cols-2">
        <StoryBlock id="story" eyebrowText={texts.storyEyebrow} title={texts.storyTitle} paragraphs={career.story} />
        <StoryBlock
          id="why-company"
          eyebrowText={texts.whyEyebrow}
          title={texts.whyTitle}
          paragraphs={career.whyCompany}
        />
      </div>

      <Section id="timeline" eyebrow={texts.timelineEyebrow} title={texts.timelineTitle} className="pt-0 sm:pt-0">
        <ol
          className="relative grid gap-6 before:absolute before:top-2 before:bottom-2 before:left-5 before:w-px before:bg-line md:before:left-1/2"
          data-testid="timeline"
        >
          {career.timeline.map((event, index) => (
            <li
              key={event.year}
              className={`relative grid gap-4 pl-14 md:w-1/2 md:pl-0 ${index % 2 === 0 ? "md:pr-12 md:text-right" : "md:ml-auto md:pl-12"}`}
            >
              <span
                aria-hidden="true"
                className={`brand-gradient absolute top-1 left-0 grid size-10 place-items-center rounded-full text-accent-fg ring-4 ring-bg ${index % 2 === 0 ? "md:left-auto md:-right-5" : "md:-left-5"}`}
              >
                <Icon name={event.icon} className="size-5" />
              </span>
              <div className={`${card} p-5 sm:p-6`}>
                <p className="font-mono text-sm font-semibold text-accent">{event.year}</p>
                <h3 className="mt-1 text-lg font-semibold">{event.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-fg-muted">{event.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <div className="border-y border-line bg-surface">
        <Section
          id="partnerships"
          eyebrow={texts.partnershipsEyebrow}
          title={texts.partnershipsTitle}
          lead={texts.partnershipsLead}
        >
          <ul className="grid gap-6 md:grid-cols-2" data-testid="partnerships">
            {career.partnerships.map((partnership) => (
              <li key={partnership.id}>
                <PartnershipCard partnership={partnership} />
              </li>
            ))}
          </ul>
        </Section>
      </div>

      <Section id="values" eyebrow={texts.valuesEyebrow} title={texts.valuesTitle}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="career-values">
          {career.values.map((value) => (
            <li key={value.icon} className={`${card} ${cardHover} p-6`}>
              <span
                aria-hidden="true"
                className="grid size-11 place-items-center rounded-xl bg-accent-soft text-accent-soft-fg"
              >
                <Icon name={value.icon} />
              </span>
              <h3 className="mt-4 font-semibold">{value.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-fg-muted">{value.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="quotes" eyebrow={texts.quotesEyebrow} title={texts.quotesTitle} className="pt-0 sm:pt-0">
        <ul className="grid gap-6 lg:grid-cols-3" data-testid="quotes">
          {career.quotes.map((quote) => (
            <li key={quote.author}>
              <figure className="relative h-full overflow-hidden rounded-card border border-line bg-surface p-6 sm:p-8">
                <Quote aria-hidden="true" className="size-8 text-accent opacity-60" />
                <blockquote className="mt-4 text-lg font-medium leading-relaxed text-balance">
                  “{quote.text}”
                </blockquote>
                <figcaption className="mt-4 text-sm text-fg-muted">— {quote.author}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <div className="border-y border-line bg-surface">
        <Section id="testimonials" eyebrow={texts.testimonialsEyebrow} title={texts.testimonialsTitle}>
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="testimonials">
            {career.testimonials.map((testimonial) => (
              <li key={testimonial.name}>
                <figure className={`${card} flex h-full flex-col bg-bg p-6`}>
                  <blockquote className="leading-relaxed text-fg-muted">“{testimonial.text}”</blockquote>
                  <figcaption className="mt-auto flex items-center gap-3 pt-6">
                    <span
                      aria-hidden="true"
                      className="brand-gradient grid size-11 shrink-0 place-items-center rounded-full text-sm font-bold text-accent-fg"
                    >
                      {testimonial.initials}
                    </span>
                    <span className="text-sm">
                      <span className="block font-semibold">{testimonial.name}</span>
                      <span className="block text-fg-muted">
                        {testimonial.role} · {testimonial.company}
                      </span>
                      <span className="block text-xs text-fg-muted">
                        {testimonial.relation} · {testimonial.date}
                      </span>
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </Section>
      </div>

      <section aria-labelledby="inclusion-title" className="container-page py-14 sm:py-20">
        <div className="grid gap-8 rounded-[1.5rem] border border-line bg-accent-soft p-8 text-accent-soft-fg sm:p-12 lg:grid-cols-[1.4fr_1fr] lg:items-center">
          <div>
            <p className="text-xs font-semibold uppercase tracking-[0.18em]">{texts.inclusionEyebrow}</p>
            <h2 id="inclusion-title" className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">
              {career.inclusion.title}
            </h2>
            <p className="mt-4 leading-relaxed">{career.inclusion.text}</p>
          </div>
          <ul className="grid gap-3" data-testid="inclusion-points">
            {career.inclusion.points.map((point) => (
              <li key={point} className="flex items-start gap-3 rounded-xl bg-bg/60 p-4 font-medium">
                <Check className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                {point}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CtaPanel title={texts.ctaTitle} text={texts.ctaText}>
        <LocalLink to="/contact" className={buttonPrimary}>
          {t.portfolio.common.contactMe}
          <ArrowRight className="size-4" aria-hidden="true" />
        </LocalLink>
        <LocalLink to="/projects" className={buttonSecondary}>
          {t.portfolio.common.viewProjects}
        </LocalLink>
      </CtaPanel>
    </>
  );
}

function StoryBlock({
  id,
  eyebrowText,
  title,
  paragraphs,
}: {
  id: string;
  eyebrowText: string;
  title: string;
  paragraphs: readonly string[];
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`${card} p-6 sm:p-10`}>
      <p className={eyebrow}>{eyebrowText}</p>
      <h2 id={`${id}-title`} className="mt-2 text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-5 grid gap-4 leading-relaxed text-fg-muted">
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </section>
  );
}

import { ArrowRight, Check, Clock } from "~/components/icons";
import { CtaPanel } from "~/components/portfolio/CtaPanel.tsx";
import { QuoteButton } from "~/components/portfolio/QuoteButton.tsx";
import { ServiceIcon } from "~/components/portfolio/ServiceIcon.tsx";
import { ServicePrice } from "~/components/portfolio/ServicePrice.tsx";
import { buttonSecondary, card, cardHover } from "~/components/portfolio/styles.ts";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import { type ServiceCardData, servicesPage } from "~/content/pages/services.server.ts";
import { useT } from "~/i18n";
import { keepDataOnSamePath } from "~/lib/page-data.ts";
import { requestLang } from "~/lib/request-lang.ts";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/services";

// Runs at build time for each language; the page receives its own language's content, prices in its currency.
export function loader({ request }: Route.LoaderArgs) {
  return servicesPage(requestLang(request));
}

export const shouldRevalidate = keepDataOnSamePath;

export const meta: Route.MetaFunction = ({ location }) => pageSeo("services", location.pathname);

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <>
      <PageHeader heading={t.pages.services.heading} lead={t.pages.services.description} />
      <div className="container-page py-14 sm:py-20">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {loaderData.services.map((service) => (
            <li key={service.id} className="flex">
              <ServiceCard service={service} />
            </li>
          ))}
        </ul>
      </div>
      <CtaPanel title={t.portfolio.services.ctaTitle} text={t.portfolio.services.ctaText}>
        <QuoteButton />
        <LocalLink to="/contact" className={buttonSecondary}>
          {t.portfolio.common.contactMe}
        </LocalLink>
      </CtaPanel>
    </>
  );
}

function ServiceCard({ service }: { service: ServiceCardData }) {
  const { t } = useT();
  const texts = t.portfolio.services;
  const { title } = service;
  return (
    <article className={`group flex w-full flex-col p-6 sm:p-7 ${card} ${cardHover}`} data-testid="service-card">
      <ServiceIcon service={service} />
      <h2 className="mt-5 text-xl font-semibold tracking-tight">{title}</h2>
      <p className="mt-2 text-sm leading-relaxed text-fg-muted">{service.description}</p>
      <ul aria-label={texts.featuresLabel} className="mt-5 grid gap-2.5 text-sm" data-testid="service-features">
        {service.features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-6">
        <div className="flex items-end justify-between gap-4 border-t border-line pt-5">
          <div>
            <p className="text-xs font-medium text-fg-muted">{texts.priceFrom}</p>
            <ServicePrice price={service.price} className="text-lg font-bold tracking-tight" />
          </div>
          <p className="flex items-center gap-1.5 text-xs font-medium text-fg-muted">
            <Clock className="size-3.5" aria-hidden="true" />
            <span className="sr-only">{texts.deliveryTime}: </span>
            {service.deliveryTime}
          </p>
        </div>
        <LocalLink
          to={`/services/${service.id}`}
          className="mt-5 inline-flex w-full items-center justify-center gap-2 rounded-full border border-line bg-bg px-5 py-2.5 text-sm font-semibold transition group-hover:border-accent group-hover:text-accent"
        >
          {/* The service's name is part of the link's text, so the link makes sense on its own. */}
          <span>
            {t.portfolio.common.learnMore}
            <span className="sr-only">: {title}</span>
          </span>
          <ArrowRight className="size-4" aria-hidden="true" />
        </LocalLink>
      </div>
    </article>
  );
}

import { Check, Clock, Info, Wallet } from "~/components/icons";
import { BackLink } from "~/components/portfolio/BackLink.tsx";
import { ClientProjectCard } from "~/components/portfolio/ClientProjectCard.tsx";
import { ItemNotFound } from "~/components/portfolio/ItemNotFound.tsx";
import { QuoteButton } from "~/components/portfolio/QuoteButton.tsx";
import { Section } from "~/components/portfolio/Section.tsx";
import { ServiceIcon } from "~/components/portfolio/ServiceIcon.tsx";
import { useServicePrice } from "~/components/portfolio/ServicePrice.tsx";
import { buttonSecondary, card } from "~/components/portfolio/styles.ts";
import { JsonLd } from "~/components/ui/JsonLd.tsx";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { type ServicePageData, servicePage } from "~/content/pages/services.server.ts";
import { dictionaryFor, format, langFromPath, localizePath, useT } from "~/i18n";
import { notFound } from "~/lib/not-found.ts";
import { keepDataOnSamePath } from "~/lib/page-data.ts";
import { requestLang } from "~/lib/request-lang.ts";
import { absoluteUrl, documentTitle, seo } from "~/lib/seo.ts";
import { site } from "~/site.config.ts";
import type { Route } from "./+types/service";

// Runs at build time for each language; the page receives its own language's content, prices in its currency.
export function loader({ params, request }: Route.LoaderArgs) {
  const service = servicePage(params.serviceId, requestLang(request));
  return service ? { found: true as const, service } : notFound();
}

export const shouldRevalidate = keepDataOnSamePath;

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  const t = dictionaryFor(langFromPath(location.pathname));
  const service = loaderData?.found ? loaderData.service : undefined;
  if (!service) {
    return [
      { title: documentTitle("service", t.portfolio.serviceNotFound.heading, location.pathname) },
      { name: "description", content: t.portfolio.serviceNotFound.description },
      { name: "robots", content: "noindex" },
    ];
  }
  return seo({
    pathname: location.pathname,
    title: documentTitle("service", format(t.pages.service.title, { name: service.title }), location.pathname),
    description: service.description,
  });
};

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  if (!loaderData.found) {
    const texts = t.portfolio.serviceNotFound;
    return (
      <ItemNotFound
        heading={texts.heading}
        description={texts.description}
        back={{ to: "/services", label: texts.back }}
      />
    );
  }
  return <ServiceDetail service={loaderData.service} />;
}

function ServiceDetail({ service }: { service: ServicePageData }) {
  const { t } = useT();
  const texts = t.portfolio.services;
  const { title } = service;
  const price = useServicePrice(service.price);
  return (
    <>
      <ServiceJsonLd service={service} />
      <header className="relative overflow-hidden border-b border-line bg-surface">
        <div aria-hidden="true" className="brand-glow pointer-events-none absolute inset-x-0 -top-24 h-48 opacity-15" />
        <div className="container-page relative grid gap-10 py-10 sm:py-14 lg:grid-cols-[1fr_22rem] lg:items-start">
          <div>
            <BackLink to="/services" label={texts.back} />
            <div className="mt-8">
              <ServiceIcon service={service} size="lg" />
            </div>
            <h1 className="mt-6 text-balance text-3xl font-bold tracking-tight sm:text-5xl">{title}</h1>
            <p className="mt-4 max-w-xl text-pretty text-lg leading-relaxed text-fg-muted">{service.description}</p>
            <ul aria-label={texts.featuresLabel} className="mt-8 grid gap-3 sm:grid-cols-2">
              {service.features.map((feature) => (
                <li key={feature} className="flex gap-2.5 text-sm">
                  <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
                  {feature}
                </li>
              ))}
            </ul>
          </div>
          <aside aria-labelledby="pricing-title" className={`${card} bg-bg p-6 shadow-xl shadow-accent/5 sm:p-7`}>
            <h2 id="pricing-title" className="flex items-center gap-2 text-sm font-semibold text-fg-muted">
              <Wallet className="size-4" aria-hidden="true" />
              {texts.pricing}
            </h2>
            {/* One sentence, read as one: "from" and the price. */}
            <p className="mt-3 text-sm text-fg-muted">
              {texts.priceFrom}{" "}
              <span className="block text-4xl font-bold tracking-tight text-fg" data-testid="service-price">
                {price}
              </span>
            </p>
            <p className="mt-5 flex items-center gap-2 border-t border-line pt-5 text-sm">
              <Clock className="size-4 text-accent" aria-hidden="true" />
              <span className="text-fg-muted">{texts.deliveryTime}:</span>
              <span className="font-semibold" data-testid="service-delivery">
                {service.deliveryTime}
              </span>
            </p>
            <p className="mt-4 flex gap-2 text-xs leading-relaxed text-fg-muted">
              <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
              {texts.pricingNote}
            </p>
            <div className="mt-6 grid gap-3">
              <QuoteButton className="w-full" />
              <LocalLink to="/contact" className={`${buttonSecondary} w-full`}>
                {texts.moreInfo}
                <span className="sr-only">: {title}</span>
              </LocalLink>
            </div>
          </aside>
        </div>
      </header>

      <div className="container-page grid gap-6 pt-14 sm:pt-20 md:grid-cols-2">
        <section aria-labelledby="requirements-title" className={`${card} p-6 sm:p-8`}>
          <h2 id="requirements-title" className="text-lg font-semibold">
            {texts.requirements}
          </h2>
          <ol className="mt-5 grid gap-3" data-testid="service-requirements">
            {service.requirements.map((requirement, index) => (
              <li key={requirement} className="flex gap-3 text-fg-muted">
                <span
                  aria-hidden="true"
                  className="grid size-6 shrink-0 place-items-center rounded-full bg-accent-soft font-mono text-xs font-semibold text-accent-soft-fg"
                >
                  {index + 1}
                </span>
                {requirement}
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="technologies-title" className={`${card} p-6 sm:p-8`}>
          <h2 id="technologies-title" className="text-lg font-semibold">
            {t.portfolio.common.technologies}
          </h2>
          <ul className="mt-5 flex flex-wrap gap-2" data-testid="service-technologies">
            {service.technologies.map((technology) => (
              <li key={technology} className="rounded-lg border border-line bg-bg px-3 py-1.5 text-sm font-medium">
                {technology}
              </li>
            ))}
          </ul>
        </section>
      </div>

      <Section id="client-projects" title={texts.clientProjects}>
        <ul className="grid gap-6 md:grid-cols-2">
          {service.clientProjects.map((project) => (
            <li key={project.client}>
              <ClientProjectCard project={project} />
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

function ServiceJsonLd({ service }: { service: ServicePageData }) {
  const { lang } = useT();
  const path = localizePath(`/services/${service.id}`, lang);
  return (
    <JsonLd
      data={{
        "@context": "https://schema.org",
        "@type": "Service",
        name: service.title,
        description: service.description,
        serviceType: service.title,
        url: absoluteUrl(path),
        areaServed: "BR",
        provider: { "@type": "Person", name: site.name, email: site.email },
        offers: {
          "@type": "Offer",
          priceCurrency: service.price.currency,
          price: service.price.value,
          priceSpecification: {
            "@type": "UnitPriceSpecification",
            priceCurrency: service.price.currency,
            minPrice: service.price.value,
            ...(service.price.perHour ? { unitCode: "HUR" } : {}),
          },
        },
      }}
    />
  );
}

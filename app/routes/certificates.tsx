import { Award, CalendarDays, ExternalLink as ExternalIcon } from "~/components/icons";
import { ResponsiveImage } from "~/components/portfolio/ResponsiveImage.tsx";
import { card, cardHover } from "~/components/portfolio/styles.ts";
import { ExternalLink } from "~/components/ui/ExternalLink.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import { certificatesPage } from "~/content/pages/certificates.server.ts";
import { format, useT } from "~/i18n";
import { keepDataOnSamePath } from "~/lib/page-data.ts";
import { requestLang } from "~/lib/request-lang.ts";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/certificates";

// Runs at build time for each language; the page receives its own language's content as data.
export function loader({ request }: Route.LoaderArgs) {
  return certificatesPage(requestLang(request));
}

export const shouldRevalidate = keepDataOnSamePath;

export const meta: Route.MetaFunction = ({ location }) => pageSeo("certificates", location.pathname);

export default function CertificatesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const texts = t.portfolio.certificates;
  return (
    <>
      <PageHeader heading={t.pages.certificates.heading} lead={t.pages.certificates.description} />
      <div className="container-page py-14 sm:py-20">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {loaderData.certificates.map((certificate, index) => {
            const { title } = certificate;
            return (
              <li key={certificate.id} className="flex">
                <article
                  className={`flex w-full flex-col overflow-hidden ${card} ${cardHover}`}
                  data-testid="certificate"
                >
                  <div className="border-b border-line bg-surface-2 p-4">
                    <ResponsiveImage
                      image={certificate.image}
                      alt={format(texts.imageAlt, { name: title })}
                      sizes="(min-width: 1024px) 340px, (min-width: 768px) 50vw, 100vw"
                      priority={index === 0}
                      className="aspect-[24/17] w-full rounded-lg object-cover shadow-md"
                    />
                  </div>
                  <div className="flex flex-1 flex-col p-6">
                    <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wider text-accent">
                      <Award className="size-3.5" aria-hidden="true" />
                      <span className="sr-only">{texts.issuedBy} </span>
                      {certificate.issuer}
                    </p>
                    <h2 className="mt-2 text-lg font-semibold tracking-tight">{title}</h2>
                    <p className="mt-1 flex items-center gap-1.5 text-sm text-fg-muted">
                      <CalendarDays className="size-3.5" aria-hidden="true" />
                      {certificate.date}
                    </p>
                    <p className="mt-3 text-sm leading-relaxed text-fg-muted">{certificate.description}</p>
                    <ExternalLink
                      href={certificate.link}
                      aria-label={format(texts.viewOf, { name: title })}
                      className="mt-auto inline-flex items-center gap-1.5 self-start pt-5 text-sm font-semibold text-accent hover:underline"
                    >
                      {texts.view}
                      <ExternalIcon className="size-4" aria-hidden="true" />
                    </ExternalLink>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      </div>
    </>
  );
}

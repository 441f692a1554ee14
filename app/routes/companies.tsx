import { ArrowRight } from "~/components/icons";
import { ResponsiveImage } from "~/components/portfolio/ResponsiveImage.tsx";
import { card, cardHover } from "~/components/portfolio/styles.ts";
import { TagList } from "~/components/portfolio/TagList.tsx";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import { type CompanyCardData, companiesPage } from "~/content/pages/companies.server.ts";
import { format, useT } from "~/i18n";
import { keepDataOnSamePath } from "~/lib/page-data.ts";
import { requestLang } from "~/lib/request-lang.ts";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/companies";

// Runs at build time for each language; the page receives its own language's content as data.
export function loader({ request }: Route.LoaderArgs) {
  return companiesPage(requestLang(request));
}

export const shouldRevalidate = keepDataOnSamePath;

export const meta: Route.MetaFunction = ({ location }) => pageSeo("companies", location.pathname);

export default function CompaniesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <>
      <PageHeader heading={t.pages.companies.heading} lead={t.pages.companies.description} />
      <div className="container-page py-14 sm:py-20">
        <ul className="grid gap-8 lg:grid-cols-2">
          {loaderData.companies.map((company, index) => (
            <li key={company.name} className="flex">
              <CompanyCard company={company} priority={index === 0} />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

function CompanyCard({ company, priority }: { company: CompanyCardData; priority: boolean }) {
  const { t } = useT();
  const texts = t.portfolio.companies;
  return (
    <article
      className={`group relative flex w-full flex-col overflow-hidden ${card} ${cardHover}`}
      data-testid="company-card"
    >
      <ResponsiveImage
        image={company.banner}
        alt={format(texts.bannerAlt, { name: company.name })}
        sizes="(min-width: 1024px) 560px, 100vw"
        priority={priority}
        className="aspect-[8/3] w-full object-cover"
      />
      <div className="relative flex flex-1 flex-col px-6 pb-6 sm:px-8 sm:pb-8">
        <div className="-mt-10 size-20 overflow-hidden rounded-2xl border-4 border-surface shadow-lg">
          <ResponsiveImage
            image={company.logo}
            alt={format(texts.logoAlt, { name: company.name })}
            sizes="80px"
            className="size-full"
          />
        </div>
        <p className="mt-4 text-xs font-medium text-fg-muted">
          {format(texts.founded, { year: company.founded })} · {company.role}
        </p>
        <h2 className="mt-1 text-2xl font-bold tracking-tight">{company.name}</h2>
        <p className="mt-2 leading-relaxed text-fg-muted">{company.description}</p>
        <TagList items={company.skills} label={texts.skillsTitle} className="mt-5" />
        <LocalLink
          to={company.path}
          className="mt-auto inline-flex items-center gap-1.5 self-start pt-6 text-sm font-semibold text-accent after:absolute after:inset-0 after:rounded-card"
        >
          {format(texts.viewCompany, { name: company.name })}
          <ArrowRight className="size-4 transition group-hover:translate-x-0.5" aria-hidden="true" />
        </LocalLink>
      </div>
    </article>
  );
}

import { replace } from "react-router";
import { BackLink } from "~/components/portfolio/BackLink.tsx";
import { CompanySocialIcon } from "~/components/portfolio/CompanySocialIcon.tsx";
import { ResponsiveImage } from "~/components/portfolio/ResponsiveImage.tsx";
import { card } from "~/components/portfolio/styles.ts";
import { ExternalLink } from "~/components/ui/ExternalLink.tsx";
import { type CompanyPageData, companyPage } from "~/content/pages/companies.server.ts";
import { dictionaryFor, format, langFromPath, localizePath, useT } from "~/i18n";
import { keepDataOnSamePath } from "~/lib/page-data.ts";
import { requestLang } from "~/lib/request-lang.ts";
import { documentTitle, seo } from "~/lib/seo.ts";
import type { Route } from "./+types/company";

// Runs at build time for each language; the page receives its own language's content as data.
export function loader({ params, request }: Route.LoaderArgs) {
  const lang = requestLang(request);
  const company = companyPage(params.slug, lang);
  // An unknown company goes back to the list, replacing the bad entry in history.
  if (!company) throw replace(localizePath("/companies", lang));
  return company;
}

export const shouldRevalidate = keepDataOnSamePath;

export const meta: Route.MetaFunction = ({ location, loaderData: company }) => {
  if (!company) return [];
  const lang = langFromPath(location.pathname);
  return seo({
    pathname: location.pathname,
    title: documentTitle(
      "company",
      format(dictionaryFor(lang).pages.company.title, { name: company.name }),
      location.pathname,
    ),
    description: company.description,
    image: company.banner.src,
  });
};

export default function CompanyPage({ loaderData }: Route.ComponentProps) {
  return <CompanyDetail company={loaderData} />;
}

function CompanyDetail({ company }: { company: CompanyPageData }) {
  const { t } = useT();
  const texts = t.portfolio.companies;
  return (
    <article>
      <div className="container-page pt-8 sm:pt-10">
        <BackLink to="/companies" label={texts.back} />
        <div className="mt-6 overflow-hidden rounded-[1.5rem] border border-line">
          <ResponsiveImage
            image={company.banner}
            alt={format(texts.bannerAlt, { name: company.name })}
            sizes="(min-width: 1152px) 1120px, 100vw"
            priority
            className="aspect-[8/3] w-full object-cover"
          />
        </div>
        <header className="flex flex-col gap-5 px-2 sm:flex-row sm:items-end sm:px-8">
          <div className="-mt-12 size-24 shrink-0 overflow-hidden rounded-3xl border-4 border-bg shadow-xl sm:-mt-14 sm:size-28">
            <ResponsiveImage
              image={company.logo}
              alt={format(texts.logoAlt, { name: company.name })}
              sizes="112px"
              className="size-full"
            />
          </div>
          <div className="pb-1">
            <h1 className="text-balance text-3xl font-bold tracking-tight sm:text-4xl">{company.name}</h1>
            <p className="mt-2 text-pretty text-lg text-fg-muted">{company.description}</p>
          </div>
        </header>
      </div>

      <div className="container-page grid gap-6 py-12 sm:py-16 lg:grid-cols-[1.6fr_1fr]">
        <section aria-labelledby="company-about" className={`${card} p-6 sm:p-8`}>
          <h2 id="company-about" className="text-lg font-semibold">
            {texts.aboutTitle}
          </h2>
          <div className="mt-4 grid gap-4 leading-relaxed text-fg-muted" data-testid="company-about">
            {company.about.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <dl className="mt-6 grid grid-cols-2 gap-4 border-t border-line pt-6 text-sm">
            <div>
              <dt className="text-fg-muted">{texts.myRole}</dt>
              <dd className="mt-1 font-semibold">{company.role}</dd>
            </div>
            <div>
              <dt className="text-fg-muted">{texts.foundedLabel}</dt>
              <dd className="mt-1 font-semibold">{company.founded}</dd>
            </div>
          </dl>
        </section>
        <div className="grid content-start gap-6">
          <section aria-labelledby="company-skills" className={`${card} p-6 sm:p-8`}>
            <h2 id="company-skills" className="text-lg font-semibold">
              {texts.skillsTitle}
            </h2>
            <ul className="mt-4 flex flex-wrap gap-2" data-testid="company-skills">
              {company.skills.map((skill) => (
                <li
                  key={skill}
                  className="rounded-lg bg-accent-soft px-3 py-1.5 text-sm font-medium text-accent-soft-fg"
                >
                  {skill}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="company-socials" className={`${card} p-6 sm:p-8`}>
            <h2 id="company-socials" className="text-lg font-semibold">
              {texts.socialsTitle}
            </h2>
            <ul className="mt-4 grid gap-2" data-testid="company-socials">
              {company.socials.map(({ network, href }) => (
                <li key={network}>
                  <ExternalLink
                    href={href}
                    data-network={network}
                    className="flex items-center gap-3 rounded-xl border border-line bg-bg px-4 py-3 text-sm font-medium transition hover:border-accent hover:text-accent"
                  >
                    <CompanySocialIcon network={network} />
                    {texts.socials[network]}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </article>
  );
}

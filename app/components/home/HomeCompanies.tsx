import { ArrowRight } from "~/components/icons";
import { ResponsiveImage } from "~/components/portfolio/ResponsiveImage.tsx";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { format, useT } from "~/i18n";
import type { CompanyCardData } from "~/lib/home-showcase.ts";
import { Section } from "./Section.tsx";

const tag =
  "inline-flex items-center rounded-full border border-line bg-bg px-2.5 py-1 text-xs font-medium text-fg-muted";

export function HomeCompanies({ companies }: { companies: readonly CompanyCardData[] }) {
  const { t } = useT();
  const texts = t.home.companies;
  return (
    <Section id="companies" eyebrow={texts.eyebrow} heading={texts.heading} lead={texts.lead} tinted>
      <ul className="grid gap-6 md:grid-cols-2">
        {companies.map((company) => {
          const { skills } = company;
          const { shown, more } = company.tags;
          return (
            <li key={company.name}>
              <article
                className="group relative flex h-full flex-col overflow-hidden rounded-card border border-line bg-bg transition duration-300 hover:-translate-y-1 hover:border-accent/50 hover:shadow-xl"
                data-testid="home-company"
              >
                <div className="relative overflow-hidden border-b border-line bg-surface-2">
                  <ResponsiveImage
                    image={company.banner}
                    alt=""
                    sizes="(min-width: 768px) 540px, 100vw"
                    className="aspect-[8/3] w-full object-cover transition duration-500 group-hover:scale-[1.03]"
                  />
                  <div className="absolute -bottom-7 left-6 rounded-2xl border border-line bg-bg p-1.5 shadow-md">
                    <ResponsiveImage image={company.logo} alt="" sizes="56px" className="size-14 rounded-xl" />
                  </div>
                </div>
                <div className="flex flex-1 flex-col p-6 pt-10">
                  <h3 className="text-xl font-semibold tracking-tight">{company.name}</h3>
                  <p className="mt-2 leading-relaxed text-fg-muted">{company.description}</p>
                  <ul aria-label={texts.skills} className="mt-4 flex flex-wrap gap-1.5" data-testid="company-skills">
                    {shown.map((skill, index) => (
                      <li key={skills[index]} className={tag} title={skills[index]}>
                        {skill}
                      </li>
                    ))}
                    {more > 0 && (
                      <li className="inline-flex items-center rounded-full bg-accent-soft px-2.5 py-1 text-xs font-semibold text-accent-soft-fg">
                        {format(texts.more, { n: more })}
                      </li>
                    )}
                  </ul>
                  <LocalLink
                    to={company.path}
                    className="mt-auto inline-flex items-center gap-1 self-start pt-6 text-sm font-semibold text-accent after:absolute after:inset-0 after:rounded-card"
                  >
                    {format(texts.details, { name: company.name })}
                    <ArrowRight className="size-4 transition group-hover:translate-x-0.5" aria-hidden="true" />
                  </LocalLink>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

/** The companies list and each company's page in one language, as their loaders send them. */
import type { Lang } from "~/i18n/paths.ts";
import { type CompanySocialNetwork, companies, companyPath, companySocialNetworks, findCompany } from "../companies.ts";
import type { Picture } from "../images.ts";
import { tr } from "../localized.ts";

export interface CompanyCardData {
  name: string;
  /** Language-neutral path of the company's page. */
  path: string;
  founded: string;
  role: string;
  description: string;
  skills: readonly string[];
  banner: Picture;
  logo: Picture;
}

export interface CompanyPageData {
  name: string;
  description: string;
  about: readonly string[];
  role: string;
  founded: string;
  skills: readonly string[];
  banner: Picture;
  logo: Picture;
  /** Only the networks the company is on, in the order the page lists them. */
  socials: readonly { network: CompanySocialNetwork; href: string }[];
}

export function companiesPage(lang: Lang): { companies: readonly CompanyCardData[] } {
  return {
    companies: companies.map((company) => ({
      name: company.name,
      path: companyPath(company),
      founded: company.founded,
      role: tr(company.role, lang),
      description: tr(company.description, lang),
      skills: tr(company.skills, lang),
      banner: company.banner,
      logo: company.logo,
    })),
  };
}

/** The company at this slug in one language, or undefined when there is none. */
export function companyPage(slug: string, lang: Lang): CompanyPageData | undefined {
  const company = findCompany(slug);
  if (!company) return undefined;
  return {
    name: company.name,
    description: tr(company.description, lang),
    about: tr(company.about, lang),
    role: tr(company.role, lang),
    founded: company.founded,
    skills: tr(company.skills, lang),
    banner: company.banner,
    logo: company.logo,
    socials: companySocialNetworks.flatMap((network) => {
      const href = company.socials[network];
      return href ? [{ network, href }] : [];
    }),
  };
}

/**
 * What the home page's portfolio sections show, picked from the shared
 * content modules in one language. The home route's loader runs it at build
 * time, so the browser receives these few cards as data instead of
 * downloading every project, company and partnership as JavaScript.
 */
import { companies, companyPath } from "~/content/companies.ts";
import type { Picture } from "~/content/images.ts";
import { tr } from "~/content/localized.ts";
import { homePartnerships, type Partnership } from "~/content/partnerships.ts";
import { projects } from "~/content/projects.ts";
import type { ThemeColor } from "~/content/theme-colors.ts";
import type { Lang } from "~/i18n/paths.ts";
import { type SkillTags, skillTags } from "./skill-tags.ts";

/** How many projects the home page features: the first ones of the portfolio. */
export const FEATURED_PROJECTS = 3;

export interface ProjectCardData {
  slug: string;
  title: string;
  description: string;
  image: Picture;
  technologies: readonly string[];
  /** External address, or null while the project is not online. */
  link: string | null;
}

export interface CompanyCardData {
  name: string;
  description: string;
  banner: Picture;
  logo: Picture;
  /** Every skill in full, for a tooltip on the truncated tags. */
  skills: readonly string[];
  tags: SkillTags;
  /** Language-neutral path of the company's page. */
  path: string;
}

export interface PartnershipCardData {
  id: string;
  name: string;
  role: string;
  description: string;
  banner: Picture;
  logo: Picture;
  link: string;
  color: ThemeColor;
}

export interface HomeShowcase {
  projects: ProjectCardData[];
  companies: CompanyCardData[];
  partnerships: PartnershipCardData[];
}

/** A partnership's card in one language (the home and career pages show the same card). */
export function partnershipCard(partnership: Partnership, lang: Lang): PartnershipCardData {
  return {
    id: partnership.id,
    name: partnership.name,
    role: tr(partnership.role, lang),
    description: tr(partnership.description, lang),
    banner: partnership.banner,
    logo: partnership.logo,
    link: partnership.link,
    color: partnership.color,
  };
}

/**
 * The home's project, company and partnership cards and its FAQ, in one language.
 * @example homeShowcase("en").projects.length // 3
 */
export function homeShowcase(lang: Lang): HomeShowcase {
  return {
    projects: projects.slice(0, FEATURED_PROJECTS).map((project) => ({
      slug: project.slug,
      title: tr(project.title, lang),
      description: tr(project.description, lang),
      image: project.image,
      technologies: project.technologies,
      link: project.link && project.link !== "#" ? project.link : null,
    })),
    companies: companies.map((company) => {
      const skills = tr(company.skills, lang);
      return {
        name: company.name,
        description: tr(company.description, lang),
        banner: company.banner,
        logo: company.logo,
        skills,
        tags: skillTags(skills),
        path: companyPath(company),
      };
    }),
    partnerships: homePartnerships.map((partnership) => partnershipCard(partnership, lang)),
  };
}

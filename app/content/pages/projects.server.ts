/** The projects grid and each project's page in one language, as their loaders send them. */
import type { Lang } from "~/i18n/paths.ts";
import { hasVisitLink } from "~/lib/project-link.ts";
import type { Picture } from "../images.ts";
import { tr } from "../localized.ts";
import { findProject, projectPath, projects } from "../projects.ts";

/** How many technologies a card in the grid shows; the project's page lists them all. */
export const CARD_TECHNOLOGIES = 4;

export interface ProjectListItem {
  /** Language-neutral path of the project's page. */
  path: string;
  title: string;
  description: string;
  deliveryDate: string;
  technologies: readonly string[];
  image: Picture;
}

export interface ProjectPageData {
  title: string;
  description: string;
  deliveryDate: string;
  duration: string;
  team: string;
  technologies: readonly string[];
  /** Public address, or null while the project is not online. */
  link: string | null;
  image: Picture;
  challenge: string;
  solution: string;
  features: readonly string[];
  results: readonly string[];
}

export function projectsPage(lang: Lang): { projects: readonly ProjectListItem[] } {
  return {
    projects: projects.map((project) => ({
      path: projectPath(project),
      title: tr(project.title, lang),
      description: tr(project.description, lang),
      deliveryDate: tr(project.deliveryDate, lang),
      technologies: project.technologies.slice(0, CARD_TECHNOLOGIES),
      image: project.image,
    })),
  };
}

/** The project at this slug (typed or percent-encoded) in one language, or undefined when there is none. */
export function projectPage(slug: string, lang: Lang): ProjectPageData | undefined {
  const project = findProject(slug);
  if (!project) return undefined;
  return {
    title: tr(project.title, lang),
    description: tr(project.description, lang),
    deliveryDate: tr(project.deliveryDate, lang),
    duration: tr(project.duration, lang),
    team: tr(project.team, lang),
    technologies: project.technologies,
    link: hasVisitLink(project.link) ? project.link : null,
    image: project.image,
    challenge: tr(project.challenge, lang),
    solution: tr(project.solution, lang),
    features: tr(project.features, lang),
    results: tr(project.results, lang),
  };
}

import type { ProjectSlug } from "./ids.ts";
import type { Localized } from "./localized.ts";

export interface Project {
  slug: ProjectSlug;
  title: Localized;
  description: Localized;
}

export const projects = [
  {
    slug: "site-global-mode",
    title: { pt: "Site Global Mode", en: "Global Mode Website" },
    description: { pt: "Site institucional da Global Mode.", en: "Corporate website for Global Mode." },
  },
  {
    slug: "site-da-werneck-group",
    title: { pt: "Site da Werneck Group", en: "Werneck Group Website" },
    description: { pt: "Site do estúdio Werneck Group.", en: "Website of the Werneck Group studio." },
  },
  {
    slug: "site-da-família-werneck",
    title: { pt: "Site da Família Werneck", en: "Werneck Family Website" },
    description: { pt: "Site da família Werneck.", en: "The Werneck family's website." },
  },
  {
    slug: "devstudio",
    title: { pt: "DevStudio", en: "DevStudio" },
    description: { pt: "Plataforma para estúdios de desenvolvimento.", en: "A platform for development studios." },
  },
  {
    slug: "atendefly",
    title: { pt: "Atendefly", en: "Atendefly" },
    description: { pt: "Atendimento automatizado por chat.", en: "Automated chat customer service." },
  },
  {
    slug: "cheetah-network",
    title: { pt: "Cheetah Network", en: "Cheetah Network" },
    description: { pt: "Rede de servidores de jogos.", en: "A game-server network." },
  },
] as const satisfies readonly Project[];

/** The project at this slug, if any. */
export function findProject(slug: string): Project | undefined {
  return projects.find((project) => project.slug === slug);
}

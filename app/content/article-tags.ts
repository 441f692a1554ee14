/**
 * The names of the static articles' tags in each language: their slugs
 * (`articles/meta.json`) stay the tags' addresses (`/blog/tag/{slug}`), and
 * readers see these names, as they see the names authors give tags in the
 * admin (decision 048). `articles.ts` checks that every tag has one.
 */
import type { Lang } from "~/i18n/paths.ts";
import type { Localized } from "./localized.ts";

export const articleTagNames: Readonly<Record<string, Localized>> = {
  automation: { pt: "Automação", en: "Automation" },
  backups: { pt: "Backups", en: "Backups" },
  bots: { pt: "Bots", en: "Bots" },
  cloud: { pt: "Nuvem", en: "Cloud" },
  devops: { pt: "DevOps", en: "DevOps" },
  discord: { pt: "Discord", en: "Discord" },
  docker: { pt: "Docker", en: "Docker" },
  freelancing: { pt: "Freelance", en: "Freelancing" },
  fullstack: { pt: "Full-stack", en: "Full-stack" },
  kanban: { pt: "Kanban", en: "Kanban" },
  management: { pt: "Gestão", en: "Management" },
  nodejs: { pt: "Node.js", en: "Node.js" },
  planning: { pt: "Planejamento", en: "Planning" },
  playwright: { pt: "Playwright", en: "Playwright" },
  postgresql: { pt: "PostgreSQL", en: "PostgreSQL" },
  react: { pt: "React", en: "React" },
  scraping: { pt: "Raspagem de dados", en: "Web scraping" },
  typescript: { pt: "TypeScript", en: "TypeScript" },
  zod: { pt: "Zod", en: "Zod" },
};

/**
 * The names, in a language, of those of these tags the static articles name.
 * @example articleTagNamesFor("pt", ["cloud", "mine"]) // { cloud: "Nuvem" }
 */
export function articleTagNamesFor(lang: Lang, slugs: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    slugs.flatMap((slug) => {
      const name = Object.hasOwn(articleTagNames, slug) ? articleTagNames[slug]?.[lang] : undefined;
      return name ? [[slug, name]] : [];
    }),
  );
}

import type { StaticArticleId } from "./ids.ts";
import type { Localized } from "./localized.ts";

export interface StaticArticle {
  id: StaticArticleId;
  title: Localized;
  excerpt: Localized;
}

export const staticArticles = [
  {
    id: "bot-discord",
    title: { pt: "Como criar um bot para Discord", en: "How to build a Discord bot" },
    excerpt: { pt: "Do token ao primeiro comando.", en: "From the token to the first command." },
  },
  {
    id: "fullstack-development",
    title: { pt: "Desenvolvimento full-stack na prática", en: "Full-stack development in practice" },
    excerpt: { pt: "Do banco de dados à interface.", en: "From the database to the interface." },
  },
  {
    id: "cloud-solutions",
    title: { pt: "Soluções em nuvem para pequenos negócios", en: "Cloud solutions for small businesses" },
    excerpt: { pt: "Hospedar sem dor de cabeça.", en: "Hosting without headaches." },
  },
  {
    id: "web-automation",
    title: { pt: "Automação web com Node.js", en: "Web automation with Node.js" },
    excerpt: { pt: "Tarefas repetitivas no piloto automático.", en: "Repetitive tasks on autopilot." },
  },
  {
    id: "project-management",
    title: { pt: "Gestão de projetos para desenvolvedores", en: "Project management for developers" },
    excerpt: { pt: "Prazos, escopo e comunicação.", en: "Deadlines, scope and communication." },
  },
] as const satisfies readonly StaticArticle[];

/** The static article with this id, if any. */
export function findStaticArticle(id: string): StaticArticle | undefined {
  return staticArticles.find((article) => article.id === id);
}

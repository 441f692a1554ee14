/**
 * The route table of the product, once. `app/routes.ts` mounts every entry in
 * Portuguese at its path and in English under `/en`; the prerender list and
 * the sitemap are derived from it.
 */
import { companySlugs, projectSlugs, serviceIds, staticArticleIds } from "../content/ids.ts";
import { languages, localizePath } from "../i18n/paths.ts";

export type PageKey =
  | "home"
  | "about"
  | "career"
  | "companies"
  | "company"
  | "projects"
  | "project"
  | "services"
  | "service"
  | "certificates"
  | "contact"
  | "recommendations"
  | "course"
  | "discord"
  | "blog"
  | "article"
  | "adminBlog";

interface PageRoute {
  key: PageKey;
  /** Path pattern in Portuguese, without a leading slash ("" is the home page). */
  pattern: string;
  file: string;
  /** Concrete paths rendered to static HTML at build time; none for per-request pages. */
  staticPaths: readonly string[];
}

const fixed = (key: PageKey, path: string, file: string): PageRoute => ({
  key,
  pattern: path,
  file,
  staticPaths: [`/${path}`],
});

const dynamic = (key: PageKey, base: string, param: string, file: string, ids: readonly string[]): PageRoute => ({
  key,
  pattern: `${base}/:${param}`,
  file,
  staticPaths: ids.map((id) => `/${base}/${id}`),
});

export const pageRoutes: readonly PageRoute[] = [
  fixed("home", "", "routes/home.tsx"),
  fixed("about", "about", "routes/about.tsx"),
  fixed("career", "career", "routes/career.tsx"),
  fixed("companies", "companies", "routes/companies.tsx"),
  dynamic("company", "companies", "slug", "routes/company.tsx", companySlugs),
  fixed("projects", "projects", "routes/projects.tsx"),
  dynamic("project", "projects", "id", "routes/project.tsx", projectSlugs),
  fixed("services", "services", "routes/services.tsx"),
  dynamic("service", "services", "serviceId", "routes/service.tsx", serviceIds),
  fixed("certificates", "certificates", "routes/certificates.tsx"),
  fixed("contact", "contact", "routes/contact.tsx"),
  fixed("recommendations", "recommendations", "routes/recommendations.tsx"),
  fixed("course", "course", "routes/course.tsx"),
  fixed("discord", "discord", "routes/discord.tsx"),
  fixed("blog", "blog", "routes/blog.tsx"),
  dynamic("article", "blog", "id", "routes/article.tsx", staticArticleIds),
  { key: "adminBlog", pattern: "admin/blog", file: "routes/admin-blog.tsx", staticPaths: [] },
];

/** Every public Portuguese path known at build time (dynamic ones expanded). */
export const publicPaths: readonly string[] = pageRoutes.flatMap((page) =>
  page.staticPaths.map((path) => (path === "/" ? "/" : path.replace(/\/$/, ""))),
);

/** Both languages of every public path: what the build renders to HTML. */
export function prerenderPaths(): string[] {
  return languages.flatMap((lang) => publicPaths.map((path) => localizePath(path, lang)));
}

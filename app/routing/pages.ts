/**
 * The route table of the product, once. `app/routes.ts` mounts every entry in
 * Portuguese at its path and in English under `/en` (with its English slug
 * when the page has one, `localizePath`); the prerender list and the sitemap
 * are derived from it.
 */
import { companySlugs, projectSlugs, serviceIds, staticArticleIds } from "../content/ids.ts";
import { languages, localizePath } from "../i18n/paths.ts";
import type { PageKey } from "../lib/seo.ts";

interface PageRoute {
  key: PageKey;
  /** Path pattern in Portuguese, without a leading slash ("" is the home page). */
  pattern: string;
  file: string;
  /** Concrete public paths known at build time (dynamic patterns expanded); none for private pages. */
  staticPaths: readonly string[];
  /**
   * Rendered to HTML at build time. Pages whose content comes from the
   * database (the blog) render per request instead, so a published post shows
   * at once without a rebuild.
   */
  prerender: boolean;
}

const fixed = (key: PageKey, path: string, file: string, prerender = true): PageRoute => ({
  key,
  pattern: path,
  file,
  staticPaths: [`/${path}`],
  prerender,
});

const dynamic = (
  key: PageKey,
  base: string,
  param: string,
  file: string,
  ids: readonly string[],
  prerender = true,
): PageRoute => ({
  key,
  pattern: `${base}/:${param}`,
  file,
  staticPaths: ids.map((id) => `/${base}/${id}`),
  prerender,
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
  // Its English address is translated: /en/privacy (app/i18n/paths.ts).
  fixed("privacy", "privacidade", "routes/privacy.tsx"),
  fixed("blog", "blog", "routes/blog.tsx", false),
  // Answers per query; kept out of the sitemap and of search engines' indexes (noindex).
  { key: "blogSearch", pattern: "blog/search", file: "routes/blog-search.tsx", staticPaths: [], prerender: false },
  dynamic("article", "blog", "id", "routes/article.tsx", staticArticleIds, false),
  // Tags come from the posts; the sitemap lists each language's own.
  { key: "blogTag", pattern: "blog/tag/:tag", file: "routes/blog-tag.tsx", staticPaths: [], prerender: false },
  { key: "adminBlog", pattern: "admin/blog", file: "routes/admin-blog.tsx", staticPaths: [], prerender: false },
  {
    key: "adminMessages",
    pattern: "admin/messages",
    file: "routes/admin-messages.tsx",
    staticPaths: [],
    prerender: false,
  },
];

const trimSlash = (path: string) => (path === "/" ? "/" : path.replace(/\/$/, ""));

/** Every public Portuguese path known at build time (dynamic ones expanded), for the sitemap. */
export const publicPaths: readonly string[] = pageRoutes.flatMap((page) => page.staticPaths.map(trimSlash));

/** Both languages of every prerendered path: what the build renders to HTML. */
export function prerenderPaths(): string[] {
  const paths = pageRoutes.filter((page) => page.prerender).flatMap((page) => page.staticPaths.map(trimSlash));
  return languages.flatMap((lang) => paths.map((path) => localizePath(path, lang)));
}

import { NotFound } from "~/components/NotFound.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import { findStaticArticle } from "~/content/articles.ts";
import { tr } from "~/content/localized.ts";
import { langFromPath, useLang } from "~/i18n";
import { notFound, notFoundMeta } from "~/lib/not-found.ts";
import { pageSeo } from "~/lib/seo.ts";
import type { Route } from "./+types/article";

export function loader({ params }: Route.LoaderArgs) {
  return findStaticArticle(params.id) ? { found: true as const, id: params.id } : notFound();
}

export const meta: Route.MetaFunction = ({ location, params }) => {
  const article = findStaticArticle(params.id ?? "");
  if (!article) return notFoundMeta(location.pathname);
  return pageSeo("article", location.pathname, { name: tr(article.title, langFromPath(location.pathname)) });
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const lang = useLang();
  const article = loaderData.found ? findStaticArticle(loaderData.id) : undefined;
  if (!article) return <NotFound />;
  return <PageHeader heading={tr(article.title, lang)} lead={tr(article.excerpt, lang)} />;
}

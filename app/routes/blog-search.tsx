import { data } from "react-router";
import { SearchBox } from "~/components/blog/SearchBox.tsx";
import { ArrowLeft, CalendarDays } from "~/components/icons";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import { format, langFromPath, useT } from "~/i18n";
import { formatDate } from "~/lib/dates.ts";
import { SEARCH_QUERY_MAX_LENGTH } from "~/lib/search-query.ts";
import { pageSeo } from "~/lib/seo.ts";
import { searchPublicPosts } from "~/server/blog/search.server.ts";
import { servicesIfServing } from "~/server/request-context.server.ts";
import type { Route } from "./+types/blog-search";

const RESULTS_SHOWN = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const result = await searchPublicPosts(servicesIfServing(context)?.db, lang, url.searchParams.get("q"), {
    limit: RESULTS_SHOWN,
  });
  const hits = result.hits.map(({ rank: _rank, ...hit }) => ({ ...hit, dateLabel: formatDate(hit.publishedAt, lang) }));
  // A query over the limit is the visitor's mistake: the page says so, with 400.
  return data({ ...result, hits }, { status: result.status === "too-long" ? 400 : 200 });
}

// Results change with every post and every query: useful to readers, not to search engines' indexes.
export const meta: Route.MetaFunction = ({ location }) => [
  ...pageSeo("blogSearch", location.pathname),
  { name: "robots", content: "noindex, follow" },
];

const summaryId = "search-summary";

export default function BlogSearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const texts = t.blog.search;
  const { status, query, total, hits } = loaderData;
  return (
    <>
      <PageHeader heading={t.pages.blogSearch.heading}>
        <SearchBox query={query} className="mt-8" />
      </PageHeader>
      <div className="container-page py-12 sm:py-16">
        <div className="max-w-3xl">
          {status === "empty" && <p className="text-fg-muted">{texts.prompt}</p>}
          <div role="status" id={summaryId} data-testid="search-summary">
            {status === "too-long" && (
              <p className="font-medium text-danger">{format(texts.tooLong, { max: SEARCH_QUERY_MAX_LENGTH })}</p>
            )}
            {status === "ok" && total === 0 && (
              <>
                <p className="text-lg font-medium [overflow-wrap:anywhere]">{format(texts.noResults, { query })}</p>
                <p className="mt-2 text-fg-muted">{texts.noResultsHint}</p>
              </>
            )}
            {status === "ok" && total > 0 && (
              <p className="text-fg-muted [overflow-wrap:anywhere]">
                {total === 1 ? format(texts.resultsOne, { query }) : format(texts.results, { query, count: total })}
                {total > hits.length && ` ${format(texts.showingFirst, { count: hits.length })}`}
              </p>
            )}
          </div>
          {hits.length > 0 && (
            <ol
              className="mt-6 divide-y divide-line border-y border-line"
              aria-labelledby={summaryId}
              data-testid="search-results"
            >
              {hits.map((hit) => (
                <li key={hit.slug}>
                  <article className="py-6">
                    <p className="flex items-center gap-1.5 text-sm text-fg-muted">
                      <CalendarDays className="size-4" aria-hidden="true" />
                      <time dateTime={hit.publishedAt}>{hit.dateLabel}</time>
                    </p>
                    <h2 className="mt-1.5 text-xl font-semibold leading-snug tracking-tight [overflow-wrap:anywhere]">
                      <LocalLink to={`/blog/${hit.slug}`} className="hover:text-accent hover:underline">
                        {hit.title}
                      </LocalLink>
                    </h2>
                    <p
                      className="mt-2 leading-relaxed text-fg-muted [overflow-wrap:anywhere] [&_mark]:rounded-sm [&_mark]:bg-accent-soft [&_mark]:px-0.5 [&_mark]:text-accent-soft-fg"
                      data-testid="search-snippet"
                      // biome-ignore lint/security/noDangerouslySetInnerHtml: snippetHtml escapes all text; its only markup is <mark>
                      dangerouslySetInnerHTML={{ __html: hit.snippetHtml }}
                    />
                    {hit.tags.length > 0 && (
                      <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t.blog.tagsLabel}>
                        {hit.tags.map((tag) => (
                          <li
                            key={tag}
                            className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-medium text-accent-soft-fg"
                          >
                            {hit.tagNames?.[tag] ?? tag}
                          </li>
                        ))}
                      </ul>
                    )}
                  </article>
                </li>
              ))}
            </ol>
          )}
          <LocalLink
            to="/blog"
            className="mt-10 inline-flex items-center gap-2 text-sm font-medium text-accent hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t.blog.back}
          </LocalLink>
        </div>
      </div>
    </>
  );
}

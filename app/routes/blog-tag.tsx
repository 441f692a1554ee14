import { PostGrid } from "~/components/blog/PostGrid.tsx";
import { ArrowLeft } from "~/components/icons";
import type { LanguageSwitch } from "~/components/layout/LanguageToggle.tsx";
import { NotFound } from "~/components/NotFound.tsx";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import { dictionaryFor, format, type Lang, langFromPath, localizePath, useT } from "~/i18n";
import { tagPath } from "~/lib/blog-paths.ts";
import { formatDate } from "~/lib/dates.ts";
import { notFound, notFoundMeta } from "~/lib/not-found.ts";
import { documentTitleFor, seo } from "~/lib/seo.ts";
import { SLUG_PATTERN } from "~/lib/slugify.ts";
import { hashtag } from "~/lib/tags.ts";
import { publicTagPage } from "~/server/blog/public-posts.server.ts";
import { servicesIfServing } from "~/server/request-context.server.ts";
import type { Route } from "./+types/blog-tag";

const otherLang = (lang: Lang): Lang => (lang === "pt" ? "en" : "pt");

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  // Tags are slugs; anything else names no tag and never reaches the database.
  if (!SLUG_PATTERN.test(params.tag) || params.tag.length > 40) return notFound();
  const page = await publicTagPage(servicesIfServing(context)?.db, lang, params.tag);
  if (!page) return notFound();
  const other = otherLang(lang);
  const { otherSlug } = page;
  return {
    found: true as const,
    tag: params.tag,
    // The name the author typed ("Programação Funcional"), or the tag written as a hashtag.
    name: page.name ?? hashtag(params.tag).slice(1),
    alternates: {
      [lang]: tagPath(params.tag, lang),
      ...(otherSlug ? { [other]: tagPath(otherSlug, other) } : {}),
    } as Partial<Record<Lang, string>>,
    posts: page.posts.map((post) => ({ ...post, dateLabel: formatDate(post.publishedAt, lang) })),
    // The same tag in the other language (its translation), or that language's blog when none of its posts has it.
    languageSwitch: otherSlug
      ? ({ path: tagPath(otherSlug, other), kind: "translation" } satisfies LanguageSwitch)
      : ({ path: localizePath("/blog", other), kind: "no-tag" } satisfies LanguageSwitch),
  };
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  if (!loaderData?.found) return notFoundMeta(location.pathname);
  const texts = dictionaryFor(langFromPath(location.pathname)).pages.blogTag;
  const { name } = loaderData;
  return seo({
    pathname: location.pathname,
    title: documentTitleFor(format(texts.title, { name }), location.pathname),
    description: format(texts.description, { name }),
    alternates: loaderData.alternates,
  });
};

export default function BlogTagPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  if (!loaderData.found) return <NotFound />;
  const count = loaderData.posts.length;
  return (
    <>
      <PageHeader
        heading={format(t.pages.blogTag.heading, { name: loaderData.name })}
        lead={count === 1 ? t.blog.tagCountOne : format(t.blog.tagCount, { count })}
      >
        <LocalLink
          to="/blog"
          className="mt-6 inline-flex items-center gap-2 text-sm font-medium text-accent hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t.blog.back}
        </LocalLink>
      </PageHeader>
      <div className="container-page py-12 sm:py-16">
        <PostGrid posts={loaderData.posts} />
      </div>
    </>
  );
}

import { data, redirect } from "react-router";
import { FediverseHandles, fediverseCreator } from "~/components/blog/FediverseHandles.tsx";
import { ArticleBody, ArticleCover, ArticleHeader } from "~/components/blog/PostCard.tsx";
import { PostResponses } from "~/components/blog/PostResponses.tsx";
import { ArrowLeft, ArrowRight } from "~/components/icons";
import type { LanguageSwitch } from "~/components/layout/LanguageToggle.tsx";
import { NotFound } from "~/components/NotFound.tsx";
import { NewsletterForm } from "~/components/newsletter/NewsletterForm.tsx";
import { JsonLd } from "~/components/ui/JsonLd.tsx";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { dictionaryFor, htmlLang, isLang, type Lang, langFromPath, localizePath, useT } from "~/i18n";
import { postPath } from "~/lib/blog-paths.ts";
import { isDataRequest } from "~/lib/data-request.ts";
import { formatDate, isLaterDay } from "~/lib/dates.ts";
import { notFound, notFoundMeta } from "~/lib/not-found.ts";
import { ogImageFor, staticArticleIdOf, staticArticleTags } from "~/lib/og-image.ts";
import { withSocialPreview } from "~/lib/post-meta.ts";
import { absoluteUrl, documentTitleFor, seo } from "~/lib/seo.ts";
import { findInOtherLanguage, getPublicPost } from "~/server/blog/public-posts.server.ts";
import { isTrashedAddress } from "~/server/blog/trash.server.ts";
import type { Database } from "~/server/db/client.server.ts";
import { articleHtmlContext, servicesIfServing } from "~/server/request-context.server.ts";
import { shownResponses } from "~/server/responses/responses.server.ts";
import { subjectOfPost } from "~/server/responses/subject.server.ts";
import { fediverseEnabled, newsletterEnabled, webmentionsEnabled } from "~/server/services.server.ts";
import { WEBMENTION_PATH } from "~/server/webmention/receive.server.ts";
import { site } from "~/site.config.ts";
import type { Route } from "./+types/article";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { pathname } = url;
  const lang = langFromPath(pathname);
  const app = servicesIfServing(context);
  const db = app?.db;
  const post = await getPublicPost(db, params.id, lang);
  if (!post) return elsewhereOrNotFound(db, params.id, lang);
  const { html, translation, ...rest } = post;
  const data = {
    ...rest,
    dateLabel: formatDate(post.publishedAt, lang),
    // "Atualizado em" only for a later day: the same date twice says nothing.
    ...(post.editedAt && isLaterDay(post.editedAt, post.publishedAt)
      ? { editedLabel: formatDate(post.editedAt, lang) }
      : {}),
    // Paths of this post in each language it is published in (hreflang, the language toggle).
    alternates: {
      [lang]: postPath(post),
      ...(translation ? { [translation.lang]: postPath(translation) } : {}),
    } as Partial<Record<Lang, string>>,
    notice: arrivalNotice(url.searchParams.get("from"), lang),
    // Its link-preview card, named here where both languages' strings are at hand.
    // A static article's image draws its tags' names, and is named by them.
    preview: ogImageFor(staticArticleIdOf(post) ? { ...post, tags: staticArticleTags(lang, post.tags) } : post),
  };
  // A client-side navigation asks for `….data` and renders the body from it; a
  // document renders it on the server and the browser adopts that markup, so
  // the body is not sent a second time as data.
  const languageSwitch: LanguageSwitch = translation
    ? { path: postPath(translation), kind: "translation" }
    : { path: localizePath("/blog", otherLang(lang)), kind: "no-translation" };
  const newsletter = newsletterEnabled(app);
  // The blog's fediverse accounts under the post, and the responses the author approved (decision 065).
  const fediverse = fediverseEnabled(app);
  // A static article's address takes responses too, each language its own (decision 080).
  const shown = db ? await shownResponses(db, subjectOfPost(post)) : undefined;
  // Only a post with responses carries them: a page's first window has no bytes to spare.
  const responses = shown && shown.replies.length + shown.likes.length + shown.boosts.length > 0 ? shown : undefined;
  // Every post takes webmentions, a static article too (decision 080): its page names the endpoint in a Link header
  // and a <link>.
  const webmention = webmentionsEnabled(app) ? absoluteUrl(WEBMENTION_PATH) : null;
  const around = {
    found: true as const,
    languageSwitch,
    newsletter,
    webmention,
    fediverse,
    ...(responses ? { responses } : {}),
  };
  if (isDataRequest(pathname)) return { ...around, post: { ...data, html } };
  context.set(articleHtmlContext, html);
  const page = { ...around, post: { ...data, html: undefined } };
  return webmention ? dataWith(page, { Link: `<${webmention}>; rel="webmention"` }) : page;
}

/** The loader's data with response headers (React Router's `data`, its type that of the data). */
const dataWith = <Value,>(value: Value, headers: Record<string, string>) =>
  data(value, { headers }) as unknown as Value;

/** The loader's headers (the webmention endpoint's Link) on the page's response. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

const otherLang = (lang: Lang): Lang => (lang === "pt" ? "en" : "pt");

/**
 * A post asked for in the language it was not written in: its translation
 * when it has one (for good: 301), otherwise the post itself, at its one URL,
 * telling the reader it exists only in that language (302: a translation may
 * come). A post in the trash is gone (410); anything else is a 404. See
 * decision 019.
 */
async function elsewhereOrNotFound(db: Database | undefined, slug: string, lang: Lang) {
  const elsewhere = await findInOtherLanguage(db, slug, lang);
  if (!elsewhere) {
    // Its own address, or the other language's, which led to it.
    if (db && ((await isTrashedAddress(db, lang, slug)) || (await isTrashedAddress(db, otherLang(lang), slug)))) {
      return data({ found: false as const, gone: true as const }, { status: 410 });
    }
    return notFound();
  }
  if (elsewhere.kind === "translation") throw redirect(elsewhere.path, 301);
  throw redirect(`${elsewhere.path}?from=${lang}`, 302);
}

/** The note for a reader sent here from the other language's URL, in that reader's language. */
function arrivalNotice(from: string | null, lang: Lang) {
  if (!isLang(from) || from === lang) return undefined;
  const texts = dictionaryFor(from).blog;
  return {
    lang: from,
    text: lang === "pt" ? texts.onlyInPortuguese : texts.onlyInEnglish,
    link: { href: localizePath("/blog", from), text: texts.browseBlog },
  };
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  if (loaderData && "gone" in loaderData) {
    const texts = dictionaryFor(langFromPath(location.pathname)).blog.removed;
    return [
      { title: documentTitleFor(texts.title, location.pathname) },
      { name: "description", content: texts.description },
      { name: "robots", content: "noindex" },
    ];
  }
  if (!loaderData?.found) return notFoundMeta(location.pathname);
  const { post } = loaderData;
  return [
    ...withSocialPreview(
      seo({
        pathname: location.pathname,
        title: documentTitleFor(post.title, location.pathname),
        // What the author wrote for search engines, or the excerpt.
        description: post.seoDescription ?? post.excerpt,
        type: "article",
        alternates: post.alternates,
        image: post.preview,
      }),
      { title: post.socialTitle, description: post.socialDescription },
    ),
    { property: "article:published_time", content: post.publishedAt },
    ...(post.editedAt ? [{ property: "article:modified_time", content: post.editedAt }] : []),
    ...post.tags.map((tag) => ({ property: "article:tag", content: post.tagNames?.[tag] ?? tag })),
    ...(loaderData.webmention ? [{ tagName: "link", rel: "webmention", href: loaderData.webmention }] : []),
    ...(loaderData.fediverse ? [{ name: "fediverse:creator", content: fediverseCreator(post.lang) }] : []),
  ];
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { lang, t } = useT();
  if ("gone" in loaderData) return <NotFound gone={t.blog.removed} />;
  if (!loaderData.found) return <NotFound />;
  const { post } = loaderData;
  return (
    <article className="container-page max-w-3xl py-10 sm:py-14">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          description: post.excerpt,
          datePublished: post.publishedAt,
          ...(post.editedAt ? { dateModified: post.editedAt } : {}),
          inLanguage: htmlLang[lang],
          keywords: post.tags.map((tag) => post.tagNames?.[tag] ?? tag).join(", "),
          author: { "@type": "Person", name: site.name },
          mainEntityOfPage: absoluteUrl(postPath(post)),
          image: post.preview.url,
        }}
      />
      {post.notice && (
        <p
          lang={htmlLang[post.notice.lang]}
          role="status"
          className="mb-6 rounded-xl border border-line bg-surface px-4 py-3 text-sm"
          data-testid="language-notice"
        >
          {post.notice.text}{" "}
          <a
            href={post.notice.link.href}
            hrefLang={htmlLang[post.notice.lang]}
            className="font-medium text-accent underline"
          >
            {post.notice.link.text}
          </a>
        </p>
      )}
      <LocalLink
        to="/blog"
        className="inline-flex items-center gap-2 text-sm font-medium text-fg-muted hover:text-accent"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t.blog.back}
      </LocalLink>
      <ArticleHeader post={post} />
      <ArticleCover cover={post.cover} picture={post.picture} alt={post.coverAlt} caption={post.coverCaption} />
      <div className="mt-10">
        <ArticleBody html={post.html} />
      </div>
      {loaderData.responses && <PostResponses responses={loaderData.responses} />}
      {loaderData.fediverse && <FediverseHandles className="mt-8" />}
      {loaderData.newsletter && <NewsletterForm source={postPath(post)} className="mt-16" />}
      {(post.newer || post.older) && (
        <nav aria-label={t.blog.morePosts} className="mt-16 grid gap-4 border-t border-line pt-8 sm:grid-cols-2">
          {post.older && (
            <LocalLink
              to={`/blog/${post.older.slug}`}
              className="group rounded-xl border border-line p-4 hover:border-accent"
            >
              <span className="flex items-center gap-1 text-sm text-fg-muted">
                <ArrowLeft className="size-4" aria-hidden="true" />
                {t.blog.previous}
              </span>
              <span className="mt-1 block font-medium group-hover:text-accent">{post.older.title}</span>
            </LocalLink>
          )}
          {post.newer && (
            <LocalLink
              to={`/blog/${post.newer.slug}`}
              className="group rounded-xl border border-line p-4 text-right hover:border-accent sm:col-start-2"
            >
              <span className="flex items-center justify-end gap-1 text-sm text-fg-muted">
                {t.blog.next}
                <ArrowRight className="size-4" aria-hidden="true" />
              </span>
              <span className="mt-1 block font-medium group-hover:text-accent">{post.newer.title}</span>
            </LocalLink>
          )}
        </nav>
      )}
    </article>
  );
}

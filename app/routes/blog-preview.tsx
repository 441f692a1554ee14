import { data } from "react-router";
import { DraftArticle } from "~/components/blog/DraftArticle.tsx";
import type { LanguageSwitch } from "~/components/layout/LanguageToggle.tsx";
import { NotFound } from "~/components/NotFound.tsx";
import { dictionaryFor, format, type Lang, langFromPath, localizePath } from "~/i18n";
import { isDataRequest } from "~/lib/data-request.ts";
import { formatDate } from "~/lib/dates.ts";
import { notFoundMeta } from "~/lib/not-found.ts";
import { privatePageMeta } from "~/lib/seo.ts";
import { draftPage } from "~/server/blog/draft-preview.server.ts";
import { findSharedPost } from "~/server/blog/share-links.server.ts";
import { articleHtmlContext, servicesIfServing } from "~/server/request-context.server.ts";
import type { Route } from "./+types/blog-preview";

/**
 * Whoever holds the link, and only them: never cached anywhere, never
 * indexed, and the address (its token) never sent on as a referrer.
 */
const PRIVATE = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
};

const otherLang = (lang: Lang): Lang => (lang === "pt" ? "en" : "pt");

/**
 * A draft shared by its author: its latest saved version, to anyone with the
 * link, signed in or not, for 7 days. A revoked, expired or made-up token is
 * the site's usual 404, and tells nothing of why.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const lang = langFromPath(pathname);
  const db = servicesIfServing(context)?.db;
  const shared = db ? await findSharedPost(db, params.token) : undefined;
  if (!db || !shared) return data({ found: false as const }, { status: 404, headers: PRIVATE });
  const { html, ...post } = await draftPage(db, shared);
  const languageSwitch: LanguageSwitch = { path: localizePath("/blog", otherLang(lang)), kind: "no-translation" };
  const view = { ...post, dateLabel: formatDate(post.publishedAt, lang) };
  // As an article: a document's body comes with the server's render, loader data carries it after a navigation.
  if (isDataRequest(pathname))
    return data({ found: true as const, languageSwitch, post: { ...view, html } }, { headers: PRIVATE });
  context.set(articleHtmlContext, html);
  return data({ found: true as const, languageSwitch, post: { ...view, html: undefined } }, { headers: PRIVATE });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  if (!loaderData?.found) return notFoundMeta(location.pathname);
  const texts = dictionaryFor(langFromPath(location.pathname)).blog.preview;
  return [
    ...privatePageMeta(format(texts.title, { title: loaderData.post.title }), location.pathname),
    // Its address is the key to it: never sent to the sites its links lead to.
    { name: "referrer", content: "no-referrer" },
  ];
};

export default function BlogPreviewPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <NotFound />;
  return <DraftArticle post={loaderData.post} />;
}

import { data } from "react-router";
import { editorHref } from "~/components/admin/editor/editor-url.ts";
import { SharePanel, type ShareResult } from "~/components/admin/SharePanel.tsx";
import { DraftArticle } from "~/components/blog/DraftArticle.tsx";
import { ArrowLeft } from "~/components/icons";
import type { SignedInHandle } from "~/components/layout/AuthButtons.tsx";
import { NotFound } from "~/components/NotFound.tsx";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import type { HydrationHandle } from "~/first-paint/held-hydration.ts";
import { dictionaryFor, format, langFromPath, localizePath, useT } from "~/i18n";
import { isDataRequest } from "~/lib/data-request.ts";
import { formatDate } from "~/lib/dates.ts";
import { notFound, notFoundMeta } from "~/lib/not-found.ts";
import { absoluteUrl, privatePageMeta } from "~/lib/seo.ts";
import { authorContext, requireAuthor } from "~/server/auth/guard.server.ts";
import { draftPage } from "~/server/blog/draft-preview.server.ts";
import { findOwnPost } from "~/server/blog/posts.server.ts";
import { createShareLink, listShareLinks, revokeShareLink } from "~/server/blog/share-links.server.ts";
import { readForm } from "~/server/form.server.ts";
import { articleHtmlContext, servicesOf } from "~/server/request-context.server.ts";
import type { Route } from "./+types/admin-blog-post-preview";

// Runs before the loader and the action, on document and data requests alike: a visitor never reaches either.
export const middleware: Route.MiddlewareFunction[] = [requireAuthor];

// The copy button works as soon as the page's scripts arrive.
export const handle = { hydrateAtOnce: true, signedIn: true } satisfies HydrationHandle & SignedInHandle;

/**
 * One of the author's posts as its public page will show it: its latest
 * saved version, in the article's own layout, under a banner, with the links
 * that share it. Another author's post, or one in the trash, is not found.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const lang = langFromPath(pathname);
  const author = context.get(authorContext);
  const { db } = servicesOf(context);
  const post = await findOwnPost(db, author.id, params.id);
  if (!post) return notFound();
  const [{ html, ...page }, links] = await Promise.all([draftPage(db, post), listShareLinks(db, author.id, post.id)]);
  const view = {
    found: true as const,
    post: { ...page, dateLabel: formatDate(page.publishedAt, lang) },
    links: links.map((link) => ({ id: link.id, createdAt: link.createdAt.toISOString() })),
  };
  if (isDataRequest(pathname)) return { ...view, post: { ...view.post, html } };
  context.set(articleHtmlContext, html);
  return { ...view, post: { ...view.post, html: undefined } };
}

/** Makes a link to share the draft (its address shown this once), or revokes one. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const texts = dictionaryFor(lang).admin.manage;
  const author = context.get(authorContext);
  const { db } = servicesOf(context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const reply = (status: number, body: ShareResult) => data(body, { status });
  if (intent === "share") {
    const made = await createShareLink(db, author.id, params.id);
    if (!made) return reply(404, { ok: false, intent, message: texts.notFound });
    const post = await findOwnPost(db, author.id, params.id);
    const url = absoluteUrl(localizePath(`/blog/preview/${made.token}`, post?.lang === "en" ? "en" : "pt"));
    return reply(201, { ok: true, intent, message: texts.share.created, url });
  }
  if (intent === "revoke") {
    const revoked = await revokeShareLink(db, author.id, params.id, String(form.get("linkId") ?? ""));
    if (!revoked) return reply(404, { ok: false, intent, message: texts.share.linkNotFound });
    return reply(200, { ok: true, intent, message: texts.share.revoked });
  }
  return reply(400, { ok: false, intent, message: dictionaryFor(lang).admin.errors.unknownIntent });
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  if (!loaderData?.found) return notFoundMeta(location.pathname);
  const texts = dictionaryFor(langFromPath(location.pathname)).blog.preview;
  return privatePageMeta(format(texts.title, { title: loaderData.post.title }), location.pathname);
};

export default function AdminPostPreviewPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useT();
  if (!loaderData.found) return <NotFound />;
  return (
    <DraftArticle post={loaderData.post}>
      {/* Back where the author came from to preview: the post's editor. */}
      <LocalLink
        to={editorHref("/admin/blog", params.id)}
        className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium underline underline-offset-2"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t.admin.editor.backToEditor}
      </LocalLink>
      <SharePanel links={loaderData.links} result={actionData} />
    </DraftArticle>
  );
}

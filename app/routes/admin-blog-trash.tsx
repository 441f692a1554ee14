import { data } from "react-router";
import { PostsSubpageHeader } from "~/components/admin/PostsSubpageHeader.tsx";
import { type TrashedRow, TrashList } from "~/components/admin/TrashList.tsx";
import type { SignedInHandle } from "~/components/layout/AuthButtons.tsx";
import type { HydrationHandle } from "~/first-paint/held-hydration.ts";
import { dictionaryFor, isLang, langFromPath, useT } from "~/i18n";
import { adminPageMeta } from "~/lib/seo.ts";
import { authorContext, requireAuthor } from "~/server/auth/guard.server.ts";
import { listTrash } from "~/server/blog/trash.server.ts";
import { trashAction } from "~/server/blog/trash-actions.server.ts";
import { countUnread } from "~/server/contact/messages.server.ts";
import { readForm } from "~/server/form.server.ts";
import { servicesOf } from "~/server/request-context.server.ts";
import type { Route } from "./+types/admin-blog-trash";

// Runs before the loader and the action, on document and data requests alike: a visitor never reaches either.
export const middleware: Route.MiddlewareFunction[] = [requireAuthor];

// A screen of controls: hydrated as soon as its scripts arrive, not after its first paint.
export const handle = { hydrateAtOnce: true, signedIn: true } satisfies HydrationHandle & SignedInHandle;

export const meta: Route.MetaFunction = ({ location }) =>
  adminPageMeta(dictionaryFor(langFromPath(location.pathname)).admin.manage.trash, location.pathname);

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = servicesOf(context);
  const author = context.get(authorContext);
  const [posts, unread] = await Promise.all([listTrash(db, author.id), countUnread(db)]);
  return {
    unread,
    posts: posts.map(
      (post): TrashedRow => ({
        id: post.id,
        title: post.title,
        lang: isLang(post.lang) ? post.lang : "pt",
        deletedAt: post.deletedAt.toISOString(),
        purgeAt: post.purgeAt.toISOString(),
      }),
    ),
  };
}

/** Moves a post to the trash (the list's delete), restores it, or deletes it for good. */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const result = await trashAction(
    servicesOf(context),
    await readForm(request),
    context.get(authorContext),
    dictionaryFor(lang).admin,
  );
  return data(result.body, { status: result.status });
}

export default function AdminTrashPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const texts = t.admin.manage.trash;
  return (
    <>
      <PostsSubpageHeader unread={loaderData.unread} heading={texts.title} lead={texts.description} />
      <div className="container-page py-10">
        <TrashList posts={loaderData.posts} />
      </div>
    </>
  );
}

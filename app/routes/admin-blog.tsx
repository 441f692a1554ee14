import { useCallback, useEffect, useState } from "react";
import { data, useBlocker, useFetchers, useNavigation, useRevalidator } from "react-router";
import { AdminNav } from "~/components/admin/AdminNav.tsx";
import { PostForm } from "~/components/admin/PostForm.tsx";
import { PostList } from "~/components/admin/PostList.tsx";
import type { EditablePost, NewPostStart } from "~/components/admin/post-types.ts";
import { Plus } from "~/components/icons";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import type { HydrationHandle } from "~/first-paint/held-hydration.ts";
import { dictionaryFor, format, isLang, langFromPath, languages, useT } from "~/i18n";
import { pageSeo } from "~/lib/seo.ts";
import { authorContext, requireAuthor } from "~/server/auth/guard.server.ts";
import { savePostAction } from "~/server/blog/admin-actions.server.ts";
import { listPostsPage, readListFilters } from "~/server/blog/admin-list.server.ts";
import { isScheduled, listOwnPosts, tagsInUse, translationsOf } from "~/server/blog/posts.server.ts";
import { pendingVersions } from "~/server/blog/revisions.server.ts";
import { tagNamesOfPosts } from "~/server/blog/tags.server.ts";
import { countUnread } from "~/server/contact/messages.server.ts";
import { readForm } from "~/server/form.server.ts";
import { services } from "~/server/services.server.ts";
import type { Route } from "./+types/admin-blog";

// Runs before any loader or action of this page, on document and data requests alike.
export const middleware: Route.MiddlewareFunction[] = [requireAuthor];

// A screen of controls: hydrated as soon as its scripts arrive, not after its first paint.
export const handle = { hydrateAtOnce: true } satisfies HydrationHandle;

export const meta: Route.MetaFunction = ({ location }) => [
  ...pageSeo("adminBlog", location.pathname),
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const author = context.get(authorContext);
  const { db } = services();
  const posts = await listOwnPosts(db, author.id);
  const translations = await translationsOf(db, posts);
  // A published post's autosaved changes are what its editor opens with.
  const pending = await pendingVersions(
    db,
    posts.filter((post) => post.published).map((post) => post.id),
  );
  const [pt, en] = await Promise.all(languages.map((lang) => tagsInUse(db, author.id, lang)));
  // The editor shows tags by the names authors typed; the list is filtered by the address.
  const tagNames = await tagNamesOfPosts(
    db,
    posts.map((post) => pending.get(post.id) ?? post),
  );
  const list = await listPostsPage(db, author.id, readListFilters(new URL(request.url).searchParams));
  return {
    list,
    unreadMessages: await countUnread(db),
    author: { login: author.login },
    tagSuggestions: { pt: pt ?? [], en: en ?? [] },
    posts: posts.map((post): EditablePost => {
      const translation = translations.get(post.id);
      const version = pending.get(post.id) ?? post;
      return {
        id: post.id,
        title: version.title,
        slug: version.slug,
        content: version.content,
        excerpt: version.excerpt,
        coverImage: version.coverImage,
        published: post.published,
        pending: pending.has(post.id),
        lang: isLang(version.lang) ? version.lang : "pt",
        tags: version.tags.map((tag) => tagNames[isLang(version.lang) ? version.lang : "pt"][tag] ?? tag),
        translation: translation ? { id: translation.id, title: translation.title } : null,
        scheduledAt: isScheduled(post) ? (post.publishedAt?.toISOString() ?? null) : null,
        updatedAt: post.updatedAt.toISOString(),
      };
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const result = await savePostAction(await readForm(request), context.get(authorContext), dictionaryFor(lang).admin);
  return data(result.body, { status: result.status });
}

type FormState =
  | { mode: "closed" }
  | { mode: "create"; start: NewPostStart; key: number }
  | { mode: "edit"; post: EditablePost };

export default function AdminBlogPage({ loaderData }: Route.ComponentProps) {
  const { lang, t } = useT();
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const [dirty, setDirty] = useState(false);
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // A fetcher in "loading" has finished its save or delete and is reloading the list.
  const loading =
    revalidator.state === "loading" ||
    navigation.state === "loading" ||
    fetchers.some((fetcher) => fetcher.state === "loading");
  const close = useCallback(() => setForm({ mode: "closed" }), []);

  // Leaving with unsaved changes asks first: inside the site and when closing the tab.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(t.admin.unsavedChanges)) blocker.proceed();
    else blocker.reset();
  }, [blocker, t]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const confirmDiscard = () => !dirty || window.confirm(t.admin.unsavedChanges);

  return (
    <>
      <AdminNav unread={loaderData.unreadMessages} />
      <PageHeader heading={t.admin.title} lead={format(t.admin.signedInAs, { login: loaderData.author.login })}>
        <button
          type="button"
          onClick={() => {
            if (!confirmDiscard()) return;
            setDirty(false);
            // A new post is written in the language of this screen unless the author picks the other.
            setForm((current) =>
              current.mode === "create" ? { mode: "closed" } : { mode: "create", start: { lang }, key: Date.now() },
            );
          }}
          aria-expanded={form.mode === "create"}
          className="mt-6 inline-flex items-center gap-2 rounded-full bg-accent px-5 py-2.5 text-sm font-semibold text-accent-fg transition hover:bg-accent-strong"
        >
          <Plus className="size-4" aria-hidden="true" />
          {t.admin.newPost}
        </button>
      </PageHeader>
      <div className="container-page grid grid-cols-1 gap-8 py-10">
        {form.mode !== "closed" && (
          <PostForm
            author={loaderData.author.login}
            key={form.mode === "edit" ? form.post.id : `new-${form.key}`}
            post={form.mode === "edit" ? form.post : undefined}
            start={form.mode === "create" ? form.start : { lang }}
            posts={loaderData.posts}
            tagSuggestions={loaderData.tagSuggestions}
            onDone={close}
            onDirtyChange={setDirty}
          />
        )}
        <div>
          {loading && (
            <p role="status" className="mb-3 text-sm text-fg-muted">
              {t.admin.loading}
            </p>
          )}
          <PostList
            list={loaderData.list}
            posts={loaderData.posts}
            onEdit={(post) => {
              if (!confirmDiscard()) return;
              setDirty(false);
              setForm({ mode: "edit", post });
              window.scrollTo({ top: 0, behavior: "smooth" });
            }}
            onTranslate={(post) => {
              if (!confirmDiscard()) return;
              setDirty(false);
              setForm({
                mode: "create",
                key: Date.now(),
                start: {
                  lang: post.lang === "pt" ? "en" : "pt",
                  title: post.title,
                  tags: post.tags,
                  coverImage: post.coverImage,
                  translation: { id: post.id, title: post.title },
                },
              });
              window.scrollTo({ top: 0, behavior: "smooth" });
            }}
          />
        </div>
      </div>
    </>
  );
}

import { useCallback, useEffect, useRef, useState } from "react";
import {
  data,
  isRouteErrorResponse,
  type ShouldRevalidateFunctionArgs,
  useBlocker,
  useFetchers,
  useNavigation,
  useRevalidator,
  useRouteError,
  useSearchParams,
} from "react-router";
import { AdminNav } from "~/components/admin/AdminNav.tsx";
import { EDITOR_PARAM, isEditorSave } from "~/components/admin/editor/editor-url.ts";
import { PostForm } from "~/components/admin/PostForm.tsx";
import { PostList } from "~/components/admin/PostList.tsx";
import type { EditablePost, NewPostStart, PostActionResult } from "~/components/admin/post-types.ts";
import { Plus } from "~/components/icons";
import type { SignedInHandle } from "~/components/layout/AuthButtons.tsx";
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
import { readersByLang, settledPosts } from "~/server/newsletter/publish-choice.server.ts";
import { servicesIfServing, servicesOf } from "~/server/request-context.server.ts";
import { newsletterEnabled } from "~/server/services.server.ts";
import type { Route } from "./+types/admin-blog";

// Runs before any loader or action of this page, on document and data requests alike.
export const middleware: Route.MiddlewareFunction[] = [requireAuthor];

// A screen of controls: hydrated as soon as its scripts arrive, not after its first paint.
export const handle = { hydrateAtOnce: true, signedIn: true } satisfies HydrationHandle & SignedInHandle;

export const meta: Route.MetaFunction = ({ location }) => [
  ...pageSeo("adminBlog", location.pathname),
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const author = context.get(authorContext);
  const { db } = servicesOf(context);
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
  // Who a publication would mail, so the editor asks before it sends anything (the server asks again if it must).
  const newsletter = newsletterEnabled(servicesIfServing(context)) ? await readersByLang(db) : null;
  const mailed = newsletter
    ? await settledPosts(
        db,
        posts.filter((post) => !post.published || isScheduled(post)).map((post) => post.id),
      )
    : new Set<string>();
  return {
    list,
    newsletter,
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
        coverAlt: version.coverAlt,
        coverCaption: version.coverCaption,
        published: post.published,
        pending: pending.has(post.id),
        lang: isLang(version.lang) ? version.lang : "pt",
        tags: version.tags.map((tag) => tagNames[isLang(version.lang) ? version.lang : "pt"][tag] ?? tag),
        translation: translation ? { id: translation.id, title: translation.title } : null,
        scheduledAt: isScheduled(post) ? (post.publishedAt?.toISOString() ?? null) : null,
        updatedAt: post.updatedAt.toISOString(),
        // A post readers see is past the question; a draft or a scheduled one may still mail.
        mailed: (post.published && !isScheduled(post)) || mailed.has(post.id),
        seoDescription: post.seoDescription,
        socialTitle: post.socialTitle,
        socialDescription: post.socialDescription,
      };
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const result = await savePostAction(
    servicesOf(context),
    await readForm(request),
    context.get(authorContext),
    dictionaryFor(lang).admin,
  );
  return data(result.body, { status: result.status });
}

/**
 * What an editor's save met when it could not reach the server's answer: no
 * connection (the fetch failed), an expired session (the server sent the
 * author to sign in again), or the server failing. Said as an answer, so the
 * editor keeps its text and its screen instead of giving way to the error
 * page, and the page's signed-in state is left as it is.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = String((await request.clone().formData()).get("intent") ?? "");
  try {
    return await serverAction();
  } catch (error) {
    const texts = dictionaryFor(langFromPath(new URL(request.url).pathname));
    const failed = (extra: Partial<PostActionResult>, message: string): PostActionResult => ({
      ok: false,
      intent,
      message,
      ...extra,
    });
    if (error instanceof Response && error.status >= 300 && error.status < 400) {
      return failed({ signedOut: true }, texts.auth.loginRequired);
    }
    if (error instanceof TypeError) return failed({ network: true }, texts.admin.errors.network);
    return failed({ serverError: true }, texts.admin.editor.status.serverError);
  }
}

/** The last list this page had: shown on when reloading it fails for want of a connection. */
let lastLoaderData: Awaited<ReturnType<typeof loader>> | undefined;

/** Reloads the list; offline, the page keeps the one it has rather than give way to the error page. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    lastLoaderData = await serverLoader();
    return lastLoaderData;
  } catch (error) {
    if (error instanceof TypeError && lastLoaderData) return lastLoaderData;
    throw error;
  }
}

/**
 * The editor's saves do not reload the list (hidden while the editor is
 * open; it reloads when the editor closes), nor does opening the editor;
 * a save that never reached the server changed nothing to reload.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formData,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const result = actionResult as PostActionResult | undefined;
  if (result?.network || result?.signedOut) return false;
  if (formData && isEditorSave(String(formData.get("intent") ?? ""))) return false;
  if (!formData && nextUrl.searchParams.has(EDITOR_PARAM) && currentUrl.pathname === nextUrl.pathname) {
    const others = (url: URL) => {
      const params = new URLSearchParams(url.search);
      params.delete(EDITOR_PARAM);
      return params.toString();
    };
    if (others(currentUrl) === others(nextUrl) && currentUrl.search !== nextUrl.search) return false;
  }
  return defaultShouldRevalidate;
}

type FormState =
  | { mode: "closed" }
  /** `id`: the post the new one became once saved. */
  | { mode: "create"; start: NewPostStart; key: number; id?: string }
  | { mode: "edit"; post: EditablePost };

/** What the editor's address says of a state. */
const paramOf = (form: FormState) =>
  form.mode === "closed" ? null : form.mode === "edit" ? form.post.id : (form.id ?? "new");

/** The state an editor address opens: a new post, one of the author's posts, or none. */
function stateOf(param: string | null, posts: readonly EditablePost[], lang: NewPostStart["lang"]): FormState {
  if (param === "new") return { mode: "create", start: { lang }, key: Date.now() };
  const post = param ? posts.find((candidate) => candidate.id === param) : undefined;
  return post ? { mode: "edit", post } : { mode: "closed" };
}

export default function AdminBlogPage({ loaderData }: Route.ComponentProps) {
  const { lang, t } = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get(EDITOR_PARAM);
  const [form, setFormState] = useState<FormState>(() => stateOf(param, loaderData.posts, lang));
  const [dirty, setDirty] = useState(false);
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // A fetcher in "loading" has finished its save or delete and is reloading the list.
  const loading =
    revalidator.state === "loading" ||
    navigation.state === "loading" ||
    fetchers.some((fetcher) => fetcher.state === "loading");

  useEffect(() => {
    lastLoaderData = loaderData;
  }, [loaderData]);

  /** Opens (or closes) the editor and writes it in the address, so a reload comes back to it. */
  const setForm = useCallback(
    (next: FormState, replace = false) => {
      setFormState(next);
      const value = paramOf(next);
      setSearchParams(
        (params) => {
          if (value) params.set(EDITOR_PARAM, value);
          else params.delete(EDITOR_PARAM);
          return params;
        },
        { replace, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );
  // The address changed by itself (back, forward, a link): the editor follows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of address is followed, not of the list
  useEffect(() => {
    setFormState((current) => (paramOf(current) === param ? current : stateOf(param, loaderData.posts, lang)));
  }, [param]);
  useEffect(() => {
    if (form.mode === "closed") setDirty(false);
  }, [form.mode]);

  const close = useCallback(() => setForm({ mode: "closed" }), [setForm]);

  // The versions the editor saved in this visit. The list's data comes back after the editor
  // closes; a post opened again before it has must not open on its older version.
  const savedVersions = useRef(new Map<string, string>());
  const onSaved = useCallback((id: string, updatedAt: string) => {
    savedVersions.current.set(id, updatedAt);
  }, []);
  const [opening, setOpening] = useState<{ id: string; reloaded: boolean } | undefined>(undefined);
  const isOlder = (post: EditablePost) => (savedVersions.current.get(post.id) ?? "") > post.updatedAt;
  const edit = (post: EditablePost) => {
    if (!isOlder(post)) return setForm({ mode: "edit", post });
    setOpening({ id: post.id, reloaded: false });
    if (!loading) revalidator.revalidate();
  };
  // The post opens once the list has its newer version, or once reloading is over (offline, say: the
  // editor's version check then keeps the author's text safe).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's data and its loading state are what is waited for
  useEffect(() => {
    if (!opening) return;
    if (loading && !opening.reloaded) return setOpening({ ...opening, reloaded: true });
    const post = loaderData.posts.find((candidate) => candidate.id === opening.id);
    if (!post) return setOpening(undefined);
    if (isOlder(post) && (loading || !opening.reloaded)) return;
    setOpening(undefined);
    setForm({ mode: "edit", post });
  }, [opening, loading, loaderData]);
  // The address of a new post that became one: the same editor, not a leaving.
  const renamed = useRef<string | undefined>(undefined);
  const created = useCallback(
    (id: string) => {
      if (form.mode !== "create") return;
      renamed.current = id;
      // The new post stays open as it is; only the address now names it.
      setForm({ ...form, id }, true);
    },
    [form, setForm],
  );

  // Leaving with unsaved changes asks first: inside the site, the editor's own address, and when closing the tab.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (!dirty) return false;
    if (currentLocation.pathname !== nextLocation.pathname) return true;
    const next = new URLSearchParams(nextLocation.search).get(EDITOR_PARAM);
    return new URLSearchParams(currentLocation.search).get(EDITOR_PARAM) !== next && next !== renamed.current;
  });
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

  // The desk is a screen of its own, right under the site's header: its title row has the way back.
  if (form.mode !== "closed") {
    return (
      <div className="container-page pt-3 pb-10">
        <PostForm
          author={loaderData.author.login}
          key={form.mode === "edit" ? form.post.id : `new-${form.key}`}
          post={form.mode === "edit" ? form.post : undefined}
          start={form.mode === "create" ? form.start : { lang }}
          posts={loaderData.posts}
          tagSuggestions={loaderData.tagSuggestions}
          newsletter={loaderData.newsletter}
          onClose={close}
          onCreated={created}
          onSaved={onSaved}
          onDirtyChange={setDirty}
        />
      </div>
    );
  }

  return (
    <>
      <AdminNav unread={loaderData.unreadMessages} />
      <PageHeader heading={t.admin.title} lead={format(t.admin.signedInAs, { login: loaderData.author.login })}>
        <button
          type="button"
          onClick={() =>
            // A new post is written in the language of this screen unless the author picks the other.
            setForm({ mode: "create", start: { lang }, key: Date.now() })
          }
          className="mt-6 inline-flex items-center gap-2 rounded-full bg-accent px-5 py-2.5 text-sm font-semibold text-accent-fg transition hover:bg-accent-strong"
        >
          <Plus className="size-4" aria-hidden="true" />
          {t.admin.newPost}
        </button>
      </PageHeader>
      <div className="container-page grid grid-cols-1 gap-8 py-10">
        {/* The list comes back fresh when the editor closes. */}
        <div>
          {(loading || opening) && (
            <p role="status" className="mb-3 text-sm text-fg-muted">
              {t.admin.loading}
            </p>
          )}
          <PostList
            list={loaderData.list}
            posts={loaderData.posts}
            onEdit={edit}
            onTranslate={(post) =>
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
              })
            }
          />
        </div>
      </div>
    </>
  );
}

/**
 * An error inside the admin keeps the site around it (the header stays
 * signed in) and says that nothing typed is lost: the editor's copy in this
 * browser is offered when the post is opened again.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useT();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="container-page py-20 text-center" role="alert">
      <h1 className="text-3xl font-bold tracking-tight">{t.error.heading}</h1>
      <p className="mt-4 text-fg-muted">{t.error.description}</p>
      <p className="mt-2 text-fg-muted">{t.admin.editor.errorKept}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-8 inline-flex rounded-full bg-accent px-5 py-2.5 font-medium text-accent-fg hover:bg-accent-strong"
      >
        {t.admin.editor.reload}
      </button>
    </div>
  );
}

import { useEffect, useId, useRef } from "react";
import { Form, Link, useFetcher } from "react-router";
import { ArrowLeft, ArrowRight, ArrowUpRight, Download, Eye, Globe, Pencil, Tag, Trash2 } from "~/components/icons";
import { notify } from "~/components/layout/Toasts.tsx";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { format, localizePath, useT } from "~/i18n";
import type { ListedPost, PostListPage, PostStatus } from "~/server/blog/admin-list.server.ts";
import type { TrashActionBody } from "~/server/blog/trash-actions.server.ts";
import { LocalDateTime } from "./LocalDateTime.tsx";
import type { EditablePost } from "./post-types.ts";

/** One fetcher shared by every delete button, so its answer is read here, where it outlives the deleted row. */
const TRASH_FETCHER = "trash-post";

const control =
  "w-full min-w-0 rounded-xl border border-line bg-bg px-3.5 py-2 text-sm text-fg outline-none transition focus:border-accent";
const action =
  "inline-flex items-center gap-1.5 rounded-full border border-line px-3.5 py-2 text-sm hover:border-accent hover:text-accent";

/**
 * The author's posts: filters in the address (a plain GET form), a page of 50
 * newest first, each row with its title leading to the editor, its status in
 * the editor's words, its dates in the author's time zone, and its actions;
 * deleting moves a post to the trash, with an undo in the toast.
 */
export function PostList({
  list,
  posts,
  onEdit,
  onTranslate,
}: {
  list: PostListPage;
  /** Every post the editor may open, by id (the rows name them). */
  posts: EditablePost[];
  onEdit: (post: EditablePost) => void;
  /** Starts a new post in the other language, linked to this one. */
  onTranslate: (post: EditablePost) => void;
}) {
  const { lang, t } = useT();
  const texts = t.admin.manage;
  const trashPath = localizePath("/admin/blog/trash", lang);
  const trash = useFetcher<TrashActionBody>({ key: TRASH_FETCHER });
  const undo = useFetcher<TrashActionBody>();
  const handled = useRef<TrashActionBody | undefined>(undefined);
  useEffect(() => {
    const result = trash.data;
    if (trash.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (!result.ok) return notify("error", result.message);
    // The row and its button are gone: the keyboard goes on from the list's heading.
    document.getElementById("post-list-heading")?.focus();
    const { id } = result;
    notify(
      "success",
      result.message,
      id
        ? {
            label: texts.undo,
            onClick: () => undo.submit({ intent: "untrash", id }, { method: "post", action: trashPath }),
          }
        : undefined,
    );
  }, [trash.state, trash.data, texts.undo, undo, trashPath]);
  const undone = useRef<TrashActionBody | undefined>(undefined);
  useEffect(() => {
    const result = undo.data;
    if (undo.state !== "idle" || !result || undone.current === result) return;
    undone.current = result;
    notify(result.ok ? "success" : "error", result.message);
  }, [undo.state, undo.data]);

  const byId = new Map(posts.map((post) => [post.id, post]));
  const filtered = Boolean(list.filters.status || list.filters.lang || list.filters.tag || list.filters.q);
  return (
    <section aria-labelledby="post-list-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* The outline goes from the page's title to each post's without skipping a level. */}
        <h2 id="post-list-heading" tabIndex={-1} className="text-xl font-bold tracking-tight outline-none">
          {t.admin.listHeading}
        </h2>
        <div className="flex flex-wrap gap-2">
          <LocalLink to="/admin/blog/tags" className={action}>
            <Tag className="size-4" aria-hidden="true" />
            {texts.tagsLink}
          </LocalLink>
          <LocalLink to="/admin/blog/transfer" className={action} data-testid="transfer-link">
            <Download className="size-4" aria-hidden="true" />
            {t.admin.transfer.link}
          </LocalLink>
          <LocalLink to="/admin/blog/trash" className={action} data-testid="trash-link">
            <Trash2 className="size-4" aria-hidden="true" />
            {format(texts.trashLink, { count: list.trashed })}
          </LocalLink>
        </div>
      </div>
      <Filters list={list} filtered={filtered} />
      <p className="text-sm text-fg-muted" role="status" data-testid="post-count">
        {list.total === 1 ? texts.countOne : format(texts.count, { count: list.total })}
      </p>
      {list.posts.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-8 text-center text-fg-muted">
          {filtered ? texts.noMatch : t.admin.empty}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3" data-testid="admin-post-list">
          {list.posts.map((row) => (
            <PostRow
              key={row.id}
              row={row}
              post={byId.get(row.id)}
              trashPath={trashPath}
              onEdit={onEdit}
              onTranslate={onTranslate}
            />
          ))}
        </ul>
      )}
      {list.pages > 1 && <Pages list={list} />}
    </section>
  );
}

/** The filters, as a GET form: the list's address says what it shows, with or without scripts. */
function Filters({ list, filtered }: { list: PostListPage; filtered: boolean }) {
  const { lang, t } = useT();
  const texts = t.admin.manage;
  const id = useId();
  const { filters } = list;
  return (
    <Form
      method="get"
      role="search"
      aria-label={texts.filters}
      className="grid grid-cols-2 gap-3 rounded-2xl border border-line bg-surface p-4 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]"
      data-testid="post-filters"
    >
      <label className="col-span-2 grid gap-1 text-sm font-medium lg:col-span-1" htmlFor={`${id}-q`}>
        {texts.search}
        <input
          id={`${id}-q`}
          type="search"
          name="q"
          defaultValue={filters.q ?? ""}
          placeholder={texts.searchPlaceholder}
          maxLength={100}
          className={control}
        />
      </label>
      <label className="grid gap-1 text-sm font-medium" htmlFor={`${id}-status`}>
        {texts.status}
        <select id={`${id}-status`} name="status" defaultValue={filters.status ?? ""} className={control}>
          <option value="">{texts.statusAll}</option>
          {(["draft", "published", "pending", "scheduled"] as const).map((status) => (
            <option key={status} value={status}>
              {texts.statuses[status]}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm font-medium" htmlFor={`${id}-lang`}>
        {texts.language}
        <select id={`${id}-lang`} name="lang" defaultValue={filters.lang ?? ""} className={control}>
          <option value="">{texts.languageAll}</option>
          <option value="pt">{t.admin.languageNames.pt}</option>
          <option value="en">{t.admin.languageNames.en}</option>
        </select>
      </label>
      <label className="grid gap-1 text-sm font-medium" htmlFor={`${id}-tag`}>
        {texts.tag}
        <select id={`${id}-tag`} name="tag" defaultValue={filters.tag ?? ""} className={control}>
          <option value="">{texts.tagAll}</option>
          {list.tagOptions.map((option) => (
            <option key={option.slug} value={option.slug}>
              {option.name}
            </option>
          ))}
        </select>
      </label>
      <div className="flex flex-wrap items-end gap-2">
        <button
          type="submit"
          className="inline-flex items-center rounded-full bg-accent px-4 py-2 text-sm font-semibold text-accent-fg hover:bg-accent-strong"
        >
          {texts.apply}
        </button>
        {filtered && (
          <Link to={localizePath("/admin/blog", lang)} className="px-2 py-2 text-sm font-medium text-accent underline">
            {texts.clear}
          </Link>
        )}
      </div>
    </Form>
  );
}

/** The list's pages: previous, where this is, next; each keeps the filters. */
function Pages({ list }: { list: PostListPage }) {
  const { lang, t } = useT();
  const texts = t.admin.manage;
  const hrefOf = (page: number) => {
    const params = new URLSearchParams();
    for (const key of ["q", "status", "lang", "tag"] as const) {
      const value = list.filters[key];
      if (value) params.set(key, value);
    }
    if (page > 1) params.set("page", String(page));
    const query = params.toString();
    return `${localizePath("/admin/blog", lang)}${query ? `?${query}` : ""}`;
  };
  return (
    <nav aria-label={texts.pages} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      {list.page > 1 ? (
        <Link to={hrefOf(list.page - 1)} className={action} rel="prev">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {texts.previousPage}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-fg-muted">{format(texts.pageOf, { page: list.page, pages: list.pages })}</span>
      {list.page < list.pages ? (
        <Link to={hrefOf(list.page + 1)} className={action} rel="next">
          {texts.nextPage}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

const badge: Record<PostStatus, string> = {
  draft: "bg-surface-2 text-fg-muted",
  published: "bg-accent-soft text-accent-soft-fg",
  pending: "bg-accent-soft text-accent-soft-fg",
  scheduled: "bg-accent-soft text-accent-soft-fg",
};

function PostRow({
  row,
  post,
  trashPath,
  onEdit,
  onTranslate,
}: {
  row: ListedPost;
  post: EditablePost | undefined;
  trashPath: string;
  onEdit: (post: EditablePost) => void;
  onTranslate: (post: EditablePost) => void;
}) {
  const { lang, t } = useT();
  const texts = t.admin.manage;
  const trash = useFetcher<TrashActionBody>({ key: TRASH_FETCHER });
  const busy = trash.state !== "idle" && trash.formData?.get("id") === row.id;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-bg p-4 lg:flex-row lg:items-center lg:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 max-w-full font-semibold [overflow-wrap:anywhere]">
            <Link
              to={`${localizePath("/admin/blog", lang)}?post=${row.id}`}
              className="hover:text-accent hover:underline"
            >
              {row.title}
            </Link>
          </h3>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${badge[row.status]}`}
            data-testid="post-status"
          >
            {row.status === "scheduled" && row.scheduledAt ? (
              <LocalDateTime iso={row.scheduledAt} template={t.admin.scheduledFor} />
            ) : row.status === "pending" ? (
              texts.pending
            ) : row.status === "published" ? (
              t.admin.published
            ) : (
              t.admin.draft
            )}
          </span>
          <span className="rounded-full border border-line px-2 py-0.5 text-xs font-medium text-fg-muted">
            {t.admin.languageNames[row.lang]}
          </span>
        </div>
        {post?.excerpt && (
          <p className="mt-1 line-clamp-2 text-sm text-fg-muted [overflow-wrap:anywhere]">{post.excerpt}</p>
        )}
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-fg-muted">
          <LocalDateTime iso={row.createdAt} template={texts.created} />
          {row.publishedAt && <LocalDateTime iso={row.publishedAt} template={texts.publishedOn} />}
          <LocalDateTime iso={row.updatedAt} template={texts.edited} />
        </p>
        {row.tags.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t.admin.fields.tags}>
            {row.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-surface-2 px-2 py-0.5 text-xs text-fg-muted">
                {tag}
              </li>
            ))}
          </ul>
        )}
        {post?.translation && (
          <p className="mt-1 text-xs text-fg-muted [overflow-wrap:anywhere]">
            {format(t.admin.translatedAs, { title: post.translation.title })}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {row.publicPath && (
          <a href={row.publicPath} aria-label={format(texts.viewPost, { title: row.title })} className={action}>
            <ArrowUpRight className="size-4" aria-hidden="true" />
            {texts.view}
          </a>
        )}
        <LocalLink
          to={`/admin/blog/${row.id}/preview`}
          aria-label={format(texts.previewPost, { title: row.title })}
          className={action}
        >
          <Eye className="size-4" aria-hidden="true" />
          {texts.preview}
        </LocalLink>
        {post && !post.translation && (
          <button
            type="button"
            onClick={() => onTranslate({ ...post, tags: row.translatedTags })}
            aria-label={format(t.admin.translatePost, {
              title: row.title,
              language: t.admin.languages[row.lang === "pt" ? "en" : "pt"],
            })}
            className={action}
          >
            <Globe className="size-4" aria-hidden="true" />
            {t.admin.translate}
          </button>
        )}
        {post && (
          <button
            type="button"
            onClick={() => onEdit(post)}
            aria-label={format(t.admin.editPost, { title: row.title })}
            className={action}
          >
            <Pencil className="size-4" aria-hidden="true" />
            {t.admin.edit}
          </button>
        )}
        <trash.Form method="post" action={trashPath}>
          <input type="hidden" name="intent" value="trash" />
          <input type="hidden" name="id" value={row.id} />
          <button
            type="submit"
            disabled={busy}
            aria-label={format(t.admin.deletePost, { title: row.title })}
            className={`${action} hover:border-danger hover:text-danger disabled:opacity-60`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {t.admin.delete}
          </button>
        </trash.Form>
      </div>
    </li>
  );
}

import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Globe, Pencil, Trash2 } from "~/components/icons";
import { notify } from "~/components/layout/Toasts.tsx";
import { format, useT } from "~/i18n";
import { postPath } from "~/lib/blog-paths.ts";
import { LocalDateTime } from "./LocalDateTime.tsx";
import type { EditablePost, PostActionResult } from "./post-types.ts";

/** The author's posts with their status, and edit and delete actions. */
/** One fetcher shared by every delete button, so the result is read here, where it outlives the deleted row. */
const DELETE_FETCHER = "delete-post";

export function PostList({
  posts,
  onEdit,
  onTranslate,
}: {
  posts: EditablePost[];
  onEdit: (post: EditablePost) => void;
  /** Starts a new post in the other language, linked to this one. */
  onTranslate: (post: EditablePost) => void;
}) {
  const { t } = useT();
  const deletion = useFetcher<PostActionResult>({ key: DELETE_FETCHER });
  const handled = useRef<PostActionResult | undefined>(undefined);
  useEffect(() => {
    const result = deletion.data;
    if (deletion.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) notify("success", result.message);
    else notify("error", result.message);
  }, [deletion.state, deletion.data]);

  if (posts.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line p-8 text-center text-fg-muted">{t.admin.empty}</p>
    );
  }
  return (
    <>
      {/* The outline goes from the page's title to each post's without skipping a level. */}
      <h2 className="sr-only">{t.admin.listHeading}</h2>
      <ul className="grid grid-cols-1 gap-3" data-testid="admin-post-list">
        {posts.map((post) => (
          <li
            key={post.id}
            className="flex flex-col gap-3 rounded-2xl border border-line bg-bg p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="min-w-0 max-w-full truncate font-semibold">{post.title}</h3>
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${
                    post.published ? "bg-accent-soft text-accent-soft-fg" : "bg-surface-2 text-fg-muted"
                  }`}
                >
                  {post.scheduledAt ? (
                    <LocalDateTime iso={post.scheduledAt} template={t.admin.scheduledFor} />
                  ) : post.published ? (
                    t.admin.published
                  ) : (
                    t.admin.draft
                  )}
                </span>
                <span className="rounded-full border border-line px-2 py-0.5 text-xs font-medium text-fg-muted">
                  {t.admin.languageNames[post.lang]}
                </span>
              </div>
              {post.excerpt && (
                <p className="mt-1 line-clamp-2 text-sm text-fg-muted [overflow-wrap:anywhere]">{post.excerpt}</p>
              )}
              <p className="mt-1 font-mono text-xs text-fg-muted [overflow-wrap:anywhere]">{postPath(post)}</p>
              {post.translation && (
                <p className="mt-1 text-xs text-fg-muted [overflow-wrap:anywhere]">
                  {format(t.admin.translatedAs, { title: post.translation.title })}
                </p>
              )}
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              {!post.translation && (
                <button
                  type="button"
                  onClick={() => onTranslate(post)}
                  aria-label={format(t.admin.translatePost, {
                    title: post.title,
                    language: t.admin.languages[post.lang === "pt" ? "en" : "pt"],
                  })}
                  className="inline-flex items-center gap-1.5 rounded-full border border-line px-3.5 py-2 text-sm hover:border-accent hover:text-accent"
                >
                  <Globe className="size-4" aria-hidden="true" />
                  {t.admin.translate}
                </button>
              )}
              <button
                type="button"
                onClick={() => onEdit(post)}
                aria-label={format(t.admin.editPost, { title: post.title })}
                className="inline-flex items-center gap-1.5 rounded-full border border-line px-3.5 py-2 text-sm hover:border-accent hover:text-accent"
              >
                <Pencil className="size-4" aria-hidden="true" />
                {t.admin.edit}
              </button>
              <DeleteButton post={post} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function DeleteButton({ post }: { post: EditablePost }) {
  const { t } = useT();
  const fetcher = useFetcher<PostActionResult>({ key: DELETE_FETCHER });

  return (
    <fetcher.Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(t.admin.confirmDelete)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={post.id} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        aria-label={format(t.admin.deletePost, { title: post.title })}
        className="inline-flex items-center gap-1.5 rounded-full border border-line px-3.5 py-2 text-sm hover:border-danger hover:text-danger disabled:opacity-60"
      >
        <Trash2 className="size-4" aria-hidden="true" />
        {t.admin.delete}
      </button>
    </fetcher.Form>
  );
}

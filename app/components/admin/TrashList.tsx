import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { RotateCcw, Trash2 } from "~/components/icons";
import { notify } from "~/components/layout/Toasts.tsx";
import { format, type Lang, localizePath, useT } from "~/i18n";
import { LocalDateTime } from "./LocalDateTime.tsx";

/** A post in the trash, as its row shows it. */
export interface TrashedRow {
  id: string;
  title: string;
  lang: Lang;
  deletedAt: string;
  purgeAt: string;
}

interface Result {
  ok: boolean;
  message: string;
}

const button =
  "inline-flex items-center gap-1.5 rounded-full border border-line px-3.5 py-2 text-sm font-medium hover:border-accent hover:text-accent disabled:opacity-60";

/** One fetcher shared by the rows, so its answer is read here, where it outlives the row it removed. */
const TRASH_FETCHER = "trash-row";

/** The author's posts in the trash, each with Restore and a two-step Delete forever. */
export function TrashList({ posts }: { posts: TrashedRow[] }) {
  const { t } = useT();
  const texts = t.admin.manage.trash;
  const fetcher = useFetcher<Result>({ key: TRASH_FETCHER });
  const shown = useRef<Result | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || shown.current === result) return;
    shown.current = result;
    notify(result.ok ? "success" : "error", result.message);
    // The row and its buttons are gone: the keyboard goes on from the list's heading.
    if (result.ok) document.getElementById("trash-heading")?.focus();
  }, [fetcher.state, fetcher.data]);
  return (
    <>
      <h2 id="trash-heading" tabIndex={-1} className="sr-only">
        {texts.heading}
      </h2>
      {posts.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-8 text-center text-fg-muted">{texts.empty}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3" data-testid="trash-list">
          {posts.map((post) => (
            <TrashRow key={post.id} post={post} />
          ))}
        </ul>
      )}
    </>
  );
}

function TrashRow({ post }: { post: TrashedRow }) {
  const { lang, t } = useT();
  const texts = t.admin.manage.trash;
  const fetcher = useFetcher<Result>({ key: TRASH_FETCHER });
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const askButton = useRef<HTMLButtonElement>(null);
  const action = localizePath("/admin/blog/trash", lang);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === post.id;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-bg p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 max-w-full font-semibold [overflow-wrap:anywhere]">{post.title}</h3>
          <span className="rounded-full border border-line px-2 py-0.5 text-xs font-medium text-fg-muted">
            {t.admin.languageNames[post.lang]}
          </span>
        </div>
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-fg-muted">
          <LocalDateTime iso={post.deletedAt} template={texts.deletedOn} />
          <LocalDateTime iso={post.purgeAt} template={texts.purgeOn} />
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <fetcher.Form method="post" action={action}>
          <input type="hidden" name="id" value={post.id} />
          <button
            type="submit"
            name="intent"
            value="untrash"
            disabled={busy}
            aria-label={format(texts.restorePost, { title: post.title })}
            className={button}
          >
            <RotateCcw className="size-4" aria-hidden="true" />
            {texts.restore}
          </button>
        </fetcher.Form>
        {confirming ? (
          <fetcher.Form method="post" action={action} className="flex flex-wrap gap-2">
            <input type="hidden" name="id" value={post.id} />
            <button
              ref={confirmButton}
              type="submit"
              name="intent"
              value="delete-forever"
              disabled={busy}
              aria-label={format(texts.confirmPost, { title: post.title })}
              className="inline-flex items-center gap-1.5 rounded-full bg-danger px-3.5 py-2 text-sm font-semibold text-bg hover:opacity-90 disabled:opacity-60"
            >
              <Trash2 className="size-4" aria-hidden="true" />
              {texts.confirm}
            </button>
            <button
              type="button"
              onClick={() => {
                setConfirming(false);
                requestAnimationFrame(() => askButton.current?.focus());
              }}
              className={button}
            >
              {texts.cancel}
            </button>
          </fetcher.Form>
        ) : (
          <button
            ref={askButton}
            type="button"
            onClick={() => setConfirming(true)}
            aria-label={format(texts.deleteForeverPost, { title: post.title })}
            className={`${button} hover:border-danger hover:text-danger`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {texts.deleteForever}
          </button>
        )}
      </div>
    </li>
  );
}

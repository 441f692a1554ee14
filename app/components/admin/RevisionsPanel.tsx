import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { notify } from "~/components/layout/Toasts.tsx";
import { format, htmlLang, useT } from "~/i18n";
import type { PostText } from "~/lib/post-actions.ts";
import { dateTime } from "./editor/times.ts";
import { LocalDateTime } from "./LocalDateTime.tsx";
import type { PostActionResult } from "./post-types.ts";
import { TextDiff } from "./TextDiff.tsx";

type Kind = "save" | "publish" | "update" | "schedule" | "restore" | "autosave";
type FieldName =
  | "title"
  | "slug"
  | "excerpt"
  | "content"
  | "coverImage"
  | "coverAlt"
  | "coverCaption"
  | "tags"
  | "lang";

interface RevisionSummary {
  id: string;
  kind: Kind;
  createdAt: string;
  changed: string[];
  linesAdded: number;
  linesRemoved: number;
}

/** A revision as the server answers it: what readers would see of the post then. */
export interface Revision extends PostText {
  id: string;
  createdAt: string;
}

/** The post as the form holds it now, to compare a revision with. */
export interface CurrentText {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  coverImage: string;
  coverAlt: string;
  coverCaption: string;
  tags: string[];
  lang: string;
}

const isField = (name: string): name is FieldName =>
  ["title", "slug", "excerpt", "content", "coverImage", "tags", "lang"].includes(name);

/**
 * A post's history: each revision with its time (in the author's zone, its
 * last change for an autosave), kind and what it changed; any of them
 * compared with the text in the form, and restored (a restore is a new
 * revision: nothing is overwritten). Restoring a revision of a post readers
 * see makes it the pending version, which the next publication puts live;
 * the confirmation says so. The server answers only the post's author.
 */
export function RevisionsPanel({
  postId,
  updatedAt,
  published,
  current,
  onRestored,
}: {
  postId: string;
  /** The version the form edits: a restore is refused if the post changed since. */
  updatedAt: string;
  /** Readers see the post: a restored revision waits for its publication. */
  published: boolean;
  current: CurrentText;
  /** The server restored `revision`; the form takes it, on the version `result` names. */
  onRestored: (revision: Revision, result: PostActionResult) => void;
}) {
  const { lang, t } = useT();
  const texts = t.admin.revisions;
  const headingId = useId();
  const confirmId = useId();
  const [list, setList] = useState<RevisionSummary[] | "loading" | "failed">("loading");
  const [shown, setShown] = useState<Revision | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const restore = useFetcher<PostActionResult>();
  const handled = useRef<PostActionResult | undefined>(undefined);
  const restoring = useRef<Revision | undefined>(undefined);

  // The list again after each save of the form: its newest revision may have changed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version of the post (updatedAt) is what reloads the list.
  useEffect(() => {
    let cancelled = false;
    fetch(`/admin/blog/revisions?post=${postId}&lang=${lang}`, { credentials: "same-origin" })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((body: { revisions: RevisionSummary[] }) => !cancelled && setList(body.revisions))
      .catch(() => !cancelled && setList("failed"));
    return () => {
      cancelled = true;
    };
  }, [postId, lang, updatedAt]);

  useEffect(() => {
    const result = restore.data;
    if (restore.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    notify(result.ok ? "success" : "error", result.message);
    const revision = restoring.current;
    restoring.current = undefined;
    if (result.ok && revision) {
      setShown(undefined);
      onRestored(revision, result);
    }
  }, [restore.state, restore.data, onRestored]);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const show = (id: string) =>
    fetch(`/admin/blog/revisions?post=${postId}&revision=${id}&lang=${lang}`, { credentials: "same-origin" })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((body: { revision: Revision }) => setShown(body.revision))
      .catch(() => notify("error", texts.failed));

  const fieldNames = (names: readonly string[]) =>
    names
      .filter(isField)
      .map((name) => texts.fieldNames[name])
      .join(", ");

  const summary = (revision: RevisionSummary, index: number, all: RevisionSummary[]) => {
    if (index === all.length - 1 && revision.changed.length === 7) return texts.first;
    if (revision.changed.length === 0) return texts.nothingChanged;
    const lines = revision.changed.includes("content")
      ? ` (${format(texts.lines, { added: revision.linesAdded, removed: revision.linesRemoved })})`
      : "";
    return `${format(texts.changedFields, { fields: fieldNames(revision.changed) })}${lines}`;
  };

  const differing = shown
    ? (["title", "slug", "excerpt", "coverImage", "coverAlt", "coverCaption", "tags", "lang"] as const).filter(
        (field) => fieldText(shown[field]) !== fieldText(current[field]),
      )
    : [];

  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-xl border border-line bg-bg p-4 text-sm">
      <h2 id={headingId} className="font-semibold">
        {texts.open}
      </h2>
      {list === "loading" && (
        <p role="status" className="mt-2 text-fg-muted">
          {texts.loading}
        </p>
      )}
      {list === "failed" && <p className="mt-2 text-danger">{texts.failed}</p>}
      {Array.isArray(list) && list.length === 0 && <p className="mt-2 text-fg-muted">{texts.empty}</p>}
      {Array.isArray(list) && list.length > 0 && (
        <ol className="mt-2 grid max-h-72 gap-1 overflow-auto" data-testid="revision-list">
          {list.map((revision, index, all) => (
            <li
              key={revision.id}
              className={`flex flex-wrap items-center justify-between gap-2 rounded-lg px-2 py-1.5 ${
                shown?.id === revision.id ? "bg-accent-soft text-accent-soft-fg" : ""
              }`}
            >
              <span className="min-w-0">
                <span className="font-medium">{texts.kinds[revision.kind]}</span>
                {" · "}
                <LocalDateTime iso={revision.createdAt} template="{date}" />
                <span
                  className={`block text-xs [overflow-wrap:anywhere] ${shown?.id === revision.id ? "" : "text-fg-muted"}`}
                >
                  {summary(revision, index, all)}
                </span>
              </span>
              <button
                type="button"
                onClick={() => {
                  setConfirming(false);
                  void show(revision.id);
                }}
                aria-label={`${texts.show}: ${texts.kinds[revision.kind]}, ${dateTime(new Date(revision.createdAt), htmlLang[lang])}`}
                className="rounded-full border border-line bg-bg px-3 py-1 text-xs hover:border-accent hover:text-accent"
              >
                {texts.show}
              </button>
            </li>
          ))}
        </ol>
      )}
      {shown && (
        <div className="mt-4 border-t border-line pt-3" data-testid="revision-diff">
          <h3 className="font-medium">
            <LocalDateTime iso={shown.createdAt} template={texts.diffHeading} />
          </h3>
          {differing.length === 0 && shown.content === current.content ? (
            <p className="mt-2 text-fg-muted">{texts.sameAsCurrent}</p>
          ) : (
            <>
              {differing.length > 0 && (
                <dl className="mt-2 grid gap-1">
                  {differing.map((field) => (
                    <div key={field} className="grid gap-0.5">
                      <dt className="text-xs font-medium text-fg-muted">{texts.fieldNames[field]}</dt>
                      <dd className="font-mono text-xs [overflow-wrap:anywhere]">
                        <del className="text-danger">- {fieldText(current[field])}</del>
                        <br />
                        <ins className="text-accent no-underline">+ {fieldText(shown[field])}</ins>
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
              {shown.content !== current.content && <TextDiff before={current.content} after={shown.content} />}
            </>
          )}
          {confirming ? (
            <restore.Form
              method="post"
              className="mt-3 grid gap-2 rounded-lg border border-accent/60 p-3"
              role="group"
              aria-labelledby={confirmId}
              onSubmit={() => {
                restoring.current = shown;
                setConfirming(false);
              }}
            >
              <p id={confirmId}>{published ? t.admin.editor.restoreConfirmPublished : texts.confirmRestore}</p>
              <input type="hidden" name="intent" value="restore" />
              <input type="hidden" name="id" value={postId} />
              <input type="hidden" name="revisionId" value={shown.id} />
              <input type="hidden" name="updatedAt" value={updatedAt} />
              <div className="flex flex-wrap gap-2">
                <button
                  ref={confirmButton}
                  type="submit"
                  disabled={restore.state !== "idle"}
                  className="inline-flex min-h-10 items-center rounded-full bg-accent px-4 py-2 text-sm font-semibold text-accent-fg hover:bg-accent-strong disabled:opacity-60"
                >
                  {t.admin.editor.restoreYes}
                </button>
                <button
                  type="button"
                  onClick={() => setConfirming(false)}
                  className="inline-flex min-h-10 items-center rounded-full border border-line px-4 py-2 text-sm font-medium hover:border-accent hover:text-accent"
                >
                  {t.admin.cancel}
                </button>
              </div>
            </restore.Form>
          ) : (
            <button
              type="button"
              onClick={() => setConfirming(true)}
              disabled={restore.state !== "idle"}
              className="mt-3 inline-flex min-h-10 items-center rounded-full bg-accent px-4 py-2 text-sm font-semibold text-accent-fg hover:bg-accent-strong disabled:opacity-60"
            >
              {texts.restore}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

/** A field's value as one line of text. */
function fieldText(value: string | string[] | null | undefined): string {
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

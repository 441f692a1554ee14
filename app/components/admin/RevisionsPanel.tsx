import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { notify } from "~/components/layout/Toasts.tsx";
import { format, useT } from "~/i18n";
import { LocalDateTime } from "./LocalDateTime.tsx";
import type { PostActionResult } from "./post-types.ts";
import { TextDiff } from "./TextDiff.tsx";

type Kind = "save" | "publish" | "schedule" | "restore" | "autosave";
type FieldName = "title" | "slug" | "excerpt" | "content" | "coverImage" | "tags" | "lang";

interface RevisionSummary {
  id: string;
  kind: Kind;
  createdAt: string;
  changed: string[];
  linesAdded: number;
  linesRemoved: number;
}

interface Revision {
  id: string;
  createdAt: string;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  coverImage: string | null;
  tags: string[];
  lang: string;
}

/** The post as the form holds it now, to compare a revision with. */
export interface CurrentText {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  coverImage: string;
  tags: string[];
  lang: string;
}

const isField = (name: string): name is FieldName =>
  ["title", "slug", "excerpt", "content", "coverImage", "tags", "lang"].includes(name);

/**
 * A post's history: each revision with its time, kind and what it changed;
 * any of them compared with the text in the form, and restored (a restore is
 * a new revision: nothing is overwritten). The server answers only the
 * post's author.
 */
export function RevisionsPanel({
  postId,
  updatedAt,
  current,
  onRestored,
}: {
  postId: string;
  /** The version the form edits: a restore is refused if the post changed since. */
  updatedAt: string;
  current: CurrentText;
  onRestored: () => void;
}) {
  const { lang, t } = useT();
  const texts = t.admin.revisions;
  const headingId = useId();
  const [list, setList] = useState<RevisionSummary[] | "loading" | "failed">("loading");
  const [shown, setShown] = useState<Revision | undefined>(undefined);
  const restore = useFetcher<PostActionResult>();
  const handled = useRef<PostActionResult | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    fetch(`/admin/blog/revisions?post=${postId}&lang=${lang}`, { credentials: "same-origin" })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((body: { revisions: RevisionSummary[] }) => !cancelled && setList(body.revisions))
      .catch(() => !cancelled && setList("failed"));
    return () => {
      cancelled = true;
    };
  }, [postId, lang]);

  useEffect(() => {
    const result = restore.data;
    if (restore.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    notify(result.ok ? "success" : "error", result.message);
    if (result.ok) onRestored();
  }, [restore.state, restore.data, onRestored]);

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
    ? (["title", "slug", "excerpt", "coverImage", "tags", "lang"] as const).filter(
        (field) => fieldText(shown[field]) !== fieldText(current[field]),
      )
    : [];

  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-xl border border-line bg-bg p-4 text-sm">
      <h3 id={headingId} className="font-semibold">
        {texts.open}
      </h3>
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
                onClick={() => void show(revision.id)}
                aria-label={`${texts.show}: ${texts.kinds[revision.kind]}, ${new Date(revision.createdAt).toISOString().slice(0, 16).replace("T", " ")} UTC`}
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
          <h4 className="font-medium">
            <LocalDateTime iso={shown.createdAt} template={texts.diffHeading} />
          </h4>
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
          <restore.Form
            method="post"
            className="mt-3"
            onSubmit={(event) => {
              if (!window.confirm(texts.confirmRestore)) event.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="restore" />
            <input type="hidden" name="id" value={postId} />
            <input type="hidden" name="revisionId" value={shown.id} />
            <input type="hidden" name="updatedAt" value={updatedAt} />
            <button
              type="submit"
              disabled={restore.state !== "idle"}
              className="inline-flex items-center rounded-full bg-accent px-4 py-2 text-sm font-semibold text-accent-fg hover:bg-accent-strong disabled:opacity-60"
            >
              {texts.restore}
            </button>
          </restore.Form>
        </div>
      )}
    </section>
  );
}

/** A field's value as one line of text. */
function fieldText(value: string | string[] | null): string {
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

import { useId, useState } from "react";
import { format, type Lang, useT } from "~/i18n";
import type { EditablePost } from "./PostForm.tsx";

/**
 * The post's translation: one of the author's posts in the other language
 * that has no translation yet (or already is this one's). A filter box narrows
 * a long list by title or slug. The server checks the choice again.
 */
export function TranslationField({
  postId,
  lang,
  posts,
  value,
  onChange,
  error,
}: {
  /** The post being edited; undefined for a new one. */
  postId: string | undefined;
  lang: Lang;
  posts: readonly EditablePost[];
  value: string;
  onChange: (id: string) => void;
  error?: string | undefined;
}) {
  const { t } = useT();
  const id = useId();
  const [filter, setFilter] = useState("");
  const other: Lang = lang === "pt" ? "en" : "pt";
  const language = t.admin.languages[other];
  const needle = filter.trim().toLowerCase();
  const candidates = posts.filter(
    (post) =>
      post.lang === other &&
      post.id !== postId &&
      (post.translation === null || post.translation.id === postId || post.id === value) &&
      (post.id === value || !needle || `${post.title} ${post.slug}`.toLowerCase().includes(needle)),
  );
  const describedBy = [`${id}-help`, error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {t.admin.fields.translation}
      </label>
      <p id={`${id}-help`} className="text-xs text-fg-muted">
        {format(t.admin.fields.translationHelp, { language })}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <input
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          aria-label={format(t.admin.fields.translationFilter, { language })}
          placeholder={format(t.admin.fields.translationFilter, { language })}
          className="w-full rounded-xl border border-line bg-bg px-3.5 py-2.5 text-fg outline-none transition focus:border-accent"
        />
        <select
          id={id}
          name="translationOf"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          className={`w-full rounded-xl border bg-bg px-3.5 py-2.5 text-fg outline-none transition focus:border-accent ${
            error ? "border-danger" : "border-line"
          }`}
        >
          <option value="">{t.admin.fields.translationNone}</option>
          {candidates.map((post) => (
            <option key={post.id} value={post.id}>
              {post.title} (/{post.slug})
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

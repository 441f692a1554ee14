import { useState } from "react";
import { format, type Lang, useT } from "~/i18n";
import { Field } from "./Field.tsx";
import type { EditablePost } from "./post-types.ts";

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
  return (
    <Field
      name="translationOf"
      label={t.admin.fields.translation}
      help={format(t.admin.fields.translationHelp, { language })}
      error={error}
    >
      {(control) => (
        <div className="grid gap-2 sm:grid-cols-2">
          <input
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            aria-label={format(t.admin.fields.translationFilter, { language })}
            placeholder={format(t.admin.fields.translationFilter, { language })}
            className="w-full rounded-xl border border-line bg-bg px-3.5 py-2.5 text-fg outline-none transition focus:border-accent"
          />
          <select {...control} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
            <option value="">{t.admin.fields.translationNone}</option>
            {candidates.map((post) => (
              <option key={post.id} value={post.id}>
                {post.title} (/{post.slug})
              </option>
            ))}
          </select>
        </div>
      )}
    </Field>
  );
}

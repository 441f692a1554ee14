import { useState } from "react";
import { X } from "~/components/icons";
import { format, useT } from "~/i18n";
import { normalizeTag, POST_LIMITS } from "~/lib/post-input.ts";
import { Field } from "./Field.tsx";

/**
 * Tags typed freely: Enter or a comma turns what was typed into a tag (made a
 * slug, as the server will store it), Backspace in the empty box removes the
 * last one, and tags already used in the post's language are suggested. Each
 * tag posts as a `tags` field; text still in the box posts too, so nothing
 * typed is lost.
 */
export function TagInput({
  tags,
  onChange,
  suggestions,
  error,
}: {
  tags: readonly string[];
  onChange: (tags: string[]) => void;
  /** Tags already used in the post's language. */
  suggestions: readonly string[];
  error?: string | undefined;
}) {
  const { t } = useT();
  const [draft, setDraft] = useState("");

  const add = (typed: string) => {
    const additions = typed
      .split(",")
      .map((part) => normalizeTag(part))
      .filter((tag) => tag && !tags.includes(tag));
    if (additions.length > 0) onChange([...tags, ...new Set(additions)]);
    setDraft("");
  };

  return (
    <Field name="tags" label={t.admin.fields.tags} help={t.admin.fields.tagsHelp} error={error}>
      {({ className: _box, ...control }) => (
        <div
          className={`flex flex-wrap items-center gap-1.5 rounded-xl border bg-bg px-2.5 py-2 focus-within:border-accent ${
            error ? "border-danger" : "border-line"
          }`}
        >
          {tags.map((tag) => (
            <span
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-accent-soft py-0.5 pl-2.5 pr-1 text-xs font-medium text-accent-soft-fg"
            >
              <input type="hidden" name="tags" value={tag} />
              {tag}
              <button
                type="button"
                onClick={() => onChange(tags.filter((other) => other !== tag))}
                aria-label={format(t.admin.fields.removeTag, { tag })}
                className="grid size-6 place-items-center rounded-full hover:bg-bg/60"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </span>
          ))}
          <input
            {...control}
            value={draft}
            list={`${control.id}-suggestions`}
            maxLength={POST_LIMITS.tag * 2}
            autoComplete="off"
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (value.includes(",")) add(value);
              else setDraft(value);
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                // Enter adds the tag; it never submits the form from here.
                event.preventDefault();
                add(draft);
              } else if (event.key === "Backspace" && draft === "" && tags.length > 0) {
                onChange(tags.slice(0, -1));
              }
            }}
            onBlur={() => add(draft)}
            className="min-w-32 flex-1 bg-transparent px-1 py-1 text-fg outline-none"
          />
          <datalist id={`${control.id}-suggestions`}>
            {suggestions
              .filter((tag) => !tags.includes(tag))
              .map((tag) => (
                <option key={tag} value={tag} />
              ))}
          </datalist>
        </div>
      )}
    </Field>
  );
}

import { useState } from "react";
import { X } from "~/components/icons";
import { format, useT } from "~/i18n";
import { normalizeTag, POST_LIMITS, tagName } from "~/lib/post-input.ts";
import { Field } from "./Field.tsx";

/**
 * Tags typed freely: Enter or a comma turns what was typed into a tag, kept
 * with the name as typed ("Programação Funcional"; the server makes its
 * address, `programacao-funcional`), Backspace in the empty box removes the
 * last one, and tags already used in the post's language are suggested by
 * name. Two spellings of one address are one tag. Each tag posts its name as
 * a `tags` field; text still in the box posts too, so nothing typed is lost.
 */
export function TagInput({
  tags,
  onChange,
  suggestions,
  error,
}: {
  /** The tags' names. */
  tags: readonly string[];
  onChange: (tags: string[]) => void;
  /** Names of the tags already used in the post's language. */
  suggestions: readonly string[];
  error?: string | undefined;
}) {
  const { t } = useT();
  const [draft, setDraft] = useState("");

  const slugs = new Set(tags.map(normalizeTag));
  const add = (typed: string) => {
    const additions: string[] = [];
    for (const part of typed.split(",")) {
      const name = tagName(part);
      const slug = normalizeTag(name);
      if (!slug || slugs.has(slug)) continue;
      slugs.add(slug);
      additions.push(name);
    }
    if (additions.length > 0) onChange([...tags, ...additions]);
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
              .filter((tag) => !slugs.has(normalizeTag(tag)))
              .map((tag) => (
                <option key={tag} value={tag} />
              ))}
          </datalist>
        </div>
      )}
    </Field>
  );
}

import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { Tag } from "~/components/icons";
import { notify } from "~/components/layout/Toasts.tsx";
import { format, type Lang, useT } from "~/i18n";
import { tagPath } from "~/lib/blog-paths.ts";

/** A tag of one language, with its name in the other when it has one. */
export interface TagRow {
  slug: string;
  name: string;
  posts: number;
  otherName?: string;
}

interface Result {
  ok: boolean;
  message: string;
  fieldError?: string;
}

/** One language's tags, each with a field for its name in the other language. */
export function TagNames({ lang, tags }: { lang: Lang; tags: TagRow[] }) {
  const { t } = useT();
  const texts = t.admin.manage.tags;
  const language = t.admin.languages[lang];
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3" data-testid={`tags-${lang}`}>
      <h2 id={headingId} className="text-xl font-bold tracking-tight">
        {format(texts.heading, { language })}
      </h2>
      {tags.length === 0 ? (
        <p className="text-fg-muted">{format(texts.empty, { language })}</p>
      ) : (
        <ul className="grid gap-3">
          {tags.map((tag) => (
            <TagNameRow key={tag.slug} lang={lang} tag={tag} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TagNameRow({ lang, tag }: { lang: Lang; tag: TagRow }) {
  const { t } = useT();
  const texts = t.admin.manage.tags;
  const other: Lang = lang === "pt" ? "en" : "pt";
  const otherLanguage = t.admin.languages[other];
  const fetcher = useFetcher<Result>();
  const id = useId();
  const shown = useRef<Result | undefined>(undefined);
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== "idle" || !result || shown.current === result) return;
    shown.current = result;
    if (result.ok) notify("success", result.message);
  }, [fetcher.state, result]);
  const error = result && !result.ok ? (result.fieldError ?? result.message) : undefined;
  return (
    <li className="grid gap-3 rounded-2xl border border-line bg-bg p-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)] md:items-end">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold [overflow-wrap:anywhere]">
          <Tag className="size-4 shrink-0 text-accent" aria-hidden="true" />
          {tag.name}
        </p>
        <p className="mt-1 text-xs text-fg-muted [overflow-wrap:anywhere]">
          {format(texts.address, { path: tagPath(tag.slug, lang) })} ·{" "}
          {tag.posts === 1 ? texts.postsOne : format(texts.posts, { count: tag.posts })}
        </p>
      </div>
      <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="name-tag" />
        <input type="hidden" name="lang" value={lang} />
        <input type="hidden" name="slug" value={tag.slug} />
        <div className="grid min-w-0 flex-1 gap-1">
          <label htmlFor={id} className="text-sm font-medium">
            {format(texts.otherName, { language: otherLanguage })}
            <span className="sr-only"> ({tag.name})</span>
          </label>
          <input
            id={id}
            name="name"
            defaultValue={tag.otherName ?? ""}
            maxLength={80}
            autoComplete="off"
            aria-invalid={Boolean(error)}
            {...(error ? { "aria-describedby": `${id}-error` } : {})}
            className={`w-full min-w-0 rounded-xl border bg-bg px-3.5 py-2 text-fg outline-none transition focus:border-accent ${
              error ? "border-danger" : "border-line"
            }`}
          />
        </div>
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          aria-label={format(texts.saveOf, { name: tag.name, language: otherLanguage })}
          className="inline-flex items-center rounded-full border border-line px-4 py-2 text-sm font-medium hover:border-accent hover:text-accent disabled:opacity-60"
        >
          {texts.save}
        </button>
        {error && (
          <p id={`${id}-error`} className="basis-full text-sm text-danger">
            {error}
          </p>
        )}
      </fetcher.Form>
    </li>
  );
}

import { useEffect, useId, useRef } from "react";
import { Form } from "react-router";
import { localizePath, useT } from "~/i18n";
import { SEARCH_QUERY_MAX_LENGTH } from "~/lib/search-query.ts";
import { buttonPrimary } from "../portfolio/styles.ts";

/**
 * The blog's search box, on the blog list and the search page: a plain GET
 * form to `/blog/search` (`/en/blog/search`) with a visible label, so it
 * works before the page hydrates and without JavaScript; once hydrated,
 * React Router fetches the results without reloading the page.
 */
export function SearchBox({ query = "", className = "" }: { query?: string; className?: string }) {
  const { lang, t } = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // Going back or forward between searches shows that search's words in the box.
  useEffect(() => {
    if (input.current) input.current.value = query;
  }, [query]);
  return (
    <Form
      method="get"
      action={localizePath("/blog/search", lang)}
      role="search"
      className={`max-w-xl ${className}`}
      data-testid="blog-search"
    >
      <label htmlFor={id} className="block text-sm font-medium">
        {t.blog.search.label}
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          ref={input}
          id={id}
          type="search"
          name="q"
          defaultValue={query}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          enterKeyHint="search"
          className="min-w-0 flex-1 rounded-full border border-line bg-bg px-4 py-2.5 text-fg transition focus:border-accent focus:outline-none focus:ring-2 focus:ring-ring/40"
        />
        <button type="submit" className={`${buttonPrimary} shrink-0`}>
          {t.blog.search.submit}
        </button>
      </div>
    </Form>
  );
}

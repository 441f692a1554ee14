/**
 * What a visitor typed into the blog's search box, made safe to hand to the
 * database, and the highlighted snippets the database hands back, made safe
 * to put in a page. Pure: no database, no request.
 *
 * A query is only ever words: nothing typed is read as a search operator
 * (quotes, `&`, `|`, `!`, `:*`, parentheses are text like any other
 * punctuation, which the database's parser skips), and characters PostgreSQL
 * refuses or that have no place in a search (NUL and other control
 * characters, lone surrogates, invisible format characters, private-use
 * characters) never reach it.
 */
import { escapeHtml } from "./html-entities.ts";

/** Longest query accepted, in characters; the search box stops typing there too. */
export const SEARCH_QUERY_MAX_LENGTH = 200;

export type ParsedSearchQuery =
  /** Nothing to search for: the page shows the search box alone. */
  | { status: "empty"; text: "" }
  /** Longer than SEARCH_QUERY_MAX_LENGTH; `text` is its start, to show back in the box. */
  | { status: "too-long"; text: string }
  /** `text` as shown back to the visitor; `terms`, its distinct words (maybe none, e.g. only emoji). */
  | { status: "ok"; text: string; terms: string[] };

// Control characters (NUL, tabs, line breaks...) separate words; format
// characters (zero-width joiners, soft hyphens, direction marks) and
// private-use characters (the snippet markers below) vanish.
const CONTROL = /\p{Cc}/gu;
const INVISIBLE = /[\p{Cf}\p{Co}]/gu;
const SPACES = /[\s\p{Z}]+/gu;
const HAS_WORD = /[\p{L}\p{N}]/u;

/** A well-formed string: each lone surrogate (JavaScript strings may hold them, UTF-8 cannot) becomes a space. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, " ");
}

/**
 * A line of text typed to filter a list (the admin's title search, its
 * subscribers' search), as the database can take it: control characters
 * (NUL above all, which PostgreSQL refuses in a string) and lone surrogates
 * become spaces, runs of spaces one, and it is cut at `max` characters.
 * @example plainQuery("  a\u0000b  c ", 200) // "a b c"
 */
export function plainQuery(raw: string | null | undefined, max: number): string {
  const text = wellFormed(raw ?? "")
    .replace(CONTROL, " ")
    .replace(SPACES, " ")
    .trim();
  return [...text].slice(0, max).join("").trimEnd();
}

/**
 * Reads a raw `q` parameter.
 * @example parseSearchQuery("  Programação   web ") // { status: "ok", text: "Programação web", terms: ["Programação", "web"] }
 * @example parseSearchQuery("a\u0000b") // { status: "ok", text: "a b", terms: ["a", "b"] }
 * @example parseSearchQuery(null) // { status: "empty", text: "" }
 */
export function parseSearchQuery(raw: string | null | undefined): ParsedSearchQuery {
  if (!raw) return { status: "empty", text: "" };
  const text = wellFormed(raw)
    .replace(CONTROL, " ")
    .replace(INVISIBLE, "")
    .normalize("NFKC")
    // NFKC can turn a compatibility character into a control or format one; clean again.
    .replace(CONTROL, " ")
    .replace(INVISIBLE, "")
    .replace(SPACES, " ")
    .trim();
  if (!text) return { status: "empty", text: "" };
  const characters = [...text];
  if (characters.length > SEARCH_QUERY_MAX_LENGTH) {
    return { status: "too-long", text: characters.slice(0, SEARCH_QUERY_MAX_LENGTH).join("").trimEnd() };
  }
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const word of text.split(" ")) {
    const key = word.toLocaleLowerCase();
    if (!HAS_WORD.test(word) || seen.has(key)) continue;
    seen.add(key);
    terms.push(word);
  }
  return { status: "ok", text, terms };
}

/**
 * What the database wraps each match of a snippet in: private-use
 * characters, which `parseSearchQuery` drops and the search removes from the
 * text before highlighting, so they can only come from the highlighter.
 */
export const SNIPPET_MARK_START = "\uE000";
export const SNIPPET_MARK_END = "\uE001";

const MARKED = /\uE000([^\uE000\uE001]*)\uE001/g;
const STRAY_MARKS = /[\uE000\uE001]/g;

/**
 * A snippet with its matches between the markers, as HTML on one line: every
 * character of the text escaped, then each marked match in `<mark>`. The only
 * markup in the result is `<mark>` and `</mark>`, balanced.
 * @example snippetHtml("a <b> \uE000match\uE001") // "a &lt;b&gt; <mark>match</mark>"
 */
export function snippetHtml(marked: string): string {
  return escapeHtml(marked.replace(/\s+/g, " ").trim()).replace(MARKED, "<mark>$1</mark>").replace(STRAY_MARKS, "");
}

/**
 * The start tags of an HTML document in document order, with their
 * attributes, as a browser's tokenizer sees them: what is inside a comment,
 * a `<script>`, a `<style>`, a `<title>` or a `<textarea>` is text, and so is
 * escaped markup (`&lt;a href…&gt;`). Enough to find the links of a page
 * (its webmention endpoint, whether it links to a post) without building a
 * tree, on pages of any size the fetch allowed.
 */

import { decodeEntities } from "../../lib/html-entities.ts";

export { decodeEntities };

export interface StartTag {
  /** Lower-cased. */
  name: string;
  /** Lower-cased names; values with their character references undone. The first of a repeated name counts. */
  attributes: Map<string, string>;
}

/** Elements whose content is text up to their end tag (raw text and escapable raw text). */
const TEXT_ONLY = new Set([
  "script",
  "style",
  "title",
  "textarea",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
  "plaintext",
]);

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;

/** The attributes written between a tag's name and its `>`. */
function readAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  let index = 0;
  while (index < text.length) {
    const char = text[index] ?? "";
    if (/[\s/]/.test(char)) {
      index += 1;
      continue;
    }
    ATTRIBUTE.lastIndex = index;
    const match = ATTRIBUTE.exec(text);
    if (!match) {
      index += 1;
      continue;
    }
    index = ATTRIBUTE.lastIndex;
    const name = (match[1] ?? "").toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  return attributes;
}

/** The end of a tag that starts at `from` (just past its name): the `>` outside quoted values. */
function tagEnd(html: string, from: number): number {
  let quote: string | undefined;
  for (let index = from; index < html.length; index += 1) {
    const char = html[index];
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") {
      // A quote opens a value only right after `=` (spaces allowed); elsewhere it is part of a name.
      if (/=\s*$/.test(html.slice(Math.max(from, index - 8), index))) quote = char;
    } else if (char === ">") return index;
  }
  return -1;
}

/**
 * Every start tag of the document, in order.
 * @example [...startTags('<!-- <a href="x"> --><a href="y">')].map((tag) => tag.attributes.get("href")) // ["y"]
 */
export function* startTags(html: string): Generator<StartTag> {
  let index = 0;
  while (index < html.length) {
    const open = html.indexOf("<", index);
    if (open === -1) return;
    if (html.startsWith("<!--", open)) {
      const close = html.indexOf("-->", open + 4);
      if (close === -1) return;
      index = close + 3;
      continue;
    }
    const next = html[open + 1] ?? "";
    if (next === "!" || next === "?" || next === "/") {
      const close = html.indexOf(">", open + 2);
      if (close === -1) return;
      index = close + 1;
      continue;
    }
    const name = /^[a-z][^\s/>]*/i.exec(html.slice(open + 1, open + 65))?.[0];
    if (!name) {
      index = open + 1;
      continue;
    }
    const afterName = open + 1 + name.length;
    const close = tagEnd(html, afterName);
    if (close === -1) return;
    const tag = { name: name.toLowerCase(), attributes: readAttributes(html.slice(afterName, close)) };
    yield tag;
    index = close + 1;
    if (TEXT_ONLY.has(tag.name)) {
      if (tag.name === "plaintext") return;
      const end = new RegExp(`</${tag.name}[\\s/>]`, "ig");
      end.lastIndex = index;
      const found = end.exec(html);
      if (!found) return;
      index = found.index;
    }
  }
}

/**
 * The `rel` values of a tag: space-separated, compared without case.
 * @example relsOf(new Map([["rel", "WebMention me"]])) // ["webmention", "me"]
 */
export function relsOf(attributes: Map<string, string>): string[] {
  return (attributes.get("rel") ?? "")
    .toLowerCase()
    .split(/[\t\n\f\r ]+/)
    .filter(Boolean);
}

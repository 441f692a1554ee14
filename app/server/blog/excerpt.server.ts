/**
 * The excerpt a post shows where no one wrote one: the start of its text as
 * plain words. Relative imports only: the newsletter's worker, part of the
 * server's own code, loads this in plain Node under `npm run dev`.
 */
import type { Blog } from "../db/schema.ts";

const EXCERPT_FALLBACK_LENGTH = 180;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };
// A Markdown escape (`\*`) is held as a private-use character while the syntax is removed, then put back.
const ESCAPED = /\\([\\`*_{}[\]()#+\-.!|~<>])/g;
const HELD = /[\uE000-\uE07F]/g;
const hold = (char: string) => String.fromCharCode(0xe000 + char.charCodeAt(0));
const release = (char: string) => String.fromCharCode(char.charCodeAt(0) - 0xe000);

/**
 * Markdown and HTML as the plain words a reader would read: code blocks,
 * images, comments and embedded content go whole; links, emphasis, headings,
 * lists, quotes and tables leave their words.
 * @example plainText("## Hi\n\nSome **bold** [link](https://x.dev)") // "Hi Some bold link"
 */
export function plainText(markdown: string): string {
  return (
    markdown
      .replace(ESCAPED, (_, char: string) => hold(char))
      // Fenced code (``` or ~~~) and link reference definitions are not prose.
      .replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[^\n]*$|(?![\s\S]))/gm, " ")
      .replace(/^ {0,3}\[[^\]\n]+\]:[^\n]*$/gm, " ")
      // Raw HTML is never shown as text: comments and embedded content go whole, other tags leave their words.
      .replace(/<!--[\s\S]*?-->/g, " ")
      .replace(/<(script|style|iframe|object|embed|template)\b[\s\S]*?<\/\1\s*>/gi, " ")
      .replace(/<((?:https?|mailto):[^<>\s]+)>/gi, "$1")
      .replace(/<\/?(?:a|abbr|b|code|em|i|kbd|mark|s|small|span|strong|sub|sup|u)\b[^<>]*>/gi, "")
      .replace(/<\/?[A-Za-z][^<>]*>/g, " ")
      .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? " ")
      // Images go, links keep their text; footnote marks go.
      .replace(/!\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])?/g, " ")
      .replace(/\[\^[^\]]+\]/g, "")
      .replace(/\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])/g, "$1")
      // Rules, setext underlines and table separators are lines of syntax alone.
      .replace(/^ {0,3}(?:[-*_=] *){3,}$/gm, " ")
      .replace(/^\s*\|?(?:\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/gm, " ")
      .replace(/^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/gm, "$1")
      .replace(/^\s*(?:>\s*)+/gm, " ")
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/gm, " ")
      // Emphasis and code marks go without a trace ("**bold**," reads "bold,"); an underscore
      // inside a word (snake_case) is part of it; a table's cells stay apart.
      .replace(/\|/g, " ")
      .replace(/[*`~]+/g, "")
      .replace(/(^|[^\p{L}\p{N}_])_+|_+(?=[^\p{L}\p{N}_]|$)/gu, "$1")
      .replace(HELD, release)
      .replace(/\s+/g, " ")
      .trim()
  );
}

/**
 * A post's excerpt, or the start of its text when it has none, as plain
 * words: Markdown syntax and HTML tags are left out (the card, the meta
 * description, JSON-LD and the newsletter show it as text).
 * @example excerptOf({ excerpt: null, content: "## Hi\n\nSome **bold** text" }) // "Hi Some bold text"
 */
export function excerptOf(post: Pick<Blog, "excerpt" | "content">): string {
  if (post.excerpt?.trim()) return post.excerpt.trim();
  const text = plainText(post.content);
  return text.length > EXCERPT_FALLBACK_LENGTH ? `${text.slice(0, EXCERPT_FALLBACK_LENGTH - 1).trimEnd()}…` : text;
}

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
// Where one block (paragraph, heading, list item, table row) ends and the next begins, until the blocks are joined.
const BREAK = "\uE100";
const BLOCK_TAGS =
  /<\/?(?:article|blockquote|div|figcaption|figure|h[1-6]|hr|li|ol|p|pre|section|table|tr|ul)\b[^<>]*>/gi;
// A block that ends a sentence (or a clause) already: a full stop, a question, a colon, quotes or brackets after one.
const ENDS_SENTENCE = /[.!?…:;,][)\]"'”’\u00BB]*$/u;

/**
 * Blocks as one line of text: a block that ends without punctuation gets a
 * full stop, so a heading and the list after it do not read as one sentence.
 * @example joinBlocks(["Por que funções puras", "Fáceis de testar"]) // "Por que funções puras. Fáceis de testar"
 */
function joinBlocks(blocks: readonly string[]): string {
  return blocks.reduce((text, block) => {
    if (!text) return block;
    return `${text}${ENDS_SENTENCE.test(text) ? "" : "."} ${block}`;
  }, "");
}

/**
 * Markdown and HTML as the plain words a reader would read: code blocks,
 * images, comments and embedded content go whole; links, emphasis, headings,
 * lists, quotes and tables leave their words. Blocks are kept apart: a full
 * stop after one that does not end in punctuation, a space otherwise.
 * @example plainText("## Hi\n\nSome **bold** [link](https://x.dev)") // "Hi. Some bold link"
 */
export function plainText(markdown: string): string {
  const text = markdown
    .replace(ESCAPED, (_, char: string) => hold(char))
    // Fenced code (``` or ~~~) and link reference definitions are not prose.
    .replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[^\n]*$|(?![\s\S]))/gm, " ")
    .replace(/^ {0,3}\[[^\]\n]+\]:[^\n]*$/gm, " ")
    // Raw HTML is never shown as text: comments and embedded content go whole, other tags leave their words.
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style|iframe|object|embed|template)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<((?:https?|mailto):[^<>\s]+)>/gi, "$1")
    .replace(BLOCK_TAGS, `\n${BREAK}\n`)
    .replace(/<\/?(?:a|abbr|b|code|em|i|kbd|mark|s|small|span|strong|sub|sup|u)\b[^<>]*>/gi, "")
    .replace(/<\/?[A-Za-z][^<>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? " ")
    // Images go, links keep their text; footnote marks go.
    .replace(/!\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])?/g, " ")
    .replace(/\[\^[^\]]+\]/g, "")
    .replace(/\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])/g, "$1")
    // Rules, setext underlines and table separators are lines of syntax alone.
    .replace(/^ {0,3}(?:[-*_=] *){3,}$/gm, BREAK)
    .replace(/^\s*\|?(?:\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/gm, BREAK)
    .replace(/^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/gm, `${BREAK}$1${BREAK}`)
    .replace(/^[ \t]*(?:>[ \t]*)+/gm, " ")
    .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/gm, `${BREAK} `)
    // A table's row is a block; a blank line ends one.
    .replace(/^[ \t]*\|/gm, `${BREAK}|`)
    .replace(/\n[ \t]*(?=\n)/g, `\n${BREAK}`)
    // Emphasis and code marks go without a trace ("**bold**," reads "bold,"); an underscore
    // inside a word (snake_case) is part of it; a table's cells stay apart.
    .replace(/\|/g, " ")
    .replace(/[*`~]+/g, "")
    .replace(/(^|[^\p{L}\p{N}_])_+|_+(?=[^\p{L}\p{N}_]|$)/gu, "$1")
    .replace(HELD, release);
  return joinBlocks(
    text
      .split(BREAK)
      .map((block) => block.replace(/\s+/g, " ").trim())
      .filter(Boolean),
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

/**
 * The excerpt a post shows where no one wrote one: the start of its text as
 * plain words. Relative imports only: the newsletter's worker, part of the
 * server's own code, loads this in plain Node under `npm run dev`.
 */
import type { Blog } from "../db/schema.ts";

const EXCERPT_FALLBACK_LENGTH = 180;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/**
 * A post's excerpt, or the start of its text when it has none, as plain
 * words: Markdown syntax and HTML tags are left out (the card, the meta
 * description, JSON-LD and the newsletter show it as text).
 * @example excerptOf({ excerpt: null, content: "## Hi\n\nSome **bold** text" }) // "Hi Some bold text"
 */
export function excerptOf(post: Pick<Blog, "excerpt" | "content">): string {
  if (post.excerpt?.trim()) return post.excerpt.trim();
  const text = post.content
    .replace(/```[\s\S]*?```/g, " ")
    // Raw HTML is never shown as text: comments and embedded content go whole, other tags leave their words.
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style|iframe|object|embed|template)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<\/?(?:a|abbr|b|code|em|i|kbd|mark|s|small|span|strong|sub|sup|u)\b[^<>]*>/gi, "")
    .replace(/<\/?[A-Za-z][^<>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s*(?:#{1,6}|>|[-*+]|\d+\.)\s+/gm, " ")
    .replace(/[*_`~|]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > EXCERPT_FALLBACK_LENGTH ? `${text.slice(0, EXCERPT_FALLBACK_LENGTH - 1).trimEnd()}…` : text;
}

/**
 * Words and reading time of a post as the author writes it, counted from the
 * Markdown the way the public page counts its rendered text: link texts and
 * code count; link addresses, images, raw HTML tags and markup signs do not.
 */

/** The public page's pace (`app/server/blog/reading-time.server.ts`): the two must agree. */
export const WORDS_PER_MINUTE = 200;

/**
 * @example countWords("## Olá, **mundo**\n\n- [um link](https://a.b)") // 4
 */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>\n]+>/g, " ");
  let words = 0;
  for (const token of text.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(token)) words++;
  return words;
}

/** Minutes to read this many words, at least one (as the public page says). */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

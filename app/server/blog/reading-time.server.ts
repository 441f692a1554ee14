/**
 * Reading time of a post. Kept apart from the Markdown pipeline so that pages
 * showing it do not load the pipeline when the rendered body is cached.
 */

const WORDS_PER_MINUTE = 200;

/**
 * Minutes it takes to read a text of this many words, at least one.
 * @example readingMinutes(450) // 3
 */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

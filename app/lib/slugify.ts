/**
 * A URL slug proposed from a post title: lower case, accents stripped, runs
 * of anything else one hyphen, no hyphen at either end.
 * @example slugify("Programação em Node") // "programacao-em-node"
 */
export function slugify(title: string): string {
  return title
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, "");
}

/** Longest slug accepted. */
export const SLUG_MAX_LENGTH = 120;

/** Lower-case letters and digits in groups joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

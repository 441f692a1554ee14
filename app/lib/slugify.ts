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

/**
 * The slug numbered -2, -3… until `taken` no longer has it, its end cut so
 * that the number fits within SLUG_MAX_LENGTH (no hyphen left before it).
 * @example freeSlug("ola", (slug) => slug === "ola-2") // "ola-3"
 */
export function freeSlug(slug: string, taken: (candidate: string) => boolean): string {
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${slug.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken(candidate)) return candidate;
  }
}

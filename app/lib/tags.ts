/**
 * The tags a blog card shows: at most `max`, and how many are left over for
 * the '+N' badge.
 * @example visibleTags(["a", "b", "c"]) // { shown: ["a", "b"], hidden: 1 }
 */
export function visibleTags(tags: readonly string[], max = 2): { shown: string[]; hidden: number } {
  return { shown: tags.slice(0, max), hidden: Math.max(0, tags.length - max) };
}

/**
 * A tag written as a hashtag: lower case, without spaces or accents.
 * @example hashtag("Node JS") // "#nodejs"
 */
export function hashtag(tag: string): string {
  return `#${tag
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "")}`;
}

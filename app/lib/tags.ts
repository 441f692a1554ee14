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

/**
 * A tag as an article shows it: `#` and the name the author typed, or, for a
 * tag without one, its hashtag.
 * @example tagHashtag("programacao-funcional", { "programacao-funcional": "Programação Funcional" }) // "#Programação Funcional"
 * @example tagHashtag("node-js", undefined) // "#nodejs"
 */
export function tagHashtag(tag: string, names: Readonly<Record<string, string>> | undefined): string {
  const name = names?.[tag];
  return name ? `#${name}` : hashtag(tag);
}

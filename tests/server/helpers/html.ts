/**
 * What a page's HTML, as the server sends it, says in its head: its title,
 * its meta and link tags, its language and its JSON-LD. Read from the text,
 * as a crawler or a link preview reads it, without rendering anything.
 */

/** Text or an attribute's value with its character references undone. */
export function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return String.fromCodePoint(Number(lower.slice(1)));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" }[lower] ?? whole;
  });
}

/** The attributes of every `<tag …>` of the page, values unescaped. */
export function tags(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "gi"))].map(([, inside = ""]) =>
    Object.fromEntries(
      [...inside.matchAll(/([\w:-]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\s"'>/]+)))?/g)].map(([, name = "", a, b, c]) => [
        name.toLowerCase(),
        unescapeHtml(a ?? b ?? c ?? ""),
      ]),
    ),
  );
}

/** The page's `<title>`, unescaped. */
export const titleOf = (html: string) => unescapeHtml(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");

/** The content of the first `<meta {attribute}="{key}">`, or undefined. */
export const metaContent = (html: string, attribute: "name" | "property", key: string) =>
  tags(html, "meta").find((meta) => meta[attribute] === key)?.content;

/** The href of the first `<link>` whose attributes include every one of `match`. */
export const linkHref = (html: string, match: Record<string, string>) =>
  tags(html, "link").find((link) => Object.entries(match).every(([name, value]) => link[name] === value))?.href;

/** The text of the page's first `<h1>`, its tags dropped and its spacing collapsed, as a reader reads it. */
export const headingOf = (html: string) =>
  unescapeHtml(
    (/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "")
      .replace(/<[^>]*>/g, "")
      .replace(/\s+/g, " ")
      .trim(),
  );

/** The `lang` of the page's `<html>`. */
export const htmlLang = (html: string) => tags(html, "html")[0]?.lang;

/** The JSON-LD objects embedded in the page, in order. */
export const jsonLd = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, text = ""]) => JSON.parse(text) as Record<string, unknown>,
  );

import { useLocation } from "react-router";
import { type Lang, langFromPath } from "./paths.ts";
import type { Dictionary } from "./pt.ts";
import { dictionaryFor } from "./registry.ts";

export * from "./paths.ts";
export type { Dictionary } from "./pt.ts";
export {
  dictionaryFor,
  type LazyArea,
  loadStrings,
  loadStringsFor,
  provideDictionary,
  stringAreasFor,
} from "./registry.ts";

/**
 * Fills `{name}` placeholders; an unknown placeholder is left as written so a
 * missing value shows up in review instead of rendering as "undefined".
 * @example format("Page '{x}' not found", { x: "foo" }) // "Page 'foo' not found"
 */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : match,
  );
}

/** The language of the current page, read from its URL. */
export function useLang(): Lang {
  return langFromPath(useLocation().pathname);
}

/** The current page's language and its dictionary. */
export function useT(): { lang: Lang; t: Dictionary } {
  const lang = useLang();
  return { lang, t: dictionaryFor(lang) };
}

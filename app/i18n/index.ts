import { useLocation } from "react-router";
import { type Lang, langFromPath } from "./paths.ts";
import type { Dictionary } from "./pt.ts";
import { dictionaryFor } from "./registry.ts";

export { format } from "./format.ts";
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

/** The language of the current page, read from its URL. */
export function useLang(): Lang {
  return langFromPath(useLocation().pathname);
}

/** The current page's language and its dictionary. */
export function useT(): { lang: Lang; t: Dictionary } {
  const lang = useLang();
  return { lang, t: dictionaryFor(lang) };
}

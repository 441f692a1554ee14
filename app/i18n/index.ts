import { useLocation } from "react-router";
import { type Lang, langFromPath } from "./paths.ts";
import type { Dictionary } from "./pt.ts";

export * from "./paths.ts";
export type { Dictionary } from "./pt.ts";

/**
 * The dictionaries this process holds. The server holds both languages
 * (`./all.ts` provides them); a browser holds only the languages of the pages
 * it has shown, each loaded as its own chunk, so a page ships one language's
 * strings.
 */
const loaded: Partial<Record<Lang, Dictionary>> = {};
const loading = new Map<Lang, Promise<Dictionary>>();

/** Makes a dictionary available without loading it (the server provides both at start). */
export function provideDictionary(lang: Lang, dictionary: Dictionary) {
  loaded[lang] = dictionary;
}

/** Loads a language's dictionary (once); resolves at once when it is already here. */
export function loadDictionary(lang: Lang): Promise<Dictionary> {
  const ready = loaded[lang];
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(lang);
  if (!pending) {
    pending = (lang === "en" ? import("./en.ts").then((m) => m.en) : import("./pt.ts").then((m) => m.pt)).then(
      (dictionary) => {
        loaded[lang] = dictionary;
        return dictionary;
      },
      (error: unknown) => {
        loading.delete(lang);
        throw error;
      },
    );
    loading.set(lang, pending);
  }
  return pending;
}

/**
 * A language's dictionary. While rendering a page of a language the browser
 * has not loaded yet (a link into the other language), this suspends the
 * render until the strings arrive, so nothing renders in the wrong language.
 */
export function dictionaryFor(lang: Lang): Dictionary {
  const ready = loaded[lang];
  if (ready) return ready;
  // React's Suspense protocol: the render is retried once the promise settles.
  throw loadDictionary(lang);
}

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

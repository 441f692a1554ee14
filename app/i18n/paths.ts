/**
 * Language of a URL and the same page in the other language. Portuguese lives
 * at the unprefixed paths, English under `/en`.
 */
import { pagePathOf } from "../lib/data-request.ts";

export const languages = ["pt", "en"] as const;
export type Lang = (typeof languages)[number];
export const defaultLang: Lang = "pt";

/** BCP 47 tags for `<html lang>`, `hreflang` and `og:locale`. */
export const htmlLang: Record<Lang, string> = { pt: "pt-BR", en: "en" };
export const ogLocale: Record<Lang, string> = { pt: "pt_BR", en: "en_US" };

const EN_PREFIX = "/en";

export function isLang(value: unknown): value is Lang {
  return value === "pt" || value === "en";
}

/**
 * The language a path is written in.
 * @example langFromPath("/en/about") // "en"
 */
export function langFromPath(pathname: string): Lang {
  // Loader data is fetched from `{path}.data` (the English home page's is `/en.data`).
  const path = pagePathOf(pathname);
  return path === EN_PREFIX || path.startsWith(`${EN_PREFIX}/`) ? "en" : "pt";
}

/**
 * The language-neutral path: what the path is once any `/en` prefix is removed.
 * @example stripLang("/en/about") // "/about"
 */
export function stripLang(pathname: string): string {
  if (langFromPath(pathname) === "pt") return pathname || "/";
  const rest = pathname.slice(EN_PREFIX.length);
  return rest === "" ? "/" : rest;
}

/**
 * A language-neutral path (may carry `?query` and `#hash`) in the given language.
 * @example localizePath("/about", "en") // "/en/about"
 */
export function localizePath(path: string, lang: Lang): string {
  if (!path.startsWith("/")) throw new Error(`localizePath expects an absolute path, got "${path}"`);
  if (lang === "pt") return path;
  if (path === "/") return EN_PREFIX;
  if (path.startsWith("/?") || path.startsWith("/#")) return EN_PREFIX + path.slice(1);
  return EN_PREFIX + path;
}

/**
 * The same page in another language.
 * @example switchLangPath("/en/blog", "pt") // "/blog"
 */
export function switchLangPath(pathname: string, to: Lang): string {
  return localizePath(stripLang(pathname), to);
}

/**
 * The language an endpoint was asked to answer in (`?lang=en`); Portuguese otherwise.
 * Endpoints called by scripts have no language in their path.
 * @example langFromQuery("https://site/admin/blog/upload?lang=en") // "en"
 */
export function langFromQuery(url: string): Lang {
  const value = new URL(url).searchParams.get("lang");
  return isLang(value) ? value : defaultLang;
}

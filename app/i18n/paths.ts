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

/**
 * The pages whose address is translated: the Portuguese path and the English
 * one (under `/en`). Every other page has one slug in both languages.
 * `localizePath` and `stripLang` translate a path's leading segments
 * through it, so the route table, the language toggle, the `hreflang`
 * alternates and the sitemap pair the two.
 */
const translatedPaths: readonly { pt: string; en: string }[] = [{ pt: "/privacidade", en: "/privacy" }];

/** `path`, whose leading segments are `prefix`, with `replacement` instead; undefined when they are not. */
function replacePrefix(path: string, prefix: string, replacement: string): string | undefined {
  if (!path.startsWith(prefix)) return undefined;
  const rest = path.slice(prefix.length);
  return rest === "" || /^[/?#]/.test(rest) ? replacement + rest : undefined;
}

/**
 * A path written with one language's slugs, in the other's.
 * @example translateSlugs("/privacidade#newsletter", "pt", "en") // "/privacy#newsletter"
 */
function translateSlugs(path: string, from: Lang, to: Lang): string {
  for (const page of translatedPaths) {
    const translated = replacePrefix(path, page[from], page[to]);
    if (translated !== undefined) return translated;
  }
  return path;
}

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
 * The language-neutral path: what the path is once any `/en` prefix is
 * removed, with the Portuguese slug of a translated page.
 * @example stripLang("/en/about") // "/about"
 * @example stripLang("/en/privacy") // "/privacidade"
 */
export function stripLang(pathname: string): string {
  if (langFromPath(pathname) === "pt") return pathname || "/";
  const rest = pathname.slice(EN_PREFIX.length);
  return rest === "" ? "/" : translateSlugs(rest, "en", "pt");
}

/**
 * A language-neutral path (may carry `?query` and `#hash`) in the given language.
 * @example localizePath("/about", "en") // "/en/about"
 * @example localizePath("/privacidade", "en") // "/en/privacy"
 */
export function localizePath(path: string, lang: Lang): string {
  if (!path.startsWith("/")) throw new Error(`localizePath expects an absolute path, got "${path}"`);
  if (lang === "pt") return path;
  if (path === "/") return EN_PREFIX;
  if (path.startsWith("/?") || path.startsWith("/#")) return EN_PREFIX + path.slice(1);
  return EN_PREFIX + translateSlugs(path, "pt", "en");
}

/**
 * A translated page's address written with the other language's slug
 * (`/privacy`, `/en/privacidade`) and the page it means, for a permanent
 * redirect, as a post's address in the other language leads to its
 * translation (decision 019). Any other path: undefined.
 * @example pathWithItsOwnSlug("/en/privacidade") // "/en/privacy"
 * @example pathWithItsOwnSlug("/privacy") // "/privacidade"
 */
export function pathWithItsOwnSlug(pathname: string): string | undefined {
  const lang = langFromPath(pathname);
  const other: Lang = lang === "pt" ? "en" : "pt";
  const rest = lang === "pt" ? pathname : pathname.slice(EN_PREFIX.length);
  const translated = translateSlugs(rest, other, lang);
  if (translated === rest) return undefined;
  return lang === "pt" ? translated : EN_PREFIX + translated;
}

/**
 * The addresses `pathWithItsOwnSlug` answers, as route paths: each
 * translated page's slug under the other language.
 * @example otherSlugPaths() // [{ lang: "pt", path: "/privacy" }, { lang: "en", path: "/en/privacidade" }]
 */
export function otherSlugPaths(): { lang: Lang; path: string }[] {
  return translatedPaths.flatMap((page) => [
    { lang: "pt" as const, path: page.en },
    { lang: "en" as const, path: EN_PREFIX + page.pt },
  ]);
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

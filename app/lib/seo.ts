import type { MetaDescriptor } from "react-router";
import { dictionaryFor, format, htmlLang, langFromPath, languages, ogLocale, switchLangPath } from "~/i18n";
import type { PageKey } from "~/routing/pages.ts";
import { siteUrl } from "~/site.config.ts";

export interface SeoInput {
  /** The page's own path, e.g. "/en/about". */
  pathname: string;
  /** Full document title. */
  title: string;
  description: string;
  type?: "website" | "article" | "profile";
  /** Absolute or root-relative image for link previews. */
  image?: string;
}

/** Absolute URL on the published origin. */
export function absoluteUrl(path: string): string {
  return new URL(path, `${siteUrl}/`).href;
}

/**
 * The one spelling of a path used in links to it: no trailing slash (the
 * build renders pages as `/about/`), except for the root.
 * @example canonicalPath("/en/about/") // "/en/about"
 */
export function canonicalPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
}

/**
 * Title, description, canonical, `hreflang` alternates, Open Graph and Twitter
 * tags for one page, in the page's language.
 */
export function seo({ pathname: rawPath, title, description, type = "website", image }: SeoInput): MetaDescriptor[] {
  const pathname = canonicalPath(rawPath);
  const lang = langFromPath(pathname);
  const canonical = absoluteUrl(pathname);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    ...languages.map((other) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: htmlLang[other],
      href: absoluteUrl(switchLangPath(pathname, other)),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(switchLangPath(pathname, "pt")) },
    { property: "og:type", content: type },
    { property: "og:site_name", content: dictionaryFor(lang).meta.siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: ogLocale[lang] },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (image) {
    tags.push(
      { property: "og:image", content: absoluteUrl(image) },
      { name: "twitter:image", content: absoluteUrl(image) },
    );
  }
  return tags;
}

/**
 * A page title followed by the site's name, in the page's language.
 * @example documentTitleFor("About me", "/en/about") // "About me · Rafael Werneck"
 */
export function documentTitleFor(pageTitle: string, pathname: string): string {
  return `${pageTitle} · ${dictionaryFor(langFromPath(pathname)).meta.titleSuffix}`;
}

/** "About me · Rafael Werneck"; the home page's title stands alone. */
export function documentTitle(key: PageKey, pageTitle: string, pathname: string): string {
  return key === "home" ? pageTitle : documentTitleFor(pageTitle, pathname);
}

/**
 * The meta tags of a page whose texts come straight from the dictionary.
 * Placeholders such as `{name}` are filled from `values`.
 */
export function pageSeo(key: PageKey, pathname: string, values: Record<string, string> = {}): MetaDescriptor[] {
  const texts = dictionaryFor(langFromPath(pathname)).pages[key];
  return seo({
    pathname,
    title: documentTitle(key, format(texts.title, values), pathname),
    description: format(texts.description, values),
  });
}

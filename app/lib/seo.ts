import type { MetaDescriptor } from "react-router";
import { dictionaryFor, format, htmlLang, type Lang, langFromPath, languages, ogLocale, switchLangPath } from "~/i18n";
import { siteUrl } from "~/site.config.ts";

/** The pages of the route table (app/routing/pages.ts), by the key their titles and descriptions are found under. */
export type PageKey =
  | "home"
  | "about"
  | "career"
  | "companies"
  | "company"
  | "projects"
  | "project"
  | "services"
  | "service"
  | "certificates"
  | "contact"
  | "recommendations"
  | "course"
  | "discord"
  | "privacy"
  | "blog"
  | "blogTag"
  | "blogSearch"
  | "article"
  | "adminBlog"
  | "adminMessages";

/** A link-preview image described in full (a post's drawn card). */
export interface PreviewImage {
  url: string;
  width: number;
  height: number;
  alt: string;
  type: string;
}

export interface SeoInput {
  /** The page's own path, e.g. "/en/about". */
  pathname: string;
  /** Full document title. */
  title: string;
  description: string;
  type?: "website" | "article" | "profile";
  /** Absolute or root-relative image for link previews, or one with its size and alt text. */
  image?: string | PreviewImage;
  /**
   * The page's path in each language it exists in, when that is not simply
   * the same path under the other prefix (a blog post and its translation
   * have their own slugs; a post without translation exists in one language).
   */
  alternates?: Partial<Record<Lang, string>>;
}

/** Absolute URL on the published origin. */
export function absoluteUrl(path: string): string {
  return new URL(path, `${siteUrl()}/`).href;
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
export function seo({
  pathname: rawPath,
  title,
  description,
  type = "website",
  image,
  alternates = Object.fromEntries(languages.map((other) => [other, switchLangPath(canonicalPath(rawPath), other)])),
}: SeoInput): MetaDescriptor[] {
  const pathname = canonicalPath(rawPath);
  const lang = langFromPath(pathname);
  const canonical = absoluteUrl(pathname);
  const present = languages.filter((other) => alternates[other] !== undefined);
  // Alternates only name other languages; a page in one language has none.
  const alternateLinks: MetaDescriptor[] =
    present.length > 1
      ? [
          ...present.map((other) => ({
            tagName: "link",
            rel: "alternate",
            hrefLang: htmlLang[other],
            href: absoluteUrl(alternates[other] ?? ""),
          })),
          {
            tagName: "link",
            rel: "alternate",
            hrefLang: "x-default",
            href: absoluteUrl(alternates.pt ?? alternates[present[0] ?? "pt"] ?? ""),
          },
        ]
      : [];
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    ...alternateLinks,
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
  if (typeof image === "string") {
    tags.push(
      { property: "og:image", content: absoluteUrl(image) },
      { name: "twitter:image", content: absoluteUrl(image) },
    );
  } else if (image) {
    const url = absoluteUrl(image.url);
    tags.push(
      { property: "og:image", content: url },
      { property: "og:image:width", content: String(image.width) },
      { property: "og:image:height", content: String(image.height) },
      { property: "og:image:alt", content: image.alt },
      { property: "og:image:type", content: image.type },
      { name: "twitter:image", content: url },
      { name: "twitter:image:alt", content: image.alt },
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

/**
 * The head of a page that only the holder of a link sees (a newsletter
 * confirmation, the unsubscribe page): its title, kept out of search engines.
 */
export function privatePageMeta(title: string, pathname: string): MetaDescriptor[] {
  return [{ title: documentTitleFor(title, pathname) }, { name: "robots", content: "noindex, nofollow" }];
}

/**
 * The head of an admin page: its title and description, kept out of search
 * engines (only its author ever sees it).
 * @example adminPageMeta(texts, "/en/admin/audience")
 */
export function adminPageMeta(texts: { title: string; description: string }, pathname: string): MetaDescriptor[] {
  return [
    ...seo({ pathname, title: documentTitleFor(texts.title, pathname), description: texts.description }),
    { name: "robots", content: "noindex, nofollow" },
  ];
}

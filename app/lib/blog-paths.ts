/**
 * Addresses of the blog's pages, in the language each lives in. Relative
 * imports only: the server's own newsletter worker loads this in plain Node
 * under `npm run dev`.
 */
import { type Lang, localizePath } from "../i18n/paths.ts";

/**
 * The public path of a post: `/blog/{slug}` for Portuguese, `/en/blog/{slug}` for English.
 * @example postPath({ lang: "en", slug: "hello-world" }) // "/en/blog/hello-world"
 */
export function postPath(post: { lang: Lang; slug: string }): string {
  return localizePath(`/blog/${encodeURIComponent(post.slug)}`, post.lang);
}

/**
 * The page listing a language's posts with a tag.
 * @example tagPath("node-js", "pt") // "/blog/tag/node-js"
 */
export function tagPath(tag: string, lang: Lang): string {
  return localizePath(`/blog/tag/${encodeURIComponent(tag)}`, lang);
}

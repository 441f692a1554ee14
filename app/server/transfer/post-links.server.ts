/**
 * An imported post's links to another post of the same import, written with
 * the old site's addresses (`https://blog.example/2019/05/ola/`,
 * `/?p=42`, a Hugo alias), made to lead to that post's new address
 * (`/blog/ola`), so a reader does not leave for the old site, nor take a
 * redirect, to follow them. Links elsewhere, and old addresses of posts the
 * import leaves out, stay as written.
 */
import { oldPathKey } from "./redirects.server.ts";

/** Where the posts of an import answer now, by the key of each of their old addresses. */
export interface PostAddresses {
  /** The old site's hosts, as `siteHost` writes them: an absolute link leads to a post only on one of them. */
  hosts: ReadonlySet<string>;
  /** `oldPathKey` of an old address → the post's new path. */
  paths: ReadonlyMap<string, string>;
}

/**
 * A host as one site: the same with or without `www.` (an old blog's links are written both ways, and with
 * `http:` or `https:`, which the host leaves out).
 * @example siteHost("WWW.Blog.example") // "blog.example"
 */
export const siteHost = (host: string) => host.toLowerCase().replace(/^www\./, "");

/**
 * A link's new address, or undefined when it leads to no post of the import.
 * The fragment (`#parte`) is kept.
 * @example newAddress("http://www.blog.example/ola/#fim", { hosts: new Set(["blog.example"]), paths: new Map([["/ola", "/blog/ola"]]) }) // "/blog/ola#fim"
 */
export function newAddress(link: string, addresses: PostAddresses): string | undefined {
  const hashAt = link.indexOf("#");
  const target = hashAt === -1 ? link : link.slice(0, hashAt);
  const fragment = hashAt === -1 ? "" : link.slice(hashAt);
  if (/^https?:\/\//i.test(target)) {
    const url = URL.parse(target);
    if (!url || !addresses.hosts.has(siteHost(url.host))) return undefined;
  } else if (!target.startsWith("/") || target.startsWith("//")) return undefined;
  const key = oldPathKey(target);
  const path = key === undefined ? undefined : addresses.paths.get(key);
  return path === undefined ? undefined : `${path}${fragment}`;
}

// A link's destination after `](`, a reference definition's after `]:`.
const INLINE = /(\]\([ \t]*<?)([^\s()<>]+)/g;
const DEFINITION = /^([ \t]{0,3}\[[^\]\n]{1,999}\]:[ \t]*<?)([^\s<>]+)/gm;

/**
 * The text with each link to a post of the import leading to its new
 * address: inline links and reference definitions, each found in one pass.
 * (An image's address is a file's, never a post's; an autolink, written as
 * the address itself, keeps it, and its redirect.)
 * @example rewritePostLinks("[antes](/?p=42)", { hosts: new Set(), paths: new Map([["/?p=42", "/blog/ola"]]) }) // "[antes](/blog/ola)"
 */
export function rewritePostLinks(markdown: string, addresses: PostAddresses): string {
  if (addresses.paths.size === 0) return markdown;
  const rewrite = (whole: string, before: string, link: string) => {
    const to = newAddress(link, addresses);
    return to === undefined ? whole : `${before}${to}`;
  };
  return markdown.replace(INLINE, rewrite).replace(DEFINITION, rewrite);
}

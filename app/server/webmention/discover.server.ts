/**
 * Where a page takes webmentions, found as the W3C Webmention Recommendation
 * says (section 3.1.2): an HTTP `Link` header with `rel="webmention"` first, else
 * the first `<link>` or `<a>` element of the document with that rel and an
 * `href`, whichever comes first. A relative address is resolved against the
 * page's URL after redirects; an empty one is the page itself; the query
 * string is kept as written.
 */
import { relsOf, startTags } from "./html-tags.server.ts";

/** One value of a `Link` header: its URI reference and its parameters, names lower-cased. */
interface LinkValue {
  uri: string;
  params: Map<string, string>;
}

/**
 * The values of `Link` headers (RFC 8288), several values per header allowed.
 * @example parseLinkHeader('<a>; rel="other", </wm>; rel=webmention')[1]?.uri // "/wm"
 */
export function parseLinkHeader(header: string): LinkValue[] {
  const values: LinkValue[] = [];
  let index = 0;
  while (index < header.length) {
    const open = header.indexOf("<", index);
    if (open === -1) break;
    const close = header.indexOf(">", open + 1);
    if (close === -1) break;
    const value: LinkValue = { uri: header.slice(open + 1, close).trim(), params: new Map() };
    index = close + 1;
    // Parameters up to the comma that starts the next value (a comma inside quotes belongs to its value).
    for (;;) {
      const param = /^\s*;\s*([^\s=;,]+)\s*(?:=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s;,]*)))?/.exec(header.slice(index));
      if (!param) break;
      index += param[0].length;
      const name = (param[1] ?? "").toLowerCase();
      const text = param[2] !== undefined ? param[2].replace(/\\(.)/g, "$1") : (param[3] ?? "");
      if (!value.params.has(name)) value.params.set(name, text);
    }
    values.push(value);
    const comma = header.indexOf(",", index);
    index = comma === -1 ? header.length : comma + 1;
  }
  return values;
}

/** Whether a space-separated rel list names webmention (any case). */
const namesWebmention = (rel: string | undefined) => (rel ?? "").toLowerCase().split(/\s+/).includes("webmention");

/** An address resolved against the page, or undefined when it is no http(s) URL. */
function resolved(reference: string, pageUrl: string): string | undefined {
  const url = URL.parse(reference.trim(), pageUrl);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return undefined;
  return url.href;
}

/**
 * The webmention endpoint of a page, or undefined when it advertises none.
 * @param pageUrl the page's URL after any redirects
 * @param linkHeaders every `Link` header of the response, in order
 * @param html the page's body when it is HTML
 * @example discoverEndpoint("https://a.example/post", ['<https://a.example/wm>; rel="webmention"'], "") // "https://a.example/wm"
 */
export function discoverEndpoint(pageUrl: string, linkHeaders: readonly string[], html: string): string | undefined {
  for (const header of linkHeaders) {
    for (const value of parseLinkHeader(header)) {
      if (!namesWebmention(value.params.get("rel"))) continue;
      const endpoint = resolved(value.uri, pageUrl);
      if (endpoint) return endpoint;
    }
  }
  for (const tag of startTags(html)) {
    if (tag.name !== "link" && tag.name !== "a") continue;
    const href = tag.attributes.get("href");
    if (href === undefined || !relsOf(tag.attributes).includes("webmention")) continue;
    const endpoint = resolved(href, pageUrl);
    if (endpoint) return endpoint;
  }
  return undefined;
}

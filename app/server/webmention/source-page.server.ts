/**
 * What a webmention's source page says: whether it links to the target
 * (an `<a>`, `<area>`, `<img>`, `<video>`, `<audio>` or `<source>` whose
 * address, resolved against the source, is the target's), and who wrote it
 * and under what title, from its first h-entry (microformats2: the entry's
 * name, its author's name, photo and address), else its `<title>`. All of
 * it plain text, clipped, and addresses only when they are http(s): nothing
 * of the page's markup is kept, so a script in a title is text.
 */
import { mf2 } from "microformats-parser";
import { decodeEntities, startTags } from "./html-tags.server.ts";

type MicroformatRoot = ReturnType<typeof mf2>["items"][number];
type MicroformatProperty = MicroformatRoot["properties"][string][number];

export const TITLE_MAX = 200;
export const NAME_MAX = 100;
export const EXCERPT_MAX = 500;

/** Attributes that make a page link to (or embed) an address. */
const LINKING: Record<string, string> = {
  a: "href",
  area: "href",
  img: "src",
  video: "src",
  audio: "src",
  source: "src",
};

/**
 * An address without its fragment, for comparing.
 * @example comparable("https://a.example/blog/x#top") // "https://a.example/blog/x"
 */
export function comparable(address: string, base?: string): string | undefined {
  const url = URL.parse(address.trim(), base);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return undefined;
  url.hash = "";
  return url.href;
}

/**
 * Whether the source links to the target. HTML is read as tags (a comment or escaped markup does not
 * count); any other text must contain the target's address.
 */
export function linksTo(body: string, contentType: string, sourceUrl: string, target: string): boolean {
  const wanted = comparable(target);
  if (!wanted) return false;
  if (!/html/i.test(contentType)) return body.includes(target);
  for (const tag of startTags(body)) {
    const attribute = LINKING[tag.name];
    const value = attribute ? tag.attributes.get(attribute) : undefined;
    if (value !== undefined && comparable(value, sourceUrl) === wanted) return true;
  }
  return false;
}

export interface SourceDetails {
  /** The entry's title, or the page's; absent for a note without one. */
  title?: string;
  /** The start of the entry's text, for a note without a title. */
  excerpt?: string;
  authorName?: string;
  authorPhoto?: string;
  authorUrl?: string;
  /** The entry's own address (`u-url`), when it gives one. */
  url?: string;
  /** When the entry says it was published (`dt-published`). */
  published?: Date;
}

/**
 * Plain text on one line, at most `max` characters.
 * @example plainText(" a\n <b>b</b> ", 10) // "a b"
 */
export function plainText(text: string, max: number): string | undefined {
  // Markup, and markup that was escaped in the page, is dropped: what is kept is text.
  const flat = decodeEntities(text.replace(/<[^>]*>/g, " "))
    .replace(/<[^>]*>/g, " ")
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!flat) return undefined;
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

const isRoot = (value: MicroformatProperty | undefined): value is MicroformatRoot =>
  typeof value === "object" && value !== null && "properties" in value;

/** A property's text: a string, an embedded value's text, an image's address, a root's value. */
function textOf(value: MicroformatProperty | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string") return value;
  if (isRoot(value)) return typeof value.value === "string" ? value.value : textOf(value.value);
  return value.value;
}

const httpUrl = (value: string | undefined, base: string) => (value ? comparable(value, base) : undefined);

/** The first h-entry of the page, itself or nested in a feed. */
function firstEntry(items: readonly MicroformatRoot[]): MicroformatRoot | undefined {
  for (const item of items) {
    if (item.type?.includes("h-entry")) return item;
    const nested = firstEntry(item.children ?? []);
    if (nested) return nested;
  }
  return undefined;
}

/** The page's `<title>`, as text. */
function pageTitle(html: string): string | undefined {
  const match = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html);
  return match ? plainText(match[1] ?? "", TITLE_MAX) : undefined;
}

/** Who wrote the source and its title, as far as its markup says. */
export function sourceDetails(html: string, contentType: string, sourceUrl: string): SourceDetails {
  if (!/html/i.test(contentType)) return {};
  let items: MicroformatRoot[] = [];
  try {
    items = mf2(html, { baseUrl: sourceUrl }).items;
  } catch {
    // A document the parser cannot read (no body, nothing in it): its title is all there is.
  }
  const entry = firstEntry(items);
  const fallbackTitle = pageTitle(html);
  if (!entry) return fallbackTitle ? { title: fallbackTitle } : {};
  const props = entry.properties;
  const content = textOf(props.content?.[0]) ?? textOf(props.summary?.[0]);
  const name = textOf(props.name?.[0]);
  // A note has no name of its own: the parser implies one from its whole text.
  const named = name && (!content || name.replace(/\s+/g, " ").trim() !== content.replace(/\s+/g, " ").trim());
  const author = props.author?.[0];
  const details: SourceDetails = {};
  const title = named ? plainText(name, TITLE_MAX) : undefined;
  if (title) details.title = title;
  const excerpt = content ? plainText(content, EXCERPT_MAX) : undefined;
  if (excerpt) details.excerpt = excerpt;
  if (isRoot(author)) {
    const authorName = plainText(textOf(author.properties.name?.[0]) ?? "", NAME_MAX);
    if (authorName) details.authorName = authorName;
    const photo = httpUrl(textOf(author.properties.photo?.[0]), sourceUrl);
    if (photo) details.authorPhoto = photo;
    const url = httpUrl(textOf(author.properties.url?.[0]), sourceUrl);
    if (url) details.authorUrl = url;
  } else if (author !== undefined) {
    const authorName = plainText(textOf(author) ?? "", NAME_MAX);
    if (authorName) details.authorName = authorName;
  }
  const url = httpUrl(textOf(props.url?.[0]), sourceUrl);
  if (url) details.url = url;
  const published = new Date(textOf(props.published?.[0]) ?? "");
  if (!Number.isNaN(published.getTime())) details.published = published;
  if (!details.title && !details.excerpt && fallbackTitle) details.title = fallbackTitle;
  return details;
}

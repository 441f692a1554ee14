/**
 * A WordPress export (WXR 1.2, RSS with the `wp:` namespace): its posts,
 * with their HTML made the site's Markdown, their tags
 * (`category domain="post_tag"`), status, dates (`post_date_gmt`, or
 * `post_date` in the site's zone for a draft that has none) and featured
 * image (`_thumbnail_id`, an attachment). Pages and attachments are items
 * too: reported, not imported. Images come from the upload when it ships
 * `wp-content/uploads`; the others are listed as missing. The old
 * addresses are the post's `link` and its `?p=ID`. A document that declares
 * entities is refused: no entity is ever expanded.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { Lang } from "../../i18n/paths.ts";
import { normalizeTag, POST_LIMITS, tagName } from "../../lib/post-input.ts";
import { slugify } from "../../lib/slugify.ts";
import { readDate } from "./dates.server.ts";
import { htmlToMarkdown } from "./html-to-markdown.server.ts";
import {
  type ImageRef,
  ImportError,
  type ImportedPost,
  type ImportNote,
  type ImportProblem,
  type ParsedSource,
} from "./import-types.server.ts";
import { siteLang } from "./markdown-source.server.ts";

type Item = Record<string, unknown>;

/** WordPress keeps titles and tag names with their HTML entities (`Acessibilidade &amp; Inclusão`). */
export function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
  return text.replace(
    /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/gi,
    (whole, decimal, hex, name: string | undefined) => {
      if (decimal) return String.fromCodePoint(Number(decimal));
      if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
      return (name && named[name.toLowerCase()]) ?? whole;
    },
  );
}

const value = (field: unknown): string => {
  if (field === undefined || field === null) return "";
  if (typeof field === "object") return value((field as Item)["#text"]);
  return String(field);
};

/** Whether an XML document is a WordPress export. */
export const isWxr = (head: string) => /xmlns:wp=|<wp:wxr_version/.test(head);

/** WordPress's `wpautop`: text without paragraphs gets them at its blank lines. */
function withParagraphs(html: string): string {
  if (/<(?:p|div|h[1-6]|ul|ol|figure|blockquote|pre|table)\b/i.test(html)) return html;
  return html
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${block.replace(/\n/g, "<br>")}</p>`)
    .join("\n");
}

function parseDocument(text: string, file: string): Item {
  if (/<!DOCTYPE[^>]*\[/i.test(text.slice(0, 4096)) || /<!ENTITY/i.test(text.slice(0, 65_536))) {
    throw new ImportError({ file, line: 1, code: "malformed-xml", values: { detail: "<!ENTITY>" } });
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new ImportError({ file, line: valid.err.line, code: "malformed-xml", values: { detail: valid.err.msg } });
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    processEntities: true,
    htmlEntities: true,
    parseTagValue: false,
    trimValues: false,
    isArray: (name) => ["item", "category", "wp:postmeta", "wp:tag", "wp:category"].includes(name),
  });
  return parser.parse(text) as Item;
}

/** The line each `<item>` starts on, in order, so a problem names it. */
function itemLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let from = 0;
  for (const match of text.matchAll(/<item[\s>]/g)) {
    for (let i = from; i < (match.index ?? 0); i++) if (text.charCodeAt(i) === 10) line++;
    from = match.index ?? 0;
    lines.push(line);
  }
  return lines;
}

export function readWordPress(text: string, file: string, files: ReadonlySet<string>, now = new Date()): ParsedSource {
  const document = parseDocument(text, file);
  const channel = ((document.rss as Item | undefined)?.channel ?? {}) as Item;
  const items = (channel.item as Item[] | undefined) ?? [];
  const lines = itemLines(text);
  const language = value(channel.language);
  const siteDefault: Lang = siteLang(language) ?? siteLang(language.slice(0, 2)) ?? "pt";
  const problems: ImportProblem[] = [];
  const notes: ImportNote[] = [];
  const attachments = new Map<string, string>();
  for (const item of items) {
    if (value(item["wp:post_type"]) === "attachment") {
      attachments.set(value(item["wp:post_id"]), value(item["wp:attachment_url"]) || value(item.guid));
    }
  }
  const filesByUploadPath = new Map<string, string>();
  for (const path of files) {
    const at = path.indexOf("uploads/");
    if (at !== -1) filesByUploadPath.set(path.slice(at + "uploads/".length), path);
  }
  const imageOf = (address: string): ImageRef => {
    const at = address.indexOf("/uploads/");
    let relative = at === -1 ? undefined : address.slice(at + "/uploads/".length).replace(/[?#].*$/, "");
    try {
      relative = relative === undefined ? undefined : decodeURIComponent(relative);
    } catch {
      relative = undefined;
    }
    const found = relative === undefined ? undefined : filesByUploadPath.get(relative);
    return found ? { original: address, file: found } : { original: address };
  };
  const ownImage = (address: string) => /\/wp-content\/uploads\//.test(address);

  const posts: ImportedPost[] = [];
  items.forEach((item, index) => {
    const label = { file, line: lines[index] };
    const type = value(item["wp:post_type"]);
    const title = decodeEntities(value(item.title)).trim();
    if (type === "attachment") {
      notes.push({
        ...label,
        code: "attachment-skipped",
        values: { title: title || value(item["wp:attachment_url"]) },
      });
      return;
    }
    if (type !== "post") {
      if (type === "page") notes.push({ ...label, code: "page-skipped", values: { title } });
      return;
    }
    const status = value(item["wp:status"]);
    if (status === "auto-draft" || status === "inherit") return;
    if (!title) {
      problems.push({ ...label, code: "missing-title" });
      return;
    }
    const gmt = value(item["wp:post_date_gmt"]);
    const local = value(item["wp:post_date"]);
    const date = gmt && !gmt.startsWith("0000") ? readDate(gmt, "Z") : readDate(local);
    if (!date) {
      problems.push({ ...label, code: "bad-date", values: { key: "wp:post_date_gmt", value: gmt || local } });
      return;
    }
    const modifiedGmt = value(item["wp:post_modified_gmt"]);
    const modified = (modifiedGmt && !modifiedGmt.startsWith("0000") && readDate(modifiedGmt, "Z")) || date;
    const converted = htmlToMarkdown(withParagraphs(value(item["content:encoded"])));
    const images = [...converted.markdown.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?/g)]
      .map((match) => match[1] ?? "")
      .filter(ownImage)
      .map(imageOf);
    const tags: { slug: string; name: string }[] = [];
    for (const category of (item.category as Item[] | undefined) ?? []) {
      if (typeof category !== "object" || category["@_domain"] !== "post_tag") continue;
      const name = tagName(decodeEntities(value(category))).slice(0, POST_LIMITS.tag);
      const slug = normalizeTag(name);
      if (slug && !tags.some((tag) => tag.slug === slug)) tags.push({ slug, name });
    }
    const meta = (item["wp:postmeta"] as Item[] | undefined) ?? [];
    const metaValue = (key: string) => value(meta.find((row) => value(row["wp:meta_key"]) === key)?.["wp:meta_value"]);
    // A post in WordPress's trash keeps the state it had before (`_wp_trash_meta_status`).
    const state = status === "trash" ? metaValue("_wp_trash_meta_status") || "draft" : status;
    const thumbnail = metaValue("_thumbnail_id");
    const coverUrl = thumbnail ? attachments.get(thumbnail) : undefined;
    const name = value(item["wp:post_name"]);
    let slug = slugify(decodeSafely(name)) || slugify(title);
    if (!slug) slug = `post-${value(item["wp:post_id"])}`;
    const oldPaths: string[] = [];
    const link = value(item.link);
    try {
      const url = new URL(link);
      if (url.search === "" || /^\?p=\d+$/.test(url.search)) oldPaths.push(`${url.pathname}${url.search}`);
    } catch {
      // A post without a link keeps its ?p= address alone.
    }
    const id = value(item["wp:post_id"]);
    if (/^\d+$/.test(id) && !oldPaths.includes(`/?p=${id}`)) oldPaths.push(`/?p=${id}`);
    const excerpt = value(item["excerpt:encoded"]).trim();
    posts.push({
      origin: label,
      title: title.slice(0, POST_LIMITS.title),
      slug,
      lang: siteDefault,
      draft: state !== "publish" && state !== "future",
      publishedAt: state === "publish" || state === "future" ? date : null,
      createdAt: date,
      updatedAt: modified,
      editedAt: null,
      trashedAt: status === "trash" ? now : null,
      content: converted.markdown,
      excerpt: excerpt ? htmlToMarkdown(excerpt).markdown.slice(0, POST_LIMITS.excerpt) : null,
      seoDescription: null,
      socialTitle: null,
      socialDescription: null,
      tags: tags.slice(0, POST_LIMITS.tags),
      ...(coverUrl ? { cover: imageOf(coverUrl) } : {}),
      images,
      oldPaths,
      removed: converted.removed,
    });
  });
  return { kind: "wordpress", posts, problems, notes };
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

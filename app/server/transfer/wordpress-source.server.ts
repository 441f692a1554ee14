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
 *
 * The file is read as it comes, an item at a time: each `<item>` is checked
 * and parsed alone, and the rest of the document (the channel around the
 * items) once at its end, so memory holds one item's XML, never the whole
 * text or its whole tree; each post goes to the sink as it is made (spooled
 * to disk by the admin and the command line, decision 082).
 */
import { StringDecoder } from "node:string_decoder";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { Lang } from "../../i18n/paths.ts";
import { decodeEntities } from "../../lib/html-entities.ts";
import { normalizeTag, POST_LIMITS } from "../../lib/post-input.ts";
import { freeSlug, slugify } from "../../lib/slugify.ts";
import { readDate } from "./dates.server.ts";
import { htmlToMarkdown, imageAddresses } from "./html-to-markdown.server.ts";
import {
  arraySink,
  coverWords,
  type ImageRef,
  ImportError,
  type ImportedPost,
  type ImportNote,
  type ImportProblem,
  type ParsedSource,
  type PostSink,
  type PostSummary,
  postTags,
  ReportList,
  SiteAddresses,
} from "./import-types.server.ts";
import { siteLang } from "./markdown-source.server.ts";
import { type Pending, plainText, prepareWordPressHtml } from "./wordpress-shortcodes.server.ts";

type Item = Record<string, unknown>;

const value = (field: unknown): string => {
  if (field === undefined || field === null) return "";
  if (typeof field === "object") return value((field as Item)["#text"]);
  return String(field);
};

/** Whether an XML document is a WordPress export. */
export const isWxr = (head: string) => /xmlns:wp=|<wp:wxr_version/.test(head);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  processEntities: true,
  htmlEntities: true,
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => ["item", "category", "wp:postmeta", "wp:tag", "wp:category", "wp:comment"].includes(name),
});

/** Checks and parses a piece of the document; a fault names its line in the file (`line` is the piece's first). */
function parsePiece(text: string, file: string, line: number, lineOf = (at: number) => line + at - 1): Item {
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new ImportError({
      file,
      line: lineOf(valid.err.line),
      code: "malformed-xml",
      values: { detail: valid.err.msg },
    });
  }
  try {
    return parser.parse(text) as Item;
  } catch (error) {
    // What the validator lets through and the parser still refuses (a processing instruction left open).
    throw new ImportError({
      file,
      line,
      code: "malformed-xml",
      values: { detail: error instanceof Error ? error.message : String(error) },
    });
  }
}

const lineBreaks = (text: string) => {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count++;
  return count;
};

/** What the document is made of, in its order: each item's XML with its first line, then the rest around them. */
type Piece =
  | { kind: "head"; text: string }
  | { kind: "item"; text: string; line: number }
  | { kind: "rest"; text: string; lineOf: (at: number) => number };

/**
 * Splits the document into its items as it is read. Comments and CDATA
 * sections are stepped over whole, so a post whose text names `<item>` or
 * `</item>` (a post about RSS) is not cut there.
 */
async function* pieces(source: AsyncIterable<Buffer | string>, file: string): AsyncGenerator<Piece> {
  const decoder = new StringDecoder("utf8");
  const token = /<!\[CDATA\[|<!--|<item[\s>]|<\/item\s*>/g;
  // A token cut by a chunk's end is at most this long: so much of the end is always looked at again.
  const reach = 16;
  let buffer = "";
  /** The line of buffer's first character. */
  let line = 1;
  let at = 0;
  let outside = "";
  let headLength = -1;
  let headLines = 0;
  let afterItems = 1;
  let itemLine = 0;
  let inItem = false;
  let pending: { close: string; from: number } | undefined;
  const take = (end: number) => {
    const text = buffer.slice(0, end);
    line += lineBreaks(text);
    buffer = buffer.slice(end);
    at = 0;
    return text;
  };
  const fault = (detail: string) => new ImportError({ file, line, code: "malformed-xml", values: { detail } });

  const scan = (done: boolean): Piece | undefined => {
    for (;;) {
      if (pending) {
        const close = buffer.indexOf(pending.close, pending.from);
        if (close === -1) {
          if (done) throw fault(pending.close === "-->" ? "<!--" : "<![CDATA[");
          pending.from = Math.max(0, buffer.length - pending.close.length);
          return undefined;
        }
        at = close + pending.close.length;
        pending = undefined;
      }
      token.lastIndex = at;
      const match = token.exec(buffer);
      if (!match) {
        if (inItem) at = Math.max(at, buffer.length - reach);
        else outside += take(done ? buffer.length : Math.max(0, buffer.length - reach));
        return undefined;
      }
      const found = match[0];
      if (found === "<![CDATA[" || found === "<!--") {
        if (!inItem) outside += take(match.index);
        const opened = inItem ? match.index : 0;
        pending = { close: found === "<!--" ? "-->" : "]]>", from: opened + found.length };
        continue;
      }
      if (found.startsWith("<item")) {
        if (inItem) {
          at = match.index + found.length;
          continue;
        }
        outside += take(match.index);
        inItem = true;
        itemLine = line;
        at = found.length;
        if (headLength === -1) {
          headLength = outside.length;
          headLines = lineBreaks(outside);
          return { kind: "head", text: outside };
        }
        continue;
      }
      // A closing tag: the item's end, or a stray one left to the check of the rest.
      if (!inItem) {
        at = match.index + found.length;
        continue;
      }
      const text = take(match.index + found.length);
      inItem = false;
      afterItems = line;
      return { kind: "item", text, line: itemLine };
    }
  };

  let first = true;
  const feed = async function* (text: string, done: boolean) {
    buffer += first ? text.replace(/^\uFEFF/, "") : text;
    if (text) first = false;
    for (let piece = scan(done); piece; piece = scan(done)) yield piece;
  };
  for await (const chunk of source) yield* feed(typeof chunk === "string" ? chunk : decoder.write(chunk), false);
  yield* feed(decoder.end(), true);
  if (inItem) {
    line = itemLine;
    throw fault("<item>");
  }
  outside += buffer;
  const lines = headLength === -1 ? Number.POSITIVE_INFINITY : headLines;
  yield {
    kind: "rest",
    text: outside,
    lineOf: (at) => (at <= lines ? at : afterItems + at - lines - 1),
  };
}

/** A document that declares anything (entities above all) is refused before a piece of it is parsed. */
function refuseDeclarations(text: string, file: string) {
  if (/<!DOCTYPE[^>]*\[/i.test(text.slice(0, 4096)) || /<!ENTITY/i.test(text.slice(0, 65_536))) {
    throw new ImportError({ file, line: 1, code: "malformed-xml", values: { detail: "<!ENTITY>" } });
  }
}

/** The posts of a WordPress export, read from its bytes as they come (`source`: the file's chunks). */
export async function readWordPress(
  source: AsyncIterable<Buffer | string>,
  file: string,
  files: ReadonlySet<string>,
  now = new Date(),
): Promise<ParsedSource> {
  const sink = arraySink();
  return { ...(await readWordPressInto(source, file, files, now, sink)), posts: sink.posts };
}

/** The export's posts handed to the sink as their items arrive; their language and covers set at the end. */
export async function readWordPressInto(
  source: AsyncIterable<Buffer | string>,
  file: string,
  files: ReadonlySet<string>,
  now: Date,
  sink: PostSink,
): Promise<Omit<ParsedSource, "posts">> {
  const problems = new ReportList<ImportProblem>();
  const notes = new ReportList<ImportNote>();
  const attachments = new Map<string, string>();
  /** The tags' old pages and the slugs they have here: as many as the blog's tags. */
  const tagPages = new Map<string, string>();
  /** An attachment's description (`_wp_attachment_image_alt`) and caption (its excerpt), kept when it has one. */
  const attachmentWords = new Map<string, { alt: string; caption: string }>();
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
  const imagesIn = (markdown: string) => imageAddresses(markdown).filter(ownImage).map(imageOf);

  /** Attachments by the post they were uploaded to: a gallery without `ids` shows its post's. */
  const attachmentsOf = new Map<string, string[]>();
  /** Synced patterns (`wp_block` items) by their id: small, and named by posts before or after them. */
  const patterns = new Map<string, string>();
  /** Galleries and patterns marked in the posts' text, filled in at the end; each by its word. */
  const pending = new Map<string, Pending & { postId: string }>();
  const pendingOf = new Map<number, string[]>();
  const word = `wxr${Math.random().toString(16).slice(2, 10).replace(/\d/g, "x")}`;
  let marking: { postId: string; words: string[] } = { postId: "", words: [] };
  const mark = (what: Pending) => {
    // Ended by a letter, so that the 1st is not the start of the 10th.
    const name = `${word}n${pending.size}x`;
    pending.set(name, { ...what, postId: marking.postId });
    marking.words.push(name);
    return name;
  };
  const convert = (html: string) => {
    const prepared = prepareWordPressHtml(html, mark);
    const converted = htmlToMarkdown(prepared.html);
    return {
      markdown: converted.markdown,
      removed: [...prepared.removed, ...converted.removed],
      ...(converted.hazard ? { hazard: converted.hazard } : {}),
    };
  };
  /** The slugs WordPress gave, and the posts whose slug the import made (from their title, or a trashed post's restored one), settled at the end. */
  const givenSlugs = new Set<string>();
  const madeSlugs: { index: number; slug: string; line: number }[] = [];

  let added = 0;
  /** Featured images by the post's place in the sink, named by their attachment's id, which may come after the post. */
  const covers = new Map<number, string>();
  let channel: Item = {};
  let headSeen = false;
  /** Where the blog was: its links to its own posts lead to their new addresses. */
  const origins = new Set<string>();
  /** What the posts had that has no place here. */
  const leftOut = { categories: new Set<string>(), comments: 0 };
  for await (const piece of pieces(source, file)) {
    if (piece.kind === "head") {
      refuseDeclarations(piece.text, file);
      headSeen = true;
      continue;
    }
    if (piece.kind === "rest") {
      if (!headSeen) refuseDeclarations(piece.text, file);
      const document = parsePiece(piece.text, file, 1, piece.lineOf);
      channel = ((document.rss as Item | undefined)?.channel ?? {}) as Item;
      continue;
    }
    const item = ((parsePiece(piece.text, file, piece.line).item as Item[] | undefined) ?? [])[0] ?? {};
    const label = { file, line: piece.line };
    const type = value(item["wp:post_type"]);
    const title = decodeEntities(value(item.title)).trim();
    if (type === "attachment") {
      const attachmentId = value(item["wp:post_id"]);
      attachments.set(attachmentId, value(item["wp:attachment_url"]) || value(item.guid));
      const alt = value(
        ((item["wp:postmeta"] as Item[] | undefined) ?? []).find(
          (row) => value(row["wp:meta_key"]) === "_wp_attachment_image_alt",
        )?.["wp:meta_value"],
      );
      const caption = plainText(value(item["excerpt:encoded"]), decodeEntities);
      if (alt.trim() || caption) attachmentWords.set(attachmentId, { alt: decodeEntities(alt), caption });
      const parent = value(item["wp:post_parent"]);
      if (parent && parent !== "0") attachmentsOf.set(parent, [...(attachmentsOf.get(parent) ?? []), attachmentId]);
      notes.push({
        ...label,
        code: "attachment-skipped",
        values: { title: title || value(item["wp:attachment_url"]) },
      });
      continue;
    }
    if (type === "wp_block") {
      patterns.set(value(item["wp:post_id"]), value(item["content:encoded"]));
      continue;
    }
    if (type !== "post") {
      if (type === "page") notes.push({ ...label, code: "page-skipped", values: { title } });
      continue;
    }
    const status = value(item["wp:status"]);
    if (status === "auto-draft" || status === "inherit") continue;
    if (!title) {
      problems.push({ ...label, code: "missing-title" });
      continue;
    }
    const gmt = value(item["wp:post_date_gmt"]);
    const local = value(item["wp:post_date"]);
    const date = gmt && !gmt.startsWith("0000") ? readDate(gmt, "Z") : readDate(local);
    if (!date) {
      problems.push({ ...label, code: "bad-date", values: { key: "wp:post_date_gmt", value: gmt || local } });
      continue;
    }
    const modifiedGmt = value(item["wp:post_modified_gmt"]);
    const modified = (modifiedGmt && !modifiedGmt.startsWith("0000") && readDate(modifiedGmt, "Z")) || date;
    // A scheduled post was created before its date: never after its last change.
    const created = new Date(Math.min(modified.getTime(), date.getTime()));
    marking = { postId: value(item["wp:post_id"]), words: [] };
    const converted = convert(value(item["content:encoded"]));
    if (marking.words.length > 0) pendingOf.set(added, marking.words);
    const images = imagesIn(converted.markdown);
    const postTagItems = ((item.category as Item[] | undefined) ?? []).filter(
      (category) => typeof category === "object" && category["@_domain"] === "post_tag",
    );
    const tagNames = postTagItems.map((category) => decodeEntities(value(category)));
    // Categories are no tags here, and comments no responses (those come from the fediverse and webmentions):
    // both are left out, and said once for the whole export.
    for (const category of (item.category as Item[] | undefined) ?? []) {
      if (typeof category === "object" && category["@_domain"] === "category") {
        const name = decodeEntities(value(category));
        if (name) leftOut.categories.add(name);
      }
    }
    for (const comment of (item["wp:comment"] as Item[] | undefined) ?? []) {
      if (value(comment["wp:comment_approved"]) === "1") leftOut.comments += 1;
    }
    const meta = (item["wp:postmeta"] as Item[] | undefined) ?? [];
    const metaValue = (key: string) => value(meta.find((row) => value(row["wp:meta_key"]) === key)?.["wp:meta_value"]);
    // A post in WordPress's trash keeps the state it had before (`_wp_trash_meta_status`).
    const state = status === "trash" ? metaValue("_wp_trash_meta_status") || "draft" : status;
    const thumbnail = metaValue("_thumbnail_id");
    // WordPress renames a trashed post's slug (`ola__trashed`) and keeps the one it had; another post may have
    // taken that one since: a restored slug is numbered like a made one when another post of the export has it.
    const restored = status === "trash";
    const name = restored
      ? metaValue("_wp_desired_post_slug") || value(item["wp:post_name"]).replace(/__trashed(?:-\d+)?$/, "")
      : value(item["wp:post_name"]);
    let slug = slugify(decodeSafely(name));
    if (slug && restored) madeSlugs.push({ index: added, slug, line: piece.line });
    else if (slug) givenSlugs.add(slug);
    else {
      slug = slugify(title) || `post-${value(item["wp:post_id"])}`;
      madeSlugs.push({ index: added, slug, line: piece.line });
    }
    const trashTime = Number(metaValue("_wp_trash_meta_time"));
    // A password keeps a post from the public in WordPress; here it would not: it stays a draft.
    const locked = value(item["wp:post_password"]) !== "" && (state === "publish" || state === "future");
    if (locked) notes.push({ ...label, code: "password-draft", values: { title } });
    const shown = !locked && (state === "publish" || state === "future");
    const tags = postTags(tagNames, label, notes);
    // Its tags' pages, as WordPress published them (`/tag/{nicename}/`), once the channel's language is known.
    postTagItems.forEach((category, at) => {
      const here = normalizeTag(tagNames[at] ?? "");
      const there = value(category["@_nicename"]);
      if (there && tags.some((tag) => tag.slug === here)) tagPages.set(`/tag/${there}/`, here);
    });
    const oldPaths: string[] = [];
    const link = value(item.link);
    try {
      const url = new URL(link);
      origins.add(url.origin);
      if (url.search === "" || /^\?p=\d+$/.test(url.search)) oldPaths.push(`${url.pathname}${url.search}`);
    } catch {
      // A post without a link keeps its ?p= address alone.
    }
    const id = value(item["wp:post_id"]);
    if (/^\d+$/.test(id) && !oldPaths.includes(`/?p=${id}`)) oldPaths.push(`/?p=${id}`);
    const excerpt = plainText(value(item["excerpt:encoded"]), decodeEntities);
    // What an SEO plugin wrote for search engines and link previews (Yoast, Rank Math, All in One SEO); a value
    // made of the plugin's variables (`%%title%% %%sep%%`, `#post_title`) is the plugin's template, not the post's.
    const seo = (limit: number, ...keys: string[]) => {
      for (const key of keys) {
        const text = plainText(metaValue(key), decodeEntities);
        if (text && !/%%?[a-z_]+%%?|#(?:post|site|separator|author|taxonomy)_?\w*/i.test(text))
          return text.slice(0, limit);
      }
      return null;
    };
    const post: ImportedPost = {
      origin: label,
      title: title.slice(0, POST_LIMITS.title),
      slug,
      // The channel's language, known once the document is read (below).
      lang: "pt",
      draft: !shown,
      publishedAt: shown ? date : null,
      createdAt: created,
      updatedAt: modified,
      editedAt: null,
      trashedAt: status === "trash" ? (trashTime > 0 ? new Date(trashTime * 1000) : now) : null,
      content: converted.markdown,
      excerpt: excerpt ? excerpt.slice(0, POST_LIMITS.excerpt) : null,
      seoDescription: seo(
        POST_LIMITS.seoDescription,
        "_yoast_wpseo_metadesc",
        "rank_math_description",
        "_aioseo_description",
      ),
      socialTitle: seo(
        POST_LIMITS.socialTitle,
        "_yoast_wpseo_opengraph-title",
        "rank_math_facebook_title",
        "_aioseo_og_title",
      ),
      socialDescription: seo(
        POST_LIMITS.socialDescription,
        "_yoast_wpseo_opengraph-description",
        "rank_math_facebook_description",
        "_aioseo_og_description",
      ),
      tags,
      images,
      oldPaths,
      removed: converted.removed,
      ...(converted.hazard ? { hazard: converted.hazard } : {}),
    };
    sink.add(post);
    if (thumbnail) covers.set(added, thumbnail);
    added += 1;
  }
  for (const key of ["link", "wp:base_site_url", "wp:base_blog_url"]) {
    const origin = URL.parse(value(channel[key]))?.origin;
    if (origin && origin !== "null") origins.add(origin);
  }
  const language = value(channel.language);
  const siteDefault: Lang = siteLang(language) ?? siteLang(language.slice(0, 2)) ?? "pt";
  const siteAddresses = new SiteAddresses();
  siteAddresses.add({ path: "/feed/", lang: siteDefault });
  for (const [path, tag] of tagPages) siteAddresses.add({ path, lang: siteDefault, tag });
  const coverOf = new Map<number, ImageRef & { id: string }>();
  for (const [index, id] of covers) {
    const coverUrl = attachments.get(id);
    if (coverUrl) coverOf.set(index, { ...imageOf(coverUrl), id });
  }
  // A slug the import made or restored is given -2, -3… until no other post of the export has it.
  const taken = new Set(givenSlugs);
  const slugOf = new Map<number, string>();
  for (const made of madeSlugs) {
    const slug = taken.has(made.slug) ? freeSlug(made.slug, (candidate) => taken.has(candidate)) : made.slug;
    taken.add(slug);
    if (slug !== made.slug) {
      slugOf.set(made.index, slug);
      notes.push({ file, line: made.line, code: "slug-made", values: { slug } });
    }
  }
  givenSlugs.clear();
  // What the patterns mark as they are read at the end belongs to no post.
  marking = { postId: "", words: [] };
  const filled = fillPending(pending, { attachments, attachmentsOf, patterns, convert, imagesIn });
  sink.revise((post, index) => {
    post.lang = siteDefault;
    const cover = coverOf.get(index);
    if (cover) {
      const { id, ...image } = cover;
      const words = attachmentWords.get(id);
      Object.assign(post, { cover: image }, coverWords(words?.alt, words?.caption));
    }
    const slug = slugOf.get(index);
    if (slug) post.slug = slug;
    const words = pendingOf.get(index);
    if (words) {
      const whole = post as PostSummary & { content?: string };
      for (const name of words) {
        const piece = filled(name);
        if (typeof whole.content === "string") whole.content = whole.content.replace(name, () => piece.markdown);
        post.images = [...post.images, ...piece.images];
        post.removed = [...post.removed, ...piece.removed];
      }
      if (typeof whole.content === "string") whole.content = whole.content.replace(/\n{3,}/g, "\n\n").trim();
    }
  });
  if (leftOut.categories.size > 0) {
    const names = [...leftOut.categories];
    const shown = names.slice(0, 10).join(", ");
    notes.push({
      file,
      code: "categories-skipped",
      values: { names: names.length > 10 ? `${shown}… (${names.length})` : shown },
    });
  }
  if (leftOut.comments > 0) notes.push({ file, code: "comments-skipped", values: { count: String(leftOut.comments) } });
  return { kind: "wordpress", problems, notes, origins: [...origins], siteAddresses: siteAddresses.list };
}

interface Filled {
  markdown: string;
  images: ImageRef[];
  removed: string[];
}

/** What each marked word becomes once the export is read: a gallery's images, a pattern's text (its own marks filled in too). */
function fillPending(
  pending: Map<string, Pending & { postId: string }>,
  export_: {
    attachments: Map<string, string>;
    attachmentsOf: Map<string, string[]>;
    patterns: Map<string, string>;
    convert: (html: string) => { markdown: string; removed: string[] };
    imagesIn: (markdown: string) => ImageRef[];
  },
): (name: string) => Filled {
  // Kept by what they show (a pattern, a gallery's images), not by each place that names them.
  const done = new Map<string, Filled>();
  const fill = (name: string, depth: number): Filled => {
    const what = pending.get(name);
    const key =
      what?.kind === "pattern" ? `pattern ${what.ref}` : `gallery ${what?.ids.join(",") || `of ${what?.postId}`}`;
    const known = done.get(key);
    if (known) return known;
    let result: Filled = { markdown: "", images: [], removed: [] };
    if (what?.kind === "gallery") {
      const ids = what.ids.length > 0 ? what.ids : (export_.attachmentsOf.get(what.postId) ?? []);
      const removed: string[] = [];
      const html = ids
        .map((id) => {
          const address = export_.attachments.get(id);
          if (!address) removed.push(`[gallery] ${id}`);
          return address ? `<p><img src="${address.replace(/"/g, "&quot;")}" alt=""></p>` : "";
        })
        .join("\n");
      const converted = export_.convert(html);
      result = { markdown: converted.markdown, images: export_.imagesIn(converted.markdown), removed };
    } else if (what?.kind === "pattern") {
      const html = export_.patterns.get(what.ref);
      if (html === undefined || depth > 3) result = { markdown: "", images: [], removed: [`wp:block ${what.ref}`] };
      else {
        const before = pending.size;
        const converted = export_.convert(html);
        let markdown = converted.markdown;
        const images = export_.imagesIn(markdown);
        const removed = [...converted.removed];
        // The pattern's own galleries and patterns, marked as it was read just now.
        for (const inner of [...pending.keys()].slice(before)) {
          const piece = fill(inner, depth + 1);
          markdown = markdown.replace(inner, () => piece.markdown);
          images.push(...piece.images);
          removed.push(...piece.removed);
        }
        result = { markdown, images, removed };
      }
    }
    done.set(key, result);
    return result;
  };
  return (name) => fill(name, 0);
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A Ghost export (JSON: `db[0].data` with `posts`, `tags`, `posts_tags`,
 * `posts_meta`): Ghost 4's mobiledoc, Ghost 5's and 6's lexical, or the
 * `html` Ghost keeps beside them, made the site's Markdown. Pages are
 * reported and left out. Ghost has no language per post: the site's
 * `locale` setting gives it, or an internal tag `#pt` / `#en` on the post.
 * Addresses were `/{slug}/`; `__GHOST_URL__` stands for the old site, and
 * its images (`/content/images/…`) come from the upload when it has them.
 * A card this site has no place for, or one hidden from the web (e-mail
 * only, members only), is left out and listed with what the post lost. A
 * post sent by e-mail only, or for members, comes in as a draft with a note:
 * nothing private becomes public by an import.
 */
import type { Lang } from "../../i18n/paths.ts";
import { decodeEntities, escapeHtml } from "../../lib/html-entities.ts";
import { normalizeTag, POST_LIMITS } from "../../lib/post-input.ts";
import { slugify } from "../../lib/slugify.ts";
import { readDate } from "./dates.server.ts";
import { decodedAddress, htmlToMarkdown, imageAddresses } from "./html-to-markdown.server.ts";
import {
  coverWords,
  type ImageRef,
  type ImportedPost,
  type ImportNote,
  type ImportProblem,
  type ParsedSource,
  type PostSink,
  postTags,
  ReportList,
  SiteAddresses,
} from "./import-types.server.ts";
import { siteLang } from "./markdown-source.server.ts";
import { plainText } from "./wordpress-shortcodes.server.ts";

type Row = Record<string, unknown>;

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
/** A table of the export: its rows that are objects, none when it is not a list. */
const rowsOf = (value: unknown): Row[] =>
  Array.isArray(value) ? value.filter((row): row is Row => typeof row === "object" && row !== null) : [];

/** A link to a video, a sound or a file Ghost kept beside its images, which its export leaves out. */
const GHOST_FILE_LINK = /\]\([ \t]*<?(\/content\/(?:media|files)\/[^\s()<>]+)/g;

/** The data of a Ghost export, or undefined when the JSON is not one. */
export function ghostData(json: unknown): Row | undefined {
  const root = json as { db?: { data?: Row }[]; data?: Row };
  const data = root?.db?.[0]?.data ?? root?.data;
  return data && Array.isArray(data.posts) ? data : undefined;
}

const link = (href: unknown, text: unknown) =>
  str(href) ? `<a href="${escapeHtml(str(href) ?? "")}">${escapeHtml(str(text) || str(href) || "")}</a>` : "";

/** Whether a card is hidden from the site's readers (Ghost 6: e-mail only, or members only). */
function hiddenFromWeb(payload: Row): boolean {
  const web = (payload.visibility as Row | undefined)?.web as Row | undefined;
  return web?.nonMember === false;
}

/**
 * Ghost's card of a mobiledoc or lexical document as HTML; undefined when
 * this site has no place for it (the caller lists it in `removed`).
 */
function cardHtml(name: string, payload: Row, removed: string[] = []): string | undefined {
  if (hiddenFromWeb(payload)) {
    removed.push(`card ${name} (hidden from the web)`);
    return "";
  }
  switch (name) {
    case "markdown":
      // A Markdown card is Markdown already: kept apart, joined as it is.
      return `<pre data-markdown="">${escapeHtml(str(payload.markdown) ?? "")}</pre>`;
    case "html":
      return str(payload.html) ?? "";
    case "embed": {
      // The frame is left out, its page stays as a link (html-to-markdown.server.ts).
      const html = (str(payload.html) ?? "").replace(
        /<iframe\b/i,
        `<iframe data-page="${escapeHtml(str(payload.url) ?? "")}" data-title="${escapeHtml(str((payload.metadata as Row | undefined)?.title) ?? "")}"`,
      );
      const caption = str(payload.caption);
      return `${html}${caption ? `<p>${caption}</p>` : ""}`;
    }
    case "gallery": {
      const images = ((payload.images as Row[] | undefined) ?? []).map((image) =>
        cardHtml("image", { ...image, alt: str(image.alt) || str(image.caption) || "" }),
      );
      const caption = str(payload.caption);
      return `${images.join("")}${caption ? `<p>${caption}</p>` : ""}`;
    }
    case "callout": {
      const emoji = escapeHtml(str(payload.calloutEmoji) ?? "");
      const text = str(payload.calloutText) ?? "";
      const body = /^\s*<p\b/i.test(text)
        ? text.replace(/^\s*<p\b[^>]*>/i, (open) => `${open}${emoji ? `${emoji} ` : ""}`)
        : `<p>${emoji ? `${emoji} ` : ""}${text}</p>`;
      return `<blockquote>${body}</blockquote>`;
    }
    case "toggle":
      return `<h4>${str(payload.heading) ?? ""}</h4>${str(payload.content) ?? ""}`;
    case "button":
      return `<p>${link(payload.buttonUrl, payload.buttonText)}</p>`;
    case "call-to-action": {
      const image = str(payload.imageUrl) ? `<p><img src="${escapeHtml(str(payload.imageUrl) ?? "")}" alt=""></p>` : "";
      const sponsor = payload.hasSponsorLabel ? (str(payload.sponsorLabel) ?? "") : "";
      const button = payload.showButton === false ? "" : `<p>${link(payload.buttonUrl, payload.buttonText)}</p>`;
      return `${sponsor}${image}${str(payload.textValue) ?? ""}${button}`;
    }
    case "video":
    case "audio":
    case "file": {
      const name = str(payload.fileTitle) || str(payload.title) || str(payload.caption) || str(payload.fileName);
      const caption = name === str(payload.caption) ? undefined : str(payload.fileCaption) || str(payload.caption);
      return `<p>${link(payload.src, name)}${caption ? ` — ${caption}` : ""}</p>`;
    }
    case "product": {
      const image = str(payload.productImageSrc)
        ? `<p><img src="${escapeHtml(str(payload.productImageSrc) ?? "")}" alt=""></p>`
        : "";
      const button = payload.productButtonEnabled ? `<p>${link(payload.productUrl, payload.productButton)}</p>` : "";
      return `${image}<p><strong>${str(payload.productTitle) ?? ""}</strong></p>${str(payload.productDescription) ?? ""}${button}`;
    }
    case "header":
    case "signup": {
      const heading = str(payload.heading) ?? str(payload.header) ?? "";
      const text = str(payload.subheading) ?? str(payload.subheader) ?? "";
      const button =
        name === "header" && payload.buttonEnabled !== false
          ? `<p>${link(payload.buttonUrl, payload.buttonText)}</p>`
          : "";
      return `${heading ? `<h2>${heading}</h2>` : ""}${text ? `<p>${text}</p>` : ""}${button}`;
    }
    case "paywall":
      // Where the members' part began: the post as a whole is a draft (see postOf).
      return "";
    case "image": {
      const src = str(payload.src) ?? "";
      const caption = str(payload.caption);
      return `<figure><img src="${escapeHtml(src)}" alt="${escapeHtml(str(payload.alt) ?? str(payload.altText) ?? "")}">${caption ? `<figcaption>${caption}</figcaption>` : ""}</figure>`;
    }
    case "code":
    case "codeblock":
      return `<pre><code class="language-${escapeHtml(str(payload.language) ?? "")}">${escapeHtml(str(payload.code) ?? "")}</code></pre>`;
    case "hr":
    case "horizontalrule":
      return "<hr>";
    case "bookmark": {
      const url = str(payload.url) ?? "";
      const title = str((payload.metadata as Row | undefined)?.title) ?? url;
      const description = str((payload.metadata as Row | undefined)?.description);
      return `<p><a href="${escapeHtml(url)}">${escapeHtml(title)}</a>${description ? ` — ${escapeHtml(description)}` : ""}</p>`;
    }
    default:
      return undefined;
  }
}

/** A mobiledoc document (Ghost 4) as HTML. */
export function mobiledocHtml(doc: Row, removed: string[] = []): string {
  const markups = (doc.markups as [string, string[]?][] | undefined) ?? [];
  const cards = (doc.cards as [string, Row][] | undefined) ?? [];
  const atoms = (doc.atoms as [string, string?, Row?][] | undefined) ?? [];
  const markersHtml = (markers: unknown[]) => {
    let html = "";
    const open: string[] = [];
    for (const marker of markers as [number, number[], number, string | number][]) {
      const [kind, opens, closes, value] = marker;
      for (const index of opens) {
        const [tag = "span", attributes = []] = markups[index] ?? [];
        let attributeText = "";
        for (let i = 0; i + 1 < attributes.length; i += 2) {
          attributeText += ` ${attributes[i]}="${escapeHtml(String(attributes[i + 1]))}"`;
        }
        html += `<${tag}${attributeText}>`;
        open.push(tag);
      }
      if (kind === 1) {
        // An atom: a soft return is a line break, any other its text.
        const [atom = "", text = ""] = atoms[Number(value)] ?? [];
        html += atom === "soft-return" ? "<br>" : escapeHtml(text);
      } else html += escapeHtml(typeof value === "string" ? value : "");
      for (let i = 0; i < closes; i++) html += `</${open.pop()}>`;
    }
    return html;
  };
  let html = "";
  for (const section of (doc.sections as unknown[][] | undefined) ?? []) {
    const [type, second, third] = section as [number, unknown, unknown];
    if (type === 1) html += `<${second}>${markersHtml(third as unknown[])}</${second}>`;
    else if (type === 3) {
      const items = (third as unknown[][]).map((markers) => `<li>${markersHtml(markers)}</li>`).join("");
      html += `<${second}>${items}</${second}>`;
    } else if (type === 10) {
      const [name = "", payload = {}] = cards[second as number] ?? [];
      const card = cardHtml(name, payload, removed);
      if (card === undefined) removed.push(`card ${name}`);
      html += card ?? "";
    }
  }
  return html;
}

/** A lexical document (Ghost 5 and 6) as HTML. */
export function lexicalHtml(doc: Row, removed: string[] = []): string {
  const node = (item: Row): string => {
    const children = ((item.children as Row[] | undefined) ?? []).map(node).join("");
    const type = String(item.type ?? "").replace(/^extended-/, "");
    switch (type) {
      case "text": {
        let html = escapeHtml(str(item.text) ?? "");
        const format = Number(item.format ?? 0);
        if (format & 16) html = `<code>${html}</code>`;
        if (format & 1) html = `<strong>${html}</strong>`;
        if (format & 2) html = `<em>${html}</em>`;
        if (format & 4) html = `<s>${html}</s>`;
        return html;
      }
      case "paragraph":
        return `<p>${children}</p>`;
      case "heading":
        return `<${str(item.tag) ?? "h2"}>${children}</${str(item.tag) ?? "h2"}>`;
      case "quote":
      case "aside":
        return `<blockquote>${children}</blockquote>`;
      case "list": {
        const tag = item.listType === "number" ? "ol" : "ul";
        return `<${tag}>${children}</${tag}>`;
      }
      case "listitem":
        return `<li>${children}</li>`;
      case "link":
        return `<a href="${escapeHtml(str(item.url) ?? "")}">${children}</a>`;
      case "linebreak":
        return "<br>";
      case "root":
        return children;
      case "tab":
        return " ";
      default: {
        const card = cardHtml(type, item, removed);
        if (card !== undefined) return card;
        if (Array.isArray(item.children)) return children;
        removed.push(`card ${type}`);
        return "";
      }
    }
  };
  return node((doc.root as Row | undefined) ?? {});
}

/** A post's HTML: Ghost's own, else made from lexical or mobiledoc (with the cards it left out). */
function postHtml(post: Row, removed: string[]): string {
  const html = str(post.html);
  if (html) return html;
  const unreadable: string[] = [];
  for (const [field, render] of [
    ["lexical", lexicalHtml],
    ["mobiledoc", mobiledocHtml],
  ] as const) {
    const source = str(post[field]);
    if (!source) continue;
    try {
      const left: string[] = [];
      const made = render(JSON.parse(source) as Row, left);
      removed.push(...left);
      return made;
    } catch {
      // The other field may hold it; if none does, the post says what it could not read.
      unreadable.push(`${field} (unreadable)`);
    }
  }
  removed.push(...unreadable);
  return "";
}

/** Markdown cards, escaped into the HTML, come back as the Markdown they were. */
function withMarkdownCards(html: string): { html: string; cards: string[] } {
  const cards: string[] = [];
  const OPEN = '<pre data-markdown="">';
  let replaced = "";
  let from = 0;
  // Each card's end found once: an opening with no `</pre>` after it is left as it is, and so are the rest.
  for (let start = html.indexOf(OPEN); start !== -1; start = html.indexOf(OPEN, from)) {
    const end = html.indexOf("</pre>", start + OPEN.length);
    if (end === -1) break;
    const text = html.slice(start + OPEN.length, end);
    cards.push(decodeEntities(text));
    replaced += `${html.slice(from, start)}<p>GHOSTMARKDOWNCARD${cards.length - 1}</p>`;
    from = end + "</pre>".length;
  }
  return { html: replaced + html.slice(from), cards };
}

const GHOST_URL = /__GHOST_URL__/g;
const MERGE_LINK = /^<a\b[^>]*href="%%\{[^"]*\}%%"/i;

/**
 * Ghost's e-mail merge tags (`%%{unsubscribe_url}%%`): a link to one keeps
 * its text, the tag goes. Each tag's end and each link's `</a>` is looked
 * for once, so no text makes the search go over it again and again.
 */
function withoutMergeTags(html: string): string {
  const lower = html.toLowerCase();
  let links = "";
  let from = 0;
  for (let start = lower.indexOf("<a", 0); start !== -1; start = lower.indexOf("<a", from)) {
    const tagEnd = lower.indexOf(">", start);
    if (tagEnd === -1) break;
    const isMergeLink = MERGE_LINK.test(html.slice(start, tagEnd + 1));
    const close = isMergeLink ? lower.indexOf("</a>", tagEnd + 1) : -1;
    if (isMergeLink && close === -1) break; // no link after this one is closed either
    if (isMergeLink) {
      links += html.slice(from, start) + html.slice(tagEnd + 1, close);
      from = close + "</a>".length;
    } else {
      links += html.slice(from, tagEnd + 1);
      from = tagEnd + 1;
    }
  }
  links += html.slice(from);
  let text = "";
  from = 0;
  for (let start = links.indexOf("%%{"); start !== -1; start = links.indexOf("%%{", from)) {
    const close = links.indexOf("}", start + 3);
    if (close === -1) break;
    if (links.startsWith("}%%", close)) {
      text += links.slice(from, start);
      from = close + 3;
    } else {
      // Every opening before this `}` ends at it too, and none is a tag.
      text += links.slice(from, close + 1);
      from = close + 1;
    }
  }
  return text + links.slice(from);
}

/** The posts of Ghost's export, one at a time, made with the rest of its data (tags, settings, meta). */
function ghostReader(data: Row, file: string, files: ReadonlySet<string>, now: Date) {
  const problems = new ReportList<ImportProblem>();
  const notes = new ReportList<ImportNote>();
  const settings = rowsOf(data.settings);
  const locale = str(settings.find((setting) => setting.key === "locale")?.value);
  const siteDefault: Lang = (locale && (siteLang(locale) ?? siteLang(locale.slice(0, 2)))) || "pt";
  const tags = new Map(rowsOf(data.tags).map((tag) => [String(tag.id), tag]));
  const tagsOf = new Map<string, Row[]>();
  for (const link of rowsOf(data.posts_tags).toSorted(
    (a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0),
  )) {
    const tag = tags.get(String(link.tag_id));
    if (!tag) continue;
    const list = tagsOf.get(String(link.post_id)) ?? [];
    list.push(tag);
    tagsOf.set(String(link.post_id), list);
  }
  const meta = new Map(rowsOf(data.posts_meta).map((row) => [String(row.post_id), row]));
  // Ghost's feed, and its tags' pages as its posts name them (`/tag/{slug}/`).
  const siteAddresses = new SiteAddresses();
  siteAddresses.add({ path: "/rss/", lang: siteDefault });
  const imageOf = (address: string): ImageRef => {
    const relative = address.replace(GHOST_URL, "").replace(/^\/+/, "");
    const found = /^content\/images\//.test(relative)
      ? [relative, `ghost/${relative}`].find((candidate) => files.has(decodedAddress(candidate)))
      : undefined;
    return found ? { original: address, file: decodedAddress(found) } : { original: address };
  };

  const postOf = (post: Row, index: number): ImportedPost | undefined => {
    const label = `${file} · posts[${index}]`;
    const title = str(post.title)?.trim() ?? "";
    const type = str(post.type) ?? (post.page === true || post.page === 1 ? "page" : "post");
    if (type !== "post") {
      notes.push({ file: label, code: "page-skipped", values: { title } });
      return undefined;
    }
    if (!title) {
      problems.push({ file: label, code: "missing-title" });
      return undefined;
    }
    const postTagRows = tagsOf.get(String(post.id)) ?? [];
    const internal = postTagRows.filter((tag) => str(tag.name)?.startsWith("#"));
    const langTag = internal.map((tag) => siteLang(String(tag.name).slice(1))).find(Boolean);
    const lang = langTag ?? siteDefault;
    const dates: Record<string, Date | null> = {};
    for (const key of ["created_at", "updated_at", "published_at"]) {
      const value = post[key];
      if (value === null || value === undefined) {
        dates[key] = null;
        continue;
      }
      const date = readDate(typeof value === "number" ? new Date(value) : value, "Z");
      if (!date) {
        problems.push({ file: label, code: "bad-date", values: { key, value: String(value) } });
        return undefined;
      }
      dates[key] = date;
    }
    const seo = meta.get(String(post.id));
    // Sent by e-mail only, or for members: a draft, so nothing private is published by the import.
    const emailOnly = str(post.status) === "sent" || Boolean(seo?.email_only);
    const visibility = str(post.visibility) ?? "public";
    const status = emailOnly || visibility !== "public" ? "draft" : (str(post.status) ?? "draft");
    if (emailOnly) notes.push({ file: label, code: "email-only-draft", values: { title } });
    else if (visibility !== "public") notes.push({ file: label, code: "members-draft", values: { title, visibility } });
    const cardsLeft: string[] = [];
    const { html, cards } = withMarkdownCards(withoutMergeTags(postHtml(post, cardsLeft).replace(GHOST_URL, "")));
    const converted = htmlToMarkdown(html, {
      restore: (markdown) => markdown.replace(/GHOSTMARKDOWNCARD(\d+)/g, (_whole, i: string) => cards[Number(i)] ?? ""),
    });
    const content = converted.markdown;
    // Ghost's videos, sounds and files are not in its export: their links are named, to be moved by hand.
    const files = [...new Set(Array.from(content.matchAll(GHOST_FILE_LINK), (match) => match[1] ?? ""))];
    if (files.length > 0) {
      const shown = files.slice(0, 5).join(", ");
      notes.push({
        file: label,
        code: "files-missing",
        values: { title, files: files.length > 5 ? `${shown}… (${files.length})` : shown },
      });
    }
    const images = imageAddresses(content)
      .filter((address) => address.startsWith("/content/images/"))
      .map(imageOf);
    const cover = str(post.feature_image);
    // Internal tags (`#pt`, `#en`, `#hash`) are Ghost's own marks, not the post's.
    const publicNames = postTagRows.map((tag) => str(tag.name) ?? "").filter((name) => !name.trim().startsWith("#"));
    const tags = postTags(publicNames, { file: label }, notes);
    for (const row of postTagRows) {
      if (str(row.name)?.trim().startsWith("#")) continue;
      const here = normalizeTag(str(row.name) ?? "");
      const there = str(row.slug);
      if (there && tags.some((tag) => tag.slug === here))
        siteAddresses.add({ path: `/tag/${there}/`, lang, tag: here });
    }
    const created = dates.created_at ?? now;
    const slug = slugify(str(post.slug) ?? "") || slugify(title);
    return {
      origin: { file: label },
      title: title.slice(0, POST_LIMITS.title),
      slug,
      lang,
      draft: status === "draft",
      publishedAt: status === "draft" ? null : (dates.published_at ?? created),
      createdAt: created,
      updatedAt: dates.updated_at ?? created,
      editedAt: null,
      trashedAt: null,
      content,
      excerpt: str(post.custom_excerpt)?.slice(0, POST_LIMITS.excerpt) ?? null,
      seoDescription: str(seo?.meta_description ?? post.meta_description)?.slice(0, POST_LIMITS.seoDescription) ?? null,
      socialTitle: str(seo?.og_title ?? post.og_title)?.slice(0, POST_LIMITS.socialTitle) ?? null,
      socialDescription:
        str(seo?.og_description ?? post.og_description)?.slice(0, POST_LIMITS.socialDescription) ?? null,
      tags,
      ...(cover ? { cover: imageOf(cover.replace(GHOST_URL, "")) } : {}),
      // Ghost keeps the cover's words in posts_meta; its caption is HTML (a photographer's credit and link).
      ...(cover
        ? coverWords(str(seo?.feature_image_alt), plainText(str(seo?.feature_image_caption) ?? "", decodeEntities))
        : {}),
      images,
      oldPaths: [`/${str(post.slug) ?? slug}/`],
      removed: [...cardsLeft, ...converted.removed],
      ...(converted.hazard ? { hazard: converted.hazard } : {}),
    };
  };
  return { postOf, problems, notes, siteAddresses };
}

/** A Ghost export read whole (its data parsed already). */
export function readGhost(data: Row, file: string, files: ReadonlySet<string>, now = new Date()): ParsedSource {
  const reader = ghostReader(data, file, files, now);
  const posts: ImportedPost[] = [];
  (data.posts as unknown[]).forEach((row, index) => {
    const post = reader.postOf((row ?? {}) as Row, index);
    if (post) posts.push(post);
  });
  return {
    kind: "ghost",
    posts,
    problems: reader.problems,
    notes: reader.notes,
    siteAddresses: reader.siteAddresses.list,
  };
}

/**
 * A Ghost export's posts as they come (json-stream.server.ts): `data` is the
 * rest of the export, read first, each post made as its element arrives.
 */
export async function readGhostPosts(
  data: Row,
  elements: AsyncIterable<{ index: number; value: unknown }>,
  file: string,
  files: ReadonlySet<string>,
  now: Date,
  sink: PostSink,
): Promise<Omit<ParsedSource, "posts">> {
  const reader = ghostReader(data, file, files, now);
  for await (const { index, value } of elements) {
    const post = reader.postOf((value ?? {}) as Row, index);
    if (post) sink.add(post);
  }
  return { kind: "ghost", problems: reader.problems, notes: reader.notes, siteAddresses: reader.siteAddresses.list };
}

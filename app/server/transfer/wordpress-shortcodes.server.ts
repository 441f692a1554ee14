/**
 * What WordPress does to a post's text before it shows it, done before the
 * text becomes Markdown: its synced patterns (`<!-- wp:block {"ref":27} /-->`)
 * and galleries (`[gallery ids="10,12"]`) marked to be filled in once the
 * whole export is read (the pattern or the attachment may come after the
 * post), its embeds made links, captions made figures, other shortcodes
 * removed (and listed), paragraphs made where the classic editor left blank
 * lines (`wpautop`); preformatted text becomes a code block with the rest
 * of the HTML (html-to-markdown).
 *
 * Every element and shortcode is found by one pass over the text: an
 * opening's closing is looked up once (the next one after it, remembered),
 * so that openings without a closing cost nothing more; nested shortcodes are
 * undone with a stack of their own, never by recursion.
 */
import { shortcodeAttributes } from "./shortcode-attributes.server.ts";

/** Elements `wpautop` never wraps in a paragraph (WordPress's own list). */
const BLOCKS =
  "(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)";

/**
 * The first match of `pattern` (global) at or after a place, remembered: asked
 * again from further on, it is looked for again only once the text has passed
 * it, so each closing is searched for once, and none at all past the last one.
 */
function nextOf(text: string, pattern: RegExp): (from: number) => { start: number; end: number } | undefined {
  let searchedFrom = -1;
  let found: { start: number; end: number } | undefined;
  return (from) => {
    if (searchedFrom === -1 || from < searchedFrom || (found && found.start < from)) {
      pattern.lastIndex = from;
      const match = pattern.exec(text);
      searchedFrom = from;
      found = match ? { start: match.index, end: match.index + match[0].length } : undefined;
    }
    return found;
  };
}

/**
 * Each span from an opening (`open`, global; its first group, lower-cased,
 * names the closing `closing` makes) to the first closing after it, in order;
 * an opening without a closing is text. `span` gets the text before it and
 * the span; what it returns replaces both.
 */
function eachSpan(
  text: string,
  open: RegExp,
  closing: (name: string) => RegExp,
  span: (before: string, whole: string) => string,
  after: (rest: string) => string,
): string {
  const closers = new Map<string, ReturnType<typeof nextOf>>();
  let out = "";
  let last = 0;
  open.lastIndex = 0;
  for (let match = open.exec(text); match; match = open.exec(text)) {
    const name = (match[1] ?? "").toLowerCase();
    let find = closers.get(name);
    if (!find) {
      find = nextOf(text, closing(name));
      closers.set(name, find);
    }
    const close = find(match.index + match[0].length);
    if (!close) {
      open.lastIndex = match.index + 1;
      continue;
    }
    out += span(text.slice(last, match.index), text.slice(match.index, close.end));
    last = close.end;
    open.lastIndex = close.end;
  }
  return out + after(text.slice(last));
}

/** Applies `change` to the text outside `<pre>`, `<code>`, scripts, styles and comments: their text is never a shortcode. */
function outsideCode(html: string, change: (text: string) => string): string {
  return eachSpan(
    html,
    /<(pre|code|script|style)\b|<!--/gi,
    (name) => (name ? new RegExp(`</${name}\\s*>`, "gi") : /-->/g),
    (before, whole) => change(before) + whole,
    change,
  );
}

/** The text without its comments (one left open is text). */
function withoutComments(html: string): string {
  return eachSpan(
    html,
    /<!--/g,
    () => /-->/g,
    (before) => before,
    (rest) => rest,
  );
}

/**
 * WordPress's `wpautop`: blank lines make paragraphs and single line breaks
 * `<br />`, in the text between block elements; inside `<pre>` nothing.
 */
export function wpautop(html: string): string {
  if (html.trim() === "") return "";
  const kept: string[] = [];
  const keep = (before: string, pre: string) => `${before}<pre wxr-kept="${kept.push(pre) - 1}"></pre>`;
  let text = `${eachSpan(
    html,
    /<pre\b()/gi,
    () => /<\/pre\s*>/gi,
    keep,
    (rest) => rest,
  )}\n`;
  text = text.replace(/\r\n?/g, "\n");
  text = text.replace(/<br\s*\/?>\s*<br\s*\/?>/gi, "\n\n");
  text = text.replace(new RegExp(`(<${BLOCKS}[\\s/>])`, "gi"), "\n\n$1");
  text = text.replace(new RegExp(`(</${BLOCKS}>)`, "gi"), "$1\n\n");
  text = text.replace(/\n\n+/g, "\n\n");
  text = text
    .split(/\n\s*\n/)
    .filter((part) => part.trim() !== "")
    .map((part) => `<p>${part.replace(/^\n+|\n+$/g, "")}</p>\n`)
    .join("");
  text = text.replace(/<p>\s*<\/p>/g, "");
  text = text.replace(/<p>([^<]+)<\/(div|address|form)>/gi, "<p>$1</p></$2>");
  text = text.replace(new RegExp(`<p>\\s*(</?${BLOCKS}[^>]*>)\\s*</p>`, "gi"), "$1");
  text = text.replace(/<p>(<li.+?)<\/p>/gi, "$1");
  text = text.replace(/<p><blockquote([^>]*)>/gi, "<blockquote$1><p>");
  text = text.replace(/<\/blockquote><\/p>/gi, "</p></blockquote>");
  text = text.replace(new RegExp(`<p>\\s*(</?${BLOCKS}[^>]*>)`, "gi"), "$1");
  text = text.replace(new RegExp(`(</?${BLOCKS}[^>]*>)\\s*</p>`, "gi"), "$1");
  // A line break inside a tag is a space, not a <br />.
  text = text.replace(/<[^>]*>/g, (tag) =>
    tag.includes("\n")
      ? tag
          .split("\n")
          .map((piece, i, all) => {
            const start = i > 0 ? piece.trimStart() : piece;
            return i < all.length - 1 ? start.trimEnd() : start;
          })
          .join(" ")
      : tag,
  );
  text = text.replace(/<br\s*\/?>/gi, "<br />");
  // Each line break a <br />, the spaces before it dropped (line by line: a long run of spaces is read once).
  const lines = text.split("\n");
  text = lines
    .map((line, i) => {
      if (i === lines.length - 1) return line;
      const trimmed = line.trimEnd();
      return trimmed.endsWith("<br />") ? trimmed : `${trimmed}<br />`;
    })
    .join("\n");
  text = text.replace(new RegExp(`(</?${BLOCKS}[^>]*>)\\s*<br />`, "gi"), "$1");
  text = text.replace(/<br \/>(\s*<\/?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)/gi, "$1");
  text = text.replace(/\n<\/p>$/g, "</p>");
  return text.replace(/<pre wxr-kept="(\d+)"><\/pre>/g, (_whole, i: string) => kept[Number(i)] ?? "");
}

/** The shortcodes WordPress itself has: known even without attributes; names are case-sensitive, as in WordPress. */
const OWN = new Set(["caption", "wp_caption", "gallery", "embed", "audio", "video", "playlist"]);

const escapeAttribute = (text: string) => text.replace(/&(?!#?\w+;)/g, "&amp;").replace(/"/g, "&quot;");

/** What is marked in a post's text to be filled in at the export's end. */
export type Pending = { kind: "gallery"; ids: string[] } | { kind: "pattern"; ref: string };

export interface Prepared {
  html: string;
  /** Shortcodes and patterns left out: `[contact-form-7]`. */
  removed: string[];
}

/**
 * The post's HTML as WordPress would show it, ready to become Markdown.
 * `mark` names what waits for the end of the export (a gallery, a synced
 * pattern) by a word that the Markdown keeps as it is.
 */
export function prepareWordPressHtml(html: string, mark: (pending: Pending) => string): Prepared {
  const removed: string[] = [];
  const blocks = /<!--\s*wp:/.test(html);
  // A synced pattern, `<!-- wp:block {"ref":27} /-->`: a comment (up to its first `-->`) holding a JSON object.
  let text = eachSpan(
    html,
    /<!--()/g,
    () => /-->/g,
    (before, comment) => {
      const block = /^<!--\s*wp:block\s+(\{[\s\S]*\})\s*\/-->$/.exec(comment);
      if (!block) return before + comment;
      let ref: unknown;
      try {
        ref = (JSON.parse(block[1] ?? "") as { ref?: unknown }).ref;
      } catch {
        ref = undefined;
      }
      if (typeof ref !== "number" && typeof ref !== "string") {
        removed.push("wp:block");
        return before;
      }
      return `${before}\n<p>${mark({ kind: "pattern", ref: String(ref) })}</p>\n`;
    },
    (rest) => rest,
  );
  text = outsideCode(text, (part) => {
    // WordPress's embeds: [embed]URL[/embed], and a URL alone on its line.
    let done = part.replace(/\[embed\b[^\]]*\]\s*(https?:\/\/[^\s<>"[\]]+)\s*\[\/embed\]/g, (_w, url: string) =>
      link(url),
    );
    done = done.replace(/^[ \t]*(https?:\/\/[^\s<>"]+)[ \t]*$/gim, (_w, url: string) => link(url));
    return shortcodes(done, removed, mark);
  });
  // A `<pre>` without `<code>` becomes a code block with the rest of the HTML (html-to-markdown).
  return { html: blocks ? text : wpautop(text), removed };
}

const link = (url: string) => `\n<p><a href="${escapeAttribute(url)}">${url}</a></p>\n`;

/** An opening shortcode tag at a `[`: its name, then what is written up to its `]` (no bracket inside). */
const OPENING = /\[([a-zA-Z][\w-]*)([^\][]*)\]/y;

/** A closing shortcode tag, `[/name]`. */
const CLOSING = /\[\/([a-zA-Z][\w-]*)\]/g;

/** A shortcode being undone: the text around its content, while its content is. */
interface Open {
  /** Where the content being read ends (the text's end, or a shortcode's closing tag). */
  end: number;
  /** The content read so far, each piece as it will be shown. */
  out: string[];
  /** What the shortcode becomes once its content is read (the text's end: the content itself). */
  done: (inner: string) => string;
  /** Where reading goes on in the enclosing text once this one is done. */
  resume: number;
}

/**
 * WordPress's shortcodes: `[name attrs]`, `[name attrs /]` or
 * `[name attrs]content[/name]` (the first `[/name]` after it), `[[…]]`
 * escaping one. Read in one pass: the closings are found first, each
 * opening's looked up among them; a nested shortcode's content is read on
 * a stack, however deep.
 */
function shortcodes(text: string, removed: string[], mark: (pending: Pending) => string): string {
  const closings = new Map<string, number[]>();
  for (const match of text.matchAll(CLOSING)) {
    const name = match[1] ?? "";
    const list = closings.get(name) ?? [];
    list.push(match.index);
    closings.set(name, list);
  }
  /** The first `[/name]` at or after `from`, ending by `end`. */
  const closingOf = (name: string, from: number, end: number): number | undefined => {
    const list = closings.get(name);
    if (!list) return undefined;
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((list[middle] ?? 0) < from) low = middle + 1;
      else high = middle;
    }
    const at = list[low];
    return at !== undefined && at + name.length + 3 <= end ? at : undefined;
  };

  const root: Open = { end: text.length, out: [], done: (inner) => inner, resume: text.length };
  const stack: Open[] = [root];
  /** What is read (given to `out`) and where the next `[` is looked for. */
  let at = 0;
  let look = 0;
  for (;;) {
    const open = stack[stack.length - 1] ?? root;
    const bracket = text.indexOf("[", look);
    if (bracket === -1 || bracket >= open.end) {
      open.out.push(text.slice(at, open.end));
      if (open === root) return open.out.join("");
      stack.pop();
      (stack[stack.length - 1] ?? root).out.push(open.done(open.out.join("")));
      at = open.resume;
      look = at;
      continue;
    }
    OPENING.lastIndex = bracket;
    const tag = OPENING.exec(text);
    if (!tag || bracket + tag[0].length > open.end) {
      look = bracket + 1;
      continue;
    }
    const name = tag[1] ?? "";
    let attributeText = tag[2] ?? "";
    const selfClosing = attributeText.endsWith("/");
    if (selfClosing) attributeText = attributeText.slice(0, -1);
    // `[[name]]` is the shortcode written as text: an opening bracket before it (not yet read) and a closing one after.
    const escaped = bracket > at && text[bracket - 1] === "[";
    const start = escaped ? bracket - 1 : bracket;
    const tagEnd = bracket + tag[0].length;
    const closing = selfClosing ? undefined : closingOf(name, tagEnd, open.end);
    const contentEnd = closing === undefined ? tagEnd : closing + name.length + 3;
    const closed = contentEnd < open.end && text[contentEnd] === "]";
    const end = closed ? contentEnd + 1 : contentEnd;
    const whole = text.slice(start, end);
    open.out.push(text.slice(at, start));
    at = end;
    look = end;
    if (escaped && closed) {
      open.out.push(whole.slice(1, -1));
      continue;
    }
    // Text in brackets ("[Editado: …]", "[1]") is not a shortcode: a name, then attributes after a space.
    if (attributeText !== "" && !/^\s/.test(attributeText)) {
      open.out.push(whole);
      continue;
    }
    const own = OWN.has(name);
    const shortcode = own || /[\w-]\s*=/.test(attributeText) || selfClosing || closing !== undefined;
    // A caption or an embed without its closing has nothing to show: it is text ("a [caption] here").
    const empty =
      closing === undefined && !selfClosing && (name === "caption" || name === "wp_caption" || name === "embed");
    if (!shortcode || empty) {
      open.out.push(whole);
      continue;
    }
    const kept = `${escaped ? "[" : ""}${closed ? "]" : ""}`;
    const become = (inner: string) =>
      `${kept}${shortcode_(name, shortcodeAttributes(attributeText), inner, removed, mark)}`;
    if (closing === undefined) {
      open.out.push(become(""));
      continue;
    }
    stack.push({ end: closing, out: [], done: become, resume: end });
    at = tagEnd;
    look = tagEnd;
  }
}

/** What one shortcode becomes, its content already undone. */
function shortcode_(
  name: string,
  attributes: ReadonlyMap<string, string>,
  inner: string,
  removed: string[],
  mark: (pending: Pending) => string,
): string {
  if (name === "caption" || name === "wp_caption") return figure(inner, attributes.get("caption"));
  if (name === "gallery") {
    const ids = (attributes.get("ids") ?? attributes.get("include") ?? "")
      .split(/[\s,]+/)
      .filter((id) => /^\d+$/.test(id));
    return `\n<p>${mark({ kind: "gallery", ids })}</p>\n`;
  }
  if (name === "embed") {
    const url = inner.trim();
    if (/^https?:\/\/[^\s<>"]+$/.test(url)) return link(url);
    removed.push(`[${name}]`);
    return inner;
  }
  removed.push(`[${name}]`);
  // An unknown shortcode's tags go; the text it wrapped stays.
  return inner;
}

/** `[caption]<img …> Its caption[/caption]` as a figure with its caption. */
function figure(content: string, caption: string | undefined): string {
  const match = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(content);
  const image = match?.[1] ?? "";
  const text = (caption ?? match?.[2] ?? content).trim();
  if (!image) return text ? `\n<p>${text}</p>\n` : "";
  return `\n<figure>${image}${text ? `<figcaption>${text}</figcaption>` : ""}</figure>\n`;
}

/** An excerpt's text alone: its HTML tags removed, entities decoded, white space made single spaces. */
export function plainText(html: string, decode: (text: string) => string): string {
  const bare = withoutComments(html);
  // No tag ends past the last `>`: a `<` there is text, and no search for a `>` runs to the end from each one.
  const cut = bare.lastIndexOf(">") + 1;
  const text =
    bare
      .slice(0, cut)
      .replace(/<(?:br|\/?(?:p|div|li|h[1-6]|blockquote|ul|ol|tr|td|th))\b[^>]*>/gi, " ")
      .replace(/<[^>]*>/g, "") + bare.slice(cut);
  return decode(text).replace(/\s+/g, " ").trim();
}

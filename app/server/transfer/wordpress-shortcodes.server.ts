/**
 * What WordPress does to a post's text before it shows it, done before the
 * text becomes Markdown: its synced patterns (`<!-- wp:block {"ref":27} /-->`)
 * and galleries (`[gallery ids="10,12"]`) marked to be filled in once the
 * whole export is read (the pattern or the attachment may come after the
 * post), its embeds made links, captions made figures, other shortcodes
 * removed (and listed), paragraphs made where the classic editor left blank
 * lines (`wpautop`), and preformatted text made a code block.
 */

/** Elements `wpautop` never wraps in a paragraph (WordPress's own list). */
const BLOCKS =
  "(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)";

/** A `<pre>`, `<code>`, `<script>` or `<style>` element whole, or a comment: its text is never a shortcode. */
const VERBATIM = /(<(pre|code|script|style)\b[\s\S]*?<\/\2\s*>|<!--[\s\S]*?-->)/gi;

/** Applies `change` to the text outside `<pre>`, `<code>`, scripts, styles and comments. */
function outsideCode(html: string, change: (text: string) => string): string {
  return html
    .split(VERBATIM)
    .map((part, i) => (i % 3 === 0 ? change(part) : i % 3 === 1 ? part : ""))
    .join("");
}

/**
 * WordPress's `wpautop`: blank lines make paragraphs and single line breaks
 * `<br />`, in the text between block elements; inside `<pre>` nothing.
 */
export function wpautop(html: string): string {
  if (html.trim() === "") return "";
  const kept: string[] = [];
  let text = `${html.replace(/<pre\b[\s\S]*?<\/pre\s*>/gi, (pre) => `<pre wxr-kept="${kept.push(pre) - 1}"></pre>`)}\n`;
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

/** A `<pre>` without `<code>` (the classic editor's, `wp:preformatted`) as a code block, its line breaks kept. */
export function preAsCode(html: string): string {
  return html.replace(/<pre\b([^>]*)>([\s\S]*?)<\/pre\s*>/gi, (whole, attributes: string, inner: string) => {
    if (/^\s*<code\b/i.test(inner)) return whole;
    const text = inner.replace(/^\n/, "").replace(/<br\s*\/?>\n?/gi, "\n");
    return `<pre${attributes}><code>${text}</code></pre>`;
  });
}

/** A shortcode's attributes (`ids="10,12" columns=2`), by lowercase name. */
export function shortcodeAttributes(text: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of text.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s'"]+))/g)) {
    found[(match[1] ?? "").toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? "";
  }
  return found;
}

/** WordPress's shortcode: `[name attrs]`, `[name attrs /]` or `[name attrs]content[/name]`; `[[…]]` escapes one. */
const SHORTCODE =
  /\[(\[?)([a-zA-Z][\w-]*)(?![\w-])([^\][/]*(?:\/(?!\])[^\][/]*)*?)(?:(\/)\]|\](?:([\s\S]*?)\[\/\2\])?)(\]?)/g;

/** The shortcodes WordPress itself has: known even without attributes. */
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
  let text = html.replace(/<!--\s*wp:block\s+(\{[\s\S]*?\})\s*\/-->/g, (_whole, json: string) => {
    let ref: unknown;
    try {
      ref = (JSON.parse(json) as { ref?: unknown }).ref;
    } catch {
      ref = undefined;
    }
    if (typeof ref !== "number" && typeof ref !== "string") {
      removed.push("wp:block");
      return "";
    }
    return `\n<p>${mark({ kind: "pattern", ref: String(ref) })}</p>\n`;
  });
  text = outsideCode(text, (part) => {
    // WordPress's embeds: [embed]URL[/embed], and a URL alone on its line.
    let done = part.replace(/\[embed\b[^\]]*\]\s*(https?:\/\/[^\s<>"[\]]+)\s*\[\/embed\]/gi, (_w, url: string) =>
      link(url),
    );
    done = done.replace(/^[ \t]*(https?:\/\/[^\s<>"]+)[ \t]*$/gim, (_w, url: string) => link(url));
    return shortcodes(done, removed, mark);
  });
  if (!blocks) text = wpautop(text);
  return { html: preAsCode(text), removed };
}

const link = (url: string) => `\n<p><a href="${escapeAttribute(url)}">${url}</a></p>\n`;

function shortcodes(text: string, removed: string[], mark: (pending: Pending) => string): string {
  return text.replace(
    SHORTCODE,
    (
      whole,
      open: string,
      name: string,
      attributeText: string,
      selfClosing: string | undefined,
      content: string | undefined,
      close: string,
    ) => {
      if (open && close) return whole.slice(1, -1);
      const lower = name.toLowerCase();
      const attributes = shortcodeAttributes(attributeText);
      // Text in brackets ("[Editado: …]", "[1]") is not a shortcode: a name, then attributes after a space.
      if (attributeText !== "" && !/^\s/.test(attributeText)) return whole;
      const shortcode = OWN.has(lower) || /[\w-]\s*=/.test(attributeText) || selfClosing || content !== undefined;
      if (!shortcode) return whole;
      const inner = content === undefined ? "" : shortcodes(content, removed, mark);
      const kept = `${open}${close}`;
      if (lower === "caption" || lower === "wp_caption") return `${kept}${figure(inner, attributes.caption)}`;
      if (lower === "gallery") {
        const ids = (attributes.ids ?? attributes.include ?? "").split(/[\s,]+/).filter((id) => /^\d+$/.test(id));
        return `${kept}\n<p>${mark({ kind: "gallery", ids })}</p>\n`;
      }
      if (lower === "embed") {
        const url = inner.trim();
        return /^https?:\/\/[^\s<>"]+$/.test(url) ? `${kept}${link(url)}` : kept;
      }
      removed.push(`[${name}]`);
      // An unknown shortcode's tags go; the text it wrapped stays.
      return `${kept}${inner}`;
    },
  );
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
  const text = html
    .replace(/<(?:br|\/?(?:p|div|li|h[1-6]|blockquote|ul|ol|tr|td|th))\b[^>]*>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]*>/g, "");
  return decode(text).replace(/\s+/g, " ").trim();
}

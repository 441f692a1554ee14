/**
 * Hugo's shortcodes and Jekyll's Liquid in a Markdown post, made Markdown.
 * The text is read once from start to end: each tag's closing is searched
 * for once and reused by the openings before it, so no text, however
 * written, takes longer than its length to read. Code, fenced or indented
 * four spaces, and inline code are the post's own text: only Hugo's
 * escaped shortcode (`{{</*`, shown as the shortcode's text)
 * and Jekyll's `{% raw %}` are read there, as both engines read them.
 */
import { shortcodeArguments } from "./shortcode-attributes.server.ts";

/** What a tag linking to another post (`post_url`, `ref`, `relref`) names, and where it now is, if known. */
export type LinkTo = (kind: "post_url" | "ref", name: string) => string | undefined;

export interface ConvertedTemplates {
  body: string;
  /** The tags removed, as written (spaces joined, cut to 60 characters). */
  removed: string[];
  /** The text before the first summary separator found outside code, when one was. */
  excerpt?: string;
}

/** The next match of a needle at or after a position: searched once, and reused while the positions grow. */
function finder(text: string, needle: string | RegExp): (at: number) => { start: number; end: number } | undefined {
  let from = -1;
  let found: { start: number; end: number } | undefined;
  return (at) => {
    if (from !== -1 && at >= from && (found === undefined || found.start >= at)) return found;
    from = at;
    if (typeof needle === "string") {
      const start = text.indexOf(needle, at);
      found = start === -1 ? undefined : { start, end: start + needle.length };
    } else {
      needle.lastIndex = at;
      const match = needle.exec(text);
      found = match ? { start: match.index, end: match.index + match[0].length } : undefined;
    }
    return found;
  };
}

/**
 * An image's address as a Markdown destination: spaces, parentheses and
 * angle brackets percent-encoded, so `![](my image (1).png)` stays one link.
 * @example markdownDestination("my image (1).png") // "my%20image%20%281%29.png"
 */
export function markdownDestination(address: string): string {
  return address
    .trim()
    .replace(/[\s()<>]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
}

const fenced = (lang: string, code: string) => `\`\`\`${lang}\n${code.replace(/^\n/, "").replace(/\n$/, "")}\n\`\`\``;

interface Options {
  linkTo: LinkTo;
  /** The summary's separators (`<!--more-->`, Jekyll's `excerpt_separator`): the first of each outside code is removed. */
  separators?: readonly string[];
}

/**
 * A post's text with its shortcodes and Liquid made Markdown: `figure` an
 * image with its caption, `highlight` fenced code, `raw` its content,
 * `youtube` a link, `post_url`/`ref`/`relref` a link to the post's new
 * address (else its text), `site.baseurl` nothing; any other tag closed on
 * its line (a Hugo shortcode: in its paragraph), and kramdown's `{: …}`
 * alone on its line or right after an element, removed and listed.
 */
export function convertTemplates(body: string, options: Options): ConvertedTemplates {
  const removed: string[] = [];
  // Pieces kept from conversion stand in the text as placeholders made of a mark the text does not hold.
  let mark = "\uE000";
  while (body.includes(mark)) mark += "\uE000";
  const placeholder = new RegExp(`${mark}(\\d+)${mark}`, "g");
  const separatorMark = `${mark}M${mark}`;
  const kept: string[] = [];
  // A piece that holds another (inline code inside `raw`) is filled in as it is kept, so one pass restores all.
  const restore = (piece: string) => piece.replace(placeholder, (_, i: string) => kept[Number(i)] ?? "");
  const keep = (value: string) => {
    kept.push(restore(value));
    return `${mark}${kept.length - 1}${mark}`;
  };
  const separators = [...new Set(options.separators ?? [])].filter(Boolean);
  const found = new Set<string>();

  /** Inline code (a run of backticks to the next run as long in its paragraph) kept as written. */
  const protectInlineCode = (text: string): string => {
    const runs: { start: number; length: number; paragraph: number }[] = [];
    let paragraph = 0;
    let written = false;
    for (let i = 0; i < text.length; i += 1) {
      const char = text[i] ?? "";
      if (char === "\n") {
        if (!written) paragraph += 1;
        written = false;
      } else if (char !== " " && char !== "\t") written = true;
      if (char === "`") {
        const start = i;
        while (text[i + 1] === "`") i += 1;
        runs.push({ start, length: i - start + 1, paragraph });
      }
    }
    if (runs.length < 2) return text;
    const next: number[] = new Array(runs.length).fill(-1);
    const seen = new Map<string, number>();
    for (let i = runs.length - 1; i >= 0; i -= 1) {
      const run = runs[i];
      if (!run) continue;
      const key = `${run.paragraph}:${run.length}`;
      next[i] = seen.get(key) ?? -1;
      seen.set(key, i);
    }
    const out: string[] = [];
    let last = 0;
    for (let i = 0; i < runs.length; i += 1) {
      const j = next[i] ?? -1;
      const open = runs[i];
      const close = runs[j];
      if (!open || !close) continue;
      out.push(text.slice(last, open.start), keep(text.slice(open.start, close.start + close.length)));
      last = close.start + close.length;
      i = j;
    }
    out.push(text.slice(last));
    return out.join("");
  };

  /** The tags of a piece of text converted; in code only the escaped shortcode and `raw`. */
  const convertPiece = (text: string, code: boolean): string => {
    const next = {
      escapedAngle: finder(text, "*/>}}"),
      escapedPercent: finder(text, "*/%}}"),
      angle: finder(text, ">}}"),
      percent: finder(text, "%}}"),
      liquid: finder(text, "%}"),
      output: finder(text, "}}"),
      brace: finder(text, "}"),
      line: finder(text, "\n"),
      blankLine: finder(text, /\n[ \t]*\n/g),
      doubleBrace: finder(text, "{{"),
      liquidOpen: finder(text, "{%"),
      endraw: finder(text, /\{%-?\s*endraw\s*-?%\}/g),
      endhighlight: finder(text, /\{%-?\s*endhighlight\s*-?%\}/g),
      closeHighlight: finder(text, /\{\{<\s*\/\s*highlight\s*>\}\}/g),
    };
    const lineEnd = (at: number) => next.line(at)?.start ?? text.length;
    const lineStart = (at: number) => at === 0 || text[at - 1] === "\n";
    const list = (tag: string) => removed.push(tag.replace(/\s+/g, " ").slice(0, 60));
    type Result = { end: number; text: string } | undefined;

    const shortcode = (at: number): Result => {
      const open = text[at + 2];
      if (text.startsWith("/*", at + 3)) {
        const close = (open === "<" ? next.escapedAngle : next.escapedPercent)(at + 5);
        if (!close) return undefined;
        const shown = `{{${open}${text.slice(at + 5, close.start)}${open === "<" ? ">" : "%"}}}`;
        return { end: close.end, text: code ? shown : keep(shown) };
      }
      if (code) return undefined;
      const close = (open === "<" ? next.angle : next.percent)(at + 3);
      // A shortcode ends in its paragraph (`{{% … %}}` on its line), and holds no other.
      if (!close || (open === "%" && close.start > lineEnd(at))) return undefined;
      const blank = next.blankLine(at);
      if (blank && blank.start < close.start) return undefined;
      const inner = next.doubleBrace(at + 2);
      if (inner && inner.start < close.start) return undefined;
      const whole = text.slice(at, close.end);
      const head = /^\s*(\/?)\s*([\w./-]*)/.exec(text.slice(at + 3, close.start)) ?? ["", "", ""];
      const name = (head[2] ?? "").toLowerCase();
      const args = text
        .slice(at + 3 + (head[0]?.length ?? 0), close.start)
        .trim()
        .replace(/\/$/, "")
        .trim();
      if (head[1]) return { end: close.end, text: "" };
      const { named, positional } = shortcodeArguments(args);
      if (name === "figure" && open === "<") {
        const src = named.get("src");
        if (!src) return { end: close.end, text: "" };
        const caption = named.get("caption") ?? named.get("title");
        const alt = (named.get("alt") ?? caption ?? "").replace(/[[\]]/g, "");
        return { end: close.end, text: `![${alt}](${markdownDestination(src)})${caption ? `\n\n*${caption}*` : ""}` };
      }
      if (name === "youtube" && open === "<") {
        const id = named.get("id") ?? positional[0];
        if (!id) return { end: close.end, text: "" };
        const url = `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
        return { end: close.end, text: `[${url}](${url})` };
      }
      if (name === "ref" || name === "relref") {
        const target = named.get("path") ?? positional[0] ?? "";
        return { end: close.end, text: options.linkTo("ref", target) ?? target };
      }
      if (name === "highlight" && open === "<") {
        const end = next.closeHighlight(close.end);
        if (end) return { end: end.end, text: keep(fenced(positional[0] ?? "", text.slice(close.end, end.start))) };
      }
      list(whole);
      return { end: close.end, text: "" };
    };

    const liquid = (at: number): Result => {
      const close = next.liquid(at + 2);
      // A tag ends on its line, and holds no other.
      if (!close || close.start > lineEnd(at)) return undefined;
      const inner = next.liquidOpen(at + 2);
      if (inner && inner.start < close.start) return undefined;
      const content = text.slice(at + 2, close.start);
      const head = /^-?\s*(\w*)/.exec(content) ?? ["", ""];
      const name = head[1] ?? "";
      const args = content
        .slice(head[0]?.length ?? 0)
        .replace(/-$/, "")
        .trim();
      // A tag alone on its line takes its line with it.
      const alone = (start: number, end: number) => (lineStart(start) && text[end] === "\n" ? end + 1 : end);
      if (name === "raw") {
        const end = next.endraw(close.end);
        if (!end) return code ? undefined : { end: close.end, text: "" };
        const from = lineStart(at) && text[close.end] === "\n" ? close.end + 1 : close.end;
        const inside = text.slice(from, end.start);
        const after = alone(end.start, end.end);
        return { end: after, text: code ? inside : keep(inside) };
      }
      if (code) return undefined;
      if (name === "endraw" || name.startsWith("end")) return { end: close.end, text: "" };
      if (name === "highlight") {
        const end = next.endhighlight(close.end);
        if (end) {
          const lang = shortcodeArguments(args).positional[0] ?? "";
          return { end: end.end, text: keep(fenced(lang, text.slice(close.end, end.start))) };
        }
      }
      if (name === "post_url") {
        const target = args.split(/\s+/)[0] ?? "";
        return { end: close.end, text: options.linkTo("post_url", target) ?? target };
      }
      list(text.slice(at, close.end));
      return { end: close.end, text: "" };
    };

    const output = (at: number): Result => {
      if (code) return undefined;
      const close = next.output(at + 2);
      if (!close || close.start > lineEnd(at)) return undefined;
      const inner = next.doubleBrace(at + 2);
      if (inner && inner.start < close.start) return undefined;
      const content = text.slice(at + 2, close.start);
      if (/^-?\s*site\.(?:baseurl|url)\s*-?$/.test(content)) return { end: close.end, text: "" };
      // Jekyll's `{{ "/assets/x.png" | relative_url }}` is the address it filters.
      const filtered = /^-?\s*(["'])([^"'{}]*)\1\s*\|\s*(?:relative_url|absolute_url)\s*-?$/.exec(content);
      return filtered ? { end: close.end, text: filtered[2] ?? "" } : undefined;
    };

    const attributeList = (at: number): Result => {
      if (code) return undefined;
      const close = next.brace(at + 2);
      if (!close || close.start > lineEnd(at)) return undefined;
      // kramdown's attributes stand alone on their line (a block's), or right after an element (a span's).
      const alone = lineStart(at) && text.slice(close.end, lineEnd(at)).trim() === "";
      const afterElement = at > 0 && /[)\]*_`>]/.test(text[at - 1] ?? "");
      const afterCode = text.endsWith(mark, at);
      if (!alone && !afterElement && !afterCode) return undefined;
      list(text.slice(at, close.end));
      return { end: close.end, text: "" };
    };

    const out: string[] = [];
    let last = 0;
    let at = text.indexOf("{");
    while (at !== -1) {
      const result = text.startsWith("{{<", at)
        ? shortcode(at)
        : text.startsWith("{{%", at)
          ? shortcode(at)
          : text.startsWith("{%", at)
            ? liquid(at)
            : text.startsWith("{{", at)
              ? output(at)
              : text.startsWith("{:", at)
                ? attributeList(at)
                : undefined;
      if (result) {
        out.push(text.slice(last, at), result.text);
        last = result.end;
        at = text.indexOf("{", result.end);
      } else at = text.indexOf("{", at + 1);
    }
    out.push(text.slice(last));
    return out.join("");
  };

  const convertProse = (text: string): string => {
    let converted = convertPiece(protectInlineCode(text), false);
    for (const separator of separators) {
      if (found.has(separator)) continue;
      const at = converted.indexOf(separator);
      if (at === -1) continue;
      found.add(separator);
      converted = `${converted.slice(0, at)}${separatorMark}${converted.slice(at + separator.length)}`;
    }
    return converted;
  };

  // Code, fenced or indented, is the post's own text; the rest is converted.
  const out: string[] = [];
  let chunk: string[] = [];
  let block: "prose" | "fence" | "indented" = "prose";
  let fence = "";
  let previousBlank = true;
  let inList = false;
  const flush = () => {
    if (chunk.length === 0) return;
    const piece = chunk.join("\n");
    out.push(block === "prose" ? convertProse(piece) : convertPiece(piece, true));
    chunk = [];
  };
  const indented = /^(?: {4}|\t| {0,3}\t)/;
  for (const line of body.split("\n")) {
    const blank = line.trim() === "";
    if (block === "fence") {
      chunk.push(line);
      const closing = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line)?.[1];
      if (closing && closing[0] === fence[0] && closing.length >= fence.length) {
        flush();
        block = "prose";
      }
      previousBlank = false;
      continue;
    }
    if (block === "indented" && !blank && !indented.test(line)) {
      flush();
      block = "prose";
    }
    const opening = block === "prose" ? /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1] : undefined;
    if (opening) {
      flush();
      block = "fence";
      fence = opening;
      chunk.push(line);
      previousBlank = false;
      continue;
    }
    if (/^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/.test(line)) inList = true;
    else if (previousBlank && !blank && !indented.test(line)) inList = false;
    if (block === "prose" && previousBlank && !inList && !blank && indented.test(line)) {
      flush();
      block = "indented";
    }
    chunk.push(line);
    previousBlank = blank;
  }
  flush();
  // The separators are taken out before the kept pieces are put back, so no piece can join a placeholder.
  const parts = out
    .join("\n")
    .split(separatorMark)
    .map((part) => restore(part));
  const excerpt = parts.length > 1 ? (parts[0] ?? "").trim() : undefined;
  const converted = parts.map((part, i) => (i < parts.length - 1 ? part.replace(/[ \t]+$/, "") : part)).join("");
  return { body: converted, removed, ...(excerpt !== undefined ? { excerpt } : {}) };
}

/** The names of other posts a text links to by their files, as `post_url` and `ref` write them. */
export function linkNames(body: string): string[] {
  const names: string[] = [];
  convertTemplates(body, {
    linkTo: (kind, name) => {
      if (kind === "post_url") names.push(`_posts/${name}`, name);
      else names.push(name);
      return undefined;
    },
  });
  return names;
}

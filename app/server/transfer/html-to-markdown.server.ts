/**
 * A post's HTML (Ghost, WordPress) as the site's Markdown: turndown writes
 * it, then the site's own sanitizer (markdown.server.ts) says what it would
 * still drop when the post is shown. Elements with no place in a post
 * (scripts, styles, frames, forms, embeds) are left out with what they
 * held, links and images whose address the sanitizer refuses keep their
 * text only, and each is reported, so the author knows what a post lost.
 * Ghost's rendered cards (`kg-*`: bookmark, file, video, audio, callout,
 * toggle, product) become the plain HTML they stand for first, without
 * their player controls, icons and thumbnails; a YouTube or Vimeo frame
 * leaves a link to the video's page.
 */
import TurndownService from "turndown";
import { checkMarkdown } from "../blog/markdown.server.ts";
import type { MarkdownHazard } from "../blog/markdown-guard.server.ts";
import { DEEPEST, shallowHtml } from "../html-depth.server.ts";

/** Elements a post never keeps: their content goes with them. */
const DROPPED = [
  "script",
  "style",
  "noscript",
  "iframe",
  "object",
  "embed",
  "form",
  "input",
  "button",
  "select",
  "textarea",
  "canvas",
  "template",
  "svg",
  "video",
  "audio",
] as const;

/** Addresses the sanitizer keeps: web links, mail links, and relative paths. */
const SAFE_ADDRESS = /^(?:https?:|mailto:|[^:]*$)/i;
const isSafe = (address: string, images: boolean) =>
  SAFE_ADDRESS.test(address.trim()) && !(images && /^mailto:/i.test(address.trim()));

/** Ghost's cards turned into plain HTML; what they held (controls, icons) is neither kept nor reported. */
const CARD = /(?:^|\s)kg-(bookmark|file|video|audio|callout|toggle|product)-card(?:\s|$)/;

type El = HTMLElement;
const cardOf = (node: El): string | undefined =>
  node.nodeType === 1 ? CARD.exec(node.getAttribute("class") ?? "")?.[1] : undefined;

/** An address as a reader would name it (`a%20b.mp4` is `a b.mp4`); a malformed escape leaves it as written. */
export function decodedAddress(address: string): string {
  try {
    return decodeURI(address);
  } catch {
    return address;
  }
}

/** The page of a YouTube or Vimeo player's address, or undefined. */
export function videoPage(src: string): string | undefined {
  const youtube = /^(?:https?:)?\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/embed\/([\w-]+)/i.exec(src);
  if (youtube) return `https://www.youtube.com/watch?v=${youtube[1]}`;
  const vimeo = /^(?:https?:)?\/\/player\.vimeo\.com\/video\/(\d+)/i.exec(src);
  if (vimeo) return `https://vimeo.com/${vimeo[1]}`;
  return undefined;
}

/** A card's plain HTML, made with the card's own document; what the card's text held is moved, not copied. */
function plainCard(kind: string, card: El): El {
  const doc = card.ownerDocument;
  const root = doc.createElement("div");
  const text = (selector: string) => card.querySelector(selector)?.textContent?.replace(/\s+/g, " ").trim() ?? "";
  const add = (tag: string, children: (Node | string)[]) => {
    const element = doc.createElement(tag);
    for (const child of children) element.appendChild(typeof child === "string" ? doc.createTextNode(child) : child);
    root.appendChild(element);
    return element;
  };
  const link = (href: string, label: string) => {
    const a = doc.createElement("a");
    a.setAttribute("href", href);
    a.appendChild(doc.createTextNode(label || href));
    return a;
  };
  const moved = (selector: string) => Array.from(card.querySelector(selector)?.childNodes ?? []);
  const caption = text("figcaption");
  switch (kind) {
    case "bookmark": {
      const href = card.querySelector("a")?.getAttribute("href") ?? "";
      const description = text(".kg-bookmark-description");
      add("p", [link(href, text(".kg-bookmark-title")), ...(description ? [` — ${description}`] : [])]);
      if (caption) add("p", [caption]);
      break;
    }
    case "file": {
      const href = card.querySelector("a")?.getAttribute("href") ?? "";
      const note = text(".kg-file-card-caption");
      add("p", [
        link(href, text(".kg-file-card-title") || text(".kg-file-card-filename")),
        ...(note ? [` — ${note}`] : []),
      ]);
      break;
    }
    case "video":
    case "audio": {
      const src = card.querySelector(kind)?.getAttribute("src") ?? "";
      const name = decodedAddress(src.split(/[?#]/)[0]?.split("/").pop() ?? "");
      add("p", [link(src, (kind === "audio" ? text(".kg-audio-title") : "") || caption || name)]);
      break;
    }
    case "callout": {
      const emoji = text(".kg-callout-emoji");
      const quote = add("blockquote", []);
      const body = card.querySelector(".kg-callout-text");
      // Its text in paragraphs of its own: the emoji goes before them.
      if (body?.querySelector("p")) {
        if (emoji) quote.appendChild(doc.createTextNode(`${emoji} `));
        for (const child of moved(".kg-callout-text")) quote.appendChild(child);
      } else {
        const paragraph = doc.createElement("p");
        if (emoji) paragraph.appendChild(doc.createTextNode(`${emoji} `));
        for (const child of moved(".kg-callout-text")) paragraph.appendChild(child);
        quote.appendChild(paragraph);
      }
      break;
    }
    case "toggle": {
      add("h4", [text(".kg-toggle-heading-text") || text(".kg-toggle-heading")]);
      for (const child of moved(".kg-toggle-content")) root.appendChild(child);
      break;
    }
    case "product": {
      const image = card.querySelector("img");
      if (image) root.appendChild(image.cloneNode(true));
      add("p", [add("strong", [text(".kg-product-card-title")])]);
      for (const child of moved(".kg-product-card-description")) root.appendChild(child);
      const button = card.querySelector("a");
      if (button?.getAttribute("href"))
        add("p", [link(button.getAttribute("href") ?? "", button.textContent?.trim() ?? "")]);
      break;
    }
  }
  return root;
}

/**
 * Every card of the HTML made plain HTML, in one pass, the innermost first:
 * a card inside a card's text is plain already when its holder is made, so
 * each is made once however deep they nest.
 */
function plainCards(root: El): void {
  const cards = Array.from(root.querySelectorAll("[class*='kg-']")).filter((node) => cardOf(node as El));
  for (const card of cards.reverse()) {
    const plain = plainCard(cardOf(card as El) ?? "", card as El);
    card.parentNode?.replaceChild(plain, card);
  }
}

let parsingDocument: Document | undefined;
/** The document Turndown parses HTML with (its own parser, found by a first conversion). */
function htmlDocument(): Document {
  if (!parsingDocument) {
    const probe = new TurndownService();
    probe.addRule("document", {
      filter: (node) => {
        parsingDocument ??= node.ownerDocument;
        return false;
      },
      replacement: () => "",
    });
    probe.turndown("<p>x</p>");
  }
  if (!parsingDocument) throw new Error("Turndown gave no document to parse HTML with");
  return parsingDocument;
}

/**
 * The HTML with its cards made plain HTML. Turndown reads the text again
 * (given elements, it would copy them, and a copy refuses a tag name the
 * parser kept, such as `p<p`).
 */
function withPlainCards(html: string): string {
  if (!html.includes("kg-")) return html;
  const root = htmlDocument().createElement("x-turndown") as El;
  root.innerHTML = html;
  if (!root.querySelector("[class*='kg-']")) return html;
  plainCards(root);
  return root.innerHTML;
}

/** Emphasis whose only child is the same emphasis (`<i><em>x</em></i>`): once is enough. */
const EMPHASIS: Record<string, string> = { I: "em", EM: "em", B: "strong", STRONG: "strong" };
const doubled = (node: El) =>
  EMPHASIS[node.nodeName] !== undefined &&
  node.childNodes.length === 1 &&
  EMPHASIS[node.firstChild?.nodeName ?? ""] === EMPHASIS[node.nodeName];

/** A `<pre>`'s text with its line breaks (`<br>` included). */
const preText = (node: Node): string =>
  node.nodeName === "BR"
    ? "\n"
    : node.nodeType === 3
      ? (node.nodeValue ?? "")
      : Array.from(node.childNodes).map(preText).join("");

export interface ConvertedHtml {
  markdown: string;
  /** What was left out, one entry each: `script`, `iframe`, `link javascript:alert(1)`. */
  removed: string[];
  /** What the writing desk would refuse in the Markdown made. */
  hazard?: MarkdownHazard;
}

/** A cell's text on one line, its pipes escaped. */
const cellText = (cell: { textContent: string | null }) =>
  (cell.textContent ?? "").replace(/\s+/g, " ").trim().replace(/\|/g, "\\|");

function converter(removed: string[]): TurndownService {
  const service = new TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
    emDelimiter: "_",
    hr: "---",
  });
  service.addRule("dropped", {
    filter: (node) => (DROPPED as readonly string[]).includes(node.nodeName.toLowerCase()),
    replacement: (_content, node) => {
      removed.push(node.nodeName.toLowerCase());
      // A video's frame leaves a link to its page (Ghost's embed cards name it in `data-page`).
      const element = node as El;
      const page =
        node.nodeName === "IFRAME"
          ? element.getAttribute("data-page") || videoPage(element.getAttribute("src") ?? "")
          : undefined;
      if (!page || !isSafe(page, false)) return "";
      const label = element.getAttribute("title")?.trim() || element.getAttribute("data-title")?.trim() || page;
      return `\n\n[${service.escape(label)}](${page})\n\n`;
    },
  });
  service.addRule("unsafeLink", {
    filter: (node) => node.nodeName === "A" && !isSafe(node.getAttribute("href") ?? "", false),
    replacement: (content, node) => {
      removed.push(`link ${(node as HTMLElement).getAttribute("href") ?? ""}`);
      return content;
    },
  });
  service.addRule("unsafeImage", {
    filter: (node) => node.nodeName === "IMG" && !isSafe(node.getAttribute("src") ?? "", true),
    replacement: (_content, node) => {
      removed.push(`image ${((node as HTMLElement).getAttribute("src") ?? "").slice(0, 60)}`);
      return "";
    },
  });
  service.addRule("doubledEmphasis", {
    filter: (node) => doubled(node),
    replacement: (content) => content,
  });
  // A `<pre>` without `<code>` is code all the same: fenced, its lines kept.
  service.addRule("plainPre", {
    filter: (node) => node.nodeName === "PRE" && node.firstChild?.nodeName !== "CODE",
    replacement: (_content, node) => {
      const text = preText(node).replace(/\n$/, "");
      const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
      const fence = "`".repeat(longest + 1);
      return `\n\n${fence}\n${text}\n${fence}\n\n`;
    },
  });
  // A table as a Markdown table (the first row its head): raw HTML would not be shown.
  service.addRule("table", {
    filter: "table",
    replacement: (_content, node) => {
      const rows = Array.from((node as HTMLElement).getElementsByTagName("tr")).map((row) =>
        Array.from(row.childNodes)
          .filter((cell) => cell.nodeName === "TH" || cell.nodeName === "TD")
          .map(cellText),
      );
      const width = Math.max(0, ...rows.map((row) => row.length));
      if (width === 0) return "";
      const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? "").join(" | ")} |`;
      const [head = [], ...body] = rows;
      return `\n\n${[line(head), line(Array(width).fill("---")), ...body.map(line)].join("\n")}\n\n`;
    },
  });
  return service;
}

/**
 * @example htmlToMarkdown('<p>Olá <b>mundo</b></p><script>x()</script>') // { markdown: "Olá **mundo**", removed: ["script"] }
 * `restore` changes the Markdown before the sanitizer says what it would drop.
 */
export function htmlToMarkdown(html: string, options: { restore?: (markdown: string) => string } = {}): ConvertedHtml {
  let removed: string[] = [];
  let written: string;
  try {
    written = converter(removed).turndown(withPlainCards(html)).trim();
  } catch (error) {
    // Elements nested thousands deep exhaust the parser's stack: the deepest lose their tags, not their text.
    if (!(error instanceof RangeError)) throw error;
    removed = [`tags nested deeper than ${DEEPEST}`];
    written = converter(removed)
      .turndown(withPlainCards(shallowHtml(html)))
      .trim();
  }
  // What the caller kept apart (Ghost's Markdown cards) is put back before the sanitizer looks.
  const markdown = options.restore ? options.restore(written) : written;
  const checked = checkMarkdown(markdown);
  for (const item of checked.removed) removed.push(item);
  return { markdown, removed, ...(checked.hazard ? { hazard: checked.hazard } : {}) };
}

const IMAGE_ADDRESS = /\s*<?([^)\s>]+)>?/y;
const IMAGE_SOURCE = /\bsrc=["']([^"']+)["']/i;
const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);
const isQuote = (char: string | undefined) => char === '"' || char === "'";

/**
 * The images a Markdown text shows, each address once in the order they
 * come: `![alt](src)` and `![alt](<src> "title")`, and `<img src>` written
 * as HTML. Each image's end is looked for once (an opening without one is
 * passed over), so no text makes the search go over it again and again.
 * @example imageAddresses('![a](/x.png) <img src="/y.jpg">') // ["/x.png", "/y.jpg"]
 */
export function imageAddresses(markdown: string): string[] {
  const found: { at: number; address: string }[] = [];
  // The next `)` and the last text before it, found once for each `)`.
  let closing = -1;
  let beforeClosing = -1;
  for (let start = markdown.indexOf("!["), from = 0; start !== -1; start = markdown.indexOf("![", from)) {
    const altEnd = markdown.indexOf("]", start + 2);
    if (altEnd === -1) break;
    from = altEnd + 1;
    if (markdown[altEnd + 1] !== "(") continue;
    if (closing < altEnd + 2) {
      closing = markdown.indexOf(")", altEnd + 2);
      if (closing === -1) break;
      beforeClosing = closing - 1;
      while (beforeClosing > altEnd && isSpace(markdown[beforeClosing])) beforeClosing--;
    }
    const close = closing;
    IMAGE_ADDRESS.lastIndex = altEnd + 2;
    const address = IMAGE_ADDRESS.exec(markdown);
    if (!address?.[1] || IMAGE_ADDRESS.lastIndex > close) {
      from = close + 1;
      continue;
    }
    // Then only spaces, or a title in quotes: `![a](/x.png "Praia")`.
    let text = IMAGE_ADDRESS.lastIndex;
    while (text < close && isSpace(markdown[text])) text++;
    const titled =
      text > IMAGE_ADDRESS.lastIndex &&
      isQuote(markdown[text]) &&
      beforeClosing > text &&
      isQuote(markdown[beforeClosing]);
    if (text === close || titled) {
      found.push({ at: start, address: address[1] });
      from = close + 1;
    } else from = text;
  }
  const lower = markdown.toLowerCase();
  for (let start = lower.indexOf("<img"), from = 0; start !== -1; start = lower.indexOf("<img", from)) {
    const end = lower.indexOf(">", start);
    if (end === -1) break;
    const tag = markdown.slice(start, end + 1);
    const source = /^<img\b/i.test(tag) ? IMAGE_SOURCE.exec(tag) : null;
    if (source?.[1]) found.push({ at: start, address: source[1] });
    from = end + 1;
  }
  return [...new Set(found.sort((a, b) => a.at - b.at).map((image) => image.address))];
}

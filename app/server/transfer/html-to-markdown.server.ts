/**
 * A post's HTML (Ghost, WordPress) as the site's Markdown: turndown writes
 * it, then the site's own sanitizer (markdown.server.ts) says what it would
 * still drop when the post is shown. Elements with no place in a post
 * (scripts, styles, frames, forms, embeds) are left out with what they
 * held, links and images whose address the sanitizer refuses keep their
 * text only, and each is reported, so the author knows what a post lost.
 */
import TurndownService from "turndown";
import { sanitizerRemovals } from "../blog/markdown.server.ts";

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

export interface ConvertedHtml {
  markdown: string;
  /** What was left out, one entry each: `script`, `iframe`, `link javascript:alert(1)`. */
  removed: string[];
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
      return "";
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
 */
export function htmlToMarkdown(html: string): ConvertedHtml {
  const removed: string[] = [];
  const markdown = converter(removed).turndown(html).trim();
  for (const item of sanitizerRemovals(markdown)) removed.push(item);
  return { markdown, removed };
}

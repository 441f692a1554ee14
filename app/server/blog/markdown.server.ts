/**
 * The one Markdown pipeline of the site: static articles, published posts and
 * the admin's live preview all render through it, so a preview is exactly the
 * public page. Untrusted input is safe: raw HTML is dropped, then the tree is
 * sanitized (no scripts, event handlers, `javascript:`/`data:` URLs) before
 * our own trusted additions (highlighting, copy buttons) are made.
 * This module is heavy (unified, remark, rehype, 13 highlight.js languages):
 * the server imports it dynamically, when a body must actually be rendered.
 */
import type { Element, ElementContent, Root } from "hast";
import { toString as hastToString } from "hast-util-to-string";
import bash from "highlight.js/lib/languages/bash";
import css from "highlight.js/lib/languages/css";
import diff from "highlight.js/lib/languages/diff";
import dockerfile from "highlight.js/lib/languages/dockerfile";
import ini from "highlight.js/lib/languages/ini";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import nginx from "highlight.js/lib/languages/nginx";
import python from "highlight.js/lib/languages/python";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import rehypeHighlight from "rehype-highlight";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import "../../i18n/all.ts";
import { dictionaryFor, format, type Lang } from "../../i18n/index.ts";
import { escapeHtml } from "../../lib/html-entities.ts";
import { PHONE_IMAGE_WIDTH, uploadedImage } from "../../lib/uploaded-image.ts";
import { type MarkdownHazard, markdownHazards } from "./markdown-guard.server.ts";
import { FOREIGN_IMAGE } from "./rendered-html.server.ts";

export { readingMinutes } from "./reading-time.server.ts";

export interface RenderedMarkdown {
  /** Sanitized HTML, ready for `dangerouslySetInnerHTML`. */
  html: string;
  /** Words of running text, for the reading time. */
  words: number;
  /** Set when the text was shown as plain text: what the parser could not take (markdown-guard.server.ts). */
  hazard?: MarkdownHazard;
}

const languages = {
  bash,
  css,
  diff,
  dockerfile,
  ini,
  javascript,
  json,
  nginx,
  python,
  sql,
  typescript,
  xml,
  yaml,
};
const aliases = {
  bash: ["sh", "shell", "zsh", "console"],
  javascript: ["js", "jsx", "mjs"],
  typescript: ["ts", "tsx"],
  xml: ["html", "svg"],
  yaml: ["yml"],
  ini: ["toml", "env"],
};

/** Only web links and same-site paths survive; images may not come from `data:` either. */
const schema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: ["http", "https", "mailto"], src: ["http", "https"] },
};

function isExternal(href: unknown): boolean {
  return typeof href === "string" && /^(?:https?:)?\/\//i.test(href);
}

/** What stands for an image kept on another site: its alternative text, else its file name. */
const foreignImageText = (image: Element, label: string) =>
  format(label, { name: String(image.properties.alt ?? "").trim() || imageName(String(image.properties.src)) });

function foreignImagesAsText(node: Element, label: string): void {
  node.children = node.children.map((child) =>
    child.type === "element" && child.tagName === "img" && isExternal(child.properties.src)
      ? { type: "text", value: foreignImageText(child, label) }
      : child,
  );
  for (const child of node.children) if (child.type === "element") foreignImagesAsText(child, label);
}

/** An image's file name from its address, for a link to it that has no alternative text. */
function imageName(src: string): string {
  const path = src.replace(/[?#].*$/, "").replace(/\/+$/, "");
  const last = path.slice(path.lastIndexOf("/") + 1);
  try {
    return decodeURIComponent(last) || src;
  } catch {
    return last || src;
  }
}

/** Our trusted additions, made after sanitizing: copy buttons, safe external links, lazy images. */
function rehypeSiteEnhancements(options: {
  copyLabel: string;
  tableLabel: string;
  taskDone: string;
  taskOpen: string;
  externalImage: string;
}) {
  return (tree: Root) => {
    visit(tree, "element", (node: Element, index, parent) => {
      // Inside a link, an image kept elsewhere becomes its words: a link holds no other link.
      if (node.tagName === "a") foreignImagesAsText(node, options.externalImage);
      if (node.tagName === "a" && isExternal(node.properties.href)) {
        node.properties.target = "_blank";
        node.properties.rel = ["noopener", "noreferrer"];
      }
      if (node.tagName === "input" && node.properties.type === "checkbox") {
        // A task-list box is read-only state; it needs a name to be announced as more than "checkbox".
        node.properties.ariaLabel = node.properties.checked ? options.taskDone : options.taskOpen;
      }
      if (node.tagName === "img" && isExternal(node.properties.src) && parent && index !== undefined) {
        // The site shows only its own images (its CSP's img-src): one kept elsewhere, an import's missing image
        // among them, is a link to it, never a broken picture nor a request that tells its host who reads.
        const src = String(node.properties.src);
        parent.children[index] = {
          type: "element",
          tagName: "a",
          properties: { href: src, target: "_blank", rel: ["noopener", "noreferrer"], className: [FOREIGN_IMAGE] },
          children: [{ type: "text", value: foreignImageText(node, options.externalImage) }],
        };
        return "skip";
      }
      if (node.tagName === "img") {
        node.properties.loading = "lazy";
        node.properties.decoding = "async";
        // An uploaded image names its size: set it so nothing shifts, and let phones take the small copy.
        const image = typeof node.properties.src === "string" ? uploadedImage(node.properties.src) : undefined;
        if (image) {
          node.properties.width = image.width;
          node.properties.height = image.height;
          if (image.phoneSrc) {
            node.properties.srcSet = `${image.phoneSrc} ${PHONE_IMAGE_WIDTH}w, ${node.properties.src} ${image.width}w`;
            node.properties.sizes = "(min-width: 768px) 720px, 100vw";
          }
        }
      }
      if (node.tagName === "table" && parent && index !== undefined) {
        // Wide tables scroll inside their own box instead of the page on phones.
        parent.children[index] = {
          type: "element",
          tagName: "div",
          // Focusable so keyboard users can scroll it too, and a named region, so what takes the focus is said.
          properties: { className: ["table-scroll"], tabIndex: 0, role: "region", ariaLabel: options.tableLabel },
          children: [node],
        };
        return "skip";
      }
      if (node.tagName === "pre" && parent && index !== undefined) {
        // Long lines scroll sideways; focusable so that works from the keyboard.
        node.properties.tabIndex = 0;
        const button: ElementContent = {
          type: "element",
          tagName: "button",
          properties: { type: "button", className: ["copy-code"], dataCopyCode: "" },
          children: [{ type: "text", value: options.copyLabel }],
        };
        parent.children[index] = {
          type: "element",
          tagName: "div",
          properties: { className: ["code-block"] },
          children: [button, node],
        };
        return "skip";
      }
      return undefined;
    });
  };
}

function createProcessor(lang: Lang) {
  return unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype)
    .use(rehypeSanitize, schema)
    .use(rehypeHighlight, { languages, aliases, detect: false })
    .use(rehypeSiteEnhancements, {
      copyLabel: dictionaryFor(lang).blog.copy,
      tableLabel: dictionaryFor(lang).blog.scrollableTable,
      taskDone: dictionaryFor(lang).blog.taskDone,
      taskOpen: dictionaryFor(lang).blog.taskOpen,
      externalImage: dictionaryFor(lang).blog.externalImage,
    })
    .use(rehypeStringify)
    .freeze();
}

const processors = { pt: createProcessor("pt"), en: createProcessor("en") };

const unsanitized = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).freeze();
const sanitizer = unified().use(rehypeSanitize, schema).freeze();

/** Each element's name and its link or source, in document order: what the sanitizer may take away. */
function elementsOf(tree: Root): string[] {
  const found: string[] = [];
  visit(tree, "element", (node: Element) => {
    found.push(node.tagName);
    for (const attribute of ["href", "src"] as const) {
      const value = node.properties[attribute];
      if (typeof value === "string") found.push(`${node.tagName}[${attribute}=${value}]`);
    }
  });
  return found;
}

/**
 * What the site's sanitizer removes from a text when it is shown: elements
 * and links or sources (a `javascript:` link, a `data:` image), one entry
 * each, so an import can say what a post loses.
 * @example sanitizerRemovals("[x](javascript:alert(1))") // ["a[href=javascript:alert(1)]"]
 */
export function sanitizerRemovals(markdown: string): string[] {
  return checkMarkdown(markdown).removed;
}

/**
 * A text as an import checks it: what the sanitizer removes, and the first
 * thing the writing desk would refuse in it (markdown-guard.server.ts).
 * @example checkMarkdown("*a".repeat(600)).hazard // { kind: "marks", line: 1 }
 */
export function checkMarkdown(markdown: string): { removed: string[]; hazard?: MarkdownHazard } {
  const [hazard] = markdownHazards(markdown);
  // Shown as plain text, it loses nothing but its formatting.
  return hazard ? { removed: [], hazard } : { removed: removalsOf(markdown) };
}

function removalsOf(markdown: string): string[] {
  const parsed = unsanitized.parse(markdown);
  const removed: string[] = [];
  // HTML written in the Markdown is never shown: turning the text into HTML leaves it out.
  visit(parsed, "html", (node: { value: string }) => {
    removed.push(`html ${node.value.trim().slice(0, 60)}`);
  });
  const tree = unsanitized.runSync(parsed) as Root;
  const before = elementsOf(tree);
  const after = elementsOf(sanitizer.runSync(structuredClone(tree)) as Root);
  const left = new Map<string, number>();
  for (const item of after) left.set(item, (left.get(item) ?? 0) + 1);
  for (const item of before) {
    const count = left.get(item) ?? 0;
    if (count > 0) left.set(item, count - 1);
    else removed.push(item);
  }
  return removed;
}

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * Text the parser cannot take, shown as it was written: its paragraphs, its
 * lines, every character escaped for HTML; a Markdown escape (`\*`) shows
 * the mark it escapes.
 */
function plainText(markdown: string, hazard: MarkdownHazard): RenderedMarkdown {
  const text = markdown.replace(/\\([!-/:-@[-`{-~])/g, "$1");
  const paragraphs = text.split(/\n[ \t]*\n/).filter((paragraph) => paragraph.trim());
  const html = paragraphs.map((paragraph) => `<p>${paragraph.trim().split("\n").map(escapeHtml).join("<br>\n")}</p>`);
  return { html: html.join("\n"), words: countWords(text), hazard };
}

/**
 * Markdown to sanitized HTML with highlighted code, in the reader's language
 * (the copy buttons are labelled in it). A text the parser would spend
 * minutes on (markdown-guard.server.ts) is shown all the same, as plain text.
 * @example renderMarkdown("**hi**", "en").html // "<p><strong>hi</strong></p>"
 */
export function renderMarkdown(markdown: string, lang: Lang): RenderedMarkdown {
  const [hazard] = markdownHazards(markdown);
  if (hazard) return plainText(markdown, hazard);
  const processor = processors[lang];
  const tree = processor.runSync(processor.parse(markdown)) as Root;
  return { html: processor.stringify(tree), words: countWords(hastToString(tree)) };
}

/**
 * The last touches to a page's HTML on its way out of entry.server, for
 * prerendered pages (the build renders them here too) and rendered ones alike:
 *
 * - Its hydration code is held back until the visitor first interacts with
 *   the page (pages to read; the admin hydrates at once): the module preload
 *   links React Router renders get a `rel` the browser ignores, its module
 *   script a `type` the browser does not run, and the page script
 *   (`app/first-paint/page-script/hydration.ts`, see `app/first-paint/held-hydration.ts`) gives both
 *   back then.
 * - The site icon is written into the page as a `data:` URL, so the browser
 *   draws it without a request of its own beside the ones the first paint
 *   needs. React does not render this link (the root layout has none), so the
 *   browser's copy of the page has nothing to reconcile it with.
 * - The page's icons are drawn from a copy of their symbols at the end of its
 *   `<body>` instead of from the sprite file (`inline-icons.server.ts`).
 *
 * Measurements: docs/decisions/016-first-paint.md and
 * docs/decisions/031-hydration-on-interaction.md and
 * docs/decisions/032-first-screen-requests.md.
 */

import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { HELD_CLASSIC_SCRIPT_TYPE, HELD_PRELOAD_REL, HELD_SCRIPT_TYPE } from "~/first-paint/held-hydration.ts";
import faviconSvg from "../../public/favicon.svg?raw";
import type { InlineIcons } from "./inline-icons.server.ts";

const TAG = /<(head|link|script|use|\/body)\b[^>]*>/gi;

/**
 * An SVG as a `data:` URL, percent-encoding only what a URL or an attribute
 * cannot hold (spaces included). Its attributes' double quotes become single
 * ones where it has none (two bytes fewer each, on every page).
 */
export function svgDataUrl(svg: string): string {
  const compact = svg.trim().replace(/\s+/g, " ");
  const encoded = (compact.includes("'") ? compact : compact.replaceAll('"', "'")).replace(
    /[ %#<>"{}|\\^`]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
  );
  return `data:image/svg+xml,${encoded}`;
}

export const siteIconLink = `<link rel="icon" href="${svgDataUrl(faviconSvg)}" type="image/svg+xml"/>`;

export interface PageHtmlOptions {
  /** Hold the hydration code back until the first interaction. */
  holdHydration: boolean;
  /** Draw the page's icons from its own copy of their symbols (one per page; none in development). */
  inlineIcons?: InlineIcons | undefined;
}

/**
 * A script's start tag as a data block the browser leaves alone until the
 * page script releases it: a `type` that is a MIME type but not JavaScript.
 * - React Router's module script: since a data block may carry neither, no
 *   `async` (the released script runs as a module, which never waits for the
 *   parser) and its `src` as `data-src`.
 * - The inline classic scripts React and React Router write for hydration
 *   (the router's context and loader data, the streaming runtime, scroll
 *   restoration): on a page to read they only prepare the hydration, and
 *   running them as the page loads cost the phone's CPU about what the rest
 *   of the page did (decision 031). They are released first, in document
 *   order, so they run before the module as they would have.
 * Scripts that must run as the page loads say so (`data-at-once`, the head
 * script and the page script's loader); data blocks (JSON-LD) and scripts
 * loaded by URL pass, as do other tags.
 */
function holdScript(tag: string): string {
  if (/\btype="module"/i.test(tag))
    return tag
      .replace(/\btype="module"/i, `type="${HELD_SCRIPT_TYPE}"`)
      .replace(/\sasync(?:="[^"]*")?(?=[\s/>])/i, "")
      .replace(/\ssrc=/i, " data-src=");
  if (/\s(?:type|src|data-at-once)[\s=/>]/i.test(tag)) return tag;
  return tag.replace(/^<script/i, `<script type="${HELD_CLASSIC_SCRIPT_TYPE}"`);
}

/**
 * React Router's route manifest as its module script writes it, indented: the
 * assignment, then the object up to the brace that closes it at a line's start.
 */
const INDENTED_MANIFEST = /(window\.__reactRouterManifest = )(\{\n[\s\S]*?\n\});/;

/**
 * The route manifest written compact: React Router indents it, which is about
 * 850 bytes of an article's page, 60 of them left once compressed, in a
 * phone's first window. A manifest that arrives cut between two chunks of the
 * stream, or does not read as JSON, stays as it was written.
 */
function compactManifest(html: string): string {
  return html.replace(INDENTED_MANIFEST, (whole, assignment: string, json: string) => {
    try {
      return `${assignment}${JSON.stringify(JSON.parse(json))};`;
    } catch {
      return whole;
    }
  });
}

/**
 * The markup with the site icon added to its `<head>`, its icons drawn from
 * the page if asked (the symbols go before `</body>`, so a page finished in
 * parts gets them once, at its end), its route manifest compact and, if asked,
 * its hydration code held back.
 */
export function finishPageHtml(html: string, { holdHydration, inlineIcons }: PageHtmlOptions): string {
  return compactManifest(html).replace(TAG, (tag, name: string) => {
    switch (name.toLowerCase()) {
      case "head":
        return `${tag}${siteIconLink}`;
      case "use":
        return inlineIcons ? inlineIcons.reference(tag) : tag;
      case "/body":
        return inlineIcons ? `${inlineIcons.takeSymbols()}${tag}` : tag;
      case "link":
        return holdHydration ? tag.replace(/\brel="modulepreload"/i, `rel="${HELD_PRELOAD_REL}"`) : tag;
      default:
        return holdHydration ? holdScript(tag) : tag;
    }
  });
}

/**
 * `finishPageHtml` over a stream of HTML, which React writes in chunks that
 * may end inside a tag or a multi-byte character: a chunk's unfinished tag
 * waits for the next chunk; every finished part is passed on at once, so the
 * page still streams.
 */
export function finishPageHtmlStream(options: PageHtmlOptions): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = pending + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const lastOpen = text.lastIndexOf("<");
      const cut = lastOpen > text.lastIndexOf(">") ? lastOpen : text.length;
      pending = text.slice(cut);
      const ready = text.slice(0, cut);
      callback(null, ready ? finishPageHtml(ready, options) : undefined);
    },
    flush(callback) {
      const rest = pending + decoder.end();
      pending = "";
      callback(null, rest ? finishPageHtml(rest, options) : undefined);
    },
  });
}

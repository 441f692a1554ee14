/**
 * HTML that came from elsewhere (a reply's Note, a mentioning page's
 * h-entry) made safe to show under a post: turned into Markdown, then
 * rendered by the site's one Markdown pipeline, whose sanitizer drops raw
 * HTML, scripts, styles, event handlers and `javascript:` addresses. What
 * survives is text, paragraphs, links, emphasis, lists, quotes and code;
 * HTML nested thousands deep, or Markdown the parser would spend minutes
 * on, is shown as plain text (markdown-guard.server.ts).
 */
import TurndownService from "turndown";
import type { Lang } from "../../i18n/paths.ts";
import { shallowHtml } from "../html-depth.server.ts";

const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced" });
// Nothing of these is text a reader should see; a remote picture would tell its host who reads the post.
turndown.addRule("dropped", {
  filter: ["script", "style", "noscript", "template", "iframe", "object", "embed", "form", "img", "video", "audio"],
  replacement: () => "",
});

/**
 * Markup that runs or restyles a page: an active element, an event handler or
 * a style attribute, a `javascript:`-like address. A pasted snippet comes
 * escaped (`&lt;script&gt;`), as text, and matches none of these.
 */
const ACTIVE_MARKUP = [
  /<\s*(?:script|style|iframe|object|embed|frame|frameset|link|meta|base)[\s/>]/i,
  /<[a-z][^>]*[\s/](?:on[a-z]+|style)\s*=/i,
  /<[a-z][^>]*[\s/](?:href|src|action|formaction|xlink:href)\s*=\s*["']?\s*(?:javascript|vbscript|data):/i,
];

/**
 * Whether remote HTML carries scripts, styles or event handlers. A reply
 * whose HTML does is refused rather than kept without them: no server of
 * the fediverse sends such a Note. (What is kept is made safe by the
 * sanitizer whatever this finds; this only decides to refuse.)
 * @example activeContentIn('<p>Oi <script>x()</script></p>') // true
 * @example activeContentIn("<p>Oi <code>&lt;script&gt;</code></p>") // false
 */
export function activeContentIn(html: string): boolean {
  const text = html.slice(0, MAX_REMOTE_HTML);
  return ACTIVE_MARKUP.some((pattern) => pattern.test(text));
}

/** Remote content longer than this is cut: a reply is not an article. */
const MAX_REMOTE_HTML = 64 * 1024;

/**
 * @example await sanitizeRemoteHtml('<p>Oi <script>x()</script><a href="javascript:x">a</a></p>', "pt") // "<p>Oi a</p>"
 */
export async function sanitizeRemoteHtml(html: string, lang: Lang): Promise<string> {
  const cut = html.slice(0, MAX_REMOTE_HTML);
  let markdown: string;
  try {
    markdown = turndown.turndown(cut);
  } catch (error) {
    // Elements nested thousands deep exhaust the parser's stack: the deepest lose their tags, not their text.
    if (!(error instanceof RangeError)) throw error;
    markdown = turndown.turndown(shallowHtml(cut));
  }
  const { renderMarkdown } = await import("../blog/markdown.server.ts");
  return renderMarkdown(markdown, lang).html;
}

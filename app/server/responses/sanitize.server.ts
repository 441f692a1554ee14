/**
 * HTML that came from elsewhere (a reply's Note, a mentioning page's
 * h-entry) made safe to show under a post: turned into Markdown, then
 * rendered by the site's one Markdown pipeline, whose sanitizer drops raw
 * HTML, scripts, styles, event handlers and `javascript:` addresses. What
 * survives is text, paragraphs, links, emphasis, lists, quotes and code.
 */
import TurndownService from "turndown";
import type { Lang } from "../../i18n/paths.ts";

const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced" });
// Nothing of these is text a reader should see; a remote picture would tell its host who reads the post.
turndown.addRule("dropped", {
  filter: ["script", "style", "noscript", "template", "iframe", "object", "embed", "form", "img", "video", "audio"],
  replacement: () => "",
});

/** Remote content longer than this is cut: a reply is not an article. */
const MAX_REMOTE_HTML = 64 * 1024;

/**
 * @example await sanitizeRemoteHtml('<p>Oi <script>x()</script><a href="javascript:x">a</a></p>', "pt") // "<p>Oi a</p>"
 */
export async function sanitizeRemoteHtml(html: string, lang: Lang): Promise<string> {
  const markdown = turndown.turndown(html.slice(0, MAX_REMOTE_HTML));
  const { renderMarkdown } = await import("../blog/markdown.server.ts");
  return renderMarkdown(markdown, lang).html;
}

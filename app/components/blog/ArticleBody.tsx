import { useContext } from "react";
import { useT } from "~/i18n";
import { ArticleHtmlContext } from "~/lib/article-html.ts";

/**
 * A rendered article. The HTML comes sanitized from the server's Markdown
 * pipeline, with a copy button before every code block; the page script
 * makes those buttons work (`app/first-paint/page-script/copy.ts`), with the labels this
 * wrapper carries in the page's language.
 *
 * `html` is given after a client-side navigation. A document's body comes
 * from the server's render (`ArticleHtmlContext`), and when the browser
 * hydrates that document it has neither: React then adopts the server's
 * markup as it is (`__html` stays empty, so React never writes it).
 */
export function ArticleBody({ html }: { html?: string | undefined }) {
  const { t } = useT();
  const serverHtml = useContext(ArticleHtmlContext);
  const body = html ?? serverHtml;
  return (
    <div
      className="article-body"
      data-copy-scope=""
      data-copy-label={t.blog.copy}
      data-copied-label={t.blog.copied}
      data-copy-failed-label={t.blog.copyFailed}
      // Rendered by React after a client-side navigation, the page script is there: the buttons work at once.
      data-copy-ready={html === undefined ? undefined : ""}
      suppressHydrationWarning={body === undefined}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's Markdown pipeline sanitizes this HTML
      dangerouslySetInnerHTML={{ __html: body ?? "" }}
    />
  );
}

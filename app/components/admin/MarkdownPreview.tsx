import { useEffect, useState } from "react";
import { useT } from "~/i18n";
import { ArticleBody } from "../blog/ArticleBody.tsx";

const DEBOUNCE_MS = 400;

/**
 * The post as the public page will show it: the server renders the Markdown
 * through the same pipeline as the blog, a moment after typing stops.
 */
export function MarkdownPreview({ content }: { content: string }) {
  const { lang, t } = useT();
  const [html, setHtml] = useState("");

  useEffect(() => {
    if (!content.trim()) {
      setHtml("");
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const body = new FormData();
        body.set("content", content);
        const response = await fetch(`/admin/blog/preview?lang=${lang}`, {
          method: "POST",
          body,
          signal: controller.signal,
        });
        if (response.ok) setHtml(((await response.json()) as { html: string }).html);
      } catch {
        // A preview that fails to refresh keeps the last good one; saving is unaffected.
      }
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [content, lang]);

  return (
    <section aria-labelledby="preview-title" className="rounded-2xl border border-line bg-bg p-5">
      <h3 id="preview-title" className="text-sm font-semibold uppercase tracking-wider text-fg-muted">
        {t.admin.preview}
      </h3>
      <div className="mt-4" data-testid="markdown-preview">
        {html ? <ArticleBody html={html} /> : <p className="text-sm text-fg-muted">{t.admin.previewEmpty}</p>}
      </div>
    </section>
  );
}

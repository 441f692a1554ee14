import { useContext, useEffect, useRef, useState } from "react";
import { useT } from "~/i18n";
import { ArticleHtmlContext } from "~/lib/article-html.ts";

/** How long a copy button says 'Copied!' before it reads 'Copy' again. */
export const COPY_CONFIRMATION_MS = 2000;

/**
 * A rendered article. The HTML comes sanitized from the server's Markdown
 * pipeline, with a copy button before every code block; one delegated
 * listener makes those buttons work.
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
  const ref = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const timers = new Map<Element, number>();
    const onClick = async (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest("button[data-copy-code]");
      if (!button) return;
      const code = button.parentElement?.querySelector("pre")?.textContent ?? "";
      let label = t.blog.copied;
      try {
        await navigator.clipboard.writeText(code);
      } catch {
        label = t.blog.copyFailed;
      }
      button.textContent = label;
      setAnnouncement(label);
      window.clearTimeout(timers.get(button));
      timers.set(
        button,
        window.setTimeout(() => {
          button.textContent = t.blog.copy;
          setAnnouncement("");
        }, COPY_CONFIRMATION_MS),
      );
    };
    root.addEventListener("click", onClick);
    return () => {
      root.removeEventListener("click", onClick);
      for (const timer of timers.values()) window.clearTimeout(timer);
    };
  }, [t]);

  return (
    <>
      <div
        ref={ref}
        className="article-body"
        suppressHydrationWarning={body === undefined}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's Markdown pipeline sanitizes this HTML
        dangerouslySetInnerHTML={{ __html: body ?? "" }}
      />
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}

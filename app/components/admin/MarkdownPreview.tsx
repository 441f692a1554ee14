import { type Ref, useEffect, useId, useRef, useState } from "react";
import { format, useT } from "~/i18n";
import { ArticleBody } from "../blog/ArticleBody.tsx";

const DEBOUNCE_MS = 400;
/** A rendering the server failed is asked for again this long after. */
const RETRY_MS = 5000;

/** What the preview answers: the page's HTML, and what its sanitizing removed from the text. */
interface Preview {
  html: string;
  /** Element names, or `element attribute` for an attribute taken off an element that stayed. */
  removed: string[];
}

/**
 * The post as the public page will show it: the server renders the Markdown
 * through the same pipeline as the blog, a moment after typing stops, and
 * says what it removed as unsafe ("removido: iframe"). The box scrolls by
 * itself (`scrollRef`) where the editor keeps it beside the text.
 */
export function MarkdownPreview({
  content,
  scrollRef,
  onRendered,
  className = "",
}: {
  content: string;
  scrollRef?: Ref<HTMLElement>;
  /** Called once a new rendering is on screen. */
  onRendered?: () => void;
  className?: string;
}) {
  const { lang, t } = useT();
  const texts = t.admin.editor;
  const headingId = useId();
  const [preview, setPreview] = useState<Preview>({ html: "", removed: [] });
  // Why the preview shows an older text than the one being written, if it does.
  const [behind, setBehind] = useState<"offline" | "failed" | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);

  // Back online, the preview catches up with the text.
  useEffect(() => {
    const online = () => setAttempt((count) => count + 1);
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for the same text again
  useEffect(() => {
    if (!content.trim()) {
      setPreview({ html: "", removed: [] });
      setBehind(undefined);
      return;
    }
    const controller = new AbortController();
    let retry: number | undefined;
    const failed = () => {
      if (controller.signal.aborted) return;
      const offline = !navigator.onLine;
      setBehind(offline ? "offline" : "failed");
      // Offline, the `online` event brings it back; a failing server is asked again.
      if (!offline) retry = window.setTimeout(() => setAttempt((count) => count + 1), RETRY_MS);
    };
    const timer = window.setTimeout(async () => {
      if (!navigator.onLine) return failed();
      try {
        const body = new FormData();
        body.set("content", content);
        const response = await fetch(`/admin/blog/preview?lang=${lang}`, {
          method: "POST",
          body,
          signal: controller.signal,
        });
        if (!response.ok) return failed();
        const answer = (await response.json()) as Partial<Preview>;
        setPreview({ html: answer.html ?? "", removed: answer.removed ?? [] });
        setBehind(undefined);
      } catch {
        // A preview that fails to refresh keeps the last good one, and says so; saving is unaffected.
        failed();
      }
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(retry);
      controller.abort();
    };
  }, [content, lang, attempt]);

  const rendered = useRef(onRendered);
  rendered.current = onRendered;
  useEffect(() => {
    if (preview.html) rendered.current?.();
  }, [preview.html]);

  const removed = preview.removed.map((name) => {
    const [element = "", attribute] = name.split(" ");
    return attribute ? format(texts.attribute, { element, attribute }) : element;
  });

  return (
    <div className={`flex min-h-0 flex-col rounded-2xl border border-line bg-bg ${className}`}>
      <h2 id={headingId} className="px-5 pt-4 text-sm font-semibold uppercase tracking-wider text-fg-muted">
        {t.admin.preview}
      </h2>
      <p role="status" className="mx-5 text-sm" data-testid="preview-behind">
        {behind && (
          <span className="mt-3 block rounded-lg border border-line bg-surface-2 px-3 py-2 [overflow-wrap:anywhere]">
            {texts.previewBehind[behind]}
          </span>
        )}
      </p>
      {removed.length > 0 && (
        <div className="mx-5 mt-3 rounded-lg border border-danger/50 px-3 py-2 text-sm" data-testid="preview-removed">
          <p className="font-medium text-danger [overflow-wrap:anywhere]">
            {format(texts.removed, { names: removed.join(", ") })}
          </p>
          <p className="mt-0.5 text-xs text-fg-muted">{texts.removedHelp}</p>
        </div>
      )}
      {/* Scrolls by itself beside the text: reachable from the keyboard, and named for it. */}
      <section
        ref={scrollRef}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls on its own must be reachable from the keyboard
        tabIndex={0}
        aria-labelledby={headingId}
        className="min-h-0 flex-1 overflow-auto px-5 pt-3 pb-5 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="markdown-preview"
      >
        {preview.html ? (
          <ArticleBody html={preview.html} />
        ) : (
          <p className="text-sm text-fg-muted">{t.admin.previewEmpty}</p>
        )}
      </section>
    </div>
  );
}

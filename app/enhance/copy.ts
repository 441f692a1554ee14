import { closestTarget } from "./dom.ts";

/** How long a copy button says 'Copied!' before it reads 'Copy' again. */
export const COPY_CONFIRMATION_MS = 2000;

/**
 * The copy button before each code block of an article (`data-copy-code`,
 * written by the server's Markdown pipeline) copies the block's text. Its
 * labels come from the article's wrapper (`data-copy-scope`, see
 * `ArticleBody`), in the page's language, and what happened is announced
 * politely. The announcer is made here, at the end of `<body>`, before any
 * press (a live region must exist before it speaks); React's hydration
 * passes over an element added at the end of `<body>`.
 */
export function enhanceCopyButtons(doc: Document): void {
  const status = doc.createElement("p");
  status.className = "sr-only";
  status.setAttribute("aria-live", "polite");
  status.dataset.copyStatus = "";
  doc.body.append(status);
  const timers = new WeakMap<Element, number>();
  doc.addEventListener("click", async (event) => {
    const button = closestTarget(event, "button[data-copy-code]");
    const scope = button?.closest<HTMLElement>("[data-copy-scope]");
    if (!button || !scope) return;
    const { copyLabel = "", copiedLabel = "", copyFailedLabel = "" } = scope.dataset;
    const code = button.parentElement?.querySelector("pre")?.textContent ?? "";
    let label = copiedLabel;
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      label = copyFailedLabel;
    }
    button.textContent = label;
    status.textContent = label;
    window.clearTimeout(timers.get(button));
    timers.set(
      button,
      window.setTimeout(() => {
        button.textContent = copyLabel;
        status.textContent = "";
      }, COPY_CONFIRMATION_MS),
    );
  });
}

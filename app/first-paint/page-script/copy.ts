import { closestTarget } from "./dom.ts";

/** Marks a copy scope whose buttons work: until then CSS keeps them hidden (app/styles/app.css). */
export const COPY_READY = "copyReady";

/** How long a copy button says 'Copied!' before it reads 'Copy' again. */
export const COPY_CONFIRMATION_MS = 2000;

/**
 * The copy button before each code block of an article (`data-copy-code`,
 * written by the server's Markdown pipeline) copies the block's text. Its
 * labels come from the article's wrapper (`data-copy-scope`, see
 * `ArticleBody`), in the page's language, and what happened is announced
 * politely, by an element added at the end of `<body>` (React's hydration
 * passes over it) when a copy button is first reached for: a live region
 * must exist before it speaks.
 */
export function enhanceCopyButtons(doc: Document): void {
  let status: HTMLElement | undefined;
  const announcer = (): HTMLElement => {
    if (status) return status;
    status = doc.createElement("p");
    status.className = "sr-only";
    status.setAttribute("aria-live", "polite");
    status.dataset.copyStatus = "";
    doc.body.append(status);
    return status;
  };
  const prepare = (event: Event) => {
    if (closestTarget(event, "button[data-copy-code]")) announcer();
  };
  doc.addEventListener("pointerdown", prepare);
  doc.addEventListener("focusin", prepare);

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
    announcer().textContent = label;
    window.clearTimeout(timers.get(button));
    timers.set(
      button,
      window.setTimeout(() => {
        button.textContent = copyLabel;
        announcer().textContent = "";
      }, COPY_CONFIRMATION_MS),
    );
  });
}

/** Shows the copy buttons of the articles on the served page. */
export function showCopyButtons(doc: Document): void {
  for (const scope of doc.querySelectorAll<HTMLElement>("[data-copy-scope]")) scope.dataset[COPY_READY] = "";
}

import { LAUNCHER } from "~/components/terminal/contract.ts";
import { closestTarget } from "./dom.ts";

/**
 * The floating terminal's launcher (`button[data-terminal-src]`, markup from
 * `app/components/terminal/TerminalLauncher.tsx`): its first press loads the
 * terminal's script for the page's language, which opens the window; later
 * presses open it at once. The script is asked for as the press starts
 * (`pointerdown`), before its click; until it has run the launcher is
 * `aria-busy` and the press is kept as `data-pending`. Nothing waits for
 * React (decision 050).
 */
export function enhanceTerminalLauncher(doc: Document): void {
  const requested = new Set<string>();
  const load = (launcher: HTMLElement) => {
    const src = launcher.dataset.terminalSrc;
    if (!src || requested.has(src)) return;
    requested.add(src);
    const script = doc.createElement("script");
    // Development serves the source, which imports.
    if (launcher.dataset.terminalModule !== undefined) script.type = "module";
    script.src = src;
    // Ahead of the page's hydration code when both are on their way (a tap on a page that hydrates).
    script.fetchPriority = "high";
    // A failed fetch is tried again at the next press.
    script.addEventListener("error", () => {
      requested.delete(src);
      script.remove();
      for (const pending of doc.querySelectorAll<HTMLElement>(`${LAUNCHER}[data-pending]`)) {
        delete pending.dataset.pending;
        pending.removeAttribute("aria-busy");
      }
    });
    doc.head.append(script);
  };

  doc.addEventListener("pointerdown", (event) => {
    const launcher = closestTarget(event, LAUNCHER);
    if (launcher) load(launcher);
  });
  doc.addEventListener("click", (event) => {
    const launcher = closestTarget(event, LAUNCHER);
    if (!launcher) return;
    const terminal = window.terminalWindows?.[launcher.dataset.terminalLang ?? ""];
    if (terminal) {
      terminal.open(launcher);
      return;
    }
    launcher.dataset.pending = "true";
    launcher.setAttribute("aria-busy", "true");
    load(launcher);
  });
}

/**
 * Fetches the terminal's script into the browser's cache as the page starts
 * to hydrate, ahead of the hydration code: a press on the launcher while the
 * page hydrates then finds it there, instead of sharing a phone's bandwidth
 * with a hundred kilobytes of the app's (decision 051). A page without the
 * launcher fetches nothing; a failure costs nothing, the press fetches again.
 */
export function fetchTerminalAhead(doc: Document): void {
  const launcher = doc.querySelector<HTMLElement>(LAUNCHER);
  const src = launcher?.dataset.terminalSrc;
  if (!src || launcher?.dataset.terminalModule !== undefined) return;
  fetch(src, { priority: "high" })
    .then((response) => response.blob())
    .catch(() => undefined);
}

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

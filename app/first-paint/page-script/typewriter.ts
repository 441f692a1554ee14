import { runTypewriter } from "~/lib/typewriter.ts";

/**
 * Starts the hero's typewriter (`[data-typewriter]`, markup from
 * `app/components/home/Typewriter.tsx`): the names come from `data-names`,
 * the text is written into `[data-typewriter-text]`, and `data-animated`
 * says whether it moves (CSS shows the caret then). With reduced motion the
 * first name stands still, and a change of that setting is followed. It
 * starts once per element and stops when the element leaves the page.
 */
export function startTypewriter(element: HTMLElement): void {
  if (element.dataset.typing) return;
  element.dataset.typing = "true";
  const names = JSON.parse(element.dataset.names ?? "[]") as string[];
  const text = element.querySelector("[data-typewriter-text]");
  if (!text) return;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)");
  let stop: (() => void) | undefined;
  const sync = () => {
    stop?.();
    stop = undefined;
    text.textContent = names[0] ?? "";
    element.dataset.animated = String(!reduce.matches);
    if (reduce.matches) return;
    stop = runTypewriter(names, (value) => {
      if (element.isConnected) {
        text.textContent = value;
        return;
      }
      stop?.();
      reduce.removeEventListener("change", sync);
    });
  };
  sync();
  reduce.addEventListener("change", sync);
}

export function enhanceTypewriters(doc: Document): void {
  for (const element of doc.querySelectorAll<HTMLElement>("[data-typewriter]")) startTypewriter(element);
}

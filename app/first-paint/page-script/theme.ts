import { applyTheme, currentTheme } from "~/lib/preferences.ts";
import { closestTarget, queueTask } from "./dom.ts";

/**
 * The theme button (`data-theme-toggle`) switches light and dark, in the
 * task after the tap's. Its icon and its name come from CSS on the
 * document's `dark` class, so they are right from the first paint whichever
 * theme the head script applied.
 */
export function enhanceThemeToggle(doc: Document): void {
  doc.addEventListener("click", (event) => {
    if (!closestTarget(event, "[data-theme-toggle]")) return;
    // The tap's frame is painted first: the flip restyles and repaints the whole screen, work
    // that would hold that frame back (decision 083). The theme is read when the flip runs,
    // so a double tap flips twice.
    queueTask(() => applyTheme(currentTheme() === "dark" ? "light" : "dark"), "user-visible");
  });
}

import { applyTheme, currentTheme } from "~/lib/preferences.ts";
import { closestTarget } from "./dom.ts";

/**
 * The theme button (`data-theme-toggle`) switches light and dark. Its icon
 * and its name come from CSS on the document's `dark` class, so they are
 * right from the first paint whichever theme the head script applied.
 */
export function enhanceThemeToggle(doc: Document): void {
  doc.addEventListener("click", (event) => {
    if (!closestTarget(event, "[data-theme-toggle]")) return;
    applyTheme(currentTheme() === "dark" ? "light" : "dark");
  });
}

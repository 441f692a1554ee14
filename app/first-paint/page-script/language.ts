import { rememberLanguage } from "~/lib/preferences.ts";
import { closestTarget } from "./dom.ts";

/**
 * The language link (`data-remember-language="en"`) is a plain link to the
 * page in the other language; following it also remembers the choice, which
 * the head script honours on later visits.
 */
export function enhanceLanguageLinks(doc: Document): void {
  doc.addEventListener("click", (event) => {
    const link = closestTarget(event, "a[data-remember-language]");
    const lang = link?.dataset.rememberLanguage;
    if (lang) rememberLanguage(lang);
  });
}

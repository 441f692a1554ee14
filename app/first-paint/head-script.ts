import { SIGNED_IN_COOKIE } from "~/lib/auth-cookies.ts";
// The head script uses the colours themselves, which the build writes into its text.
import { themeColors } from "~/lib/preferences.ts";

/** The event on `document` that has the head script apply the stored choices at once, if it has not yet. */
export const APPLY_CHOICES_EVENT = "apply-stored-choices";

/**
 * The first inline script of every page, run in `<head>`: in the page's first
 * frame, before its first paint, it applies the stored theme, and sends a
 * visitor who chose English from a Portuguese address (the site's default,
 * unmarked) to the same page in English; an address under `/en` names its
 * language and always opens in English. Crawlers
 * never have a stored choice, so they are never redirected. A page reached
 * with `?from=` is a blog post that exists in one language only, where the
 * server sent a reader of the other: it stays. Marks `<html data-auth="in">`
 * when the "signed in" hint cookie is present, so Admin/Sair show instead of
 * Login from the first paint.
 *
 * The reads of storage and cookies wait on the browser's other processes;
 * done as the parser meets the script, that wait lengthened the parse of the
 * whole page. A frame's animation callbacks run before its style, layout and
 * paint, so the first paint still shows the choices (decision 039). The app
 * asks for the same work at once before it hydrates (`APPLY_CHOICES_EVENT`),
 * so it never finds the document without them, even where no frame comes (a
 * tab in the background); the work is done once.
 *
 * The page gets this function's text, minified by the build with the
 * constants above written in (`inline-scripts.ts`), never the module: it
 * imports nothing at run time and reads only the browser's globals. The server
 * allows it by hash or nonce in its Content-Security-Policy.
 */
export default function applyStoredChoices(): void {
  let done = false;
  function apply() {
    if (done) return;
    done = true;
    try {
      const root = document.documentElement;
      const storage = localStorage;
      // The exact cookie, first or after another one: `signed_in=1` but not `not_signed_in=1`.
      if (`; ${document.cookie}`.indexOf(`; ${SIGNED_IN_COOKIE}=1`) >= 0) root.dataset.auth = "in";
      // The page comes light: only a stored dark theme changes it. Writing the light
      // theme's colour scheme on the root as well restyled the whole document again
      // in the first frame (209 elements of the home page, decision 071).
      if (storage.getItem("theme") === "dark") {
        root.classList.add("dark");
        root.style.colorScheme = "dark";
        document.querySelector('meta[name="theme-color"]')?.setAttribute("content", themeColors.dark);
      }
      let language = storage.getItem("language");
      const path = location.pathname;
      const search = location.search;
      const english = path === "/en" || path.indexOf("/en/") === 0;
      if (/[?&]from=/.test(search)) language = null;
      // Only the site's default language gives way: an address under /en names
      // its language (a shared English link stays English for everyone).
      const otherLanguage = language === "en" && !english ? `/en${path === "/" ? "" : path}` : "";
      if (otherLanguage) {
        // Nothing of this page is painted on the way to the other one.
        root.style.visibility = "hidden";
        location.replace(otherLanguage + search + location.hash);
      }
    } catch {
      // Storage can be unavailable (private mode, disabled): the page keeps its defaults.
    }
  }
  requestAnimationFrame(apply);
  document.addEventListener(APPLY_CHOICES_EVENT, apply);
}

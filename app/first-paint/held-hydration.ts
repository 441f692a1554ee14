/**
 * A page to read hydrates when the visitor first reaches for it.
 *
 * Every page arrives as complete HTML (prerendered or rendered on the
 * server), and what a visitor does on it first (theme, language, menus,
 * tabs, FAQ, copy buttons, forms, links) works without React: the page
 * script (`app/first-paint/page-script/`) and the browser do it. React Router's `<Scripts>`
 * would ask for the hydration code at once, ~120 KB of React, React Router
 * and the page's modules a phone must download, parse and run before it
 * answers a tap. So the server hands the page over with the module preloads
 * and the module script held back (`app/first-paint/page-html.server.ts`), and
 * the page script gives them back on the first interaction: a pointer
 * moving or pressing, a touch, a key, focus, a wheel. Measurements:
 * docs/decisions/031-hydration-on-interaction.md.
 */

/**
 * What a route's `handle` says when its page is a screen of controls rather
 * than a page to read (the admin): its scripts load at once, as React Router
 * asks, so a click right after it appears is never lost.
 */
export interface HydrationHandle {
  hydrateAtOnce?: boolean;
}

/** The `rel` a module preload link carries until it is released. */
export const HELD_PRELOAD_REL = "held-modulepreload";

/**
 * The `type` the module script that hydrates the page carries until it is
 * released: a MIME type that is not JavaScript, which makes the element a
 * data block (valid HTML, never run). A script loaded by URL keeps it in
 * `data-src`, since a data block may not have a `src`.
 */
export const HELD_SCRIPT_TYPE = "text/x-held-module";

/**
 * The `type` of an inline classic script of the hydration (React Router's
 * data, React's streaming runtime) until released. A prerendered page has one
 * such script naming, in `data-src`, the file its held scripts were moved to
 * (app/first-paint/held-scripts.server.ts).
 */
export const HELD_CLASSIC_SCRIPT_TYPE = "text/x-held-script";

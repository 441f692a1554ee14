/**
 * A page's JavaScript starts loading once the page has painted its content.
 *
 * Every page arrives as complete HTML (prerendered or rendered on the server):
 * links, forms and text work before any script runs. React Router's `<Scripts>`
 * asks for the hydration code at once, as high-priority module preloads and a
 * module script; on a phone network those ~120 KB then compete with the
 * stylesheet and the text font for the bandwidth the first paint needs. So
 * the server hands the page over with those two held back (see
 * `app/server/page-html.server.ts`) and the small script below releases
 * them after the first contentful paint. Measurements:
 * docs/decisions/016-first-paint.md.
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
 * Released at the first contentful paint (at once where the browser cannot
 * report paints). The preload links get their `rel` back, which makes the
 * browser fetch them; each held script is replaced by a real module script
 * with the same text (or `src`, from `data-src`) and nonce, so the page's Content-Security-Policy (a hash of
 * that text, or the response's nonce) allows it as it would have allowed the
 * original. The script stays where it was, so React hydrates the same tree.
 * A tab opened in the background paints, and so hydrates, when first shown.
 */
export const hydrateAfterPaintScript = `(function(){var d=document,done=0;function release(){if(done)return;done=1;d.querySelectorAll('link[rel="${HELD_PRELOAD_REL}"]').forEach(function(l){l.rel="modulepreload"});d.querySelectorAll('script[type="${HELD_SCRIPT_TYPE}"]').forEach(function(h){var s=d.createElement("script");s.type="module";s.nonce=h.nonce;var u=h.dataset.src;if(u)s.src=u;else s.textContent=h.textContent;h.replaceWith(s)})}var P=window.PerformanceObserver,types=P&&P.supportedEntryTypes||[];if(types.indexOf("paint")<0)return release();new P(function(list,o){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();release()}}).observe({type:"paint",buffered:true})})()`;

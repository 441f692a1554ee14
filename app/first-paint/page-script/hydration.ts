import { TERMINAL_PARTS } from "~/components/terminal/contract.ts";
import { HELD_CLASSIC_SCRIPT_TYPE, HELD_PRELOAD_REL, HELD_SCRIPT_TYPE } from "~/first-paint/held-hydration.ts";
import { FLASH_COOKIE, readCookie, SIGNED_IN_COOKIE } from "~/lib/auth-cookies.ts";
import { closestTarget } from "./dom.ts";

/** What counts as the visitor reaching for the page (see `app/first-paint/held-hydration.ts`). */
export const INTERACTION_EVENTS = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "wheel"] as const;

/**
 * Gives the held hydration code back: the preload links get their `rel`
 * back, which makes the browser fetch them; each held script, in document
 * order, is replaced by a real one with the same text (or `src`, from
 * `data-src`) and nonce, so the page's Content-Security-Policy (a hash of
 * that text, or the response's nonce) allows it as it would have allowed the
 * original. A classic script runs as it is inserted, so React Router's data
 * is in place before the module script, which waits for its imports, runs;
 * a classic script loaded by URL (a prerendered page's, app/first-paint/held-scripts.server.ts)
 * has what follows it released once it has run.
 * Each script stays where it was, so React hydrates the same tree.
 */
export function releaseHeldScripts(doc: Document): void {
  for (const link of doc.querySelectorAll<HTMLLinkElement>(`link[rel="${HELD_PRELOAD_REL}"]`))
    link.rel = "modulepreload";
  const held = `script[type="${HELD_CLASSIC_SCRIPT_TYPE}"], script[type="${HELD_SCRIPT_TYPE}"]`;
  const scripts = [...doc.querySelectorAll<HTMLScriptElement>(held)];
  const releaseFrom = (first: number) => {
    for (const [index, original] of scripts.entries()) {
      if (index < first) continue;
      const script = doc.createElement("script");
      const module = original.type === HELD_SCRIPT_TYPE;
      if (module) script.type = "module";
      script.nonce = original.nonce ?? "";
      const src = original.dataset.src;
      if (src) script.src = src;
      else script.textContent = original.textContent;
      original.replaceWith(script);
      // A prerendered page's held classic scripts come as one file (app/first-paint/held-scripts.server.ts):
      // what follows, the module script above all, waits until it has run.
      if (src && !module) {
        script.addEventListener("load", () => releaseFrom(index + 1), { once: true });
        return;
      }
    }
  };
  releaseFrom(0);
}

/**
 * Whether the app has work to do as soon as the page opens, which it does in
 * `AuthSync`: a one-time message a redirect left (signed in, refused, signed
 * out), or a signed-in hint to confirm with the server. A visitor who has
 * never signed in has neither.
 */
function appWorkWaiting(doc: Document): boolean {
  const cookies = doc.cookie;
  return readCookie(cookies, FLASH_COOKIE) !== undefined || readCookie(cookies, SIGNED_IN_COOKIE) === "1";
}

/**
 * Releases the hydration code on the first interaction, or at once when the
 * app has work waiting. The floating terminal is no interaction with the
 * page: it works without the app, and a press, key or focus in its launcher
 * or window leaves the hydration for later, so that nothing competes with
 * the terminal's own script and with what is typed into it (decision 050).
 */
export function hydrateOnInteraction(doc: Document): void {
  const release = (event: Event) => {
    if (closestTarget(event, TERMINAL_PARTS)) return;
    for (const type of INTERACTION_EVENTS) window.removeEventListener(type, release, true);
    releaseHeldScripts(doc);
  };
  if (appWorkWaiting(doc)) releaseHeldScripts(doc);
  else for (const type of INTERACTION_EVENTS) window.addEventListener(type, release, { capture: true, passive: true });
}

import { TERMINAL_PARTS } from "~/components/terminal/contract.ts";
import { HELD_CLASSIC_SCRIPT_TYPE, HELD_PRELOAD_REL, HELD_SCRIPT_TYPE } from "~/first-paint/held-hydration.ts";
import { FLASH_COOKIE, readCookie, SIGNED_IN_COOKIE } from "~/lib/auth-cookies.ts";
import { closestTarget, queueTask } from "./dom.ts";
import { fetchTerminalAhead } from "./terminal.ts";

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

/** The events that begin a gesture: the hydration waits for its end (`GESTURE_ENDS`). */
const GESTURE_STARTS = new Set<string>(["pointerdown", "touchstart", "keydown"]);
/** The events that end one; a click ends a tap, after its pointerup. */
const GESTURE_ENDS = new Set<string>(["pointerup", "pointercancel", "touchend", "touchcancel", "click", "keyup"]);

/**
 * The controls the page script answers by itself (theme, the header's menus,
 * the contact dialog, tabs, copy buttons): a reader's first taps are often a
 * few of these in a row (open the menu, close it, flip the theme).
 */
export const PAGE_SCRIPT_CONTROLS =
  "[data-theme-toggle], button[data-disclosure], button[data-opens-dialog], [data-closes-dialog], [data-tabs] [role=tab], button[data-copy-code]";

/**
 * How long the page must have been left alone after a press or key on one of
 * those controls before the hydration is released: the reader's next taps
 * come first (decision 070).
 */
export const QUIET_AFTER_CONTROL_MS = 1000;

/**
 * Releases the hydration code on the first interaction, or at once when the
 * app has work waiting. The release waits until the interaction has been
 * answered: a press or key until it is let go (its click included), then
 * until the frame after it has been painted. Released in the press itself,
 * the hydration's inline scripts (React Router's data, 50-90 ms on the
 * bench's phone) ran before the tap's own answer was painted, in every
 * page's first tap (decision 051). A press, key or focus on a control the
 * page script answers by itself waits longer: until the page has been left
 * alone for `QUIET_AFTER_CONTROL_MS`, each new press starting the wait
 * again. Released after the first of a reader's taps in a row, the
 * hydration's long tasks (the app's modules compiled and run, React's
 * commit) fell on the next ones: the home page's theme flip at 7.2x waited
 * behind them (decision 070). The floating terminal is no interaction
 * with the page: it works without the app, and a press, key or focus in its
 * launcher or window leaves the hydration for later, so that nothing
 * competes with the terminal's own script and with what is typed into it
 * (decision 050).
 */
export function hydrateOnInteraction(doc: Document): void {
  if (appWorkWaiting(doc)) {
    releaseHeldScripts(doc);
    return;
  }
  const events = [...INTERACTION_EVENTS, ...GESTURE_ENDS];
  let pressed = false;
  // Each scheduling supersedes the one before: only the latest may release.
  let scheduled = 0;
  const release = () => {
    for (const type of events) window.removeEventListener(type, reached, true);
    fetchTerminalAhead(doc);
    releaseHeldScripts(doc);
  };
  // Once the interaction's answer has been painted: a background task runs after the
  // input and the frame it asked for (after a quiet time, for the page script's own controls).
  const afterAnswer = (onControl: boolean) => {
    const mine = ++scheduled;
    const run = () => {
      if (mine === scheduled) release();
    };
    queueTask(run, "background", onControl ? QUIET_AFTER_CONTROL_MS : 0);
  };
  function reached(event: Event) {
    if (closestTarget(event, TERMINAL_PARTS)) return;
    const onControl = closestTarget(event, PAGE_SCRIPT_CONTROLS) !== null;
    if (GESTURE_STARTS.has(event.type)) {
      pressed = true;
      // A release already scheduled waits for this gesture's end instead.
      scheduled++;
      return;
    }
    const ends = GESTURE_ENDS.has(event.type);
    // A finger or a key still down: what it does is not answered yet (a
    // pointer moving with no button down was let go where no event told).
    const letGo = event instanceof PointerEvent && event.type === "pointermove" && event.buttons === 0;
    if (pressed && !ends && !letGo) return;
    pressed = false;
    afterAnswer(onControl);
  }
  for (const type of events) window.addEventListener(type, reached, { capture: true, passive: true });
}

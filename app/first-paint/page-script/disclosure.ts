import { closestTarget, queueTask } from "./dom.ts";

/**
 * Disclosure buttons (`button[data-disclosure][aria-controls]`): the header's
 * phone menu and its "Portfolio" group. A button shows or hides the element
 * it controls and says so in `aria-expanded` (CSS draws its icon and name
 * from that). An open one closes on Escape (focus back on its button), on a
 * press or keyboard focus outside it, when a link in it is chosen, and when
 * the history moves.
 *
 * A panel marked `data-lay-out-early` (the phone menu) is laid out ahead of its
 * first opening, in a background task once the page script has run: it stops
 * being `hidden` and is folded instead (`data-folded="true"`: no height, not
 * painted, not focusable, app/styles/app.css), so opening it restyles and
 * paints its content without laying it out the first time, in the tap's frame
 * (decision 084). Until then, and for every other panel, `hidden` says it is
 * closed.
 */
const BUTTON = "button[data-disclosure][aria-controls]";

function panelOf(button: HTMLElement): HTMLElement | null {
  const id = button.getAttribute("aria-controls");
  return id ? document.getElementById(id) : null;
}

function setOpen(button: HTMLElement, open: boolean): void {
  const panel = panelOf(button);
  if (!panel) return;
  button.setAttribute("aria-expanded", String(open));
  if (panel.dataset.folded) panel.dataset.folded = String(!open);
  else panel.hidden = !open;
}

/** Lays out each closed panel marked `data-lay-out-early`, folded, so that its first opening is cheap. */
function layOutEarly(doc: Document): void {
  for (const panel of doc.querySelectorAll<HTMLElement>("[data-lay-out-early]")) {
    if (panel.dataset.folded || !panel.hidden) continue;
    panel.dataset.folded = "true";
    panel.hidden = false;
    // The layout is taken here, in this background task, not in the next frame's (a tap's).
    void panel.offsetHeight;
  }
}

function openButtons(doc: Document): HTMLElement[] {
  return Array.from(doc.querySelectorAll<HTMLElement>(`${BUTTON}[aria-expanded="true"]`));
}

export function enhanceDisclosures(doc: Document): void {
  queueTask(() => layOutEarly(doc), "background");
  doc.addEventListener("click", (event) => {
    const button = closestTarget(event, BUTTON);
    if (button) {
      setOpen(button, button.getAttribute("aria-expanded") !== "true");
      return;
    }
    // A link chosen inside an open panel: the panel has done its job.
    if (!closestTarget(event, "a[href]")) return;
    for (const open of openButtons(doc)) if (panelOf(open)?.contains(event.target as Node)) setOpen(open, false);
  });

  const closeOutside = (event: Event) => {
    const target = event.target as Node;
    for (const open of openButtons(doc))
      if (!open.contains(target) && !panelOf(open)?.contains(target)) setOpen(open, false);
  };
  doc.addEventListener("pointerdown", closeOutside);
  doc.addEventListener("focusin", closeOutside);

  doc.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const open of openButtons(doc)) {
      setOpen(open, false);
      open.focus();
    }
  });

  window.addEventListener("popstate", () => {
    for (const open of openButtons(doc)) setOpen(open, false);
  });
}

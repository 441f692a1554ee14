import { closestTarget, queueTask } from "./dom.ts";

/**
 * Modal dialogs the page holds closed in its HTML (the home page's contact
 * dialog): a button with `data-opens-dialog="{id}"` opens `<dialog id>` as a
 * modal, which makes the page behind inert and closes on Escape; an element
 * inside it with `data-closes-dialog` (its close button, the veil around it)
 * closes it. Tab and Shift+Tab cycle inside it, and closing gives focus back
 * to the button that opened it. Nothing waits for React: the dialog opens in
 * the task after the tap's own.
 */
const OPENER = "button[data-opens-dialog]";
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function enhanceDialogs(doc: Document): void {
  const openers = new WeakMap<HTMLDialogElement, HTMLElement>();

  doc.addEventListener("click", (event) => {
    const opener = closestTarget(event, OPENER);
    if (opener) {
      const dialog = doc.getElementById(opener.dataset.opensDialog ?? "");
      if (!(dialog instanceof HTMLDialogElement) || dialog.open) return;
      openers.set(dialog, opener);
      // The tap's frame is painted first: showModal() recalculates the style of the whole
      // page to make it inert, work that would hold that frame back (decision 051).
      queueTask(() => {
        if (!dialog.open) dialog.showModal();
      }, "user-visible");
      return;
    }
    const closer = closestTarget(event, "[data-closes-dialog]");
    closer?.closest("dialog")?.close();
  });

  // `close` does not bubble: caught on its way down instead.
  doc.addEventListener(
    "close",
    (event) => {
      const dialog = event.target;
      if (dialog instanceof HTMLDialogElement) openers.get(dialog)?.focus();
    },
    true,
  );

  doc.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const dialog = (event.target as Element | null)?.closest?.("dialog[open]");
    if (!dialog) return;
    const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && doc.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && doc.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
}

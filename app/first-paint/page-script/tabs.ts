import { nextTabIndex } from "~/lib/tabs.ts";
import { closestTarget } from "./dom.ts";

/**
 * Tabs after the WAI-ARIA pattern (`[data-tabs]` holding a `tablist`, its
 * `tab`s and their `tabpanel`s): a click chooses a tab; arrows, Home and End
 * move between them; the chosen tab is kept in the URL hash
 * (`/about#experience`, the first tab without one) so it can be linked, and
 * a hash chooses its tab when the page opens. The markup comes from
 * `app/components/portfolio/Tabs.tsx`; the look of the chosen tab is CSS on
 * `aria-selected`.
 */
const TAB = '[data-tabs] [role="tab"]';

function tabsOf(root: Element): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>('[role="tab"]'));
}

function choose(root: Element, index: number, focus: boolean): void {
  const tabs = tabsOf(root);
  const chosen = tabs[index];
  if (!chosen) return;
  for (const tab of tabs) {
    const selected = tab === chosen;
    tab.setAttribute("aria-selected", String(selected));
    tab.tabIndex = selected ? 0 : -1;
    const panel = document.getElementById(tab.getAttribute("aria-controls") ?? "");
    if (panel) panel.hidden = !selected;
  }
  if (focus) chosen.focus();
}

function keepInHash(index: number, tab: HTMLElement): void {
  const url = new URL(window.location.href);
  url.hash = index === 0 ? "" : (tab.dataset.tabId ?? "");
  // The history entry keeps its state (React Router's own, once the page is hydrated).
  window.history.replaceState(window.history.state, "", url);
}

/** Chooses the tab the URL hash names, if any, in one set of tabs. */
export function chooseTabFromHash(root: Element): void {
  const hash = window.location.hash.slice(1);
  if (!hash) return;
  const index = tabsOf(root).findIndex((tab) => tab.dataset.tabId === hash);
  if (index >= 0) choose(root, index, false);
}

export function enhanceTabs(doc: Document): void {
  for (const root of doc.querySelectorAll("[data-tabs]")) chooseTabFromHash(root);

  doc.addEventListener("click", (event) => {
    const tab = closestTarget(event, TAB);
    const root = tab?.closest("[data-tabs]");
    if (!tab || !root) return;
    const index = tabsOf(root).indexOf(tab);
    choose(root, index, false);
    keepInHash(index, tab);
  });

  doc.addEventListener("keydown", (event) => {
    const tab = closestTarget(event, TAB);
    const root = tab?.closest("[data-tabs]");
    if (!tab || !root) return;
    const tabs = tabsOf(root);
    const next = nextTabIndex(tabs.indexOf(tab), event.key, tabs.length);
    const target = next === undefined ? undefined : tabs[next];
    if (next === undefined || !target) return;
    event.preventDefault();
    choose(root, next, true);
    keepInHash(next, target);
  });
}

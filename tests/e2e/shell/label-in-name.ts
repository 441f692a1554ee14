import type { Page } from "@playwright/test";

/**
 * Label in Name (WCAG 2.5.3): a control that shows text and is named by
 * `aria-label` or `aria-labelledby` must have a name that contains that text,
 * so that someone who speaks what they see (voice control) reaches it. This
 * reads the text a sighted visitor sees (clipped and hidden text left out);
 * axe's own rule for it runs beside it. The visits of every page
 * (every-page.spec.ts) run it in each state, on a phone with the menu open
 * (its header shows less text) and on the admin screens.
 */

/** Controls on the page whose names leave out their visible text, each described with how it is named. */
export async function labelInNameMismatches(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Letters and digits only: spacing and punctuation do not change what is spoken.
    const normalize = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, "").toLowerCase();
    // The text a sighted visitor sees: not display:none, not visibility:hidden, not visually hidden (sr-only).
    // Clipped to nothing between the text and the control (Tailwind's sr-only: 1 px, overflow hidden, clip 0).
    const clippedAway = (from: Element, control: Element) => {
      for (let node: Element | null = from; node && node !== control.parentElement; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.clip === "rect(0px, 0px, 0px, 0px)" || style.clipPath === "inset(50%)") return true;
        const box = node.getBoundingClientRect();
        if (style.overflow === "hidden" && (box.width <= 1 || box.height <= 1)) return true;
      }
      return false;
    };
    const visibleText = (element: HTMLElement) => {
      const parts: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent?.checkVisibility({ visibilityProperty: true }) || clippedAway(parent, element)) continue;
        parts.push(node.textContent ?? "");
      }
      return parts.join(" ");
    };
    const selector =
      "a[href], button, summary, [role=button], [role=link], [role=tab], [role=menuitem], [role=option], [role=switch], [role=checkbox], [role=radio]";
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const labelledBy = element.getAttribute("aria-labelledby");
      const label = element.getAttribute("aria-label");
      if (labelledBy === null && label === null) continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const shown = visibleText(element);
      const visible = normalize(shown);
      if (visible === "") continue;
      const name =
        labelledBy !== null
          ? labelledBy
              .split(/\s+/)
              .map((id) => document.getElementById(id)?.textContent ?? "")
              .join(" ")
          : (label ?? "");
      if (!normalize(name).includes(visible))
        found.push(`"${shown.trim()}" is named "${name}": ${element.outerHTML.slice(0, 160)}`);
    }
    return found;
  });
}

/** How far the page scrolls sideways, in pixels: nothing may on a phone. */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

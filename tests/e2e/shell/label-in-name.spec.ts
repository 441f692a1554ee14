import type { Page } from "@playwright/test";
import { languages } from "../../../app/i18n/paths.ts";
import { limit } from "../../harness/host-speed.ts";
import { adminPaths, expect, publicPaths, signIn, test, waitForHydration } from "../fixtures.ts";

/**
 * Label in Name (WCAG 2.5.3): a control that shows text and is named by
 * `aria-label` or `aria-labelledby` must have a name that contains that text,
 * so that someone who speaks what they see (voice control) reaches it.
 * Checked on every page of the route table in both languages on a phone
 * (its header shows less text) and on the admin screens; at a desktop width
 * axe's own rule for it runs on every page (axe-every-page.spec.ts).
 */

/** Controls whose names replace their visible text, and how they are named. */
async function mismatches(page: Page): Promise<string[]> {
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

for (const lang of languages) {
  // On a phone, with the menu open: its header shows less text. At a desktop width axe's
  // label-content-name-mismatch checks every page (axe-every-page.spec.ts).
  test(`every control's name contains its visible text on a phone, and no page scrolls sideways (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(limit(120_000));
    await page.setViewportSize({ width: 375, height: 812 });
    const problems: string[] = [];
    for (const path of publicPaths(lang)) {
      await page.goto(path);
      // The same visit checks that the page fits the phone: nothing scrolls sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) problems.push(`${path}: the page scrolls ${overflow} px sideways`);
      await waitForHydration(page);
      await page.getByTestId("mobile-menu-button").click();
      problems.push(...(await mismatches(page)).map((problem) => `${path}: ${problem}`));
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });

  test(`every control's name contains its visible text on the admin screens (${lang})`, async ({ page }) => {
    await signIn(page, "author", lang);
    const problems: string[] = [];
    for (const path of adminPaths(lang)) {
      await page.goto(path);
      await waitForHydration(page);
      problems.push(...(await mismatches(page)).map((problem) => `${path}: ${problem}`));
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });
}

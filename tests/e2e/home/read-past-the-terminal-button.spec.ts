import { expect, test } from "../fixtures.ts";

/**
 * A phone reader scrolls the home page from top to bottom: every line of its
 * text that the floating terminal button covers at some point must be seen
 * whole and uncovered, under the sticky header, at another; the page's last
 * lines included, which cannot scroll any further.
 */
test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the terminal button never hides a line of the home page for good", async ({ page }) => {
    for (const width of [375, 390]) {
      await page.setViewportSize({ width, height: 812 });
      for (const path of ["/", "/en"]) {
        await page.goto(path);
        await expect(page.getByTestId("terminal-button")).toBeVisible();
        const hidden = await page.evaluate(async () => {
          await document.fonts.ready;
          const button = document.querySelector('[data-testid="terminal-button"]');
          const header = document.querySelector("header");
          if (!button || !header) return ["no terminal button or header"];
          const frame = () => new Promise(requestAnimationFrame);
          // Each line of visible text, named by its text node's place in the page and its line in that node.
          const texts: Text[] = [];
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const parent = node.parentElement;
            if (node.textContent?.trim() && parent && !header.contains(parent) && !button.contains(parent))
              texts.push(node as Text);
          }
          const covered = new Map<string, string>();
          const seen = new Set<string>();
          // Half a screen a stop: a line under the button (at the screen's foot) stands in the screen's upper half
          // at the next stop, uncovered, so no line a quarter-screen walk sees is missed, at half the stops.
          const step = Math.floor(window.innerHeight / 2);
          let top = 0;
          let atEnd = 0;
          // Sections below are laid out only as they near the screen, so the page's length settles on the way
          // down: every stop is measured anew, and the walk ends at the bottom once the bottom stays put.
          while (atEnd < 2) {
            window.scrollTo({ top, behavior: "instant" });
            await frame();
            await frame();
            const under = header.getBoundingClientRect().bottom;
            const ring = button.getBoundingClientRect();
            for (const [index, node] of texts.entries()) {
              const parent = node.parentElement;
              const box = parent?.getBoundingClientRect();
              // A visually hidden name is 1 px wide; what is not displayed has no box.
              if (!parent || !box || box.width <= 1 || box.height <= 1 || box.bottom < under || box.top > innerHeight)
                continue;
              if (getComputedStyle(parent).visibility === "hidden") continue;
              const range = document.createRange();
              range.selectNodeContents(node);
              for (const [line, rect] of [...range.getClientRects()].entries()) {
                if (rect.width < 1 || rect.right <= 0 || rect.left >= innerWidth) continue;
                if (rect.top < under || rect.bottom > innerHeight) continue;
                // The button's ring (4 px) belongs to it.
                const overlaps =
                  rect.left < ring.right + 4 &&
                  rect.right > ring.left - 4 &&
                  rect.top < ring.bottom + 4 &&
                  rect.bottom > ring.top - 4;
                const key = `${index}:${line}`;
                if (overlaps) covered.set(key, node.textContent?.trim() ?? "");
                else seen.add(key);
              }
            }
            const end = document.documentElement.scrollHeight - innerHeight;
            atEnd = window.scrollY >= end - 1 ? atEnd + 1 : 0;
            top = Math.min(window.scrollY + step, end);
          }
          return [...covered].filter(([key]) => !seen.has(key)).map(([, text]) => text);
        });
        expect(hidden, `${path} at ${width} px`).toEqual([]);
      }
    }
  });
});

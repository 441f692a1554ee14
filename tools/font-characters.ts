/** The characters the site's fonts keep (tools/subset-fonts.ts); a unit test checks the texts use no other. */
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index)).join("");

/** Printable ASCII and Latin-1, typographic punctuation, and the few symbols the texts use. */
export const characters = [range(0x20, 0x7e), range(0xa0, 0xff), "‐‑‒–—―‘’‚“”„•…‹›′″", "€™−×÷←↑→↓↵⌘✓✔★☆"].join("");

/**
 * The characters the site's fonts keep (tools/build/subset-fonts.ts). A unit test
 * checks that the texts use no other and that the `unicode-range` of each
 * `@font-face` in app/styles/app.css names exactly these, so the browser
 * draws any other character (a rare letter in a blog post) in a system font.
 */
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index)).join("");

/**
 * Printable ASCII, every letter Portuguese writes, the spaces number and date
 * formatting inserts, typographic punctuation and the arrows the texts use.
 * Only these, so the text font fits in one network round trip on a phone.
 */
export const characters = [
  range(0x20, 0x7e),
  "\u00a0\u202f",
  "ÀÁÂÃÇÉÊÍÓÔÕÚàáâãçéêíóôõú",
  "©º·",
  "‘’“”–—•…",
  "←↑→↓",
].join("");

/** The CSS `unicode-range` value that names exactly `chars`, as ranges of consecutive code points. */
export function unicodeRange(chars: string): string {
  const points = [...new Set([...chars].map((char) => char.codePointAt(0) ?? 0))].sort((a, b) => a - b);
  const hex = (point: number) => point.toString(16).toUpperCase().padStart(4, "0");
  const ranges: string[] = [];
  for (let start = 0; start < points.length; ) {
    let end = start;
    while (end + 1 < points.length && points[end + 1] === (points[end] ?? 0) + 1) end++;
    const from = points[start] ?? 0;
    const to = points[end] ?? 0;
    ranges.push(from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`);
    start = end + 1;
  }
  return ranges.join(", ");
}

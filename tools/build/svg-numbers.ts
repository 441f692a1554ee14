/**
 * Shorter drawings for the icon generators: the numbers of an SVG path or
 * attribute rounded to `decimals` places. Icons are drawn on a 24-unit grid
 * at 16 to 40 CSS pixels, where a hundredth of a unit is far below a device
 * pixel, and Simple Icons' marks carry three decimals.
 *
 * Numbers in a path need no separator when the next one starts with a sign
 * or, after a number with a point, with a point (`1.125.5` is 1.125 and .5);
 * a rounded number that would run on into the one before it gets a space.
 * Integers stay as written, and so does a run that starts with 0 and a digit:
 * an arc's flags written together with what follows (`a1 1 0 01.5.5`).
 * @example roundNumbers("M1.1254.5025a.004.004 0 0 1-.0041 0", 2) // "M1.13.5a0 0 0 0 1 0 0"
 */
export function roundNumbers(text: string, decimals: number): string {
  const NUMBER = /-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?/gi;
  let out = "";
  let last = 0;
  // The number just written, when nothing has been written after it.
  let previous: string | undefined;
  for (const match of text.matchAll(NUMBER)) {
    const token = match[0];
    const between = text.slice(last, match.index);
    if (between) previous = undefined;
    out += between;
    let number = token;
    if (token.includes(".") && !/e/i.test(token) && !/^-?0\d/.test(token)) {
      const rounded = Number(Number(token).toFixed(decimals));
      number = String(Math.abs(rounded)).replace(/^0\./, ".");
      if (rounded < 0) number = `-${number}`;
    }
    const runsOn =
      previous !== undefined && !number.startsWith("-") && !(number.startsWith(".") && previous.includes("."));
    out += runsOn ? ` ${number}` : number;
    previous = number;
    last = match.index + token.length;
  }
  return out + text.slice(last);
}

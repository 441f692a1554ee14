import { describe, expect, it } from "vitest";
import { roundNumbers } from "../../tools/build/svg-numbers.ts";

describe("roundNumbers", () => {
  it.each([
    ["M1.1254.5025a.004.004 0 0 1-.0041 0", "M1.13.5a0 0 0 0 1 0 0"],
    ["M12 2v20M2 12h20", "M12 2v20M2 12h20"],
    ["M1.125 0C.502 0 0 .502 0 1.125", "M1.13 0C.5 0 0 .5 0 1.13"],
    ["M5.004.5", "M5 .5"],
    ["M1.5-.004", "M1.5 0"],
    ["M1.5-.25", "M1.5-.25"],
    ["a1 1 0 01.5.5", "a1 1 0 01.5.5"],
    ["M2.004.004 3 3", "M2 0 3 3"],
    ["M1e-5 2.345", "M1e-5 2.35"],
    ['cx="12.345" r="0.999"', 'cx="12.35" r="1"'],
  ])("%s", (input, expected) => {
    expect(roundNumbers(input, 2)).toBe(expected);
  });

  it("keeps every number of a path apart (same count, same values to a hundredth)", () => {
    const path =
      "M22.034 18.276c-.175-1.095-.888-2.015-3.003-2.873-.736-.345-1.554-.585-1.797-1.14-.091-.33-.105-.51-.046-.705";
    const numbers = (text: string) => [...text.matchAll(/-?(?:\d+(?:\.\d*)?|\.\d+)/g)].map((match) => Number(match[0]));
    const before = numbers(path);
    const after = numbers(roundNumbers(path, 2));
    expect(after).toHaveLength(before.length);
    for (const [index, value] of after.entries()) {
      expect(Math.abs(value - (before[index] ?? Number.NaN))).toBeLessThanOrEqual(0.0051);
    }
  });
});

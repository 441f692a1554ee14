import { describe, expect, it } from "vitest";
import { lineDiff } from "~/lib/line-diff.ts";

const show = (before: string, after: string) =>
  lineDiff(before, after)
    .map((line) => `${{ same: " ", added: "+", removed: "-" }[line.kind]}${line.text}`)
    .join("|");

describe("lineDiff", () => {
  it.each([
    ["a\nb\nc", "a\nb\nc", " a| b| c"],
    ["a\nb\nc", "a\nx\nc", " a|-b|+x| c"],
    ["a\nc", "a\nb\nc", " a|+b| c"],
    ["a\nb\nc", "a\nc", " a|-b| c"],
    ["", "new", "-|+new"],
    ["one\ntwo\nthree\nfour", "zero\none\nthree\nfour\nfive", "+zero| one|-two| three| four|+five"],
  ])("%j -> %j", (before, after, expected) => {
    expect(show(before, after)).toBe(expected);
  });

  it("keeps every line of both texts, in order", () => {
    const before = Array.from({ length: 50 }, (_, i) => `line ${i}`).join("\n");
    const after = before.replace("line 10", "line ten").replace("line 40\n", "");
    const diff = lineDiff(before, after);
    expect(diff.filter((line) => line.kind !== "added").map((line) => line.text)).toEqual(before.split("\n"));
    expect(diff.filter((line) => line.kind !== "removed").map((line) => line.text)).toEqual(after.split("\n"));
  });

  it("compares very long texts as a whole instead of taking quadratic time", () => {
    const before = Array.from({ length: 3000 }, (_, i) => `a${i}`).join("\n");
    const after = Array.from({ length: 3000 }, (_, i) => `b${i}`).join("\n");
    const diff = lineDiff(before, after);
    expect(diff.filter((line) => line.kind === "removed")).toHaveLength(3000);
    expect(diff.filter((line) => line.kind === "added")).toHaveLength(3000);
  });
});

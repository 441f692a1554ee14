import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { brandIconNames, symbolId, uiIconNames } from "~/components/icons/names.ts";

const sprite = readFileSync(path.resolve(import.meta.dirname, "../../app/assets/icons.svg"), "utf8");
const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);

describe("icon sprite", () => {
  it("has a symbol for every interface icon and brand mark, and nothing else", () => {
    const expected = [...uiIconNames.map(symbolId), ...brandIconNames.map((name) => `brand-${name}`)];
    expect(ids.toSorted()).toEqual(expected.toSorted());
  });

  it("names each symbol once", () => {
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each([
    ["ArrowUpRight", "arrow-up-right"],
    ["Building2", "building-2"],
    ["CheckCircle2", "check-circle-2"],
    ["LogIn", "log-in"],
    ["X", "x"],
  ] as const)("%s is drawn by the symbol %s", (name, id) => {
    expect(symbolId(name)).toBe(id);
  });

  it("draws each symbol with shapes only (no scripts, no external references)", () => {
    expect(sprite).not.toMatch(/<script|on\w+=|href=/i);
  });
});

import { describe, expect, it } from "vitest";
import { judgeTaps, type TapFigures, tapReport } from "../../bench/tap-budgets.ts";

const tap = (figures: Partial<TapFigures>): TapFigures => ({
  page: "home",
  lang: "pt",
  scenario: "menu, theme",
  step: "menu open",
  inp: [120, 130, 140],
  ready: [80, 90, 100],
  ...figures,
});

describe("the taps' budgets", () => {
  it("passes an interaction whose median INP is at most 200 ms, whatever one run did", () => {
    const [verdict] = judgeTaps([tap({ inp: [120, 200, 480] })]);
    expect(verdict?.inpMs).toBe(200);
    expect(verdict?.failures).toEqual([]);
  });

  it("fails an interaction whose median INP is over 200 ms, and says by how much", () => {
    const [verdict] = judgeTaps([tap({ inp: [208, 216, 120] })]);
    expect(verdict?.failures).toEqual(["INP 208 ms > 200 ms"]);
  });

  it("fails a widget that is not ready within its own limit, even when its INP is fine", () => {
    const [verdict] = judgeTaps([tap({ step: "terminal launcher", ready: [900, 1100, 1200], readyWithinMs: 1000 })]);
    expect(verdict?.failures).toEqual(["ready 1100 ms > 1000 ms"]);
  });

  it("fails what could not be measured instead of passing it", () => {
    const [verdict] = judgeTaps([tap({ inp: [], ready: [], readyWithinMs: 100 })]);
    expect(verdict?.failures).toEqual(["INP not measured", "ready not measured"]);
  });

  it("never judges the floor: a slow page without app code is the page's own cost", () => {
    const [verdict] = judgeTaps([tap({ floor: { inp: [400, 500, 600], ready: [300] } })]);
    expect(verdict?.failures).toEqual([]);
  });

  it("reports each interaction next to its floor, and each page's worst", () => {
    const report = tapReport(
      judgeTaps([
        tap({ inp: [100, 110, 120], floor: { inp: [90, 95, 100], ready: [70] } }),
        tap({ step: "theme", inp: [230, 240, 250] }),
        tap({ page: "article", lang: "en", step: "copy button", inp: [40, 48, 56] }),
      ]),
    );
    expect(report).toContain("| home | pt | menu, theme | menu open | 110 (100, 110, 120) | 95 (90, 95, 100) |");
    expect(report).toContain("**over**: INP 240 ms > 200 ms");
    expect(report).toContain("| home | 240 | pt, theme | no |");
    expect(report).toContain("| article | 48 | en, copy button | yes |");
  });
});

import { describe, expect, it } from "vitest";
import { firstTapsPause, judgeTaps, type TapFigures, tapReport } from "../../bench/tap-budgets.ts";

const tap = (figures: Partial<TapFigures>): TapFigures => ({
  slowdown: "calibrated 2.5x",
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

  it("judges every slowdown on its own: over at one is over", () => {
    const verdicts = judgeTaps([tap({ inp: [90, 100, 110] }), tap({ slowdown: "7.2x", inp: [210, 230, 250] })]);
    expect(verdicts.map((verdict) => verdict.failures)).toEqual([[], ["INP 230 ms > 200 ms"]]);
  });

  it("fails one of a reader's first taps that came later than two seconds after the first paint", () => {
    const verdicts = judgeTaps([
      tap({ step: "theme", sinceShown: [1800, 2000, 2400] }),
      tap({ slowdown: "7.2x", step: "theme", sinceShown: [1900, 2100, 2374] }),
    ]);
    expect(verdicts.map((verdict) => verdict.failures)).toEqual([
      [],
      ["touched 2100 ms after the first paint > 2000 ms"],
    ]);
  });

  it("paces a reader's first taps every 0.6 s, closer when the page answered late, never below nothing", () => {
    expect(firstTapsPause({ sinceShownMs: 500, tapsLeft: 2 })).toBe(600);
    // Answered 1.2 s after the paint: the two taps left at 1.5 and 1.8 s, 0.2 s for a touch to land.
    expect(firstTapsPause({ sinceShownMs: 1200, tapsLeft: 2 })).toBe(300);
    expect(firstTapsPause({ sinceShownMs: 1500, tapsLeft: 1 })).toBe(300);
    expect(firstTapsPause({ sinceShownMs: 2300, tapsLeft: 1 })).toBe(0);
  });

  it("reports each interaction's slowdowns side by side, each beside its floor, and each page's worst", () => {
    const report = tapReport(
      judgeTaps([
        tap({ inp: [100, 110, 120], floor: { inp: [90, 95, 100], ready: [70] } }),
        tap({ slowdown: "7.2x", inp: [180, 190, 200], floor: { inp: [150], ready: [120] } }),
        tap({ step: "theme", inp: [230, 240, 250] }),
        tap({ slowdown: "7.2x", step: "theme", inp: [150, 160, 170] }),
        tap({ page: "article", lang: "en", step: "copy button", inp: [40, 48, 56], sinceShown: [700, 800, 900] }),
      ]),
    );
    expect(report).toContain("| page | lang | scenario | interaction | INP ms at calibrated 2.5x (floor) |");
    expect(report).toContain("| INP ms at 7.2x (floor) | touch → ready ms at 7.2x (floor) | budget |");
    expect(report).toContain(
      "| home | pt | menu, theme | menu open | 110 / 95 | 90 / 70 | 190 / 150 | 90 / 120 | ok |",
    );
    expect(report).toContain("**over**: INP 240 ms > 200 ms at calibrated 2.5x");
    expect(report).toContain("| home | 240 (pt, theme) | 190 (pt, menu open) | no |");
    expect(report).toContain("| article | 48 (en, copy button) | not measured | yes |");
    expect(report).toContain("copy button: 40, 48, 56; 80, 90, 100; touched 700, 800, 900 ms after the first paint");
  });
});

import { describe, expect, it } from "vitest";
import { cpuSlowdownFor } from "../../bench/throttling.ts";

describe("the bench's CPU slowdown for a benchmark index (Lighthouse's calculator)", () => {
  it.each([
    [150, 1],
    [800, 2],
    [1300, 3],
    [1533, 4],
    [1766, 5],
    [1999, 6],
    [475, 1.5],
    [1050, 2.5],
  ])("index %d gives %dx", (index, multiplier) => {
    expect(cpuSlowdownFor(index)).toBeCloseTo(multiplier, 2);
  });

  it("grows with the index and has no jump at the anchors", () => {
    let previous = 0;
    for (let index = 150; index <= 3000; index += 1) {
      const multiplier = cpuSlowdownFor(index) as number;
      expect(multiplier).toBeGreaterThan(previous);
      if (previous) expect(multiplier - previous).toBeLessThan(0.005);
      previous = multiplier;
    }
  });

  it("declines below 150 and for what is not a number", () => {
    expect(cpuSlowdownFor(149)).toBeUndefined();
    expect(cpuSlowdownFor(Number.NaN)).toBeUndefined();
    expect(cpuSlowdownFor(Number.POSITIVE_INFINITY)).toBeUndefined();
  });
});

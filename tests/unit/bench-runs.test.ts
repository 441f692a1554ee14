import { describe, expect, it } from "vitest";
import type { LighthouseRun } from "../../bench/lighthouse.ts";
import { indexDrift, medians, minScores, referenceIndex, representative, runSteady } from "../../bench/runs.ts";

const run = (performance: number, lcp: number, tbt: number, extra: Partial<LighthouseRun> = {}): LighthouseRun => ({
  scores: { performance, accessibility: 100, "best-practices": 100, seo: 100 },
  metrics: { lcp, tbt, cls: 0 },
  ...extra,
});

describe("medians of a page's runs", () => {
  it("takes each metric's middle value over the runs that completed", () => {
    const result = medians([run(99, 1300, 40), run(100, 1000, 10), run(98, 1100, 90)]);
    expect(result.metrics).toMatchObject({ lcp: 1100, tbt: 40, cls: 0 });
    expect(result.scores.performance).toBe(99);
  });

  it("leaves failed runs out of the medians but counts them as 0 in the lowest scores", () => {
    const failed: LighthouseRun = { scores: {}, metrics: {}, error: "NO_NAVSTART" };
    const runs = [run(100, 1000, 10), failed, run(100, 1200, 30)];
    expect(medians(runs).metrics.lcp).toBe(1100);
    expect(minScores(runs).performance).toBe(0);
  });

  it("lets the run with the median performance score speak for the page", () => {
    const middle = run(99, 1100, 20);
    expect(representative([run(100, 1000, 10), middle, run(90, 2000, 300)])).toBe(middle);
  });
});

describe("runs repeated when the benchmark index moves", () => {
  const sequence = (indexes: (number | undefined)[]) => {
    let calls = 0;
    const measure = async () => ({ benchmarkIndex: indexes[calls++], call: calls });
    return { measure, calls: () => calls };
  };

  it("measures the drift as a fraction of the reference", () => {
    expect(indexDrift(1000, 1300)).toBeCloseTo(0.3);
    expect(indexDrift(1000, 600)).toBeCloseTo(0.4);
  });

  it("keeps a run within 30 % of the reference at once", async () => {
    const { measure, calls } = sequence([1290, 2000]);
    const steady = await runSteady(measure, 1000);
    expect(steady).toMatchObject({ repeats: 0, unsteady: false, discardedIndexes: [] });
    expect(calls()).toBe(1);
  });

  it("repeats a run whose index moved more than 30 %, and keeps the first steady one", async () => {
    const { measure, calls } = sequence([600, 1350, 1050, 1000]);
    const steady = await runSteady(measure, 1000);
    expect(steady.run.benchmarkIndex).toBe(1050);
    expect(steady).toMatchObject({ repeats: 2, unsteady: false, discardedIndexes: [600, 1350] });
    expect(calls()).toBe(3);
  });

  it("stops after the bounded repeats and says the kept run is still unsteady", async () => {
    const { measure, calls } = sequence([500, 500, 500, 500, 1000]);
    const steady = await runSteady(measure, 1000, { maxRepeats: 2 });
    expect(calls()).toBe(3);
    expect(steady).toMatchObject({ repeats: 2, unsteady: true });
  });

  it("keeps a run without an index, and every run when there is no reference", async () => {
    expect((await runSteady(sequence([undefined, 1000]).measure, 1000)).repeats).toBe(0);
    expect((await runSteady(sequence([5000, 1000]).measure, undefined)).repeats).toBe(0);
  });
});

describe("the reference index from the probe runs", () => {
  it("is the highest: other work only lowers the index", () => {
    expect(referenceIndex([1260, 2700, 1900])).toBe(2700);
    expect(referenceIndex([undefined, 1500])).toBe(1500);
    expect(referenceIndex([undefined])).toBeUndefined();
  });
});

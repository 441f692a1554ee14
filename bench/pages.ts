/**
 * Lighthouse and bytes for every page, and the same page's floor (its HTML
 * without JavaScript, bench/floor.ts): the per-page half of the report.
 *
 * The CPU slowdown is calibrated once per bench run: probe runs read the
 * machine's benchmark index (the highest of them counts), Lighthouse's calculator turns it into a
 * multiplier (bench/throttling.ts), and every measured run uses it. That
 * index is the reference: a run whose own index moved further than
 * INDEX_TOLERANCE from it ran on a machine of another speed and is repeated
 * (bench/runs.ts).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { BytesCounter } from "./bytes.ts";
import { categories, type LighthouseRun, LighthouseRunner, type Metric } from "./lighthouse.ts";
import type { Calibration, PageResult, RunSummary } from "./results.ts";
import { askUntilBrotli, encodePath } from "./routes.ts";
import {
  INDEX_TOLERANCE,
  MAX_REPEATS,
  medians,
  minScores,
  PROBE_RUNS,
  referenceIndex,
  representative,
  runSteady,
} from "./runs.ts";
import { median, round } from "./stats.ts";
import { cpuSlowdownFor, DEFAULT_CPU_SLOWDOWN } from "./throttling.ts";

const slim = (run: LighthouseRun, repeats: number): RunSummary => {
  const metricsRounded: LighthouseRun["metrics"] = {};
  for (const [key, value] of Object.entries(run.metrics) as [Metric, number][]) {
    metricsRounded[key] = round(value, key === "cls" ? 4 : 1);
  }
  return {
    scores: run.scores,
    metrics: metricsRounded,
    ...(run.error && { error: run.error }),
    ...(run.retriedAfter && { retriedAfter: run.retriedAfter }),
    ...(run.benchmarkIndex !== undefined && { benchmarkIndex: run.benchmarkIndex }),
    ...(repeats > 0 && { repeats }),
  };
};

const line = (run: LighthouseRun) =>
  run.error
    ? `failed: ${run.error}`
    : `${categories.map((c) => run.scores[c] ?? "–").join("/")}  LCP ${round((run.metrics.lcp ?? 0) / 1000, 2)} s  TBT ${round(run.metrics.tbt ?? 0)} ms  CLS ${round(run.metrics.cls ?? 0, 3)}  index ${run.benchmarkIndex ?? "–"}`;

/** With a directory (BENCH_LHR_DIR), each run's full Lighthouse report is kept there for diagnosis (never committed). */
async function keepReport(dir: string | undefined, name: string, run: number, result: LighthouseRun) {
  if (!dir || !result.lhr) return;
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${name}.run${run}.json`), JSON.stringify(result.lhr));
  delete result.lhr;
}

const fileName = (pagePath: string) => (pagePath === "/" ? "home" : pagePath.slice(1).replaceAll("/", "_"));

/**
 * The calibration before any measured run: PROBE_RUNS runs of `url` at
 * Lighthouse's default slowdown, the highest benchmark index of them
 * (bench/runs.ts), and the calculator's slowdown for it.
 */
async function calibrate(
  runner: LighthouseRunner,
  url: string,
): Promise<Pick<Calibration, "referenceIndex" | "probeIndexes" | "cpuSlowdown" | "source">> {
  const probeIndexes: number[] = [];
  for (let probe = 1; probe <= PROBE_RUNS; probe++) {
    const index = (await runner.run(url)).benchmarkIndex;
    if (index !== undefined) probeIndexes.push(index);
  }
  const index = referenceIndex(probeIndexes);
  const slowdown = index === undefined ? undefined : cpuSlowdownFor(index);
  if (index !== undefined && slowdown !== undefined) {
    console.info(
      `Benchmark index ${index} (probes ${probeIndexes.join(", ")}): CPU slowdown ${round(slowdown, 2)}x (Lighthouse's calculator)`,
    );
    return { referenceIndex: index, probeIndexes, cpuSlowdown: round(slowdown, 2), source: "calculator" };
  }
  console.warn(
    `No benchmark index the calculator covers in the probe runs (${probeIndexes.join(", ") || "none"}); CPU slowdown left at ${DEFAULT_CPU_SLOWDOWN}x`,
  );
  return { referenceIndex: index, probeIndexes, cpuSlowdown: DEFAULT_CPU_SLOWDOWN, source: "default" };
}

export interface PagesMeasurement {
  pages: PageResult[];
  calibration: Calibration;
}

/**
 * Measures every page `runs` times at the calibrated slowdown, and, when
 * `floorOrigin` is given, the page's floor as many times right after it, so
 * both meet the machine in the same state.
 */
export async function measurePages(
  origin: string,
  paths: string[],
  runs: number,
  clientDir: string,
  floorOrigin?: string,
  lhrDir?: string,
  fixedSlowdowns: readonly number[] = [],
): Promise<PagesMeasurement> {
  const runner = new LighthouseRunner(lhrDir !== undefined);
  const bytes = new BytesCounter(clientDir, origin);
  const results: PageResult[] = [];
  const kept: number[] = [];
  // Every index read, whatever became of its run: how far the host's speed moved during the bench.
  const read: number[] = [];
  let repeats = 0;
  let unsteady = 0;
  const first = paths[0] ?? "/";
  await askUntilBrotli(origin, paths);
  try {
    const chosen = await calibrate(runner, `${origin}${encodePath(first)}`);
    read.push(...chosen.probeIndexes);
    const measureRuns = async (url: string, label: string, name: string) => {
      const done: { run: LighthouseRun; repeats: number }[] = [];
      for (let run = 1; run <= runs; run++) {
        const steady = await runSteady(() => runner.run(url, chosen.cpuSlowdown), chosen.referenceIndex);
        await keepReport(lhrDir, name, run, steady.run);
        repeats += steady.repeats;
        if (steady.unsteady) unsteady++;
        read.push(...steady.discardedIndexes);
        if (steady.run.benchmarkIndex !== undefined) {
          kept.push(steady.run.benchmarkIndex);
          read.push(steady.run.benchmarkIndex);
        }
        done.push({ run: steady.run, repeats: steady.repeats });
        const note = steady.repeats
          ? ` (after ${steady.repeats} repeat(s): index ${steady.discardedIndexes.join(", ")}${steady.unsteady ? ", still out of tolerance" : ""})`
          : "";
        console.info(`${label} run ${run}/${runs}: ${line(steady.run)}${note}`);
      }
      return done;
    };
    for (const [index, path] of paths.entries()) {
      const label = `[${index + 1}/${paths.length}] ${path}`;
      const done = await measureRuns(`${origin}${encodePath(path)}`, label, fileName(path));
      const pageRuns = done.map((d) => d.run);
      const picked = representative(pageRuns);
      const page: PageResult = {
        path,
        runs: done.map((d) => slim(d.run, d.repeats)),
        median: medians(pageRuns),
        minScores: minScores(pageRuns),
        findings: picked?.findings ?? [],
      };
      if (picked?.lcpElement) page.lcpElement = picked.lcpElement;
      page.bytes = await bytes.measure(encodePath(path), picked?.network ?? []);
      if (floorOrigin) {
        const floorDone = await measureRuns(
          `${floorOrigin}${encodePath(path)}`,
          `${label} floor`,
          `floor_${fileName(path)}`,
        );
        const floorRuns = floorDone.map((d) => d.run);
        page.floor = { runs: floorDone.map((d) => slim(d.run, d.repeats)), median: medians(floorRuns) };
      }
      // At a fixed slowdown the index does not choose the phone: every run is kept, its index noted.
      for (const cpuSlowdown of fixedSlowdowns) {
        const fixedRuns: LighthouseRun[] = [];
        for (let run = 1; run <= runs; run++) {
          const result = await runner.run(`${origin}${encodePath(path)}`, cpuSlowdown);
          await keepReport(lhrDir, `${fileName(path)}.${cpuSlowdown}x`, run, result);
          if (result.benchmarkIndex !== undefined) read.push(result.benchmarkIndex);
          fixedRuns.push(result);
          console.info(`${label} at ${cpuSlowdown}x run ${run}/${runs}: ${line(result)}`);
        }
        page.fixed = [
          ...(page.fixed ?? []),
          {
            cpuSlowdown,
            runs: fixedRuns.map((run) => slim(run, 0)),
            median: medians(fixedRuns),
            minScores: minScores(fixedRuns),
          },
        ];
      }
      results.push(page);
    }
    const sorted = [...kept].sort((a, b) => a - b);
    const readSorted = [...read].sort((a, b) => a - b);
    return {
      pages: results,
      calibration: {
        ...chosen,
        tolerance: INDEX_TOLERANCE,
        maxRepeats: MAX_REPEATS,
        repeats,
        unsteady,
        indexes: { median: median(sorted), lowest: sorted[0], highest: sorted.at(-1) },
        ...(readSorted.length > 0 && {
          spread: {
            readings: readSorted.length,
            lowest: readSorted[0] as number,
            median: median(readSorted) as number,
            highest: readSorted.at(-1) as number,
          },
        }),
        fixedSlowdowns: [...fixedSlowdowns],
      },
    };
  } finally {
    await runner.close();
  }
}

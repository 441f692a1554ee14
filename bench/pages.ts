import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
/** Lighthouse and bytes for every page: the per-page half of the report. */
import { BytesCounter } from "./bytes.ts";
import { type Category, categories, type LighthouseRun, LighthouseRunner, type Metric, metrics } from "./lighthouse.ts";
import type { PageResult } from "./results.ts";
import { encodePath } from "./routes.ts";
import { median, round } from "./stats.ts";

function medians(runs: LighthouseRun[]): PageResult["median"] {
  const done = runs.filter((run) => !run.error);
  const scores: PageResult["median"]["scores"] = {};
  for (const category of categories) {
    const value = median(done.flatMap((run) => run.scores[category] ?? []));
    if (value !== undefined) scores[category] = value;
  }
  const values: PageResult["median"]["metrics"] = {};
  for (const key of Object.keys(metrics) as Metric[]) {
    const value = median(done.flatMap((run) => run.metrics[key] ?? []));
    if (value !== undefined) values[key] = round(value, key === "cls" ? 4 : 1);
  }
  return { scores, metrics: values };
}

function minScores(runs: LighthouseRun[]): Partial<Record<Category, number>> {
  const lowest: Partial<Record<Category, number>> = {};
  for (const category of categories) lowest[category] = Math.min(...runs.map((run) => run.scores[category] ?? 0));
  return lowest;
}

/** The completed run whose performance score is the median one: its log and findings speak for the page. */
function representative(runs: LighthouseRun[]): LighthouseRun | undefined {
  const done = runs.filter((run) => !run.error);
  const sorted = [...done].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const slim = (run: LighthouseRun): PageResult["runs"][number] => {
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
  };
};

const line = (run: LighthouseRun) =>
  run.error
    ? `failed: ${run.error}`
    : `${categories.map((c) => run.scores[c] ?? "–").join("/")}  LCP ${round((run.metrics.lcp ?? 0) / 1000, 2)} s  TBT ${round(run.metrics.tbt ?? 0)} ms  CLS ${round(run.metrics.cls ?? 0, 3)}`;

/** With BENCH_LHR_DIR set, each run's full Lighthouse report is kept there for diagnosis (never committed). */
async function keepReport(pagePath: string, run: number, result: LighthouseRun) {
  const dir = process.env.BENCH_LHR_DIR;
  if (!dir || !result.lhr) return;
  await mkdir(dir, { recursive: true });
  const name = pagePath === "/" ? "home" : pagePath.slice(1).replaceAll("/", "_");
  await writeFile(join(dir, `${name}.run${run}.json`), JSON.stringify(result.lhr));
  delete result.lhr;
}

export async function measurePages(
  origin: string,
  paths: string[],
  runs: number,
  clientDir: string,
): Promise<PageResult[]> {
  const runner = new LighthouseRunner();
  const bytes = new BytesCounter(clientDir, origin);
  const results: PageResult[] = [];
  try {
    for (const [index, path] of paths.entries()) {
      const url = `${origin}${encodePath(path)}`;
      const pageRuns: LighthouseRun[] = [];
      for (let run = 1; run <= runs; run++) {
        const result = await runner.run(url);
        await keepReport(path, run, result);
        pageRuns.push(result);
        console.info(`[${index + 1}/${paths.length}] ${path} run ${run}/${runs}: ${line(result)}`);
      }
      const chosen = representative(pageRuns);
      const page: PageResult = {
        path,
        runs: pageRuns.map(slim),
        median: medians(pageRuns),
        minScores: minScores(pageRuns),
        findings: chosen?.findings ?? [],
      };
      if (chosen?.lcpElement) page.lcpElement = chosen.lcpElement;
      page.bytes = await bytes.measure(encodePath(path), chosen?.network ?? []);
      results.push(page);
    }
  } finally {
    await runner.close();
  }
  return results;
}

/**
 * `npm run bench:pages`: the bench's page measurement alone, for comparing a
 * page-level change (JavaScript shipped, LCP, TBT) before and after in about
 * ten minutes instead of the full bench's forty. It builds the site as
 * `npm run bench` does, serves it on loopback with a fresh embedded database,
 * runs the same calibrated Lighthouse runs and byte counts (bench/pages.ts)
 * and each page's floor (bench/floor.ts), and prints one row per page with
 * its medians and PASS/FAIL against the page budgets of bench/budgets.ts
 * (JavaScript, LCP, TBT). Nothing in bench/ is written; `npm run bench`
 * stays the gate.
 *
 * Environment (config/bench.ts, the guide's Benchmarks section):
 * - BENCH_PATHS: comma-separated page paths (default: the quick set of bench/routes.ts)
 * - BENCH_RUNS: Lighthouse runs per page and per floor, medians taken (default 3)
 * - BENCH_BUILD_DIR: where the site is built (default build-bench)
 * - BENCH_SKIP_BUILD=true: measure the build already in BENCH_BUILD_DIR as it is
 * - BENCH_FLOOR=false: no floor runs (half the time; no ours/floor ratios)
 * - BENCH_OUT: a JSON file to write the pages and the calibration to
 * - BENCH_FAIL_ON_BUDGET=true: exit 1 when a page fails a budget, as `npm run bench` does
 * - BENCH_LHR_DIR: keep every run's full Lighthouse report there (bench/pages.ts)
 * - BENCH_FIXED_SLOWDOWN: every page again at these fixed CPU slowdowns, judged
 *   by FIXED_SLOWDOWN_BUDGETS (default 8.4; `none` skips them)
 *
 * Exits 0 with the figures, whatever they are; 2 when the measurement itself
 * could not finish (or a page had no completed Lighthouse run).
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pagesBenchSettings } from "../config/bench.ts";
import { settingsOrExit } from "../config/read.ts";
import { serverEntry } from "../runtime/node-flags.ts";
import { BUDGETS, FIXED_SLOWDOWN_BUDGETS, fixedTbtLimitMs, isContentPage } from "./budgets.ts";
import { buildSite } from "./build.ts";
import { installSignalHandlers, onCleanup, runBench } from "./cleanup.ts";
import { startFloorServer, writeFloorSite } from "./floor.ts";
import { ensureChromium } from "./lighthouse.ts";
import { describeMachine, noteLoad } from "./machine.ts";
import { measurePages } from "./pages.ts";
import { floorRatio } from "./report.ts";
import type { Calibration, PageResult } from "./results.ts";
import { benchPaths, encodePath } from "./routes.ts";
import { startServer } from "./server.ts";
import { kib, round } from "./stats.ts";

/** The command's settings (config/bench.ts), BENCH_PATHS unset standing for the bench's quick set. */
function readPagesOptions() {
  const settings = settingsOrExit(pagesBenchSettings);
  return { ...settings, paths: settings.paths ?? benchPaths("quick") };
}

/** The budgets this command checks, per page: bench/budgets.ts's own limits and page kinds. */
const jsLimitKiB = (pagePath: string) => (isContentPage(pagePath) ? BUDGETS.contentJsKiB : BUDGETS.jsKiB);

interface PageVerdict {
  path: string;
  /** The budgets the page failed ("JS", "LCP", "TBT"); a figure not measured fails. */
  failed: string[];
  pass: boolean;
}

function pageVerdict(page: PageResult): PageVerdict {
  const { lcp, tbt } = page.median.metrics;
  const js = page.bytes?.js;
  const failed = [
    (js === undefined || js > jsLimitKiB(page.path) * 1024) && "JS",
    (lcp === undefined || lcp > BUDGETS.lcpMs) && "LCP",
    (tbt === undefined || tbt > BUDGETS.tbtMs) && "TBT",
  ].filter((name): name is string => typeof name === "string");
  return { path: page.path, failed, pass: failed.length === 0 };
}

/** A page's budgets at one fixed slowdown: LCP, TBT (the home page has more room) and the performance score. */
function fixedVerdict(page: PageResult, slowdown: number): PageVerdict {
  const at = page.fixed?.find((fixed) => fixed.cpuSlowdown === slowdown)?.median;
  const { lcp, tbt } = at?.metrics ?? {};
  const performance = at?.scores.performance;
  const failed = [
    (lcp === undefined || lcp > FIXED_SLOWDOWN_BUDGETS.lcpMs) && "LCP",
    (tbt === undefined || tbt > fixedTbtLimitMs(page.path)) && "TBT",
    (performance === undefined || performance < FIXED_SLOWDOWN_BUDGETS.performance) && "performance",
  ].filter((name): name is string => typeof name === "string");
  return { path: `${page.path} at ${slowdown}x`, failed, pass: failed.length === 0 };
}

/** Columns padded to their widest cell: a Markdown table that also reads in a terminal. */
function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}

const dash = (value: number | undefined, show: (v: number) => string) => (value === undefined ? "–" : show(value));
const whole = (value: number | undefined) => dash(value, (v) => String(round(v)));

function pagesTable(pages: readonly PageResult[], withFloor: boolean): string {
  const header = ["page", "perf", "LCP ms", "TBT ms", "CLS", "JS gz KB"];
  if (withFloor) header.push("floor LCP ms", "LCP x floor", "floor TBT ms", "TBT x floor");
  header.push("budgets");
  const rows = pages.map((page) => {
    const ours = page.median.metrics;
    const row = [
      page.path,
      whole(page.median.scores.performance),
      whole(ours.lcp),
      whole(ours.tbt),
      dash(ours.cls, (v) => String(round(v, 3))),
      dash(page.bytes?.js, (v) => round(kib(v), 1).toFixed(1)),
    ];
    if (withFloor) {
      const floor = page.floor?.median.metrics ?? {};
      row.push(whole(floor.lcp), floorRatio(ours.lcp, floor.lcp), whole(floor.tbt), floorRatio(ours.tbt, floor.tbt));
    }
    const verdict = pageVerdict(page);
    const failedRuns = page.runs.filter((run) => run.error).length;
    row.push(
      (verdict.pass ? "PASS" : `FAIL ${verdict.failed.join(", ")}`) +
        (failedRuns ? ` (${failedRuns}/${page.runs.length} runs failed)` : ""),
    );
    return row;
  });
  return textTable(header, rows);
}

/** One table per fixed slowdown: each page's medians and every run's TBT and index (the index does not choose the phone there). */
function fixedTables(pages: readonly PageResult[], slowdowns: readonly number[]): string[] {
  return slowdowns.map((slowdown) => {
    const rows = pages.map((page) => {
      const at = page.fixed?.find((fixed) => fixed.cpuSlowdown === slowdown);
      const verdict = fixedVerdict(page, slowdown);
      return [
        page.path,
        whole(at?.median.scores.performance),
        whole(at?.median.metrics.lcp),
        whole(at?.median.metrics.tbt),
        at?.runs.map((run) => whole(run.metrics.tbt)).join(", ") ?? "–",
        at?.runs.map((run) => whole(run.benchmarkIndex)).join(", ") ?? "–",
        verdict.pass ? "PASS" : `FAIL ${verdict.failed.join(", ")}`,
      ];
    });
    return [
      `At a fixed ${slowdown}x:`,
      textTable(["page", "perf", "LCP ms", "TBT ms", "TBT per run", "index per run", "budgets"], rows),
    ].join("\n");
  });
}

const fixedBudgetsLine = () =>
  `At a fixed slowdown (FIXED_SLOWDOWN_BUDGETS): LCP <= ${FIXED_SLOWDOWN_BUDGETS.lcpMs} ms, TBT <= ` +
  `${FIXED_SLOWDOWN_BUDGETS.homeTbtMs} ms on the home page and ${FIXED_SLOWDOWN_BUDGETS.tbtMs} ms elsewhere, ` +
  `performance >= ${FIXED_SLOWDOWN_BUDGETS.performance}, medians.`;

const budgetsLine = () =>
  `Budgets (bench/budgets.ts): JS before interaction, gzip <= ${BUDGETS.contentJsKiB} KB on content pages ` +
  `(${BUDGETS.jsKiB} KB on the admin's), LCP <= ${BUDGETS.lcpMs} ms, TBT <= ${BUDGETS.tbtMs} ms, medians; ` +
  "scores, CLS, CSS and HTML are checked by `npm run bench` only.";

function calibrationLine(c: Calibration, runs: number): string {
  const kept =
    c.indexes.median === undefined
      ? "no index in the kept runs"
      : `kept runs' index median ${c.indexes.median} (${c.indexes.lowest}–${c.indexes.highest})`;
  return (
    `Calibration: reference index ${c.referenceIndex ?? "none"} (probes ${c.probeIndexes.join(", ") || "none"}), ` +
    `CPU slowdown ${c.cpuSlowdown}x (${c.source}), ${runs} run(s) per page; ${kept}; ` +
    `${c.repeats} run(s) repeated (index moved > ${round(c.tolerance * 100)} %), ${c.unsteady} kept unsteady` +
    (c.spread
      ? `; the index read ${c.spread.lowest}–${c.spread.highest} (median ${c.spread.median}) over ${c.spread.readings} readings.`
      : ".")
  );
}

async function main(): Promise<number> {
  installSignalHandlers();
  const began = performance.now();
  const options = readPagesOptions();
  const chromium = ensureChromium();
  const meta = describeMachine(chromium, "not used");
  const buildDir = path.resolve(options.buildDir);
  const clientDir = path.join(buildDir, "client");

  let buildMs: number | undefined;
  if (options.skipBuild) {
    if (!existsSync(serverEntry(buildDir)) || !existsSync(clientDir)) {
      throw new Error(`BENCH_SKIP_BUILD=1 but ${options.buildDir} holds no complete build (run without it once)`);
    }
    console.info(`Measuring the existing build in ${options.buildDir} (not rebuilt).`);
  } else {
    noteLoad("build");
    console.info(`Building the production site into ${options.buildDir}…`);
    buildMs = await buildSite(buildDir);
    console.info(`Built in ${round(buildMs / 1000, 1)} s`);
  }

  const tempDir = await mkdtemp(path.join(os.tmpdir(), "portfolio-bench-pages-"));
  onCleanup(() => rm(tempDir, { recursive: true, force: true }));
  const server = await startServer({ buildDir, dataDir: path.join(tempDir, "data") });
  console.info(`Server on ${server.origin} (embedded database), first 200 in ${round(server.startMs)} ms`);

  let measured: Awaited<ReturnType<typeof measurePages>>;
  try {
    // Each page once before Lighthouse: a mistyped path stops here, not after the calibration.
    for (const pagePath of options.paths) {
      const response = await fetch(`${server.origin}${encodePath(pagePath)}`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`BENCH_PATHS: ${pagePath} answered ${response.status}`);
    }
    noteLoad("lighthouse");
    let floor: Awaited<ReturnType<typeof startFloorServer>> | undefined;
    if (options.floor) {
      console.info(`Floor: ${options.paths.length} page(s) without their scripts…`);
      const floorDir = path.join(tempDir, "floor");
      await writeFloorSite(server.origin, options.paths, clientDir, floorDir);
      floor = await startFloorServer(floorDir);
    }
    console.info(
      `Lighthouse: ${options.paths.length} page(s)${floor ? " and their floors" : ""} x ${options.runs} run(s)…`,
    );
    try {
      measured = await measurePages(
        server.origin,
        options.paths,
        options.runs,
        clientDir,
        floor?.origin,
        options.lhrDir,
        options.fixedSlowdowns,
      );
    } finally {
      await floor?.child.stop();
    }
  } finally {
    await server.child.stop();
  }
  const { pages, calibration } = measured;
  const loadAverage = noteLoad("end");
  const durationSeconds = round((performance.now() - began) / 1000);
  const verdicts = [
    ...pages.map(pageVerdict),
    ...options.fixedSlowdowns.flatMap((slowdown) => pages.map((page) => fixedVerdict(page, slowdown))),
  ];

  if (options.out) {
    const out = {
      meta: { ...meta, durationSeconds, loadAverage },
      options,
      ...(buildMs !== undefined && { buildMs: round(buildMs) }),
      calibration,
      pages,
      verdicts,
    };
    await mkdir(path.dirname(path.resolve(options.out)), { recursive: true });
    await writeFile(options.out, `${JSON.stringify(out, null, 1)}\n`);
  }

  console.info("");
  console.info(pagesTable(pages, options.floor));
  console.info("");
  for (const table of fixedTables(pages, options.fixedSlowdowns)) console.info(`${table}\n`);
  console.info(budgetsLine());
  if (options.fixedSlowdowns.length > 0) console.info(fixedBudgetsLine());
  console.info(calibrationLine(calibration, options.runs));
  console.info(
    `Load average ${Object.entries(loadAverage)
      .map(([phase, value]) => `${value} (${phase})`)
      .join(", ")} on ${meta.machine.cores} cores; ${meta.commit}${meta.dirty ? " with uncommitted changes" : ""}; ` +
      `${round(durationSeconds / 60, 1)} min${options.out ? `; wrote ${options.out}` : ""}.`,
  );

  const unmeasured = pages.filter((page) => page.median.scores.performance === undefined);
  if (unmeasured.length > 0) {
    console.error(`No Lighthouse run completed on ${unmeasured.map((page) => page.path).join(", ")}.`);
    return 2;
  }
  return options.failOnBudget && verdicts.some((verdict) => !verdict.pass) ? 1 : 0;
}

await runBench("The page measurement", main);

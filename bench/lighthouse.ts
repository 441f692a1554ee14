/**
 * Lighthouse with its default mobile settings (simulated throttling) on the
 * system Chromium, offline, with the CPU slowdown the caller calibrated for
 * this machine (bench/throttling.ts). Keeps only the figures the report
 * needs, never the full report, so the committed JSON stays small.
 */
import { execFileSync } from "node:child_process";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import { chromiumArgs, findChromium } from "../tests/harness/chromium.ts";
import { isStopping, onCleanup, trackPid, untrackPid } from "./cleanup.ts";

export const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof categories)[number];

export const metrics = {
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  fcp: "first-contentful-paint",
  si: "speed-index",
} as const;
export type Metric = keyof typeof metrics;

/** One request of the page load, as Lighthouse's network log recorded it. */
export interface NetworkRecord {
  url: string;
  resourceType: string;
  transferSize: number;
  statusCode: number;
}

/** An audit that did not pass, with Lighthouse's own short figure ("Potential savings of 30 KiB"). */
export interface Finding {
  id: string;
  score: number;
  displayValue?: string;
}

export interface LighthouseRun {
  /** The full report, only while BENCH_LHR_DIR asks for it to be saved. */
  lhr?: unknown;
  /** 0-100 per category; undefined when the run failed. */
  scores: Partial<Record<Category, number>>;
  /** Milliseconds (CLS unitless). */
  metrics: Partial<Record<Metric, number>>;
  error?: string;
  /**
   * Lighthouse's own CPU benchmark of the machine during the run: its
   * simulated timings scale with it, so a busy machine shows here first.
   */
  benchmarkIndex?: number;
  /** The error of a first attempt that failed and was repeated. */
  retriedAfter?: string;
  /** Kept from the runs only until bytes are computed; not written to the JSON. */
  network?: NetworkRecord[];
  findings?: Finding[];
  lcpElement?: string;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

const FLAGS = {
  output: "json" as const,
  logLevel: "error" as const,
  onlyCategories: [...categories],
  // The screenshot costs time and bytes and no figure here depends on it.
  disableFullPageScreenshot: true,
};

function findingsOf(lhr: Lhr): Finding[] {
  const found: Finding[] = [];
  for (const audit of Object.values(lhr.audits)) {
    if (audit.score === null || audit.score >= 0.9) continue;
    if (audit.scoreDisplayMode === "informative" || audit.scoreDisplayMode === "manual") continue;
    const finding: Finding = { id: audit.id, score: audit.score };
    if (audit.displayValue) finding.displayValue = audit.displayValue;
    found.push(finding);
  }
  return found;
}

/** The LCP element's HTML opening, as Lighthouse names it, to say what the LCP waited for. */
function lcpElementOf(lhr: Lhr): string | undefined {
  const details = lhr.audits["lcp-breakdown-insight"]?.details as
    | { items?: Array<{ type?: string; snippet?: string }> }
    | undefined;
  const node = details?.items?.find((item) => item.type === "node");
  return node?.snippet?.slice(0, 160);
}

function networkOf(lhr: Lhr): NetworkRecord[] {
  const details = lhr.audits["network-requests"]?.details as { items?: Array<Record<string, unknown>> } | undefined;
  return (details?.items ?? [])
    .filter((item) => typeof item.url === "string" && !(item.url as string).startsWith("data:"))
    .map((item) => ({
      url: item.url as string,
      resourceType: String(item.resourceType ?? "Other"),
      transferSize: Number(item.transferSize ?? 0),
      statusCode: Number(item.statusCode ?? 0),
    }));
}

function summarize(lhr: Lhr): LighthouseRun {
  if (lhr.runtimeError) return { scores: {}, metrics: {}, error: lhr.runtimeError.code };
  const scores: LighthouseRun["scores"] = {};
  for (const category of categories) {
    const score = lhr.categories[category]?.score;
    if (typeof score === "number") scores[category] = Math.round(score * 100);
  }
  const values: LighthouseRun["metrics"] = {};
  for (const [key, id] of Object.entries(metrics) as [Metric, string][]) {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value === "number") values[key] = value;
  }
  const run: LighthouseRun = { scores, metrics: values, network: networkOf(lhr), findings: findingsOf(lhr) };
  const benchmarkIndex = lhr.environment?.benchmarkIndex;
  if (typeof benchmarkIndex === "number") run.benchmarkIndex = Math.round(benchmarkIndex);
  const lcpElement = lcpElementOf(lhr);
  if (lcpElement) run.lcpElement = lcpElement;
  return run;
}

/** One Chromium for all runs; relaunched if Lighthouse loses it. */
export class LighthouseRunner {
  private chrome: chromeLauncher.LaunchedChrome | undefined;
  private undo: (() => Promise<void>) | undefined;

  /** Each run keeps Lighthouse's full report (`lhr`), for BENCH_LHR_DIR. */
  private readonly keepReports: boolean;

  constructor(keepReports = false) {
    this.keepReports = keepReports;
  }

  private async launch(): Promise<chromeLauncher.LaunchedChrome> {
    if (this.chrome) return this.chrome;
    const chromePath = findChromium();
    if (!chromePath) throw new Error("Chromium not found (see the bench's tool check).");
    if (isStopping()) throw new Error("The bench is stopping");
    // The bench stops Chromium itself on Ctrl+C (bench/cleanup.ts): the launcher exiting the process at once
    // would cut that cleanup short and leave the run's temporary files behind.
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: chromiumArgs,
      logLevel: "error",
      handleSIGINT: false,
    });
    // A browser that came up while cleanup ran would outlive the bench.
    if (isStopping()) {
      await Promise.resolve(chrome.kill()).catch(() => undefined);
      throw new Error("The bench is stopping");
    }
    trackPid(chrome.pid);
    this.chrome = chrome;
    this.undo = onCleanup(async () => {
      untrackPid(chrome.pid);
      await Promise.resolve(chrome.kill()).catch(() => undefined);
    });
    return chrome;
  }

  async close() {
    this.chrome = undefined;
    await this.undo?.();
    this.undo = undefined;
  }

  /**
   * One Lighthouse run, its CPU slowed by `cpuSlowdownMultiplier` (Lighthouse's
   * default 4x when not given). A crashed browser or a run Lighthouse itself could
   * not complete (NO_NAVSTART and the like, seen on a busy machine) is tried
   * once more in a fresh browser; a second failure is reported as it is.
   */
  async run(url: string, cpuSlowdownMultiplier?: number): Promise<LighthouseRun> {
    const flags = {
      ...FLAGS,
      ...(cpuSlowdownMultiplier !== undefined && {
        throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier },
      }),
    };
    let firstError: string | undefined;
    for (let attempt = 1; attempt <= 2; attempt++) {
      let run: LighthouseRun;
      try {
        const chrome = await this.launch();
        const result = await lighthouse(url, { ...flags, port: chrome.port });
        if (!result) throw new Error("Lighthouse returned no result");
        run = summarize(result.lhr);
        if (this.keepReports) run.lhr = result.lhr;
      } catch (error) {
        run = { scores: {}, metrics: {}, error: error instanceof Error ? error.message : String(error) };
      }
      if (!run.error) return firstError ? { ...run, retriedAfter: firstError } : run;
      firstError ??= run.error;
      await this.close();
      if (attempt === 2 || isStopping()) return run;
    }
    throw new Error("unreachable");
  }
}

/** The Chromium the bench drives: the browser tests' own check installs Debian's when it can, or says how to. */
export function ensureChromium(): string {
  execFileSync(process.execPath, ["tests/harness/ensure-chromium.ts"], { stdio: "inherit" });
  const chromium = findChromium();
  if (!chromium) throw new Error("Chromium not found");
  return chromium;
}

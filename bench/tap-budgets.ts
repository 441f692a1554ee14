/**
 * The budgets of a reader's taps on the calibrated phone (bench/taps.ts),
 * checked against one run's figures: every interaction's INP at most 200 ms
 * on every page (the "good" threshold of Google's Core Web Vitals, aiming at
 * 100), and the widgets a tap opens ready within their own limit (the
 * terminal and the contact dialog within a second of the first tap, a key
 * typed into the terminal shown within 100 ms). The figures without app code
 * (the page script alone) are the floor they are compared with; a floor is
 * reported, never judged.
 */
import { median, round } from "./stats.ts";

export const TAP_BUDGETS = {
  /** Every interaction's Event Timing duration, median of the runs. */
  inpMs: 200,
  /** What the pages aim at: reported as met or not, never failed. */
  inpAimMs: 100,
} as const;

/** One interaction of one scenario, with its figures from every run. */
export interface TapFigures {
  /** The page type: "home", "portfolio", "list", "article", "contact", "search". */
  page: string;
  lang: "pt" | "en";
  scenario: string;
  /** What the reader does, e.g. "menu open". */
  step: string;
  /** Event Timing durations of the interaction, one per run. */
  inp: number[];
  /** Touch to the painted result, one per run. */
  ready: number[];
  /** The same interaction on the page without app code; absent when not measured. */
  floor?: { inp: number[]; ready: number[] };
  /** The time the result must be painted within, for the widgets that have one. */
  readyWithinMs?: number;
}

export interface TapVerdict {
  figures: TapFigures;
  inpMs: number | undefined;
  readyMs: number | undefined;
  /** Why this interaction fails its budgets; empty when it meets them. */
  failures: string[];
}

/**
 * Each interaction's medians and what fails: an INP median over 200 ms, a
 * ready median over the widget's limit, or an interaction that was never
 * measured (a run that could not touch it is a failure, not a pass).
 * @example judgeTaps([{ page: "home", lang: "pt", scenario: "s", step: "menu", inp: [120, 250, 180], ready: [300] }])[0].failures // []
 */
export function judgeTaps(all: readonly TapFigures[]): TapVerdict[] {
  return all.map((figures) => {
    const inpMs = median(figures.inp);
    const readyMs = median(figures.ready);
    const failures: string[] = [];
    if (inpMs === undefined) failures.push("INP not measured");
    else if (inpMs > TAP_BUDGETS.inpMs) failures.push(`INP ${round(inpMs)} ms > ${TAP_BUDGETS.inpMs} ms`);
    if (figures.readyWithinMs !== undefined) {
      if (readyMs === undefined) failures.push("ready not measured");
      else if (readyMs > figures.readyWithinMs)
        failures.push(`ready ${round(readyMs)} ms > ${figures.readyWithinMs} ms`);
    }
    return { figures, inpMs, readyMs, failures };
  });
}

const show = (values: readonly number[] | undefined) => {
  const middle = values ? median(values) : undefined;
  return middle === undefined ? "–" : `${round(middle)} (${values?.map((value) => round(value)).join(", ")})`;
};

/** The report: one row per page, language and interaction, the worst of each page after them. */
export function tapReport(verdicts: readonly TapVerdict[]): string {
  const lines = [
    "| page | lang | scenario | interaction | INP ms | floor INP ms | touch → ready ms | floor ready ms | budget |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const { figures, failures } of verdicts) {
    const budget = failures.length
      ? `**over**: ${failures.join("; ")}`
      : figures.readyWithinMs !== undefined
        ? `ok (ready ≤ ${figures.readyWithinMs})`
        : "ok";
    lines.push(
      `| ${figures.page} | ${figures.lang} | ${figures.scenario} | ${figures.step} | ${show(figures.inp)} | ${show(figures.floor?.inp)} | ${show(figures.ready)} | ${show(figures.floor?.ready)} | ${budget} |`,
    );
  }
  lines.push("", "| page | worst INP ms (median) | where | within the 100 ms aim |", "|---|---|---|---|");
  const pages = [...new Set(verdicts.map((verdict) => verdict.figures.page))];
  for (const page of pages) {
    const own = verdicts.filter((verdict) => verdict.figures.page === page && verdict.inpMs !== undefined);
    const worst = own.reduce<TapVerdict | undefined>(
      (max, verdict) => (max === undefined || (verdict.inpMs ?? 0) > (max.inpMs ?? 0) ? verdict : max),
      undefined,
    );
    if (!worst) {
      lines.push(`| ${page} | – | not measured | – |`);
      continue;
    }
    const where = `${worst.figures.lang}, ${worst.figures.step}`;
    const aim = (worst.inpMs ?? 0) <= TAP_BUDGETS.inpAimMs ? "yes" : "no";
    lines.push(`| ${page} | ${round(worst.inpMs ?? 0)} | ${where} | ${aim} |`);
  }
  return lines.join("\n");
}

/**
 * The budgets of a reader's taps on the phone (bench/taps.ts), checked
 * against one run's figures at each CPU slowdown it measured (the
 * calibrated one and the fixed ones): every interaction's INP at most 200 ms
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
  /**
   * A reader's first taps all come within this long after the page's first
   * contentful paint (the median run's touch): a page whose controls answer
   * too late for that has lost the taps the sequence stands for.
   */
  firstTapsWithinMs: 2000,
} as const;

/** A reader's pace in a row of taps: a touch every 0.6 s, when the two seconds after the first paint leave room for it. */
const FIRST_TAPS_PACE_MS = 600;

/**
 * What the pace leaves between the last tap it plans and the end of the two
 * seconds: a touch reaches a page slowed 7.2x some tens of milliseconds
 * after it is asked for, and a tap planned at 2,000 ms landed at 2,002 to
 * 2,035 ms.
 */
const FIRST_TAPS_MARGIN_MS = 200;

/**
 * How long to wait before the next of a reader's first taps: the reader's
 * pace, or less, so that the taps left all come within the first two
 * seconds after the first paint (1.8 s planned), where the page's controls answered late
 * (on a slowed CPU the page script runs a second or more after the paint).
 * Never less than nothing: a tap whose result was painted late comes at once.
 * @example firstTapsPause({ sinceShownMs: 1200, tapsLeft: 2 }) // 300: touches at 1,500 and 1,800 ms
 */
export function firstTapsPause({ sinceShownMs, tapsLeft }: { sinceShownMs: number; tapsLeft: number }): number {
  const room = (TAP_BUDGETS.firstTapsWithinMs - FIRST_TAPS_MARGIN_MS - sinceShownMs) / tapsLeft;
  return Math.max(0, Math.min(FIRST_TAPS_PACE_MS, room));
}

/** One interaction of one scenario at one CPU slowdown, with its figures from every run. */
export interface TapFigures {
  /** The CPU slowdown it was measured at, as the report names it: "calibrated 2.9x", "4x", "7.2x". */
  slowdown: string;
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
  /** For a reader's first taps: each run's touch, in ms after the page's first contentful paint. */
  sinceShown?: number[];
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
 * ready median over the widget's limit, one of a reader's first taps whose
 * touch came later than two seconds after the first paint, or an
 * interaction that was never measured (a run that could not touch it is a
 * failure, not a pass).
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
    const sinceShownMs = figures.sinceShown && median(figures.sinceShown);
    if (sinceShownMs !== undefined && sinceShownMs > TAP_BUDGETS.firstTapsWithinMs)
      failures.push(`touched ${round(sinceShownMs)} ms after the first paint > ${TAP_BUDGETS.firstTapsWithinMs} ms`);
    return { figures, inpMs, readyMs, failures };
  });
}

const show = (values: readonly number[] | undefined) => {
  const middle = values ? median(values) : undefined;
  return middle === undefined ? "–" : String(round(middle));
};

/** A median beside its floor's: "ours / floor". */
const beside = (ours: readonly number[], floor: readonly number[] | undefined) =>
  floor ? `${show(ours)} / ${show(floor)}` : show(ours);

const rowKey = ({ page, lang, scenario, step }: TapFigures) => `${page}\u0000${lang}\u0000${scenario}\u0000${step}`;

/**
 * The report: one row per page, language and interaction, and per slowdown
 * side by side its INP and its touch-to-ready time, each beside its floor
 * ("ours / floor", medians); what fails, by slowdown, in the last column.
 * Then each page's worst INP at each slowdown, and every run's figures.
 */
export function tapReport(verdicts: readonly TapVerdict[]): string {
  const slowdowns = [...new Set(verdicts.map((verdict) => verdict.figures.slowdown))];
  const rows = new Map<string, TapVerdict[]>();
  for (const verdict of verdicts) {
    const key = rowKey(verdict.figures);
    rows.set(key, [...(rows.get(key) ?? []), verdict]);
  }
  const header = [
    "page",
    "lang",
    "scenario",
    "interaction",
    ...slowdowns.flatMap((slowdown) => [`INP ms at ${slowdown} (floor)`, `touch → ready ms at ${slowdown} (floor)`]),
    "budget",
  ];
  const lines = [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`];
  for (const row of rows.values()) {
    const first = row[0]?.figures;
    if (!first) continue;
    const cells = slowdowns.flatMap((slowdown) => {
      const at = row.find((verdict) => verdict.figures.slowdown === slowdown)?.figures;
      return at ? [beside(at.inp, at.floor?.inp), beside(at.ready, at.floor?.ready)] : ["–", "–"];
    });
    const failures = row.flatMap((verdict) =>
      verdict.failures.map((failure) => `${failure} at ${verdict.figures.slowdown}`),
    );
    const budget = failures.length
      ? `**over**: ${failures.join("; ")}`
      : first.readyWithinMs !== undefined
        ? `ok (ready ≤ ${first.readyWithinMs})`
        : "ok";
    lines.push(
      `| ${first.page} | ${first.lang} | ${first.scenario} | ${first.step} | ${cells.join(" | ")} | ${budget} |`,
    );
  }
  lines.push(
    "",
    `| page | ${slowdowns.map((slowdown) => `worst INP ms at ${slowdown}`).join(" | ")} | within the ${TAP_BUDGETS.inpAimMs} ms aim |`,
    `|---|${slowdowns.map(() => "---").join("|")}|---|`,
  );
  const pages = [...new Set(verdicts.map((verdict) => verdict.figures.page))];
  for (const page of pages) {
    let everyAim = true;
    const cells = slowdowns.map((slowdown) => {
      const own = verdicts.filter(
        (verdict) =>
          verdict.figures.page === page && verdict.figures.slowdown === slowdown && verdict.inpMs !== undefined,
      );
      const worst = own.reduce<TapVerdict | undefined>(
        (max, verdict) => (max === undefined || (verdict.inpMs ?? 0) > (max.inpMs ?? 0) ? verdict : max),
        undefined,
      );
      if (!worst) return "not measured";
      if ((worst.inpMs ?? 0) > TAP_BUDGETS.inpAimMs) everyAim = false;
      return `${round(worst.inpMs ?? 0)} (${worst.figures.lang}, ${worst.figures.step})`;
    });
    lines.push(`| ${page} | ${cells.join(" | ")} | ${everyAim ? "yes" : "no"} |`);
  }
  lines.push("", "Every run, INP ms; touch → ready ms:", "");
  for (const { figures } of verdicts) {
    const runs = (values: readonly number[]) => values.map((value) => round(value)).join(", ") || "–";
    const floor = figures.floor ? `; floor ${runs(figures.floor.inp)}; ${runs(figures.floor.ready)}` : "";
    const shown = figures.sinceShown ? `; touched ${runs(figures.sinceShown)} ms after the first paint` : "";
    lines.push(
      `- ${figures.slowdown}, ${figures.page} ${figures.lang}, ${figures.scenario}, ${figures.step}: ${runs(figures.inp)}; ${runs(figures.ready)}${floor}${shown}`,
    );
  }
  return lines.join("\n");
}

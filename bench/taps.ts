/**
 * `npm run bench:taps`: what a reader's taps cost on a phone, and the gate
 * they must pass. The production build on loopback, a 390 × 844 touch
 * screen at the density of Lighthouse's mobile screen (1.75: the pixels
 * this host draws in software, where a phone's GPU draws them, decision
 * 051), Lighthouse's mobile network (562.5 ms round trip, 1.47 Mbps down)
 * and its CPU slowdown for this host (the calculator of bench/throttling.ts
 * applied to the benchmark index Lighthouse's own page function measures
 * here, unthrottled). Each scenario opens a page of one type (home, a
 * portfolio page, a list, an article, contact, search) in one language
 * afresh, waits for its load and one second more, as a reader does, then
 * touches (or types) what it names, step after step, and reports per step:
 *
 * - **INP**: the longest Event Timing duration of the touch's (or key's)
 *   interaction (from the touch to the next paint, as Chrome's INP counts it;
 *   16 when it reported none, which it does under 16 ms);
 * - **ready**: from the touch or key (the event's own time stamp) to the
 *   paint of the first frame in which the result is there (the menu shown,
 *   the terminal's input focused, the dialog open, the typed letter in its
 *   field; for the language toggle, the other language's page painted).
 *
 * The reader's first taps (menu open, menu close, theme) come instead as soon
 * as the page is shown and its controls answer, without waiting for its load,
 * one after the other at a reader's pace (a touch every 0.6 s), closer where
 * the controls answered late, so that the three come within the first two
 * seconds after the first contentful paint; a touch later than that fails
 * (the report says when each came).
 *
 * Each scenario runs at the calibrated slowdown and at fixed ones (4x and
 * 7.2x by default: the calculator's slowdowns for hosts of index about 1,550
 * and 2,270), since a budget that holds only where the calibration gives a
 * small slowdown is a budget on the host (decision 070). The benchmark index
 * is read again before each scenario, and the report gives its spread.
 *
 * Each scenario runs on the site and on its floor: the same page with no app
 * code (every script but the page script and the terminal's own is refused),
 * so the report says how much of a tap's cost is the app's. Medians of
 * BENCH_RUNS runs (default 3); the budgets are bench/tap-budgets.ts's, and
 * the run fails (exit code 1) when any is over at any slowdown. The report is
 * written to bench/results/taps.md.
 *
 * Environment: BENCH_RUNS, BENCH_TAPS (only the scenarios whose page or name
 * holds it, e.g. "theme" or "article"), BENCH_TAPS_LANGS ("pt", "en" or both,
 * the default), BENCH_TAPS_FLOOR=0 (no floor runs), BENCH_BUILD_DIR (default
 * build-bench), BENCH_SKIP_BUILD=1 (measure the build already there),
 * BENCH_CPU_SLOWDOWN (a slowdown instead of the calibrated one),
 * BENCH_TAPS_FIXED_SLOWDOWNS (the fixed slowdowns, "4,7.2"; "none"),
 * BENCH_TAPS_TRACE (a directory to keep every run's Chromium trace in, which
 * `node bench/trace-summary.ts` reads): config/bench.ts.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "@playwright/test";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { tapsBenchSettings } from "../config/bench.ts";
import { settingsOrExit } from "../config/read.ts";
import { chromiumArgs } from "../tests/harness/chromium.ts";
import { buildSite } from "./build.ts";
import { ensureChromium } from "./lighthouse.ts";
import { startServer } from "./server.ts";
import { median, round } from "./stats.ts";
import { firstTapsPause, judgeTaps, type TapFigures, tapReport } from "./tap-budgets.ts";
import { cpuSlowdownFor, DEFAULT_CPU_SLOWDOWN } from "./throttling.ts";

/** Lighthouse's mobile network (its `devtools` throttling of the mobile preset). */
const NETWORK = { latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

type Lang = "pt" | "en";
const LANGS: readonly Lang[] = ["pt", "en"];
/** A path of the Portuguese site in the given language. */
const inLang = (pagePath: string, lang: Lang) =>
  lang === "pt" ? pagePath : pagePath === "/" ? "/en" : `/en${pagePath}`;

interface Scenario {
  /** The page type, as the report groups it. */
  page: string;
  name: string;
  /** The Portuguese path; the English one is the same under /en. */
  path: string;
  /** What is touched, or typed into what, in order; each step's result is awaited before the next. */
  steps: Step[];
  /**
   * The page is reached for (a pointer moving over its top corner) right
   * before the first step, which comes as soon as the page has released its
   * hydration code, so that it hydrates meanwhile, as after a scroll.
   */
  hydrating?: true;
  /**
   * A reader's first taps: the first step comes as soon as the page has been
   * painted and its controls answer (the page script has run), not a second
   * after its load, and the next ones at a reader's pace within the first
   * two seconds (`firstTapsPause`), each once the one before has its result
   * painted. Each step's touch is timed from the first contentful paint.
   */
  first?: true;
}

type Step = ({ touch: string } | { key: string }) & {
  label: string;
  ready: Ready | ((lang: Lang) => Ready);
  /** The limit the result must be painted within (a widget's own budget). */
  readyWithinMs?: number;
};

/** What a step's result is, checked in the page every frame until it holds. */
type Ready =
  | { kind: "shown" | "hidden" | "focused" | "typed" | "changed"; selector: string }
  | { kind: "attribute"; selector: string; name: string; value: string }
  | { kind: "dark" }
  | { kind: "navigated"; path: string };
const shown = (selector: string): Ready => ({ kind: "shown", selector });
const hiddenNow = (selector: string): Ready => ({ kind: "hidden", selector });
const focused = (selector: string): Ready => ({ kind: "focused", selector });
/** The field's value grew by what was typed. */
const typed = (selector: string): Ready => ({ kind: "typed", selector });
/** The element's text is not what it was at the touch. */
const changed = (selector: string): Ready => ({ kind: "changed", selector });

const MENU_BUTTON = "[data-testid=mobile-menu-button]";
const MENU = "[data-testid=mobile-menu]";
const TERMINAL_INPUT = "[data-testid=terminal-input]";
const menuSteps: Step[] = [
  { label: "menu open", touch: MENU_BUTTON, ready: shown(MENU) },
  { label: "menu close", touch: MENU_BUTTON, ready: hiddenNow(MENU) },
];
const themeStep: Step = { label: "theme", touch: "[data-testid=theme-toggle]", ready: { kind: "dark" } };
const terminalSteps: Step[] = [
  {
    label: "terminal launcher",
    touch: "[data-testid=terminal-button]",
    ready: focused(TERMINAL_INPUT),
    readyWithinMs: 1000,
  },
  // Typed as soon as the terminal is ready: whatever else the page does then, the letter must show.
  { label: "a key in the terminal", key: "h", ready: typed(TERMINAL_INPUT), readyWithinMs: 100 },
];
const SEARCH_FIELD = "[data-testid=blog-search] input[name=q]";

/** The reader's first taps, in a row: open the menu, close it, flip the theme. */
const firstTaps = (page: string, pagePath: string): Scenario => ({
  page,
  name: "first taps: menu, menu, theme",
  path: pagePath,
  first: true,
  steps: [...menuSteps, themeStep],
});

const scenarios: Scenario[] = [
  firstTaps("home", "/"),
  {
    page: "home",
    name: "menu, theme, FAQ",
    path: "/",
    steps: [
      ...menuSteps,
      themeStep,
      { label: "FAQ question", touch: "#faq details summary", ready: shown("#faq details[open]") },
    ],
  },
  { page: "home", name: "terminal", path: "/", steps: terminalSteps },
  { page: "home", name: "terminal while the page hydrates", path: "/", hydrating: true, steps: terminalSteps },
  {
    page: "home",
    name: "contact dialog",
    path: "/",
    steps: [
      {
        label: "contact dialog",
        touch: "[data-testid=home-hero] button[aria-haspopup=dialog]",
        ready: shown("dialog[open]"),
        readyWithinMs: 1000,
      },
    ],
  },
  {
    page: "home",
    name: "language",
    path: "/",
    steps: [
      {
        label: "language",
        touch: "[data-testid=language-toggle]",
        ready: (lang) => ({ kind: "navigated", path: lang === "pt" ? "/en" : "/" }),
      },
    ],
  },
  {
    page: "portfolio",
    name: "menu, tabs, theme",
    path: "/about",
    steps: [
      ...menuSteps,
      {
        label: "tab",
        touch: "[role=tablist] [role=tab]:nth-child(2)",
        ready: {
          kind: "attribute",
          selector: "[role=tablist] [role=tab]:nth-child(2)",
          name: "aria-selected",
          value: "true",
        },
      },
      themeStep,
    ],
  },
  {
    page: "list",
    name: "menu, search box",
    path: "/blog",
    steps: [
      ...menuSteps,
      { label: "search box", touch: SEARCH_FIELD, ready: focused(SEARCH_FIELD) },
      { label: "a key in the search box", key: "a", ready: typed(SEARCH_FIELD) },
    ],
  },
  firstTaps("list", "/blog"),
  firstTaps("article", "/blog/bot-discord"),
  {
    page: "article",
    name: "menu, copy button, theme",
    path: "/blog/bot-discord",
    steps: [
      ...menuSteps,
      { label: "copy button", touch: "button[data-copy-code]", ready: changed("button[data-copy-code]") },
      themeStep,
    ],
  },
  {
    page: "contact",
    name: "form",
    path: "/contact",
    steps: [
      {
        label: "name field",
        touch: "[data-testid=contact-form] input[name=name]",
        ready: focused("[data-testid=contact-form] input[name=name]"),
      },
      { label: "a key in the name field", key: "M", ready: typed("[data-testid=contact-form] input[name=name]") },
      themeStep,
    ],
  },
  {
    page: "search",
    name: "search box",
    path: "/blog/search?q=discord",
    steps: [
      { label: "search box", touch: SEARCH_FIELD, ready: focused(SEARCH_FIELD) },
      { label: "a key in the search box", key: "s", ready: typed(SEARCH_FIELD) },
      ...menuSteps,
    ],
  },
];

/** An Event Timing entry of an interaction, as collected in the page. */
interface TapEvent {
  id: number;
  name: string;
  start: number;
  duration: number;
}

/** The shortest duration Event Timing reports (its `durationThreshold` cannot go lower). */
const EVENT_TIMING_FLOOR_MS = 16;

/**
 * Collects Event Timing entries and answers "when did this first hold" by
 * frame. A page left for another (the language toggle) hands what it
 * collected to the next one through the tab's session storage, in absolute
 * times, so a step's interaction is still found after the navigation.
 */
function instrument() {
  const KEY = "__taps";
  const events: TapEvent[] = [];
  // When each step started: a touch's pointerdown, a key's keydown.
  const touches: number[] = [];
  const carried = sessionStorage.getItem(KEY);
  if (carried) {
    const before = JSON.parse(carried) as { events: TapEvent[]; touches: number[] };
    const local = (time: number) => time - performance.timeOrigin;
    events.push(...before.events.map((event) => ({ ...event, start: local(event.start) })));
    touches.push(...before.touches.map(local));
    sessionStorage.removeItem(KEY);
  }
  const record = (list: PerformanceEntryList) => {
    for (const entry of list as PerformanceEventTiming[])
      if (entry.interactionId)
        events.push({ id: entry.interactionId, name: entry.name, start: entry.startTime, duration: entry.duration });
  };
  const observer = new PerformanceObserver((list) => record(list.getEntries()));
  observer.observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  addEventListener("pointerdown", (event) => touches.push(event.timeStamp), { capture: true });
  addEventListener("keydown", (event) => touches.push(event.timeStamp), { capture: true });
  addEventListener("pagehide", () => {
    record(observer.takeRecords());
    const absolute = (time: number) => time + performance.timeOrigin;
    sessionStorage.setItem(
      KEY,
      JSON.stringify({
        events: events.map((event) => ({ ...event, start: absolute(event.start) })),
        touches: touches.map(absolute),
      }),
    );
  });
  let armed = { text: "", length: 0 };
  Object.assign(window, {
    __taps: { events, touches },
    // What the result's element holds before the touch, taken (and awaited) before it.
    __arm: (ready: Ready) => {
      const first = ready.kind === "dark" || ready.kind === "navigated" ? null : document.querySelector(ready.selector);
      armed = { text: first?.textContent ?? "", length: first instanceof HTMLInputElement ? first.value.length : 0 };
    },
    __until: (ready: Ready) =>
      new Promise<number>((resolve) => {
        if (ready.kind === "navigated") return;
        const { text: startText, length: startLength } = armed;
        const holds = () => {
          if (ready.kind === "dark") return document.documentElement.classList.contains("dark");
          const element = document.querySelector(ready.selector);
          if (ready.kind === "typed") return element instanceof HTMLInputElement && element.value.length > startLength;
          if (ready.kind === "focused") return element !== null && document.activeElement === element;
          if (ready.kind === "changed") return element !== null && element.textContent !== startText;
          if (ready.kind === "attribute") return element?.getAttribute(ready.name) === ready.value;
          const visible =
            element !== null &&
            element.getClientRects().length > 0 &&
            getComputedStyle(element).visibility !== "hidden";
          return ready.kind === "shown" ? visible : !visible;
        };
        // Checked as each frame starts; once it holds, the time is taken when
        // that frame has been painted (a message posted in the frame is
        // handled after its rendering steps).
        const check = () => {
          if (!holds()) {
            requestAnimationFrame(check);
            return;
          }
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.now());
          channel.port2.postMessage(undefined);
        };
        requestAnimationFrame(check);
      }),
  });
}

interface StepResult {
  inp: number;
  readyMs: number;
  /** The touch or key, in ms after the page's first contentful paint. */
  sinceShownMs: number;
}

type Variant = "app" | "floor";

/** What a run's trace holds (`BENCH_TAPS_TRACE`): the main thread's tasks, as DevTools' performance panel records them. */
const TRACE_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.frame",
  "blink.user_timing",
  "v8.execute",
  "latencyInfo",
];

/** The page script and the terminal's own scripts: what a page without app code still runs. */
const FLOOR_SCRIPT = /\/assets\/(enhance|terminal-(pt|en))-[\w-]+\.js$/;

async function runScenario(
  browser: Browser,
  origin: string,
  scenario: Scenario,
  lang: Lang,
  variant: Variant,
  slowdown: number,
  /** A file to keep the run's Chromium trace in. */
  tracePath?: string,
): Promise<StepResult[]> {
  const context = await browser.newContext({ ...PHONE, permissions: ["clipboard-read", "clipboard-write"] });
  if (tracePath) await browser.startTracing(undefined, { path: tracePath, categories: TRACE_CATEGORIES });
  try {
    return await measureScenario(context, origin, scenario, lang, variant, slowdown);
  } finally {
    if (tracePath) await browser.stopTracing();
    await context.close();
  }
}

async function measureScenario(
  context: BrowserContext,
  origin: string,
  scenario: Scenario,
  lang: Lang,
  variant: Variant,
  slowdown: number,
): Promise<StepResult[]> {
  const page = await context.newPage();
  if (variant === "floor")
    await page.route(/\.js(\?.*)?$/, (route) =>
      FLOOR_SCRIPT.test(new URL(route.request().url()).pathname) ? route.continue() : route.abort(),
    );
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, ...NETWORK });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
  await page.addInitScript(instrument);
  let points: Promise<(Point | undefined)[]> = Promise.resolve([]);
  if (scenario.first) {
    // Shown and answering: painted, and the page script (which answers the controls) has run.
    await page.goto(`${origin}${inLang(scenario.path, lang)}`, { waitUntil: "commit" });
    // Found once the page is painted (laid out with its stylesheet), while the page script is on
    // its way, so that the first tap waits for nothing else.
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, undefined, {
      timeout: 60_000,
      polling: 16,
    });
    points = controlPoints(page, scenario.steps);
    // Awaited below; a run that fails before then must not leave its failure unhandled.
    points.catch(() => undefined);
    await page.waitForFunction(() => document.documentElement.dataset.pageScript === "ready", undefined, {
      timeout: 60_000,
      polling: 16,
    });
  } else {
    await page.goto(`${origin}${inLang(scenario.path, lang)}`, { waitUntil: "load" });
    await page.waitForTimeout(1000);
  }
  if (scenario.hydrating) {
    // A move before the page script listens would release nothing (its file may still be on the way).
    await page.waitForFunction(() => document.documentElement.dataset.pageScript === "ready");
    await page.mouse.move(2, 2);
    // The page has started to hydrate: its held code has been released.
    await page.waitForFunction(() => document.querySelector('link[rel="held-modulepreload"]') === null);
  }
  // The first paint, in this process's clock: a reader's first taps are paced from it.
  const paintedAt = scenario.first
    ? Date.now() -
      (await page.evaluate(
        () => performance.now() - (performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0),
      ))
    : 0;
  const at = await points;
  const results: StepResult[] = [];
  let lastTouch = Number.NEGATIVE_INFINITY;
  for (const [index, step] of scenario.steps.entries()) {
    const ready = typeof step.ready === "function" ? step.ready(lang) : step.ready;
    if (scenario.first) {
      if (index > 0) {
        const pause = firstTapsPause({ sinceShownMs: lastTouch - paintedAt, tapsLeft: scenario.steps.length - index });
        const wait = lastTouch + pause - Date.now();
        if (wait > 0) await page.waitForTimeout(wait);
      }
      lastTouch = Date.now();
    }
    results.push(await touch(page, step, ready, at[index]));
  }
  // Event Timing reports an interaction once its next paint is known.
  await page.waitForTimeout(500);
  const { events, touches, shownAt } = await page.evaluate(() => ({
    ...(window as unknown as { __taps: { events: TapEvent[]; touches: number[] } }).__taps,
    shownAt: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
  }));
  // Each step's interaction: the events that started from its touch or key to the next step's.
  const durations = touches.map((start, index) => {
    const end = touches[index + 1] ?? Number.POSITIVE_INFINITY;
    const own = events.filter((event) => event.start >= start && event.start < end);
    // Event Timing reports no event under 16 ms: an interaction it left out took less.
    return own.length > 0 ? Math.max(...own.map((event) => event.duration)) : EVENT_TIMING_FLOOR_MS;
  });
  if (touches.length !== scenario.steps.length)
    throw new Error(`${scenario.name}: ${touches.length} touches or keys seen for ${scenario.steps.length} steps`);
  return results.map((result, index) => ({
    ...result,
    inp: durations[index] ?? Number.NaN,
    sinceShownMs: (touches[index] ?? Number.NaN) - shownAt,
  }));
}

type TapWindow = {
  __taps: { touches: number[] };
  __arm: (ready: Ready) => void;
  __until: (ready: Ready) => Promise<number>;
};

/** Where a control is on the screen, when it is touched there without Playwright's checks. */
type Point = { x: number; y: number };

/**
 * The middle of each touched control, found before the first of a reader's
 * first taps: touched there, a tap lands when it is asked for, where
 * Playwright's checks before a tap (scrolled into view, still for two frames,
 * the target hit) take a slowed main thread a hundred milliseconds or more.
 */
async function controlPoints(page: Page, steps: readonly Step[]): Promise<(Point | undefined)[]> {
  return Promise.all(
    steps.map(async (step) => {
      if (!("touch" in step)) return undefined;
      const box = await page.locator(step.touch).first().boundingBox({ timeout: 30_000 });
      return box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : undefined;
    }),
  );
}

async function touch(page: Page, step: Step, ready: Ready, point?: Point): Promise<StepResult> {
  const before = await page.evaluate((condition) => {
    const tap = window as unknown as TapWindow;
    tap.__arm(condition);
    return tap.__taps.touches.length;
  }, ready);
  const painted = page.evaluate((condition) => (window as unknown as TapWindow).__until(condition), ready);
  // A touch that cannot happen (the control is gone) fails the run rather than waiting for ever;
  // a page left for another (the language toggle) never answers here.
  painted.catch(() => undefined);
  if (point) await page.touchscreen.tap(point.x, point.y);
  else if ("touch" in step) await page.locator(step.touch).first().tap({ timeout: 30_000 });
  else await page.keyboard.press(step.key);
  const what = "touch" in step ? `touching ${step.touch}` : `typing ${step.key}`;
  const timeout = (ms: number) =>
    page.waitForTimeout(ms).then(() => {
      throw new Error(`nothing ready 30 s after ${what}`);
    });
  if (ready.kind === "navigated") {
    // The other language's page, painted: its first contentful paint, in the old page's clock.
    await page.waitForURL((url) => url.pathname === ready.path, { timeout: 30_000 });
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, undefined, {
      timeout: 30_000,
    });
    const { paintedAt, touchedAt } = await page.evaluate(
      (index) => ({
        paintedAt:
          performance.timeOrigin + (performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN),
        touchedAt: performance.timeOrigin + ((window as unknown as TapWindow).__taps.touches[index] ?? Number.NaN),
      }),
      before,
    );
    return { inp: Number.NaN, readyMs: paintedAt - touchedAt, sinceShownMs: Number.NaN };
  }
  // The limit's own promise fails later whichever wins: handled here, so that it never ends the bench.
  const limit = timeout(30_000);
  limit.catch(() => undefined);
  const frame = await Promise.race([painted, limit]);
  const touchedAt = await page.evaluate(
    (index) => (window as unknown as TapWindow).__taps.touches[index] ?? Number.NaN,
    before,
  );
  return { inp: Number.NaN, readyMs: frame - touchedAt, sinceShownMs: Number.NaN };
}

/** The benchmark index Lighthouse would read on this host, measured as Lighthouse does, unthrottled. */
async function benchmarkIndex(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  const index = await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
  await page.close();
  return Number(index);
}

/** A slowdown as the report names it: 7.2 → "7.2x". */
const times = (slowdown: number) => `${round(slowdown, 2)}x`;

async function main() {
  const {
    runs,
    buildDir,
    skipBuild,
    only,
    langs,
    floor: withFloor,
    cpuSlowdown,
    fixedSlowdowns,
    traceDir,
  } = settingsOrExit(tapsBenchSettings);
  if (traceDir) await mkdir(traceDir, { recursive: true });
  /** A run's trace file, named by what it measured: "pt-home-first-taps-menu-menu-theme-7.2x-app-1.json". */
  const tracePath = (...parts: (string | number)[]) =>
    traceDir &&
    path.join(
      traceDir,
      `${parts
        .join("-")
        .replace(/[^\w.]+/g, "-")
        .replace(/-+$/, "")}.json`,
    );
  if (!skipBuild) await buildSite(buildDir);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-taps-"));
  const server = await startServer({ buildDir, dataDir });
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs });
  const chosen = scenarios.filter((s) => !only || s.name.includes(only) || s.page.includes(only));
  const figures: TapFigures[] = [];
  const indexes: number[] = [];
  let header = "";
  try {
    const index = await benchmarkIndex(browser);
    indexes.push(index);
    const calibrated = cpuSlowdown ?? cpuSlowdownFor(index) ?? DEFAULT_CPU_SLOWDOWN;
    const slowdowns = [
      { label: cpuSlowdown ? `given ${times(calibrated)}` : `calibrated ${times(calibrated)}`, rate: calibrated },
      ...fixedSlowdowns.map((rate) => ({ label: times(rate), rate })),
    ];
    header = `Benchmark index ${round(index)} at the start: CPU slowdown${cpuSlowdown ? " (given)" : ""} ${times(calibrated)}, and ${fixedSlowdowns.length > 0 ? fixedSlowdowns.map(times).join(" and ") : "no fixed slowdown"}; ${runs} runs per scenario and slowdown${withFloor ? ", each on the site and on its floor" : ""}`;
    console.info(header);
    for (const lang of langs)
      for (const scenario of chosen) {
        // The host's speed moves: read again before every scenario, for the report's spread.
        indexes.push(await benchmarkIndex(browser));
        for (const slowdown of slowdowns) {
          const measured = () =>
            scenario.steps.map(() => ({ inp: [] as number[], ready: [] as number[], sinceShown: [] as number[] }));
          const site = measured();
          const floor = measured();
          for (let run = 0; run < runs; run++)
            for (const variant of withFloor ? (["app", "floor"] as const) : (["app"] as const)) {
              // A run that fails (a control never there, a result never painted) is a run not measured: its
              // interactions fail as such when no run measured them, and the other scenarios go on.
              const steps = await runScenario(
                browser,
                server.origin,
                scenario,
                lang,
                variant,
                slowdown.rate,
                tracePath(lang, scenario.page, scenario.name, times(slowdown.rate), variant, run + 1),
              ).catch((error: unknown) => {
                console.error(
                  `${lang} ${scenario.page}: ${scenario.name}, ${variant} at ${slowdown.label}: ${error instanceof Error ? error.message : String(error)}`,
                );
                return [];
              });
              const into = variant === "app" ? site : floor;
              steps.forEach((step, index) => {
                if (Number.isFinite(step.inp)) into[index]?.inp.push(step.inp);
                if (Number.isFinite(step.readyMs)) into[index]?.ready.push(step.readyMs);
                if (Number.isFinite(step.sinceShownMs)) into[index]?.sinceShown.push(step.sinceShownMs);
              });
            }
          scenario.steps.forEach((step, index) => {
            const own = site[index] ?? { inp: [], ready: [], sinceShown: [] };
            const floorOwn = floor[index];
            figures.push({
              slowdown: slowdown.label,
              page: scenario.page,
              lang,
              scenario: scenario.name,
              step: step.label,
              inp: own.inp,
              ready: own.ready,
              ...(withFloor && floorOwn && { floor: { inp: floorOwn.inp, ready: floorOwn.ready } }),
              ...(step.readyWithinMs !== undefined && { readyWithinMs: step.readyWithinMs }),
              ...(scenario.first && { sinceShown: own.sinceShown }),
            });
          });
          console.info(`${lang} ${scenario.page}: ${scenario.name} measured at ${slowdown.label}`);
        }
      }
  } finally {
    await browser.close();
    await server.child.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const sorted = [...indexes].sort((a, b) => a - b);
  const spread = `The benchmark index during the run (${sorted.length} readings): lowest ${round(sorted[0] ?? Number.NaN)}, median ${round(median(sorted) ?? Number.NaN)}, highest ${round(sorted.at(-1) ?? Number.NaN)}.`;
  const verdicts = judgeTaps(figures);
  const report = `${header}\n\n${spread}\n\n${tapReport(verdicts)}\n`;
  console.info(`\n${report}`);
  const over = verdicts.filter((verdict) => verdict.failures.length > 0);
  if (!only && langs.length === LANGS.length)
    await writeFile(path.join(import.meta.dirname, "results", "taps.md"), `# A reader's taps on a phone\n\n${report}`);
  if (over.length > 0) {
    console.error(`${over.length} interaction(s) over budget`);
    process.exitCode = 1;
  }
}

await main();

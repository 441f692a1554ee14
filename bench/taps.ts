/**
 * `npm run bench:taps`: what a reader's taps cost on a phone. The production
 * build on loopback, a 390 × 844 touch screen, Lighthouse's mobile network
 * (562.5 ms round trip, 1.47 Mbps down) and its CPU slowdown for this host
 * (the calculator of bench/throttling.ts applied to the benchmark index
 * Lighthouse's own page function measures here, unthrottled). Each scenario
 * opens a page afresh, waits for its load and one second more, as a reader
 * does, then touches (or types) what it names and reports:
 *
 * - **INP**: the longest Event Timing duration of the touch's (or key's)
 *   interaction (from the touch to the next paint, as Chrome's INP counts it;
 *   16 when it reported none, which it does under 16 ms);
 * - **ready**: from the touch or key (the event's own time stamp) to the
 *   paint of the first frame in which the result is there (the menu shown,
 *   the terminal's input focused, the dialog open, the typed letter in the
 *   terminal's line).
 *
 * Medians of BENCH_RUNS runs (default 3). Figures only: nothing is written
 * and no budget is checked yet.
 *
 * Environment: BENCH_RUNS, BENCH_TAPS (only the scenarios whose name holds
 * it, e.g. "theme"), BENCH_BUILD_DIR (default build-bench),
 * BENCH_SKIP_BUILD=1 (measure the build already there), BENCH_CPU_SLOWDOWN
 * (a slowdown instead of the calibrated one).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { chromiumArgs } from "../tests/harness/chromium.ts";
import { buildSite } from "./build.ts";
import { ensureChromium } from "./lighthouse.ts";
import { readOptions } from "./options.ts";
import { startServer } from "./server.ts";
import { median, round } from "./stats.ts";
import { cpuSlowdownFor, DEFAULT_CPU_SLOWDOWN } from "./throttling.ts";

/** Lighthouse's mobile network (its `devtools` throttling of the mobile preset). */
const NETWORK = { latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

interface Scenario {
  name: string;
  path: string;
  /** What is touched, or typed into what, in order; each step's result is awaited before the next. */
  steps: Step[];
  /**
   * The page is reached for (a pointer moving over its top corner) right
   * before the first step, so that it hydrates meanwhile, as after a scroll.
   */
  hydrating?: true;
}

type Step = { touch: string; ready: Ready } | { key: string; ready: Ready };

/** What a step's result is, checked in the page every frame until it holds. */
type Ready =
  | { kind: "shown" | "hidden" | "focused"; selector: string }
  | { kind: "value"; selector: string; value: string }
  | { kind: "dark" };
const shown = (selector: string): Ready => ({ kind: "shown", selector });
const hiddenNow = (selector: string): Ready => ({ kind: "hidden", selector });
const focused = (selector: string): Ready => ({ kind: "focused", selector });
const holds = (selector: string, value: string): Ready => ({ kind: "value", selector, value });

const scenarios: Scenario[] = [
  {
    name: "home: menu open, close",
    path: "/",
    steps: [
      { touch: "[data-testid=mobile-menu-button]", ready: shown("[data-testid=mobile-menu]") },
      { touch: "[data-testid=mobile-menu-button]", ready: hiddenNow("[data-testid=mobile-menu]") },
    ],
  },
  {
    name: "home: theme",
    path: "/",
    steps: [{ touch: "[data-testid=theme-toggle]", ready: { kind: "dark" } }],
  },
  {
    name: "home: terminal launcher, a key typed",
    path: "/",
    steps: [
      { touch: "[data-testid=terminal-button]", ready: focused("[data-testid=terminal-input]") },
      // Typed as soon as the terminal is ready: whatever else the page does then, the letter must show.
      { key: "h", ready: holds("[data-testid=terminal-input]", "h") },
    ],
  },
  {
    name: "home: terminal launcher while the page hydrates, a key typed",
    path: "/",
    hydrating: true,
    steps: [
      { touch: "[data-testid=terminal-button]", ready: focused("[data-testid=terminal-input]") },
      { key: "h", ready: holds("[data-testid=terminal-input]", "h") },
    ],
  },
  {
    name: "home: contact dialog",
    path: "/",
    steps: [{ touch: "[data-testid=home-hero] button[aria-haspopup=dialog]", ready: shown("dialog[open]") }],
  },
  {
    name: "article: menu open",
    path: "/blog/bot-discord",
    steps: [{ touch: "[data-testid=mobile-menu-button]", ready: shown("[data-testid=mobile-menu]") }],
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

/** Collects Event Timing entries and answers "when did this first hold" by frame. */
function instrument() {
  const events: TapEvent[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[])
      if (entry.interactionId)
        events.push({ id: entry.interactionId, name: entry.name, start: entry.startTime, duration: entry.duration });
  }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  // When each step started: a touch's pointerdown, a key's keydown.
  const touches: number[] = [];
  addEventListener("pointerdown", (event) => touches.push(event.timeStamp), { capture: true });
  addEventListener("keydown", (event) => touches.push(event.timeStamp), { capture: true });
  Object.assign(window, {
    __taps: { events, touches },
    __until: (ready: Ready) =>
      new Promise<number>((resolve) => {
        const holds = () => {
          if (ready.kind === "dark") return document.documentElement.classList.contains("dark");
          const element = document.querySelector(ready.selector);
          if (ready.kind === "value") return element instanceof HTMLInputElement && element.value === ready.value;
          if (ready.kind === "focused") return element !== null && document.activeElement === element;
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
}

async function runScenario(browser: Browser, origin: string, scenario: Scenario, slowdown: number) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, ...NETWORK });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
  await page.addInitScript(instrument);
  await page.goto(`${origin}${scenario.path}`, { waitUntil: "load" });
  await page.waitForTimeout(1000);
  if (scenario.hydrating) await page.mouse.move(2, 2);
  const results: StepResult[] = [];
  for (const step of scenario.steps) results.push(await touch(page, step));
  // Event Timing reports an interaction once its next paint is known.
  await page.waitForTimeout(500);
  const { events, touches } = await page.evaluate(
    () => (window as unknown as { __taps: { events: TapEvent[]; touches: number[] } }).__taps,
  );
  // Each step's interaction: the events that started from its touch or key to the next step's.
  const durations = touches.map((start, index) => {
    const end = touches[index + 1] ?? Number.POSITIVE_INFINITY;
    const own = events.filter((event) => event.start >= start && event.start < end);
    // Event Timing reports no event under 16 ms: an interaction it left out took less.
    return own.length > 0 ? Math.max(...own.map((event) => event.duration)) : EVENT_TIMING_FLOOR_MS;
  });
  await context.close();
  return {
    steps: results.map((result, index) => ({ ...result, inp: durations[index] ?? Number.NaN })),
    touches: touches.length,
  };
}

async function touch(page: Page, step: Step): Promise<StepResult> {
  const before = await page.evaluate(
    () => (window as unknown as { __taps: { touches: number[] } }).__taps.touches.length,
  );
  const ready = page.evaluate(
    (condition) => (window as unknown as { __until: (c: Ready) => Promise<number> }).__until(condition),
    step.ready,
  );
  // A touch that cannot happen (the control is gone) fails the run rather than waiting for ever.
  ready.catch(() => undefined);
  if ("touch" in step) await page.locator(step.touch).first().tap({ timeout: 30_000 });
  else await page.keyboard.press(step.key);
  const what = "touch" in step ? `touching ${step.touch}` : `typing ${step.key}`;
  const frame = await Promise.race([
    ready,
    page.waitForTimeout(30_000).then(() => {
      throw new Error(`nothing ready 30 s after ${what}`);
    }),
  ]);
  const touchedAt = await page.evaluate(
    (index) => (window as unknown as { __taps: { touches: number[] } }).__taps.touches[index] ?? Number.NaN,
    before,
  );
  return { inp: Number.NaN, readyMs: frame - touchedAt };
}

/** The benchmark index Lighthouse would read on this host, measured as Lighthouse does, unthrottled. */
async function benchmarkIndex(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  const index = await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
  await page.close();
  return Number(index);
}

async function main() {
  const { runs, buildDir } = readOptions();
  if (process.env.BENCH_SKIP_BUILD !== "1") await buildSite(buildDir);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-taps-"));
  const server = await startServer({ buildDir, dataDir });
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs });
  try {
    const index = await benchmarkIndex(browser);
    const fixed = process.env.BENCH_CPU_SLOWDOWN ? Number(process.env.BENCH_CPU_SLOWDOWN) : undefined;
    const slowdown = fixed ?? cpuSlowdownFor(index) ?? DEFAULT_CPU_SLOWDOWN;
    console.info(`Benchmark index ${round(index)}: CPU slowdown ${round(slowdown, 2)}x; ${runs} runs per scenario`);
    console.info("| scenario | step | INP ms (median) | touch -> ready ms (median) | runs |");
    console.info("|---|---|---|---|---|");
    const only = process.env.BENCH_TAPS;
    for (const scenario of scenarios.filter((s) => !only || s.name.includes(only))) {
      const perStep = scenario.steps.map(() => ({ inp: [] as number[], ready: [] as number[] }));
      for (let run = 0; run < runs; run++) {
        const result = await runScenario(browser, server.origin, scenario, slowdown);
        result.steps.forEach((step, index) => {
          if (Number.isFinite(step.inp)) perStep[index]?.inp.push(step.inp);
          if (Number.isFinite(step.readyMs)) perStep[index]?.ready.push(step.readyMs);
        });
      }
      perStep.forEach((step, index) => {
        const show = (values: number[]) =>
          values.length ? `${round(median(values) ?? Number.NaN)} (${values.map((v) => round(v)).join(", ")})` : "–";
        console.info(`| ${scenario.name} | ${index + 1} | ${show(step.inp)} | ${show(step.ready)} | ${runs} |`);
      });
    }
  } finally {
    await browser.close();
    await server.child.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();

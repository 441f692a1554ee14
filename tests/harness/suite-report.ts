/**
 * What the suite's summary reports beyond each layer's time: the machine's
 * CPU time while a layer ran, the slowest tests of the run, and the budget of
 * the whole run on this host (docs/testing.md).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/**
 * The time every core of this machine has spent busy so far, in seconds
 * (`/proc/stat`: all but idle and waiting for the disk); 0 where /proc is
 * missing. Read before and after a layer that runs alone, the difference is
 * what the layer cost the machine, Chromium's processes included: they are
 * not the suite's descendants once Playwright has launched them, so the CPU
 * of the children this process waited for (`getrusage`) missed two thirds of
 * the browser layer's.
 */
export function machineBusySeconds(): number {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    // cpu user nice system idle iowait irq softirq steal …
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user + nice + system + irq + softirq + steal) / TICKS;
  } catch {
    return 0;
  }
}

/** `npm test`'s time on a host of this factor: 12 minutes at 1.5, 20 at 2.3, on the line through both. */
export function suiteBudgetSeconds(factor: number): number {
  const minutes = 12 + ((factor - 1.5) * (20 - 12)) / (2.3 - 1.5);
  return Math.max(7, minutes) * 60;
}

export interface TestTime {
  layer: string;
  file: string;
  title: string;
  seconds: number;
}

interface VitestReport {
  testResults?: { name: string; assertionResults?: { fullName: string; duration?: number | null }[] }[];
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; tests: { projectName: string; results: { duration: number }[] }[] }[];
}

function vitestTimes(layer: string, report: VitestReport): TestTime[] {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((test) => ({
      layer,
      file: path.relative(process.cwd(), file.name),
      title: test.fullName,
      seconds: (test.duration ?? 0) / 1000,
    })),
  );
}

function playwrightTimes(layer: string, suites: PlaywrightSuite[], titles: string[] = []): TestTime[] {
  return suites.flatMap((suite) => {
    const inner = suite.file && titles.length === 0 ? [] : [...titles, suite.title];
    const specs = (suite.specs ?? []).flatMap((spec) =>
      spec.tests.map((test) => ({
        layer,
        file: `tests/e2e/${spec.file}`,
        title: [...inner, spec.title].filter(Boolean).join(" › "),
        // A retried test's every try counts: the run waited for each.
        seconds: test.results.reduce((sum, result) => sum + result.duration, 0) / 1000,
      })),
    );
    return [...specs, ...playwrightTimes(layer, suite.suites ?? [], inner)];
  });
}

/** The `count` slowest tests of the reports the layers wrote in `dir` (`{layer}.json`), slowest first. */
export function slowestTests(dir: string, count: number): TestTime[] {
  if (!existsSync(dir)) return [];
  const times: TestTime[] = [];
  for (const name of readdirSync(dir).filter((file) => file.endsWith(".json"))) {
    const layer = name.replace(/\.json$/, "");
    try {
      const report = JSON.parse(readFileSync(path.join(dir, name), "utf8")) as VitestReport & {
        suites?: PlaywrightSuite[];
      };
      times.push(...(report.suites ? playwrightTimes(layer, report.suites) : vitestTimes(layer, report)));
    } catch {
      // A layer that stopped before writing its report has no times to give.
    }
  }
  return times.sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

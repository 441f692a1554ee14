/**
 * `npm test`: every check of the project, in layers, side by side where the
 * cores allow, with the time of each layer printed at the end.
 *
 *   node tests/harness/suite.ts            every layer (npm test)
 *   node tests/harness/suite.ts quick      typecheck, lint, unit tests (npm run test:quick)
 *   node tests/harness/suite.ts browser    only the layers named, and those they need
 *   node tests/harness/suite.ts fuzz       the long fuzz run (npm run fuzz), never part of npm test
 *
 * The site is built once; the browser tests and the system scenarios run on
 * that build. Each layer's output is printed as it comes, each line headed
 * by the layer's name. The host's slowness is measured once and handed to
 * every layer (tests/harness/host-speed.ts), so time limits stretch on a slow
 * machine. Exits non-zero when any layer fails; a layer whose prerequisite
 * failed is not run. SUITE_JOBS sets how many layers run at once (default:
 * one per two cores: each heavy layer keeps two cores busy by itself).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port.ts";
import { hostFactor } from "./host-speed.ts";
import { provideRunDir } from "./once-per-run.ts";
import { machineBusySeconds, slowestTests, suiteBudgetSeconds } from "./suite-report.ts";

interface Layer {
  name: string;
  /** What it runs, one command after another: each a program and its arguments. */
  steps: string[][];
  /** Layers that must have passed first. */
  needs?: string[];
  /** Its own variables; a port given as a name (`"site"`, `"github"`) is a free port found when it starts. */
  env?: Record<string, string>;
  /** What it checks, for the summary. */
  about: string;
  /** A long run of its own, only when named (npm run fuzz): never part of `npm test`. */
  onlyWhenNamed?: boolean;
}

const node = process.execPath;
const bin = (name: string) => `node_modules/.bin/${name}`;

/** Where each layer writes its tests' times (JSON), read for the summary's slowest tests. */
const reportDir = mkdtempSync(path.join(tmpdir(), "portfolio-suite-"));
/** Vitest's printed report, and its JSON one for the summary. */
const vitestReport = (layer: string) => [
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${path.join(reportDir, `${layer}.json`)}`,
];

/**
 * In the order they start: the quick checks first, then the build and what
 * runs on it. With one layer at a time (two cores), a failure in a quick
 * layer shows in the first minute.
 */
const LAYERS: Layer[] = [
  {
    name: "typecheck",
    steps: [[bin("react-router"), "typegen"], [bin("tsc")]],
    about: "route types, then strict TypeScript",
  },
  {
    name: "lint",
    steps: [
      [bin("biome"), "check", "--error-on-warnings", "."],
      [bin("depcruise"), "--config", ".dependency-cruiser.cjs", "."],
    ],
    about: "Biome (rules, format, imports); dependency-cruiser (folders, no circles)",
  },
  {
    name: "unit",
    steps: [[bin("vitest"), "run", "tests/unit", ...vitestReport("unit")]],
    about: "tests/unit (Vitest)",
  },
  { name: "build", steps: [[node, "tools/build/build.ts"]], about: "the production build, once" },
  {
    name: "server",
    steps: [[bin("vitest"), "run", "tests/server", ...vitestReport("server")]],
    // The servers its tests start run the suite's build, made once.
    needs: ["build"],
    env: { TEST_BUILD_DIR: "build" },
    about: "tests/server on PGlite and PostgreSQL; on that build over HTTP: headers, pages, HTML checker",
  },
  { name: "chromium", steps: [[node, "tests/harness/ensure-chromium.ts"]], about: "a Chromium for the browser" },
  {
    name: "browser",
    steps: [[bin("playwright"), "test"]],
    needs: ["build", "chromium"],
    env: { E2E_LAYER: "browser", E2E_PORT: "site", E2E_GITHUB_PORT: "github", SUITE_REPORT: "browser" },
    about: "tests/e2e in Chromium on the build: features, axe, CSP, what renders or takes input",
  },
  {
    name: "system",
    steps: [[bin("playwright"), "test"]],
    needs: ["build", "chromium"],
    // A fake GitHub of its own, so it can run beside the browser layer.
    env: { E2E_LAYER: "system", E2E_GITHUB_PORT: "github", SUITE_REPORT: "system" },
    about: "cluster, kill soak, fuzz, rebuild, flood limits, Observatory (bounded)",
  },
  {
    name: "fuzz",
    steps: [[bin("playwright"), "test", "tests/e2e/fuzz"]],
    needs: ["build", "chromium"],
    env: { E2E_LAYER: "system", E2E_GITHUB_PORT: "github", FUZZ_RUNS: process.env.FUZZ_RUNS || "5000" },
    about: "the fuzz alone, 5,000 generated requests per database (FUZZ_RUNS)",
    onlyWhenNamed: true,
  },
];

const QUICK = ["typecheck", "lint", "unit"];

function selected(args: string[]): Layer[] {
  const everyLayer = LAYERS.filter((layer) => !layer.onlyWhenNamed).map((layer) => layer.name);
  const names = new Set(args.includes("quick") ? QUICK : args.length > 0 ? args : everyLayer);
  const unknown = [...names].filter((name) => !LAYERS.some((layer) => layer.name === name));
  if (unknown.length > 0) {
    console.error(
      `Unknown layer ${unknown.join(", ")}; the layers are: quick, ${LAYERS.map((l) => l.name).join(", ")}`,
    );
    process.exit(2);
  }
  // What a named layer needs is run too.
  for (let grew = true; grew; ) {
    grew = false;
    for (const layer of LAYERS)
      if (names.has(layer.name))
        for (const need of layer.needs ?? [])
          if (!names.has(need)) {
            names.add(need);
            grew = true;
          }
  }
  return LAYERS.filter((layer) => names.has(layer.name));
}

interface Outcome {
  layer: Layer;
  status: "passed" | "failed" | "not run";
  seconds: number;
  /**
   * The machine's CPU time while it ran, every core's: its processes and all they started (Chromium, the
   * servers, the databases), and whatever ran beside it (other layers when several run at once).
   */
  cpuSeconds: number;
}

/** Runs one command, its output printed line by line under the layer's tag; resolves with its exit code. */
function step(tag: string, [command = "", ...args]: string[], env: NodeJS.ProcessEnv): Promise<number> {
  console.log(`${tag} ${[command, ...args].map((part) => part.replace(`${process.cwd()}/`, "")).join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) console.log(`${tag} ${line}`);
      });
      stream.on("end", () => {
        if (rest) console.log(`${tag} ${rest}`);
      });
    }
    child.on("error", (error) => {
      console.log(`${tag} could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

async function run(layer: Layer, env: NodeJS.ProcessEnv): Promise<Outcome> {
  const started = performance.now();
  const width = Math.max(...LAYERS.map((l) => l.name.length));
  const tag = `[${layer.name}]`.padEnd(width + 2);
  // Ports a layer's servers listen on: free ones, so two layers (or another run on this machine) never collide.
  const own: Record<string, string> = {};
  for (const [name, value] of Object.entries(layer.env ?? {}))
    own[name] = name.endsWith("_PORT") && !/^\d+$/.test(value) ? String(await freePort()) : value;
  if (own.SUITE_REPORT) own.SUITE_REPORT = path.join(reportDir, `${own.SUITE_REPORT}.json`);
  let status: Outcome["status"] = "passed";
  const busy = machineBusySeconds();
  for (const command of layer.steps) {
    if ((await step(tag, command, { ...env, ...own })) !== 0) {
      status = "failed";
      break;
    }
  }
  return { layer, status, seconds: (performance.now() - started) / 1000, cpuSeconds: machineBusySeconds() - busy };
}

async function main() {
  const layers = selected(process.argv.slice(2));
  // The browser layer runs three Playwright workers and the server layer a test file per core, each
  // enough to keep two cores busy: beside each other on two cores they only slowed each other
  // (decision 043), so a layer runs alone there, and two at once from four cores.
  const jobs = Math.max(1, Number(process.env.SUITE_JOBS) || Math.floor(availableParallelism() / 2));
  const factor = hostFactor();
  // One directory for what every layer's processes share (the migrated embedded database the server tests make
  // is the one the browser tests' seeded servers and the scenarios copy): tests/harness/once-per-run.ts.
  const shared = provideRunDir();
  if (shared.made) process.once("exit", () => rmSync(shared.dir, { recursive: true, force: true }));
  console.log(`Suite: ${layers.map((l) => l.name).join(", ")}; ${jobs} at a time; host factor ${factor}`);
  // Plain output: every line is headed by its layer, so colour codes would only clutter it.
  const env = {
    ...process.env,
    // The tools' own launchers (`#!/usr/bin/env node`) run on this Node.js, the project's, whoever started the suite.
    PATH: [path.dirname(process.execPath), path.resolve("node_modules/.bin"), process.env.PATH].join(path.delimiter),
    TEST_HOST_FACTOR: String(factor),
  };
  const started = performance.now();
  const outcomes = new Map<string, Outcome>();
  const running = new Map<string, Promise<Outcome>>();
  while (outcomes.size < layers.length) {
    for (const layer of layers) {
      if (outcomes.has(layer.name) || running.has(layer.name) || running.size >= jobs) continue;
      const needs = layer.needs?.filter((need) => layers.some((l) => l.name === need)) ?? [];
      if (needs.some((need) => outcomes.get(need)?.status !== "passed")) {
        if (needs.some((need) => outcomes.has(need) && outcomes.get(need)?.status !== "passed"))
          outcomes.set(layer.name, { layer, status: "not run", seconds: 0, cpuSeconds: 0 });
        continue;
      }
      running.set(layer.name, run(layer, env));
    }
    if (running.size === 0) continue;
    const outcome = await Promise.race(running.values());
    running.delete(outcome.layer.name);
    outcomes.set(outcome.layer.name, outcome);
  }
  const wall = (performance.now() - started) / 1000;
  const rows = layers.map((layer) => outcomes.get(layer.name) as Outcome);
  const width = Math.max(...rows.map((row) => row.layer.name.length));
  console.log(
    `\nTime per layer (wall, and the machine's CPU while it ran${jobs > 1 ? ", shared by the layers running at once" : ""}):`,
  );
  for (const { layer, status, seconds, cpuSeconds } of rows)
    console.log(
      `  ${layer.name.padEnd(width)}  ${status.padEnd(7)}  ${seconds.toFixed(0).padStart(5)} s  ` +
        `${cpuSeconds.toFixed(0).padStart(5)} CPU-s  ${layer.about}`,
    );
  const cpu = rows.reduce((sum, row) => sum + row.cpuSeconds, 0);
  console.log(
    `  ${"total".padEnd(width)}  ${"".padEnd(7)}  ${wall.toFixed(0).padStart(5)} s  ${cpu.toFixed(0).padStart(5)} CPU-s  wall, ${jobs} at a time`,
  );
  const slowest = slowestTests(reportDir, 10);
  if (slowest.length > 0) {
    console.log("\nThe 10 slowest tests:");
    for (const test of slowest)
      console.log(`  ${test.seconds.toFixed(1).padStart(6)} s  [${test.layer}] ${test.file} › ${test.title}`);
  }
  // The budget of every layer together (docs/testing.md): said, not enforced, since one slow hour of a host would fail it.
  if (layers.length === LAYERS.filter((layer) => !layer.onlyWhenNamed).length) {
    const budget = suiteBudgetSeconds(factor);
    const verdict = wall <= budget ? "within it" : `OVER by ${(wall - budget).toFixed(0)} s: see docs/testing.md`;
    console.log(
      `\nBudget at host factor ${factor}: ${budget.toFixed(0)} s; this run took ${wall.toFixed(0)} s, ${verdict}.`,
    );
  }
  const failed = rows.filter((row) => row.status !== "passed");
  if (failed.length > 0) {
    console.log(`\nFailed or not run: ${failed.map((row) => row.layer.name).join(", ")}`);
    process.exit(1);
  }
  console.log("\nEvery layer passed.");
}

await main();

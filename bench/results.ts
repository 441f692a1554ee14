/** The shape of one bench run, as written to `bench/results/latest.json`. */
import type { PageBytes } from "./bytes.ts";
import type { FloodResult } from "./flood.ts";
import type { Category, Finding, LighthouseRun, Metric } from "./lighthouse.ts";
import type { LoadResult } from "./load.ts";
import type { MixedResult } from "./mixed.ts";
import type { BenchOptions } from "./options.ts";
import type { WorkerThroughput } from "./worker-throughput.ts";

/** Scores and metrics of one kept run (network logs dropped). */
export type RunSummary = Pick<LighthouseRun, "scores" | "metrics" | "error" | "retriedAfter" | "benchmarkIndex"> & {
  /** Runs of this slot thrown away first because their benchmark index had moved (bench/runs.ts). */
  repeats?: number;
};

/** How the CPU slowdown was chosen for this bench run, and how steady the machine stayed. */
export interface Calibration {
  /** The highest of the probe runs' benchmark indexes: the multiplier's source and every later run's reference. */
  referenceIndex: number | undefined;
  /** Every probe run's index. */
  probeIndexes: number[];
  /** Lighthouse's cpuSlowdownMultiplier used for every measured run. */
  cpuSlowdown: number;
  /** "calculator": from the index (bench/throttling.ts); "default": no usable index, Lighthouse's 4x. */
  source: "calculator" | "default";
  /** A run whose index is further than this fraction from the reference is repeated... */
  tolerance: number;
  /** ...at most this many times. */
  maxRepeats: number;
  /** Runs thrown away and repeated, over the whole bench run. */
  repeats: number;
  /** Runs kept although their index was still out of tolerance (the repeats ran out). */
  unsteady: number;
  /** The kept runs' indexes. */
  indexes: { median: number | undefined; lowest: number | undefined; highest: number | undefined };
  /** Every index read during the run (probes, kept, repeated and fixed-slowdown runs): how much the host's speed moved. */
  spread?: { readings: number; lowest: number; median: number; highest: number };
  /** The fixed slowdowns every page also ran at. */
  fixedSlowdowns?: number[];
}

export interface PageResult {
  path: string;
  /** Scores and metrics of each run (network logs dropped). */
  runs: RunSummary[];
  /** Per category and per metric, the median over the runs that completed. */
  median: { scores: Partial<Record<Category, number>>; metrics: Partial<Record<Metric, number>> };
  /** Lowest score of any single run; a run that failed counts as 0. */
  minScores: Partial<Record<Category, number>>;
  bytes?: PageBytes;
  /** Audits below 0.9 in the run with the median performance score: what to fix. */
  findings: Finding[];
  lcpElement?: string;
  /** The same page without JavaScript, served the same way (bench/floor.ts). */
  floor?: { runs: RunSummary[]; median: PageResult["median"] };
  /** The same page at each fixed CPU slowdown of the run (`BENCH_FIXED_SLOWDOWN`), beside the calibrated one. */
  fixed?: FixedSlowdownResult[];
}

/** A page's runs at a fixed CPU slowdown: the phone a faster host calls for, whatever this host's index. */
export interface FixedSlowdownResult {
  cpuSlowdown: number;
  runs: RunSummary[];
  median: PageResult["median"];
  minScores: Partial<Record<Category, number>>;
}

export interface ServerResources {
  engine: "embedded (PGlite)" | "PostgreSQL";
  /** Spawn to first 200 on a new, empty database (migrations included). */
  firstStartMs: number;
  /** Spawn to first 200 with the database already there: the budgeted cold start. */
  coldStartMs: number;
  rssAtRest: number;
  rssUnderLoad: number;
  /** After the load, once the fediverse was asked for and Fedify loaded (absent from runs before decision 095). */
  rssWithFediverse?: number;
  /** The kernel's high-water mark (VmHWM) when the server was stopped. */
  rssPeak: number;
  /** The load that produced `rssUnderLoad`. */
  load?: LoadResult;
}

/** The site and nginx with the same number of worker processes, on the static target. */
export interface WorkerComparison {
  workers: number;
  site: LoadResult;
  nginx: LoadResult;
  /** The site's requests/s divided by nginx's. */
  ratio: number;
}

export interface LoadResults {
  static: LoadResult;
  post: LoadResult;
  notFound: LoadResult;
  /** nginx with one worker process, as the site's one process (the embedded database). */
  nginxStatic: LoadResult;
  /** Our static requests/s divided by nginx's, one worker process each. */
  staticRatio: number;
  /** nginx serves the build's `.gz` copies, and its `.br` ones when Debian's brotli_static module is installed. */
  nginxServes: { gzipStatic: boolean; brotliStatic: boolean };
  /** One worker per core on both sides; only with DATABASE_URL (several workers need PostgreSQL). */
  allCores?: WorkerComparison;
  /** The site on PostgreSQL with one worker and one per core, on every load target (bench/worker-throughput.ts). */
  byWorkers?: WorkerThroughput[];
}

export interface BudgetResult {
  name: string;
  limit: string;
  measured: string;
  /** The page or target that decided the figure. */
  where?: string;
  /** undefined: not measured in this run (for example no DATABASE_URL). */
  pass: boolean | undefined;
}

export interface BenchResults {
  meta: {
    date: string;
    commit: string;
    /** The working tree had uncommitted changes: the figures are of those, not of the commit alone. */
    dirty: boolean;
    machine: { cores: number; cpu: string; memoryGiB: number; os: string };
    versions: Record<string, string>;
    durationSeconds: number;
    /** The 1-minute load average as each phase began: above the core count, other work shared the CPU. */
    loadAverage: Record<string, number>;
  };
  options: Pick<BenchOptions, "runs" | "routes" | "durationSeconds" | "connections" | "buildDir"> & {
    postgres: boolean;
  };
  buildMs: number;
  /** The calibrated CPU slowdown of the Lighthouse runs. */
  calibration: Calibration;
  pages: PageResult[];
  load: LoadResults;
  resources: ServerResources[];
  /** The blog's search over many posts, one request at a time (bench/search.ts). */
  search?: SearchBenchResult;
  /** A reader beside a flood of unknown addresses and searches (bench/flood.ts). */
  flood?: FloodResult;
  /** Readers and writers at once (bench/mixed.ts): embedded, and PostgreSQL with DATABASE_URL. */
  mixed?: MixedResult[];
  budgets: BudgetResult[];
}

/** The search under load (bench/search.ts). */
export interface SearchBenchResult {
  /** Published posts in the database, all in Portuguese (about 900 words each), beside the five static articles. */
  posts: number;
  /** Timed requests (after the warm-up). */
  requests: number;
  /** The queries, asked in turn. */
  queries: string[];
  latencyP50: number;
  latencyP95: number;
  latencyMax: number;
  /** Responses other than 200: none expected. */
  failures: number;
}

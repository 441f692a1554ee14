/** The shape of one bench run, as written to `bench/results/latest.json`. */
import type { PageBytes } from "./bytes.ts";
import type { FloodResult } from "./flood.ts";
import type { Category, Finding, LighthouseRun, Metric } from "./lighthouse.ts";
import type { LoadResult } from "./load.ts";
import type { MixedResult } from "./mixed.ts";
import type { BenchOptions } from "./options.ts";
import type { SearchBenchResult } from "./search.ts";

export interface PageResult {
  path: string;
  /** Scores and metrics of each run (network logs dropped). */
  runs: Pick<LighthouseRun, "scores" | "metrics" | "error" | "retriedAfter" | "benchmarkIndex">[];
  /** Per category and per metric, the median over the runs that completed. */
  median: { scores: Partial<Record<Category, number>>; metrics: Partial<Record<Metric, number>> };
  /** Lowest score of any single run; a run that failed counts as 0. */
  minScores: Partial<Record<Category, number>>;
  bytes?: PageBytes;
  /** Audits below 0.9 in the run with the median performance score: what to fix. */
  findings: Finding[];
  lcpElement?: string;
}

export interface ServerResources {
  engine: "embedded (PGlite)" | "PostgreSQL";
  /** Spawn to first 200 on a new, empty database (migrations included). */
  firstStartMs: number;
  /** Spawn to first 200 with the database already there: the budgeted cold start. */
  coldStartMs: number;
  rssAtRest: number;
  rssUnderLoad: number;
  /** The kernel's high-water mark (VmHWM) when the server was stopped. */
  rssPeak: number;
  /** The load that produced `rssUnderLoad`. */
  load?: LoadResult;
}

export interface LoadResults {
  static: LoadResult;
  post: LoadResult;
  notFound: LoadResult;
  nginxStatic: LoadResult;
  /** Our static requests/s divided by nginx's. */
  staticRatio: number;
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
  options: Omit<BenchOptions, "databaseUrl"> & { postgres: boolean };
  buildMs: number;
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

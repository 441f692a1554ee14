/**
 * The bench's variables (bench/), in one schema per command, each turning
 * them into the settings it uses, defaults included: the bench reads nothing
 * else from the environment, a wrong variable stops it with one line per
 * problem as the server's do, and the guide's "Benchmarks" section is
 * written from these entries.
 */
import { z } from "zod";
import { languages } from "../app/i18n/paths.ts";
import { nginxShape } from "./commands.ts";
import { serverShape } from "./schema.ts";
import { flag, type Kind, oneOf, optional, quoted, sendRate, text, wholeNumber, withDefault } from "./variables.ts";

/** Paths of the site's pages separated by commas: leading slash, no trailing one, decoded, each once. */
function pagePaths(): Kind<z.ZodPipe<z.ZodString, z.ZodTransform<string[], string>>> {
  const entries = (raw: string) =>
    raw
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
  return {
    allowed: "page paths separated by commas, each starting with `/`",
    schema: z
      .string()
      .refine((raw) => entries(raw).length > 0 && entries(raw).every((entry) => entry.startsWith("/")), {
        error: (issue) => `${quoted(issue.input)} is not page paths separated by commas, each starting with /`,
      })
      .transform((raw) => {
        const paths = entries(raw).map((entry) => {
          const decoded = decodeURI(entry);
          return decoded.length > 1 ? decoded.replace(/\/+$/, "") : decoded;
        });
        return [...new Set(paths)];
      }),
  };
}

/** The site's languages separated by commas. */
function languageList(): Kind<z.ZodPipe<z.ZodString, z.ZodTransform<("pt" | "en")[], string>>> {
  const words = (raw: string) => raw.split(",").map((word) => word.trim().toLowerCase());
  const known = new Set<string>(languages);
  return {
    allowed: `${languages.map((lang) => `\`${lang}\``).join(", ")}, separated by commas`,
    schema: z
      .string()
      .refine((raw) => words(raw).every((word) => known.has(word)), {
        error: (issue) => `${quoted(issue.input)} is not ${languages.join(", ")} or both, separated by commas`,
      })
      .transform((raw) => [...new Set(words(raw))] as ("pt" | "en")[]),
  };
}

/** A number above 0, fractions allowed. */
function positiveNumber(): Kind<z.ZodPipe<z.ZodString, z.ZodTransform<number, string>>> {
  return {
    allowed: "a number above 0",
    schema: z
      .string()
      .refine((raw) => /^\d+(\.\d+)?$/.test(raw) && Number(raw) > 0, {
        error: (issue) => `${quoted(issue.input)} is not a number above 0`,
      })
      .transform(Number),
  };
}

/** CPU slowdowns separated by commas, each a number above 0, or `none`. */
function slowdownList(): Kind<z.ZodPipe<z.ZodString, z.ZodTransform<number[], string>>> {
  const entries = (raw: string) =>
    raw
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
  return {
    allowed: "numbers above 0 separated by commas, or `none`",
    schema: z
      .string()
      .refine(
        (raw) =>
          raw.trim() === "none" ||
          (entries(raw).length > 0 && entries(raw).every((entry) => /^\d+(\.\d+)?$/.test(entry) && Number(entry) > 0)),
        { error: (issue) => `${quoted(issue.input)} is not numbers above 0 separated by commas, or none` },
      )
      .transform((raw) => (raw.trim() === "none" ? [] : [...new Set(entries(raw).map(Number))])),
  };
}

/** What every bench command reads. */
const benchShape = {
  BENCH_RUNS: withDefault(wholeNumber(1), 3, {
    group: "bench",
    meaning:
      "Lighthouse runs per page (`npm run bench`, `bench:pages`) or per tap scenario (`bench:taps`); the median decides",
  }),
  BENCH_ROUTES: withDefault(oneOf(["full", "quick"]), "full", {
    group: "bench",
    meaning: "`npm run bench`: every public page in both languages, or a representative few",
  }),
  BENCH_DURATION: withDefault(wholeNumber(1), 10, {
    group: "bench",
    meaning: "seconds of load per throughput target",
  }),
  BENCH_CONNECTIONS: withDefault(wholeNumber(1), 50, {
    group: "bench",
    meaning: "concurrent connections of the throughput runs",
  }),
  BENCH_BUILD_DIR: withDefault(text("a directory"), "build-bench", {
    group: "bench",
    meaning: "where the bench builds the site",
  }),
  BENCH_LHR_DIR: optional(text("a directory"), {
    group: "bench",
    meaning: "keeps every Lighthouse run's full report there, for diagnosis (never committed)",
  }),
  BENCH_OUT: optional(text("a file"), {
    group: "bench",
    meaning: "`npm run bench:pages` and `bench:audience`: a JSON file to write their figures to",
  }),
  BENCH_SKIP_BUILD: withDefault(flag(), false, {
    group: "bench",
    meaning: "`npm run bench:pages` and `bench:taps`: `true` measures the build already in `BENCH_BUILD_DIR` as it is",
  }),
};

const pagesShape = {
  BENCH_PATHS: optional(pagePaths(), {
    group: "bench",
    default: "the bench's quick set",
    meaning: "`npm run bench:pages`: the pages measured",
  }),
  BENCH_FLOOR: withDefault(flag(), true, {
    group: "bench",
    meaning: "`npm run bench:pages`: `false` skips the floor runs (half the time; no ours/floor ratios)",
  }),
  BENCH_FAIL_ON_BUDGET: withDefault(flag(), false, {
    group: "bench",
    meaning: "`npm run bench:pages`: `true` exits 1 when a page fails a budget, as `npm run bench` does",
  }),
};

const tapsShape = {
  BENCH_TAPS: optional(text("any text"), {
    group: "bench",
    default: "every scenario",
    meaning: "`npm run bench:taps`: only the scenarios whose page or name holds it, e.g. `theme` or `article`",
  }),
  BENCH_TAPS_LANGS: withDefault(languageList(), ["pt", "en"], {
    group: "bench",
    meaning: "`npm run bench:taps`: the languages whose pages are tapped",
  }),
  BENCH_TAPS_FLOOR: withDefault(flag(), true, {
    group: "bench",
    meaning: "`npm run bench:taps`: `false` skips the floor runs (no app code's share)",
  }),
  BENCH_CPU_SLOWDOWN: optional(positiveNumber(), {
    group: "bench",
    default: "calibrated from the host's benchmark index",
    meaning: "`npm run bench:taps`: the phone's CPU slowdown instead of the calibrated one",
  }),
  BENCH_TAPS_TRACE: optional(text("a directory"), {
    group: "bench",
    default: "no traces",
    meaning:
      "`npm run bench:taps`: keeps a Chromium trace of every run there (the main thread's tasks, for `node bench/trace-summary.ts`; never committed)",
  }),
  BENCH_TAPS_FIXED_SLOWDOWNS: withDefault(slowdownList(), [4, 7.2], {
    group: "bench",
    default: "`4,7.2`",
    meaning:
      "`npm run bench:taps`: the fixed CPU slowdowns every scenario also runs at, beside the calibrated one (`none`: only the calibrated one)",
  }),
};

const fixedShape = {
  BENCH_FIXED_SLOWDOWN: withDefault(slowdownList(), [8.4], {
    group: "bench",
    default: "`8.4`",
    meaning:
      "`npm run bench` and `bench:pages`: the fixed CPU slowdowns every page's Lighthouse runs also run at, beside the calibrated one, judged by their own TBT budgets (`none`: only the calibrated one)",
  }),
};

const mixedShape = {
  BENCH_MIXED_SECONDS: withDefault(wholeNumber(1), 60, {
    group: "bench",
    meaning: "`npm run bench:mixed`: how long the mixed load lasts",
  }),
  BENCH_MIXED_READERS: withDefault(wholeNumber(1), 200, { group: "bench", meaning: "`npm run bench:mixed`: readers" }),
  BENCH_MIXED_WRITERS: withDefault(wholeNumber(1), 10, { group: "bench", meaning: "`npm run bench:mixed`: writers" }),
};

const floodShape = {
  BENCH_FLOOD_RATE: withDefault(wholeNumber(1), 2000, {
    group: "bench",
    meaning: "`npm run bench:flood`: requests per second the flood asks for",
  }),
};

const newsletterShape = {
  BENCH_NEWSLETTER_READERS: withDefault(wholeNumber(1), 10_000, {
    group: "bench",
    meaning: "`npm run bench:newsletter`: the confirmed readers a post is mailed to",
  }),
  BENCH_NEWSLETTER_RATE: withDefault(
    sendRate(),
    { perSecond: 1000, perHour: 100_000_000 },
    {
      group: "bench",
      default: "`1000/s,100000000/h`",
      meaning: "`npm run bench:newsletter`: the server's `NEWSLETTER_RATE` during the send",
    },
  ),
};

const audienceShape = {
  BENCH_AUDIENCE_VIEWS: withDefault(wholeNumber(1), 10_000_000, {
    group: "bench",
    meaning: "`npm run bench:audience`: page views in the counts the Audience page reads",
  }),
  BENCH_AUDIENCE_ROUNDS: withDefault(wholeNumber(1), 5, {
    group: "bench",
    meaning: "`npm run bench:audience`: rounds of counting off and on",
  }),
};

const fediverseShape = {
  BENCH_FEDIVERSE_FOLLOWERS: withDefault(wholeNumber(1), 10_000, {
    group: "bench",
    meaning: "`npm run bench:fediverse`: the followers of the English account a post is federated to",
  }),
  BENCH_FEDIVERSE_INSTANCES: withDefault(wholeNumber(1), 2_000, {
    group: "bench",
    meaning: "`npm run bench:fediverse`: the instances those followers are on (one shared inbox each)",
  }),
};

/** Every variable of the bench, for the guide; its server and nginx variables are written where they belong. */
export const benchGuideShape = {
  ...benchShape,
  ...pagesShape,
  ...tapsShape,
  ...fixedShape,
  ...mixedShape,
  ...floodShape,
  ...newsletterShape,
  ...audienceShape,
  ...fediverseShape,
};

const commonVariables = { ...benchShape, ...nginxShape, DATABASE_URL: serverShape.DATABASE_URL };

type CommonValues = z.output<z.ZodObject<typeof commonVariables>>;

/** What every bench command works with. */
function common(values: CommonValues) {
  return {
    runs: values.BENCH_RUNS,
    routes: values.BENCH_ROUTES,
    durationSeconds: values.BENCH_DURATION,
    connections: values.BENCH_CONNECTIONS,
    buildDir: values.BENCH_BUILD_DIR,
    /** PostgreSQL to measure as well as the embedded database. */
    databaseUrl: values.DATABASE_URL,
    /** Where to keep Lighthouse's full reports; undefined: nowhere. */
    lhrDir: values.BENCH_LHR_DIR,
    out: values.BENCH_OUT,
    skipBuild: values.BENCH_SKIP_BUILD,
    /** Undefined: nginx looked up on PATH and in the usual places. */
    nginxPath: values.NGINX_PATH,
  };
}

/** The commands that read nothing of their own (bench:workers, the search and backup benches). */
export const benchSettings = z.object(commonVariables).transform(common);

/** The mixed load's settings out of its variables. */
const mixedOf = (values: z.output<z.ZodObject<typeof mixedShape>>) => ({
  seconds: values.BENCH_MIXED_SECONDS,
  readers: values.BENCH_MIXED_READERS,
  writers: values.BENCH_MIXED_WRITERS,
});

/** `npm run bench`, which runs the mixed load and the flood among the rest. */
export const fullBenchSettings = z
  .object({ ...commonVariables, ...mixedShape, ...floodShape, ...fixedShape })
  .transform((values) => ({
    ...common(values),
    mixed: mixedOf(values),
    floodRate: values.BENCH_FLOOD_RATE,
    fixedSlowdowns: values.BENCH_FIXED_SLOWDOWN,
  }));

/** `npm run bench:pages`. `paths` undefined: the bench's quick set. */
export const pagesBenchSettings = z
  .object({ ...commonVariables, ...pagesShape, ...fixedShape })
  .transform((values) => ({
    ...common(values),
    paths: values.BENCH_PATHS,
    floor: values.BENCH_FLOOR,
    failOnBudget: values.BENCH_FAIL_ON_BUDGET,
    fixedSlowdowns: values.BENCH_FIXED_SLOWDOWN,
  }));

/** `npm run bench:taps`. `only` undefined: every scenario; `cpuSlowdown` undefined: calibrated. */
export const tapsBenchSettings = z.object({ ...commonVariables, ...tapsShape }).transform((values) => ({
  ...common(values),
  only: values.BENCH_TAPS,
  langs: values.BENCH_TAPS_LANGS,
  floor: values.BENCH_TAPS_FLOOR,
  cpuSlowdown: values.BENCH_CPU_SLOWDOWN,
  fixedSlowdowns: values.BENCH_TAPS_FIXED_SLOWDOWNS,
  traceDir: values.BENCH_TAPS_TRACE,
}));

/** `npm run bench:mixed`. */
export const mixedBenchSettings = z
  .object({ ...commonVariables, ...mixedShape })
  .transform((values) => ({ ...common(values), mixed: mixedOf(values) }));

/** `npm run bench:flood`. */
export const floodBenchSettings = z
  .object({ ...commonVariables, ...floodShape })
  .transform((values) => ({ ...common(values), rate: values.BENCH_FLOOD_RATE }));

/** `npm run bench:newsletter`. */
export const newsletterBenchSettings = z.object({ ...commonVariables, ...newsletterShape }).transform((values) => ({
  ...common(values),
  readers: values.BENCH_NEWSLETTER_READERS,
  /** As NEWSLETTER_RATE takes it. */
  rate: `${values.BENCH_NEWSLETTER_RATE.perSecond}/s,${values.BENCH_NEWSLETTER_RATE.perHour}/h`,
}));

/** `npm run bench:fediverse`. */
export const fediverseBenchSettings = z.object({ ...commonVariables, ...fediverseShape }).transform((values) => ({
  ...common(values),
  followers: values.BENCH_FEDIVERSE_FOLLOWERS,
  instances: values.BENCH_FEDIVERSE_INSTANCES,
}));

/** `npm run bench:audience`. */
export const audienceBenchSettings = z.object({ ...commonVariables, ...audienceShape }).transform((values) => ({
  ...common(values),
  views: values.BENCH_AUDIENCE_VIEWS,
  rounds: values.BENCH_AUDIENCE_ROUNDS,
}));

/** What every bench command works with. */
export type BenchOptions = z.output<typeof benchSettings>;

/** Renders one bench run as `bench/report.md`: budgets first, then the figures behind them. */

import { BUDGETS, categoryLabel } from "./budgets.ts";
import { P99_RATIO_BOUND, RSS_GROWTH_BOUND } from "./flood.ts";
import { type Category, categories, type Metric } from "./lighthouse.ts";
import type { LoadResult } from "./load.ts";
import type { BenchResults, PageResult } from "./results.ts";
import { extreme, kib, mib, round } from "./stats.ts";

const table = (header: string[], rows: string[][]) =>
  [
    `| ${header.join(" | ")} |`,
    `|${header.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");

const kb = (bytes: number | undefined) => (bytes === undefined ? "–" : `${round(kib(bytes), 1)}`);
const s = (ms: number | undefined) => (ms === undefined ? "–" : `${round(ms / 1000, 2)}`);
const msText = (ms: number | undefined) => (ms === undefined ? "–" : `${round(ms)}`);
const mb = (bytes: number) => `${round(mib(bytes))} MB`;
const verdict = (pass: boolean | undefined) => (pass === undefined ? "not measured" : pass ? "PASS" : "**FAIL**");
const code = (path: string) => `\`${path}\``;

const metricColumns: { key: Metric; label: string; show: (v: number | undefined) => string }[] = [
  { key: "lcp", label: "LCP s", show: s },
  { key: "tbt", label: "TBT ms", show: msText },
  { key: "cls", label: "CLS", show: (v) => (v === undefined ? "–" : String(round(v, 3))) },
  { key: "fcp", label: "FCP s", show: s },
  { key: "si", label: "SI s", show: s },
];
const shortLabel: Record<Category, string> = {
  performance: "Perf",
  accessibility: "A11y",
  "best-practices": "BP",
  seo: "SEO",
};

/**
 * How the phone was chosen: Lighthouse scales its simulated CPU work by the
 * slowdown, and the slowdown was set from the machine's benchmark index.
 */
function calibrationSection({ calibration: c }: BenchResults): string {
  const chosen =
    c.source === "calculator"
      ? `${c.probeIndexes.length} probe runs measured Lighthouse's benchmark index at ${c.probeIndexes.join(", ")}; the highest, ` +
        `**${c.referenceIndex}**, is the machine with the least other work on it, and Lighthouse's CPU throttling ` +
        `calculator (1x at 150, 2x at 800, 3x at 1,300, one more per 233 above; \`bench/throttling.ts\`) turns that into a ` +
        `CPU slowdown of **${c.cpuSlowdown}x**`
      : `no usable benchmark index (${c.referenceIndex ?? "none"}) was read, so the CPU slowdown stayed at Lighthouse's default ` +
        `**${c.cpuSlowdown}x**`;
  const kept =
    c.indexes.median === undefined
      ? "no index was read in the measured runs"
      : `the kept runs' indexes: median ${c.indexes.median}, lowest ${c.indexes.lowest}, highest ${c.indexes.highest}`;
  const repeats =
    c.repeats === 0
      ? "No run had to be repeated."
      : `${c.repeats} run(s) were thrown away and repeated${c.unsteady ? `; ${c.unsteady} run(s) were kept still out of tolerance after ${c.maxRepeats} repeats (the machine stayed busy)` : ""}.`;
  const spread = c.spread
    ? `The index during the whole run (${c.spread.readings} readings: the probes, every measured run and every repeated one): ` +
      `lowest ${c.spread.lowest}, median ${c.spread.median}, highest ${c.spread.highest}, a spread of ` +
      `${round(((c.spread.highest - c.spread.lowest) / c.spread.median) * 100)} % of the median.`
    : "";
  const fixed =
    c.fixedSlowdowns && c.fixedSlowdowns.length > 0
      ? `Every page also ran at a fixed ${c.fixedSlowdowns.map((x) => `${x}x`).join(" and ")}, whatever the index read (below).`
      : "";
  return [
    "## CPU calibration",
    "",
    `Before the measured runs ${chosen}, used for every run of every page and floor. A run whose index moves more ` +
      `than ${round(c.tolerance * 100)} % from that reference ran on a machine of another speed and is repeated, ` +
      `at most ${c.maxRepeats} times; ${kept}. ${repeats}`,
    ...(spread || fixed ? ["", [spread, fixed].filter(Boolean).join(" ")] : []),
  ].join("\n");
}

/** Each page at the fixed slowdowns, beside its calibrated medians. */
function fixedSection(pages: PageResult[]): string {
  const slowdowns = [...new Set(pages.flatMap((page) => (page.fixed ?? []).map((fixed) => fixed.cpuSlowdown)))];
  if (slowdowns.length === 0) return "";
  return slowdowns
    .map((slowdown) => {
      const rows = pages.flatMap((page) => {
        const at = page.fixed?.find((fixed) => fixed.cpuSlowdown === slowdown);
        if (!at) return [];
        const indexes = at.runs.flatMap((run) => run.benchmarkIndex ?? []);
        return [
          [
            code(page.path),
            String(at.median.scores.performance ?? "–"),
            s(at.median.metrics.lcp),
            msText(at.median.metrics.tbt),
            msText(page.median.metrics.tbt),
            at.runs.map((run) => msText(run.metrics.tbt)).join(", "),
            indexes.join(", ") || "–",
          ],
        ];
      });
      return [
        `## Lighthouse at a fixed ${slowdown}x`,
        "",
        `The same pages at a CPU slowdown of ${slowdown}x whatever this host's index (the phone a faster host's calibration asks for), ` +
          "medians of as many runs, no floor; budgets: `FIXED_SLOWDOWN_BUDGETS` in `bench/budgets.ts`.",
        "",
        table(["Page", "Perf", "LCP s", "TBT ms", "TBT ms, calibrated", "TBT ms, each run", "index, each run"], rows),
      ].join("\n");
    })
    .join("\n\n");
}

/** ours / floor, or what to say when the floor is zero. */
export function floorRatio(ours: number | undefined, floor: number | undefined): string {
  if (ours === undefined || floor === undefined) return "–";
  if (floor === 0) return ours === 0 ? "1.00" : "floor 0";
  return round(ours / floor, 2).toFixed(2);
}

/** Each page beside its own HTML without JavaScript, served the same way (bench/floor.ts). */
function floorSection(pages: PageResult[]): string {
  const measured = pages.filter((page) => page.floor);
  if (measured.length === 0) return "## Floor\n\nNot measured in this run.";
  const rows = measured.map((page) => {
    const ours = page.median.metrics;
    const floor = page.floor?.median.metrics ?? {};
    return [
      code(page.path),
      s(ours.lcp),
      s(floor.lcp),
      floorRatio(ours.lcp, floor.lcp),
      msText(ours.tbt),
      msText(floor.tbt),
      floorRatio(ours.tbt, floor.tbt),
      kb(page.bytes?.js),
    ];
  });
  return [
    "## Floor",
    "",
    "Each page's own HTML as the site sends it, with every `<script>` and module preload removed, in a copy of the " +
      "client build compressed by the build's own step and served by the site's static-file layer " +
      "(`http-server/static-files.ts`, in a process of its own): the LCP and TBT the page's HTML, CSS, fonts and " +
      "images alone give at the same CPU slowdown, measured right after the page, as many runs. Medians.",
    "",
    table(
      ["Page", "LCP s", "floor LCP s", "LCP ours/floor", "TBT ms", "floor TBT ms", "TBT ours/floor", "JS gz KB"],
      rows,
    ),
  ].join("\n");
}

/** The site on PostgreSQL with one worker and one per core (bench/worker-throughput.ts). */
function workersSection({ load, options }: BenchResults): string {
  if (!load.byWorkers) {
    return "## Throughput by workers\n\nNot measured: several workers run on PostgreSQL only; set `DATABASE_URL` (`tests/harness/start-test-postgres.sh` prints one).";
  }
  return [
    "## Throughput by workers",
    "",
    `The site on PostgreSQL with WEB_CONCURRENCY at one and at one per core, ${options.connections} connections, ` +
      `${options.durationSeconds} s per target (also \`npm run bench:workers\`).`,
    "",
    table(
      ["Workers", "Target", "req/s", "p50 ms", "p99 ms"],
      load.byWorkers.map((row) => [
        String(row.workers),
        `${row.target} (${code(new URL(row.result.url).pathname)})`,
        String(round(row.result.requestsPerSecond)),
        String(row.result.latencyP50),
        String(row.result.latencyP99),
      ]),
    ),
  ].join("\n");
}

/** Runs that failed, runs that succeeded only on a second try, and runs repeated because the index moved. */
function runTrouble(page: PageResult): string {
  const failed = page.runs.filter((run) => run.error).length;
  const retried = page.runs.filter((run) => run.retriedAfter).length;
  const repeated = page.runs.reduce((sum, run) => sum + (run.repeats ?? 0), 0);
  return [
    failed && `${failed} failed`,
    retried && `${retried} retried`,
    repeated && `${repeated} repeated (index moved)`,
  ]
    .filter(Boolean)
    .join(", ");
}

function lighthouseSection(pages: PageResult[]): string {
  const score = (page: PageResult, c: Category) => {
    const median = page.median.scores[c];
    const min = page.minScores[c];
    if (median === undefined) return "–";
    return min !== undefined && min < median ? `${median} (${min})` : String(median);
  };
  const rows = pages.map((page) => [
    code(page.path),
    ...categories.map((c) => score(page, c)),
    ...metricColumns.map((m) => m.show(page.median.metrics[m.key])),
    runTrouble(page),
  ]);
  const worstScores = categories.map((c) => {
    const worst = extreme(pages, (p) => p.median.scores[c], "min");
    return worst ? `${worst.value} ${code(worst.item.path)}` : "–";
  });
  const worstMetrics = metricColumns.map((m) => {
    const worst = extreme(pages, (p) => p.median.metrics[m.key], "max");
    return worst ? `${m.show(worst.value)} ${code(worst.item.path)}` : "–";
  });
  rows.push(["**worst**", ...worstScores, ...worstMetrics, ""]);
  return table(
    ["Page", ...categories.map((c) => shortLabel[c]), ...metricColumns.map((m) => m.label), "run trouble"],
    rows,
  );
}

function bytesSection(pages: PageResult[]): string {
  const columns: {
    label: string;
    value: (p: PageResult) => number | undefined;
    show: (v: number | undefined) => string;
  }[] = [
    { label: "HTML gz KB", value: (p) => p.bytes?.html, show: kb },
    { label: "document B", value: (p) => p.bytes?.document, show: (v) => String(v ?? "–") },
    { label: "CSS gz KB", value: (p) => p.bytes?.css, show: kb },
    { label: "JS gz KB", value: (p) => p.bytes?.js, show: kb },
    { label: "JS files", value: (p) => p.bytes?.jsFiles, show: (v) => String(v ?? "–") },
    { label: "images KB", value: (p) => p.bytes?.images, show: kb },
    { label: "images", value: (p) => p.bytes?.imageCount, show: (v) => String(v ?? "–") },
    { label: "fonts KB", value: (p) => p.bytes?.fonts, show: kb },
    { label: "requests", value: (p) => p.bytes?.requests, show: (v) => String(v ?? "–") },
    { label: "transferred KB", value: (p) => p.bytes?.transferred, show: kb },
  ];
  const rows = pages.map((page) => [code(page.path), ...columns.map((c) => c.show(c.value(page)))]);
  rows.push([
    "**worst**",
    ...columns.map((c) => {
      const worst = extreme(pages, c.value, "max");
      return worst ? `${c.show(worst.value)} ${code(worst.item.path)}` : "–";
    }),
  ]);
  return table(["Page", ...columns.map((c) => c.label)], rows);
}

function loadRow(label: string, server: string, r: LoadResult): string[] {
  const statuses = Object.entries(r.statuses)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k}: ${n}`)
    .join(", ");
  return [
    label,
    server,
    String(round(r.requestsPerSecond)),
    String(r.latencyP50),
    String(r.latencyP99),
    String(r.latencyMax),
    statuses,
    String(r.errors + r.timeouts),
    r.peakRss === undefined ? "–" : mb(r.peakRss),
  ];
}

/** The audits that most often keep pages below 0.9, with an example figure: where the points go. */
function findingsSection(pages: PageResult[]): string {
  const byAudit = new Map<string, { pages: string[]; example?: string }>();
  for (const page of pages) {
    for (const finding of page.findings) {
      const entry = byAudit.get(finding.id) ?? { pages: [] };
      entry.pages.push(page.path);
      if (finding.displayValue && !entry.example) entry.example = `${finding.displayValue} (${page.path})`;
      byAudit.set(finding.id, entry);
    }
  }
  const rows = [...byAudit.entries()]
    .sort((a, b) => b[1].pages.length - a[1].pages.length)
    .map(([id, entry]) => [code(id), String(entry.pages.length), entry.example ?? ""]);
  if (rows.length === 0) return "No audit scored below 0.9 on any page.";
  const lcp = pages.filter((p) => p.lcpElement).slice(0, 4);
  const lcpLines = lcp.map((p) => `- ${code(p.path)}: ${code(p.lcpElement ?? "")}`).join("\n");
  return `${table(["Audit below 0.9", "pages", "example"], rows)}\n\nLCP element, first pages:\n\n${lcpLines}`;
}

/**
 * Timings depend on a quiet CPU; say so when the run shared it. Only the load
 * as the bench began tells of other work: every later sample also counts the
 * bench's own builds, browsers and load tests.
 */
function busyNote(loads: Record<string, number>, cores: number): string {
  const shown = Object.entries(loads)
    .map(([phase, load]) => `${phase} ${load}`)
    .join(", ");
  const atStart = Object.values(loads)[0] ?? 0;
  const busy = atStart > cores;
  const warning = busy
    ? ` **The machine was busy with other work as this run began (load above its ${cores} cores): timings (Lighthouse ` +
      "metrics, throughput, start-up) read worse than on a quiet machine. Byte counts do not depend on it.**"
    : "";
  return `Machine load (1-minute average) as each phase began: ${shown}.${warning}\n`;
}

/** The blog's search: how long a reader waits for the results page, with many posts to search. */
function searchSection({ search }: BenchResults): string {
  if (!search) return "## Blog search\n\nNot measured in this run.";
  return [
    "## Blog search",
    "",
    `${search.posts} published posts (about 900 words each) and the static articles in a new embedded database; ` +
      `${search.requests} requests to \`/blog/search?q=…\`, one at a time after a warm-up, each timed to the last ` +
      `byte of the page, the queries taken in turn: ${search.queries.map((q) => `\`${q}\``).join(", ")}.`,
    "",
    table(
      ["p50 ms", "p95 ms", "max ms", "failed"],
      [[String(search.latencyP50), String(search.latencyP95), String(search.latencyMax), String(search.failures)]],
    ),
    "",
    `Budget: p95 <= ${BUDGETS.searchP95Ms} ms.`,
  ].join("\n");
}

/** A reader beside a flood of addresses that name nothing (bench/flood.ts). */
function floodSection({ flood }: BenchResults): string {
  if (!flood) return "## Flood\n\nNot measured in this run.";
  const row = (label: string, results: readonly LoadResult[]) => [
    label,
    ...results.map((r) => `${r.latencyP50} / ${r.latencyP99}`),
  ];
  return [
    "## Flood",
    "",
    `${flood.connections} connections ask ${flood.rate} requests/s of random unknown paths, post slugs, project ids, ` +
      `tags and blog searches (${round(flood.flood.requestsPerSecond)} answered per second: ` +
      `${Object.entries(flood.flood.statuses)
        .filter(([, count]) => count > 0)
        .map(([status, count]) => `${count} ${status}`)
        .join(", ")}), while a reader reads a static page and an article, one connection each.`,
    "",
    table(
      ["reader", ...flood.visitorAlone.map((r) => `${code(new URL(r.url).pathname)} p50 / p99 ms`)],
      [row("alone", flood.visitorAlone), row("beside the flood", flood.visitorFlooded)],
    ),
    "",
    `Server CPU per request: ${round(flood.cpuPerRequestAlone * 1000)} µs for the reader alone, ` +
      `${round(flood.cpuPerRequestFlooded * 1000)} µs with the flood. RSS: ${round(mib(flood.rssStart))} MB at the start, ` +
      `${round(mib(flood.rssPeak))} MB at the peak, ${round(mib(flood.rssEnd))} MB after.`,
    "",
    `Budget: the reader's p99 beside the flood <= ${P99_RATIO_BOUND} x alone; the peak RSS <= ${round(mib(RSS_GROWTH_BOUND))} MB ` +
      "over the start; no 5xx.",
  ].join("\n");
}

/** Readers and writers at once: every request must succeed; the p99 of each side. */
function mixedSection({ mixed }: BenchResults): string {
  if (!mixed?.length) return "## Mixed load\n\nNot measured in this run.";
  const first = mixed[0];
  return [
    "## Mixed load",
    "",
    `${first?.readers} readers fetching ${first?.paths.map((p) => `\`${p}\``).join(", ")} back to back, and ` +
      `${first?.writers} signed-in writers autosaving and saving their posts and sending contact messages ` +
      `(200 ms between writes), for ${first?.seconds} s on a new database; each request timed to its last byte.`,
    "",
    table(
      ["database", "side", "requests", "per s", "errors", "p50 ms", "p99 ms", "max ms"],
      mixed.flatMap((result) =>
        (["reads", "writes"] as const).map((side) => {
          const s = result[side];
          return [
            result.engine,
            side === "reads" ? "readers" : "writers",
            String(s.requests),
            String(s.perSecond),
            String(s.errors),
            String(s.latencyP50),
            String(s.latencyP99),
            String(s.latencyMax),
          ];
        }),
      ),
    ),
    "",
    `Budget: ${BUDGETS.mixedErrors} errors.`,
  ].join("\n");
}

export function renderReport(results: BenchResults): string {
  const { meta, options, load, resources, budgets, pages } = results;
  const failed = budgets.filter((b) => b.pass === false).length;
  const v = meta.versions;
  const lines = [
    "# Benchmark report",
    "",
    `Generated by \`npm run bench\` on ${meta.date} at commit \`${meta.commit}\`${meta.dirty ? " (working tree with uncommitted changes)" : ""}; do not edit by hand.`,
    "",
    `**${failed === 0 ? "All budgets pass." : `${failed} of ${budgets.filter((b) => b.pass !== undefined).length} budgets fail.`}**`,
    "",
    `Machine: ${meta.machine.cores} cores (${meta.machine.cpu}), ${meta.machine.memoryGiB} GiB, ${meta.machine.os}. ` +
      `Node ${v.node}, Chromium ${v.chromium}, Lighthouse ${v.lighthouse}, autocannon ${v.autocannon}, nginx ${v.nginx}.`,
    "",
    `Run: ${options.routes === "full" ? "every public page in both languages" : "the quick subset of pages"} (${pages.length} pages), ` +
      `${options.runs} Lighthouse run(s) each and of its floor (mobile, simulated throttling, CPU slowdown ` +
      `${results.calibration.cpuSlowdown}x for a benchmark index of ${results.calibration.referenceIndex ?? "unknown"}); load ${options.durationSeconds} s at ` +
      `${options.connections} connections per target; ${round(meta.durationSeconds / 60, 1)} minutes in all.`,
    "",
    busyNote(meta.loadAverage, meta.machine.cores),
    "## Budgets",
    "",
    table(
      ["Budget", "Limit", "Measured", "Where", "Result"],
      budgets.map((b) => [b.name, b.limit, b.measured, b.where ? code(b.where) : "", verdict(b.pass)]),
    ),
    "",
    "## Build, start and memory",
    "",
    table(
      ["Figure", ...resources.map((r) => r.engine)],
      [
        ["Build time (react-router build, clean)", ...resources.map(() => `${s(results.buildMs)} s`)],
        ["First start, new database, to first 200", ...resources.map((r) => `${s(r.firstStartMs)} s`)],
        ["Cold start, existing database, to first 200", ...resources.map((r) => `${s(r.coldStartMs)} s`)],
        ["RSS at rest", ...resources.map((r) => mb(r.rssAtRest))],
        ["RSS under load (highest sample)", ...resources.map((r) => mb(r.rssUnderLoad))],
        [
          "RSS after it, the fediverse asked for (Fedify loaded)",
          ...resources.map((r) => (r.rssWithFediverse === undefined ? "not measured" : mb(r.rssWithFediverse))),
        ],
        ["RSS high-water mark (VmHWM) at stop", ...resources.map((r) => mb(r.rssPeak))],
      ],
    ),
    "",
    "## Throughput and latency",
    "",
    `autocannon, ${options.connections} connections, ${options.durationSeconds} s after a 2 s warm-up, requests sent with ` +
      "`Accept-Encoding: gzip, deflate, br` as browsers send it. nginx serves the same built files the way the site " +
      `does, from the build's precompressed copies (\`gzip_static on\`${load.nginxServes.brotliStatic ? ", `brotli_static on`" : "; no brotli: Debian's libnginx-mod-http-brotli-static is not installed, so nginx sends gzip where the site sends brotli"}), ` +
      "with sendfile and keep-alive, and as many worker processes as the site has in each comparison.",
    "",
    table(
      ["Target", "Server", "req/s", "p50 ms", "p99 ms", "max ms", "responses", "errors", "peak RSS"],
      [
        loadRow(code(load.static.url.replace(/^https?:\/\/[^/]+/, "")), "ours", load.static),
        loadRow(code(load.nginxStatic.url.replace(/^https?:\/\/[^/]+/, "")), "nginx, 1 worker", load.nginxStatic),
        ...(load.allCores
          ? [
              loadRow(
                code(load.allCores.site.url.replace(/^https?:\/\/[^/]+/, "")),
                `ours, PostgreSQL, ${load.allCores.workers} workers`,
                load.allCores.site,
              ),
              loadRow(
                code(load.allCores.nginx.url.replace(/^https?:\/\/[^/]+/, "")),
                `nginx, ${load.allCores.workers} workers`,
                load.allCores.nginx,
              ),
            ]
          : []),
        loadRow(code(load.post.url.replace(/^https?:\/\/[^/]+/, "")), "ours", load.post),
        loadRow(code(load.notFound.url.replace(/^https?:\/\/[^/]+/, "")), "ours", load.notFound),
        ...resources
          .filter((r) => r.load && r.engine === "PostgreSQL")
          .map((r) =>
            loadRow(
              code((r.load as LoadResult).url.replace(/^https?:\/\/[^/]+/, "")),
              "ours, PostgreSQL",
              r.load as LoadResult,
            ),
          ),
      ],
    ),
    "",
    `Static throughput, one worker process each: ${round(load.staticRatio, 2)} x nginx; ` +
      (load.allCores
        ? `${load.allCores.workers} each (one per core): ${round(load.allCores.ratio, 2)} x nginx`
        : "one per core each: not measured (the site's workers need PostgreSQL: set DATABASE_URL)") +
      ` (budget >= ${BUDGETS.staticVsNginx}).`,
    "",
    workersSection(results),
    "",
    searchSection(results),
    "",
    floodSection(results),
    "",
    mixedSection(results),
    "",
    calibrationSection(results),
    "",
    "## Lighthouse per page (median of runs)",
    "",
    `Scores are medians; a lower single run shows in brackets. Metrics are medians, simulated mobile at ` +
      `${results.calibration.cpuSlowdown}x CPU slowdown.`,
    "",
    lighthouseSection(pages),
    "",
    ...(fixedSection(pages) ? [fixedSection(pages), ""] : []),
    floorSection(pages),
    "",
    "## Bytes per page",
    "",
    "HTML, CSS and JavaScript are gzip -9 sizes of the files the page loads (JavaScript: every script fetched " +
      "before interaction, from the HTML's script and modulepreload tags and Lighthouse's network log). Images, " +
      "fonts, requests and transferred bytes are from the Lighthouse page load as served today. KB = 1024 bytes.",
    "",
    bytesSection(pages),
    "",
    "## Where the points go",
    "",
    "Audits scoring below 0.9 in the run with the median performance score, by number of pages.",
    "",
    findingsSection(pages),
    "",
    `Category labels: ${categories.map((c) => `${shortLabel[c]} = ${categoryLabel[c]}`).join(", ")}.`,
    "",
  ];
  return lines.join("\n");
}

/**
 * Metric families as Prometheus text (exposition format 0.0.4), the metrics
 * every process has (memory, uptime, event-loop lag), and the merge of
 * several workers' families into one scrape. Small on purpose: the cluster's
 * primary loads it, and nothing of the server (decision 028).
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { Labels, MetricFamily, Sample } from "../app/server/metrics.server.ts";

export const CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

const escapeLabel = (value: string) => value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
const escapeHelp = (value: string) => value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");

function formatValue(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Number.POSITIVE_INFINITY) return "+Inf";
  if (value === Number.NEGATIVE_INFINITY) return "-Inf";
  return String(value);
}

function formatLabels(labels: Labels): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return "";
  return `{${entries.map(([name, value]) => `${name}="${escapeLabel(value)}"`).join(",")}}`;
}

/** The exposition text of these families, each once, in order. */
export function renderFamilies(families: readonly MetricFamily[]): string {
  const lines: string[] = [];
  for (const family of families) {
    lines.push(`# HELP ${family.name} ${escapeHelp(family.help)}`, `# TYPE ${family.name} ${family.type}`);
    for (const sample of family.samples) {
      lines.push(`${sample.name}${formatLabels(sample.labels)} ${formatValue(sample.value)}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/**
 * One list of families from several processes: each sample gains the label
 * `worker` (the worker's index, or `primary`), and a family several processes
 * report is listed once with all their samples. Counters are not summed: each
 * process's series resets on its own when it restarts, which `rate()` handles;
 * `sum without (worker) (…)` gives the machine's figure (decision 028).
 */
export function mergeProcesses(
  parts: readonly { worker: string; families: readonly MetricFamily[] }[],
): MetricFamily[] {
  const merged = new Map<string, MetricFamily>();
  for (const { worker, families } of parts) {
    for (const family of families) {
      let target = merged.get(family.name);
      if (!target) {
        target = { name: family.name, help: family.help, type: family.type, samples: [] };
        merged.set(family.name, target);
      }
      for (const sample of family.samples) {
        target.samples.push({ name: sample.name, labels: { worker, ...sample.labels }, value: sample.value });
      }
    }
  }
  return [...merged.values()];
}

const gauge = (name: string, help: string, value: number, labels: Labels = {}): MetricFamily => ({
  name,
  help,
  type: "gauge",
  samples: [{ name, labels, value }],
});

/**
 * Event-loop lag of this process, sampled every 20 ms by perf_hooks. Each
 * read gives the percentiles since the previous read and starts over, so a
 * scrape shows the lag of its own interval.
 */
export function eventLoopLag(): () => MetricFamily[] {
  const histogram = monitorEventLoopDelay({ resolution: 20 });
  histogram.enable();
  return () => {
    // Nanoseconds. No sample yet (a read just after the last): the gauges are listed without one.
    const empty = histogram.count === 0;
    const family = (name: string, help: string, nanoseconds: number): MetricFamily => ({
      name,
      help,
      type: "gauge",
      samples: empty ? [] : [{ name, labels: {}, value: nanoseconds / 1e9 }],
    });
    const families = [
      family(
        "nodejs_eventloop_lag_p50_seconds",
        "Event-loop delay, median since the last scrape.",
        histogram.percentile(50),
      ),
      family(
        "nodejs_eventloop_lag_p99_seconds",
        "Event-loop delay, 99th percentile since the last scrape.",
        histogram.percentile(99),
      ),
      family("nodejs_eventloop_lag_max_seconds", "Event-loop delay, largest since the last scrape.", histogram.max),
    ];
    histogram.reset();
    return families;
  };
}

/** Memory and uptime of this process. */
export function processFamilies(
  memory: NodeJS.MemoryUsage = process.memoryUsage(),
  uptime = process.uptime(),
): MetricFamily[] {
  return [
    gauge("process_resident_memory_bytes", "Resident memory of the process.", memory.rss),
    gauge("nodejs_heap_used_bytes", "V8 heap in use.", memory.heapUsed),
    gauge("nodejs_heap_total_bytes", "V8 heap reserved.", memory.heapTotal),
    gauge(
      "nodejs_external_memory_bytes",
      "Memory of C++ objects bound to JavaScript (buffers included).",
      memory.external,
    ),
    gauge("process_uptime_seconds", "Seconds since the process started.", uptime),
  ];
}

/** Whether something is a list of metric families (as one comes over IPC from a worker). */
export function isFamilyList(value: unknown): value is MetricFamily[] {
  return (
    Array.isArray(value) &&
    value.every(
      (family: Partial<MetricFamily>) =>
        typeof family?.name === "string" &&
        typeof family.help === "string" &&
        typeof family.type === "string" &&
        Array.isArray(family.samples) &&
        family.samples.every(
          (sample: Partial<Sample>) => typeof sample?.name === "string" && typeof sample.value === "number",
        ),
    )
  );
}

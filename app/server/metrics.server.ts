/**
 * The process's Prometheus metrics as data: counters that application code
 * moves (an autosave stored, an image uploaded) and gauges read when the
 * metrics are scraped. Application code imports only this module, never the
 * HTTP server; the server (http-server/observability.ts) renders what is
 * registered here on the metrics port (decision 028).
 *
 * The registry is a `singleton`: the route modules run from React
 * Router's server bundle, a separate copy of this module from the one the
 * server started, and both must count into one place.
 *
 * @example
 * const autosaves = counter("blog_autosaves_total", "Autosaves of a post stored.");
 * autosaves.inc();
 * registerGauge("backup_age_seconds", "Seconds since the last backup.", () => undefined);
 */

import { singleton } from "../lib/singleton.ts";

export type Labels = Readonly<Record<string, string>>;

/** One line of the exposition: a sample's full name (with `_bucket`, `_sum`… when it has one), labels and value. */
export interface Sample {
  name: string;
  labels: Labels;
  value: number;
}

export interface MetricFamily {
  name: string;
  help: string;
  type: "counter" | "gauge" | "histogram";
  samples: Sample[];
}

/** What a gauge's reader returns: one value, none (no sample: unknown, such as "no backup yet"), or labelled values. */
export type GaugeReading = number | undefined | readonly { labels: Labels; value: number }[];

export interface Counter {
  /** Adds `by` (default 1) to the series of these labels. */
  inc(labels?: Labels, by?: number): void;
}

interface Registry {
  /** In registration order, by family name. */
  collectors: Map<string, () => MetricFamily>;
  counters: Map<string, Counter>;
}

function registry(): Registry {
  return singleton<Registry>("metrics", () => ({ collectors: new Map(), counters: new Map() }));
}

/** Metric and label names as Prometheus allows them. */
const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;

function checkName(name: string) {
  if (!NAME.test(name)) throw new Error(`Not a metric name: "${name}"`);
}

/**
 * Adds a family read at each scrape; a later registration under the same
 * name replaces the earlier one. Returns a function that removes it.
 */
export function registerCollector(name: string, collect: () => MetricFamily): () => void {
  checkName(name);
  const collectors = registry().collectors;
  collectors.set(name, collect);
  return () => {
    if (collectors.get(name) === collect) collectors.delete(name);
  };
}

/**
 * A gauge read when the metrics are scraped: `read` returns its value, or
 * undefined when there is none to give (the family is then listed without a
 * sample, as Prometheus expects of a value that does not exist yet), or
 * labelled values. A reader that throws gives no sample.
 * @example registerGauge("db_pool_connections", "Connections of the pool.", () => [{ labels: { state: "idle" }, value: 3 }])
 */
export function registerGauge(name: string, help: string, read: () => GaugeReading): () => void {
  return registerCollector(name, () => {
    let reading: GaugeReading;
    try {
      reading = read();
    } catch {
      reading = undefined;
    }
    const samples =
      reading === undefined
        ? []
        : typeof reading === "number"
          ? [{ name, labels: {}, value: reading }]
          : reading.map(({ labels, value }) => ({ name, labels, value }));
    return { name, help, type: "gauge", samples };
  });
}

/**
 * A counter: created once per process under its name (the same object for
 * every copy of the calling module), listed from registration with the
 * series already moved.
 */
export function counter(name: string, help: string): Counter {
  const known = registry().counters.get(name);
  if (known) return known;
  const series = new Map<string, { labels: Labels; value: number }>();
  const created: Counter = {
    inc(labels = {}, by = 1) {
      const key = JSON.stringify(labels);
      const entry = series.get(key);
      if (entry) entry.value += by;
      else series.set(key, { labels, value: by });
    },
  };
  registry().counters.set(name, created);
  registerCollector(name, () => ({
    name,
    help,
    type: "counter",
    samples: [...series.values()].map(({ labels, value }) => ({ name, labels, value })),
  }));
  return created;
}

/** Every registered family, read now. */
export function collectRegistered(): MetricFamily[] {
  return [...registry().collectors.values()].map((collect) => collect());
}

/** Post drafts stored by the editor's autosave (app/server/blog/admin-actions.server.ts). */
export const autosaves = counter("blog_autosaves_total", "Autosaves of a post stored by the editor.");

/** Images uploaded through the admin and stored (app/routes/admin-blog-upload.ts). */
export const uploads = counter("blog_uploads_total", "Images uploaded through the admin and stored.");

/**
 * The age of the last backup, from a function that knows when it was taken;
 * until one is known the gauge has no sample (Prometheus: absent, not zero).
 * @example registerBackupAge(() => lastBackupAt())
 */
export function registerBackupAge(lastBackupAt: () => Date | undefined = () => undefined): () => void {
  return registerGauge("backup_age_seconds", "Seconds since the last backup was taken.", () => {
    const at = lastBackupAt();
    return at ? (Date.now() - at.getTime()) / 1000 : undefined;
  });
}

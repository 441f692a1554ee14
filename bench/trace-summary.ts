/**
 * What the page's main thread did around each touch of a run of
 * `npm run bench:taps` kept with `BENCH_TAPS_TRACE`: per touch (from its
 * `pointerdown` to the next touch, the last one to the end of the trace),
 * the tasks that started in that stretch, their wall and thread time, the
 * longest, the elements whose style was recalculated, and the wall time by
 * kind (script, style, layout, paint, parse, garbage collection) as the
 * self time of Chromium's timeline events. Before the first touch, the same
 * from the first contentful paint.
 *
 * `node bench/trace-summary.ts <trace.json>...` prints a table per trace.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { round } from "./stats.ts";

/** One event of Chromium's trace format, as much of it as is read here. */
export interface TraceEvent {
  name: string;
  ph: string;
  /** Microseconds. */
  ts: number;
  dur?: number;
  /** Thread time, microseconds. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; elementCount?: number; data?: { type?: string } };
}

const KINDS = ["script", "style", "layout", "paint", "parse", "gc", "other"] as const;
type Kind = (typeof KINDS)[number];

/** The kind of a timeline event's own time, as DevTools' summary groups it. */
function kindOf(name: string): Kind {
  if (name === "UpdateLayoutTree" || name === "RecalculateStyles" || name === "ParseAuthorStyleSheet") return "style";
  if (
    ["Layout", "PrePaint", "Layerize", "HitTest", "IntersectionObserverController::computeIntersections"].includes(name)
  )
    return "layout";
  if (["Paint", "PaintImage", "Decode Image", "ImageDecodeTask", "Commit", "RasterTask"].includes(name)) return "paint";
  if (name === "ParseHTML") return "parse";
  if (/GC|^V8\.GC/.test(name)) return "gc";
  if (
    /^(v8\.|V8\.)/.test(name) ||
    [
      "FunctionCall",
      "EvaluateScript",
      "EventDispatch",
      "TimerFire",
      "FireAnimationFrame",
      "FireIdleCallback",
      "RunMicrotasks",
    ].includes(name)
  )
    return "script";
  return "other";
}

/** What the main thread did in one stretch of the run. */
export interface Stretch {
  /** "first paint", then the touches in order: "touch 1", "touch 2", ... */
  label: string;
  /** When it starts, ms after the first contentful paint (the trace's start when there is none). */
  startMs: number;
  tasks: number;
  wallMs: number;
  cpuMs: number;
  longestMs: number;
  /** Elements whose style was recalculated. */
  restyled: number;
  byKind: Record<Kind, number>;
}

/**
 * The page's stretches: its renderer's main thread is the one on which a
 * `pointerdown` was dispatched.
 * @example summarizeTrace(events).map((stretch) => stretch.label) // ["first paint", "touch 1", "touch 2", "touch 3"]
 */
export function summarizeTrace(events: readonly TraceEvent[]): Stretch[] {
  const isTouch = (event: TraceEvent) =>
    event.name === "EventDispatch" && event.ph === "X" && event.args?.data?.type === "pointerdown";
  const firstTouch = events.find(isTouch);
  if (!firstTouch) return [];
  const onMain = events.filter(
    (event) => event.pid === firstTouch.pid && event.tid === firstTouch.tid && event.ph === "X",
  );
  onMain.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const paint = events.find((event) => event.name === "firstContentfulPaint" && event.pid === firstTouch.pid);
  const zero = paint?.ts ?? onMain[0]?.ts ?? 0;
  const end = Math.max(...onMain.map((event) => event.ts + (event.dur ?? 0)));
  const touches = onMain.filter(isTouch).map((event) => event.ts);
  const bounds = [zero, ...touches, end];
  // Each event's own time: its duration less its children's, on one thread's stack.
  const own = new Map<TraceEvent, number>();
  const stack: TraceEvent[] = [];
  const topLevel: TraceEvent[] = [];
  for (const event of onMain) {
    while (stack.length > 0) {
      const top = stack.at(-1) as TraceEvent;
      if (event.ts < top.ts + (top.dur ?? 0)) break;
      stack.pop();
    }
    const parent = stack.at(-1);
    if (parent) own.set(parent, (own.get(parent) ?? 0) - (event.dur ?? 0));
    else if (event.name === "RunTask") topLevel.push(event);
    own.set(event, (own.get(event) ?? 0) + (event.dur ?? 0));
    stack.push(event);
  }
  const ms = (microseconds: number) => microseconds / 1000;
  return bounds.slice(0, -1).map((from, index) => {
    const to = bounds[index + 1] ?? end;
    const within = (event: TraceEvent) => event.ts >= from && event.ts < to;
    const tasks = topLevel.filter(within);
    const byKind = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
    let restyled = 0;
    for (const event of onMain.filter(within)) {
      byKind[kindOf(event.name)] += ms(own.get(event) ?? 0);
      if (event.name === "UpdateLayoutTree") restyled += event.args?.elementCount ?? 0;
    }
    return {
      label: index === 0 ? "first paint" : `touch ${index}`,
      startMs: ms(from - zero),
      tasks: tasks.length,
      wallMs: ms(tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0)),
      cpuMs: ms(tasks.reduce((sum, task) => sum + (task.tdur ?? 0), 0)),
      longestMs: ms(Math.max(0, ...tasks.map((task) => task.dur ?? 0))),
      restyled,
      byKind,
    };
  });
}

/** The stretches as a Markdown table. */
export function stretchTable(stretches: readonly Stretch[]): string {
  const header = ["from", "at ms", "tasks", "wall ms", "CPU ms", "longest ms", "restyled", ...KINDS];
  const rows = stretches.map((stretch) =>
    [
      stretch.label,
      stretch.startMs,
      stretch.tasks,
      stretch.wallMs,
      stretch.cpuMs,
      stretch.longestMs,
      stretch.restyled,
      ...KINDS.map((kind) => stretch.byKind[kind]),
    ].map((cell) => (typeof cell === "number" ? String(round(cell)) : cell)),
  );
  return [header, header.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
}

if (import.meta.main) {
  for (const file of process.argv.slice(2)) {
    const trace = JSON.parse(await readFile(file, "utf8")) as TraceEvent[] | { traceEvents: TraceEvent[] };
    const events = Array.isArray(trace) ? trace : trace.traceEvents;
    console.info(`${path.basename(file)}\n\n${stretchTable(summarizeTrace(events))}\n`);
  }
}

import { describe, expect, it } from "vitest";
import { stretchTable, summarizeTrace, type TraceEvent } from "../../bench/trace-summary.ts";

const MAIN = { pid: 2, tid: 7 };
/** A complete event on the page's main thread, times in ms. */
const task = (name: string, at: number, ms: number, extra: Partial<TraceEvent> = {}): TraceEvent => ({
  name,
  ph: "X",
  ts: at * 1000,
  dur: ms * 1000,
  tdur: (ms * 1000) / 2,
  ...MAIN,
  ...extra,
});
const touchAt = (at: number) => task("EventDispatch", at, 2, { args: { data: { type: "pointerdown" } } });

describe("a run's trace, summed around each touch", () => {
  const events: TraceEvent[] = [
    // Another renderer's busy thread is not the page's.
    { name: "RunTask", ph: "X", ts: 0, dur: 900_000, pid: 3, tid: 3 },
    { name: "firstContentfulPaint", ph: "R", ts: 100_000, ...MAIN },
    ...[task("RunTask", 150, 40), task("ParseHTML", 150, 30), task("RunTask", 1100, 10), touchAt(1100)],
    ...[task("RunTask", 1120, 100), task("FunctionCall", 1120, 20), task("Paint", 1190, 25)],
    task("PaintImage", 1200, 10),
    task("UpdateLayoutTree", 1140, 50, { args: { elementCount: 443 } }),
    ...[task("RunTask", 1400, 8), touchAt(1400), task("RunTask", 1420, 30), task("MinorGC", 1420, 12)],
  ];

  it("splits the main thread's work at each pointerdown, from the first contentful paint", () => {
    const stretches = summarizeTrace(events);
    expect(stretches.map(({ label, startMs, tasks }) => ({ label, startMs, tasks }))).toEqual([
      { label: "first paint", startMs: 0, tasks: 1 },
      { label: "touch 1", startMs: 1000, tasks: 2 },
      { label: "touch 2", startMs: 1300, tasks: 2 },
    ]);
  });

  it("counts each event's own time by kind, the longest task, its thread time and the elements restyled", () => {
    const [first, touch] = summarizeTrace(events);
    expect(first?.byKind.parse).toBe(30);
    expect(touch).toMatchObject({ wallMs: 110, cpuMs: 55, longestMs: 100, restyled: 443 });
    // The image painted inside a paint is paint too; the tasks' own time is other.
    expect(touch?.byKind).toMatchObject({ script: 22, style: 50, paint: 25, other: 13 });
    expect(summarizeTrace(events)[2]?.byKind.gc).toBe(12);
  });

  it("finds nothing in a trace without a touch, and prints a table", () => {
    expect(summarizeTrace(events.filter((event) => event.name !== "EventDispatch"))).toEqual([]);
    expect(stretchTable(summarizeTrace(events))).toContain("| touch 1 | 1000 | 2 | 110 | 55 | 100 | 443 | 22 | 50 |");
  });
});

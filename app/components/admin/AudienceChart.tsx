import { useId } from "react";
import { ChevronDown } from "~/components/icons";
import type { DayCount } from "~/server/analytics/report.server.ts";
import { cell, ScrollTable } from "./parts.tsx";

/** How wide a day's slot is in the chart's own units; its bar leaves a gap on a short range only. */
const SLOT = 10;
const HEIGHT = 100;

/** A line across the chart: the baseline, or a dashed guide; a hairline however the chart stretches. */
function Rule({ y, width, base = false }: { y: number; width: number; base?: boolean }) {
  return (
    <line
      x1={0}
      x2={width}
      y1={y}
      y2={y}
      className={base ? "stroke-fg-muted" : "stroke-line"}
      strokeDasharray={base ? undefined : "4 4"}
      vectorEffect="non-scaling-stroke"
    />
  );
}

/**
 * A bar chart of one figure per day, drawn by hand: an SVG that stretches to
 * its box (365 bars stay legible on a phone, thin), one image to a screen
 * reader with a summary for its name, and its numbers as a real table in a
 * disclosure beneath.
 * @example <DayChart heading="Views per day" label="Bar chart of…" days={days} figure="views" … />
 */
export function DayChart({
  heading,
  label,
  days,
  figure,
  texts,
  formatDay,
  formatNumber,
  testId,
}: {
  heading: string;
  /** The image's accessible name: what the bars say, in words. */
  label: string;
  days: DayCount[];
  figure: "views" | "visitors";
  texts: { day: string; figure: string; showTable: string; range: string };
  formatDay: (day: string) => string;
  formatNumber: (value: number) => string;
  testId: string;
}) {
  const id = useId();
  const max = Math.max(1, ...days.map((day) => day[figure]));
  const gap = days.length <= 31 ? 1.5 : 0;
  const width = days.length * SLOT;
  return (
    <section aria-labelledby={id} data-testid={testId}>
      <h3 id={id} className="font-semibold">
        {heading}
      </h3>
      <div className="mt-3 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-fg-muted">
        <span className="-mt-1.5 min-w-8 text-right tabular-nums">{formatNumber(max)}</span>
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="row-span-2 block h-40 w-full overflow-visible sm:h-48"
        >
          <Rule y={0} width={width} />
          <Rule y={HEIGHT / 2} width={width} />
          {days.map((day, index) => {
            const value = day[figure];
            // A day with something counted shows at least a sliver.
            const height = value === 0 ? 0 : Math.max(1.5, (value / max) * HEIGHT);
            return (
              <rect
                key={day.day}
                x={index * SLOT + gap}
                y={HEIGHT - height}
                width={SLOT - 2 * gap}
                height={height}
                className={figure === "views" ? "fill-accent" : "fill-accent-2"}
              >
                <title>{`${formatDay(day.day)}: ${formatNumber(value)}`}</title>
              </rect>
            );
          })}
          <Rule y={HEIGHT} width={width} base />
        </svg>
        <span className="self-end text-right tabular-nums">0</span>
        <span className="col-start-2 mt-1 flex justify-between gap-2">
          <span>{formatDay(days[0]?.day ?? "")}</span>
          <span>{formatDay(days.at(-1)?.day ?? "")}</span>
        </span>
      </div>
      <details className="group mt-3">
        <summary className="inline-flex cursor-pointer list-none items-center gap-1.5 rounded-full border border-line px-3 py-1.5 text-sm hover:border-accent hover:text-accent [&::-webkit-details-marker]:hidden">
          {texts.showTable}
          <span className="sr-only">: {heading}</span>
          <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
        </summary>
        <ScrollTable caption={`${heading}: ${texts.range}`} head={[texts.day, texts.figure]} tall>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row" className={`${cell} font-normal`}>
                <time dateTime={day.day}>{formatDay(day.day)}</time>
              </th>
              <td className={`${cell} tabular-nums`}>{formatNumber(day[figure])}</td>
            </tr>
          ))}
        </ScrollTable>
      </details>
    </section>
  );
}

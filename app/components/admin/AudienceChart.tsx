import { useId } from "react";
import { ChevronDown } from "~/components/icons";
import { format } from "~/i18n";
import type { DayCount } from "~/server/analytics/report.server.ts";
import { cell, ScrollTable } from "./parts.tsx";

/** How wide a day's slot is in the chart's own units, and the gap a bar leaves on each side (a short range only). */
const SLOT = 10;
const GAP = 1.5;
const HEIGHT = 100;
/**
 * Up to a month, each day is a bar with its own tooltip and a row of the
 * table; a longer range (a year) is drawn as one shape and tabled a week a
 * row, so its page stays small (the CSV export has every day).
 */
const DAY_BY_DAY = 31;

export interface ChartTexts {
  day: string;
  figure: string;
  showTable: string;
  /** The range's dates, in words. */
  range: string;
  week: string;
  weekRange: string;
  weeklyCaption: string;
  weeklyNote: string;
  averagePerDay: string;
  busiestDay: string;
}

/** A bar's height: a day with something counted shows at least a sliver. */
const barHeight = (value: number, max: number) => (value === 0 ? 0 : Math.max(1.5, (value / max) * HEIGHT));

/** To a tenth: enough for a bar a tenth of a slot high. */
const round = (value: number) => Math.round(value * 10) / 10;

/** The days a week at a time, the last week ending on the range's last day (the first may be shorter). */
function weeksOf(days: DayCount[]): DayCount[][] {
  const weeks: DayCount[][] = [];
  for (let end = days.length; end > 0; end -= 7) weeks.unshift(days.slice(Math.max(0, end - 7), end));
  return weeks;
}

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
 * disclosure beneath: a row a day up to a month, a row a week beyond.
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
  formatAverage,
  testId,
}: {
  heading: string;
  /** The image's accessible name: what the bars say, in words. */
  label: string;
  days: DayCount[];
  figure: "views" | "visitors";
  texts: ChartTexts;
  formatDay: (day: string) => string;
  formatNumber: (value: number) => string;
  /** An average per day, to a tenth when small (the week table's visitors). */
  formatAverage: (value: number) => string;
  testId: string;
}) {
  const id = useId();
  const max = Math.max(1, ...days.map((day) => day[figure]));
  const width = days.length * SLOT;
  const fill = figure === "views" ? "fill-accent" : "fill-accent-2";
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
          {days.length > DAY_BY_DAY ? (
            // The bars side by side as one outline: up or down to each day's height, then a slot along.
            <path
              d={`M0 ${HEIGHT}${days.map((day) => `V${round(HEIGHT - barHeight(day[figure], max))}h${SLOT}`).join("")}V${HEIGHT}z`}
              className={fill}
            />
          ) : (
            days.map((day, index) => {
              const height = barHeight(day[figure], max);
              return (
                <rect
                  key={day.day}
                  x={index * SLOT + GAP}
                  y={HEIGHT - height}
                  width={SLOT - 2 * GAP}
                  height={height}
                  className={fill}
                >
                  <title>{`${formatDay(day.day)}: ${formatNumber(day[figure])}`}</title>
                </rect>
              );
            })
          )}
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
        {days.length > DAY_BY_DAY ? (
          <WeekTable
            heading={heading}
            days={days}
            figure={figure}
            texts={texts}
            formatDay={formatDay}
            formatNumber={formatNumber}
            formatAverage={formatAverage}
          />
        ) : (
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
        )}
      </details>
    </section>
  );
}

/**
 * A long range's numbers a week a row: its views added up, its visitors as
 * the week's average per day and its busiest day's (visitors of different
 * days are never added up).
 */
function WeekTable({
  heading,
  days,
  figure,
  texts,
  formatDay,
  formatNumber,
  formatAverage,
}: {
  heading: string;
  days: DayCount[];
  figure: "views" | "visitors";
  texts: ChartTexts;
  formatDay: (day: string) => string;
  formatNumber: (value: number) => string;
  formatAverage: (value: number) => string;
}) {
  const head = figure === "views" ? [texts.week, texts.figure] : [texts.week, texts.averagePerDay, texts.busiestDay];
  return (
    <>
      <p className="mt-3 text-sm text-fg-muted">{texts.weeklyNote}</p>
      <ScrollTable caption={format(texts.weeklyCaption, { heading, range: texts.range })} head={head} tall>
        {weeksOf(days).map((week) => {
          const first = week[0]?.day ?? "";
          const last = week.at(-1)?.day ?? first;
          const values = week.map((day) => day[figure]);
          const sum = values.reduce((total, value) => total + value, 0);
          return (
            <tr key={first}>
              <th scope="row" className={`${cell} font-normal`}>
                {first === last ? (
                  <time dateTime={first}>{formatDay(first)}</time>
                ) : (
                  format(texts.weekRange, { first: formatDay(first), last: formatDay(last) })
                )}
              </th>
              {figure === "views" ? (
                <td className={`${cell} tabular-nums`}>{formatNumber(sum)}</td>
              ) : (
                <>
                  <td className={`${cell} tabular-nums`}>{formatAverage(sum / week.length)}</td>
                  <td className={`${cell} tabular-nums`}>{formatNumber(Math.max(...values))}</td>
                </>
              )}
            </tr>
          );
        })}
      </ScrollTable>
    </>
  );
}

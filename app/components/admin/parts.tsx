/** Building blocks of the admin's pages: headings, tables that scroll, tallies, a notice. */
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from "react";
import { ArrowRight, Info } from "~/components/icons";
import { card } from "~/components/portfolio/styles.ts";
import { format, htmlLang, useT } from "~/i18n";

/** The admin's looks of a section's heading and of a table's cells. */
export const sectionHeading = "text-xl font-bold tracking-tight";
export const cell = "whitespace-nowrap px-3 py-2.5";
// Long addresses and paths wrap anywhere rather than push the table wider than a desktop screen.
export const wrapping = "px-3 py-2.5 [overflow-wrap:anywhere]";

/** Whether a box is narrower than what it holds, kept up to date as either changes size (a box out of sight is not). */
function useOverflows(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === "undefined") return;
    const check = () => setOverflows(box.clientWidth > 0 && box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    check();
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/**
 * Each row's first cell (its header) stays at the left edge while the others
 * scroll under it, on its row's background. On a phone it takes at most
 * 9rem, wrapping, and the column headers wrap too, so the columns beside it
 * have room to be read whole.
 */
const stickyFirstColumn =
  "[&_tr>:first-child]:sticky [&_tr>:first-child]:left-0 [&_tr>:first-child]:z-[1] " +
  "[&_tr>:first-child]:shadow-[inset_-1px_0_0_var(--color-line)] [&_tbody_tr>:first-child]:bg-bg " +
  "max-sm:[&_tr>:first-child]:min-w-28 max-sm:[&_tr>:first-child]:max-w-36 " +
  "max-sm:[&_tr>:first-child]:whitespace-normal max-sm:[&_tr>:first-child]:[overflow-wrap:anywhere] " +
  "max-sm:[&_thead_th]:whitespace-normal max-sm:[&_thead_th]:min-w-20 max-sm:[&_thead_th]:align-bottom";

/**
 * A table in a box of its own that scrolls sideways on a narrow screen, never
 * the page; focusable to scroll by keyboard, and named by its caption. Each
 * row's header stays in view at the left while the rest scrolls, and when the
 * table is wider than its box a line above it says that it scrolls (and
 * describes the box to a screen reader). The box is positioned, so the
 * screen-reader-only texts in it (absolutely positioned) scroll and clip with
 * it instead of widening the page.
 * @example <ScrollTable caption="Pages" head={["Page", "Views"]}><tr>…</tr></ScrollTable>
 */
export function ScrollTable({
  caption,
  head,
  children,
  testId,
  tall = false,
}: {
  caption: string;
  head: string[];
  children: ReactNode;
  testId?: string;
  /** A long table (a year of days): it scrolls down inside its box too, under its header row. */
  tall?: boolean;
}) {
  const { t } = useT();
  const box = useRef<HTMLElement>(null);
  const overflows = useOverflows(box);
  const hintId = useId();
  return (
    <div className="mt-4">
      {overflows && (
        <p id={hintId} className="mb-1.5 flex items-center gap-1.5 text-xs text-fg-muted" data-testid="scroll-hint">
          {t.admin.scrollHint}
          <ArrowRight className="size-3.5 shrink-0" aria-hidden="true" />
        </p>
      )}
      <section
        ref={box}
        aria-label={caption}
        aria-describedby={overflows ? hintId : undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that may scroll must be reachable by keyboard to scroll it (WCAG 2.1.1, axe scrollable-region-focusable)
        tabIndex={0}
        className={`relative overflow-x-auto rounded-card border border-line ${tall ? "max-h-96 overflow-y-auto" : ""}`}
        data-testid={testId}
      >
        <table className={`w-full text-left text-sm ${stickyFirstColumn}`}>
          <caption className="sr-only">{caption}</caption>
          <thead
            className={`bg-surface text-xs uppercase tracking-wide text-fg-muted [&_th]:bg-surface ${tall ? "sticky top-0 z-[2]" : ""}`}
          >
            <tr>
              {head.map((name) => (
                <th key={name} scope="col" className={`${cell} font-semibold`}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">{children}</tbody>
        </table>
      </section>
    </div>
  );
}

/** A card of labelled numbers. */
export function Tally({ heading, rows }: { heading: string; rows: [string, ReactNode][] }) {
  return (
    <div className={`${card} p-5`}>
      <h3 className="font-semibold">{heading}</h3>
      <dl className="mt-3 grid gap-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-baseline justify-between gap-4">
            <dt className="text-fg-muted">{label}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** A notice that something is switched off, at the top of a page. */
export function OffNotice({ text, testId }: { text: string; testId: string }) {
  return (
    <div
      className="flex gap-3 rounded-card border-2 border-danger/60 bg-danger/10 p-5 font-medium"
      data-testid={testId}
    >
      <Info className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
      <p className="break-words">{text}</p>
    </div>
  );
}

/** Numbers, days and languages as the page's language writes them. */
export interface Formats {
  number: (value: number) => string;
  /** A `YYYY-MM-DD` day: "3 de nov." or, with the year, "3 de nov. de 2026". */
  day: (day: string, withYear?: boolean) => string;
  /** A language's name ("Inglês"), or the code as it is when it is not one of the site's. */
  language: (code: string) => string;
  /**
   * An average that may be small: a tenth under 10 ("0,4"), "menos de 0,1"
   * above nothing, whole from 10; never "0" beside something counted.
   */
  average: (value: number) => string;
}

/** The page's formats (`Intl`, in the page's language). */
export function useFormats(): Formats {
  const { lang, t } = useT();
  const numbers = new Intl.NumberFormat(htmlLang[lang]);
  // In UTC: the day is a calendar day already, and the server's render and the browser's agree.
  const options = { day: "numeric", month: "short", timeZone: "UTC" } as const;
  const short = new Intl.DateTimeFormat(htmlLang[lang], options);
  const long = new Intl.DateTimeFormat(htmlLang[lang], { ...options, year: "numeric" });
  const tenths = new Intl.NumberFormat(htmlLang[lang], { maximumFractionDigits: 1 });
  return {
    number: (value) => numbers.format(value),
    day: (day, withYear = false) => (withYear ? long : short).format(new Date(`${day}T00:00:00Z`)),
    language: (code) => (code === "pt" || code === "en" ? t.admin.languageNames[code] : code),
    average: (value) => {
      if (value <= 0) return numbers.format(0);
      if (value < 0.05) return format(t.admin.audience.lessThan, { value: tenths.format(0.1) });
      return value < 10 ? tenths.format(value) : numbers.format(Math.round(value));
    },
  };
}

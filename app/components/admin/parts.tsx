/** Building blocks of the admin's pages: headings, tables that scroll, tallies, a notice. */
import type { ReactNode } from "react";
import { Info } from "~/components/icons";
import { card } from "~/components/portfolio/styles.ts";
import { htmlLang, useT } from "~/i18n";

/** The admin's looks of a section's heading and of a table's cells. */
export const sectionHeading = "text-xl font-bold tracking-tight";
export const cell = "whitespace-nowrap px-3 py-2.5";
// Long addresses and paths wrap anywhere rather than push the table wider than a desktop screen.
export const wrapping = "px-3 py-2.5 [overflow-wrap:anywhere]";

/**
 * A table in a box of its own that scrolls sideways on a narrow screen, never
 * the page; focusable to scroll by keyboard. The box is positioned, so the
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
  return (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that may scroll must be reachable by keyboard to scroll it (WCAG 2.1.1, axe scrollable-region-focusable)
      tabIndex={0}
      className={`relative mt-4 overflow-x-auto rounded-card border border-line ${tall ? "max-h-96 overflow-y-auto" : ""}`}
      data-testid={testId}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className={`bg-surface text-xs uppercase tracking-wide text-fg-muted ${tall ? "sticky top-0" : ""}`}>
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
}

/** The page's formats (`Intl`, in the page's language). */
export function useFormats(): Formats {
  const { lang, t } = useT();
  const numbers = new Intl.NumberFormat(htmlLang[lang]);
  // In UTC: the day is a calendar day already, and the server's render and the browser's agree.
  const options = { day: "numeric", month: "short", timeZone: "UTC" } as const;
  const short = new Intl.DateTimeFormat(htmlLang[lang], options);
  const long = new Intl.DateTimeFormat(htmlLang[lang], { ...options, year: "numeric" });
  return {
    number: (value) => numbers.format(value),
    day: (day, withYear = false) => (withYear ? long : short).format(new Date(`${day}T00:00:00Z`)),
    language: (code) => (code === "pt" || code === "en" ? t.admin.languageNames[code] : code),
  };
}

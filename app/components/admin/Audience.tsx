import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { Download, Info } from "~/components/icons";
import { navLinkClass } from "~/components/layout/nav-styles.ts";
import { buttonSecondary, card } from "~/components/portfolio/styles.ts";
import { LocalLink } from "~/components/ui/LocalLink.tsx";
import { type Dictionary, format, htmlLang, type Lang, languages, useT } from "~/i18n";
import type { AudienceReport, KeyCount } from "~/server/analytics/report.server.ts";
import { DayChart } from "./AudienceChart.tsx";
import { cell, type Formats, OffNotice, ScrollTable, sectionHeading, Tally, useFormats, wrapping } from "./parts.tsx";
import { type SendRow, SendsTable, SignUpsTable, type SubscribersView } from "./Subscribers.tsx";

type Texts = Dictionary["admin"]["audience"];

/** The newsletter's numbers beside the audience's, when the newsletter is on. */
export interface AudienceNewsletter {
  counts: SubscribersView["counts"];
  sends: SendRow[];
}

export interface AudienceView {
  report: AudienceReport;
  /** False with ANALYTICS=off: nothing new is counted. */
  counting: boolean;
  /** Null when the newsletter is off (no mail server). */
  newsletter: AudienceNewsletter | null;
  /** Followers of each fediverse account; absent or null with FEDERATION=off. */
  fediverse?: { handles: Record<Lang, string>; followers: Record<Lang, number> } | null;
}

/** The ranges offered, in days (the loader's `AUDIENCE_RANGES`). */
const RANGES = [7, 30, 365] as const;

/** The sentence in place of a table with nothing to show. */
const Empty = ({ text }: { text: string }) => <p className="mt-3 text-sm text-fg-muted">{text}</p>;

/** A section of the page: its heading, an optional line under it, and its content. */
function Part({
  heading,
  text,
  children,
  testId,
}: {
  heading: string;
  text?: string;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0" data-testid={testId}>
      <h2 id={id} className={sectionHeading}>
        {heading}
      </h2>
      {text && <p className="mt-2 text-sm text-fg-muted">{text}</p>}
      {children}
    </section>
  );
}

function RangeSwitch({ report, texts, formats }: { report: AudienceReport; texts: Texts; formats: Formats }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <nav aria-label={texts.range} data-testid="audience-range">
          <ul className="flex flex-wrap gap-2">
            {RANGES.map((days) => (
              <li key={days}>
                <Link
                  to={`?days=${days}`}
                  aria-current={days === report.range ? "page" : undefined}
                  className={`${navLinkClass(days === report.range)} border border-line`}
                  preventScrollReset
                >
                  {format(texts.rangeDays, { days })}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-fg-muted" data-testid="audience-dates">
          {format(texts.rangeDates, {
            first: formats.day(report.first, true),
            last: formats.day(report.last, true),
          })}
        </p>
      </div>
      {/* A plain link: a download the browser makes, not a page of the app. */}
      <a
        href={`/admin/audience.csv?days=${report.range}`}
        download
        className={buttonSecondary}
        data-testid="export-csv"
      >
        <Download className="size-4" aria-hidden="true" />
        {texts.export}
        <span className="sr-only"> ({format(texts.rangeDays, { days: report.range })})</span>
      </a>
    </div>
  );
}

function Summary({ report, texts, formats }: { report: AudienceReport; texts: Texts; formats: Formats }) {
  // The average keeps a tenth: 3 visitors in a week are 0.4 a day, not 0.
  const figures: [string, string, string][] = [
    [texts.viewsInRange, formats.number(report.views), "views"],
    [texts.visitorsPerDay, formats.average(report.visitorsPerDay), "visitors-per-day"],
    [texts.peakVisitors, formats.number(report.peakVisitors), "peak-visitors"],
  ];
  return (
    <Part heading={texts.summary} testId="audience-summary">
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        {figures.map(([label, value, key]) => (
          <div key={key} className={`${card} p-5`}>
            <dt className="text-sm text-fg-muted">{label}</dt>
            <dd className="mt-2 text-3xl font-bold tabular-nums tracking-tight" data-testid={`figure-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-fg-muted">{texts.visitorsNote}</p>
    </Part>
  );
}

function Charts({ report, texts, formats }: { report: AudienceReport; texts: Texts; formats: Formats }) {
  const first = formats.day(report.first, true);
  const last = formats.day(report.last, true);
  const range = format(texts.rangeDates, { first, last });
  // The first of the busiest days.
  const peakOf = (figure: "views" | "visitors") => {
    let peak = { day: report.last, value: -1 };
    for (const day of report.days) if (day[figure] > peak.value) peak = { day: day.day, value: day[figure] };
    return { peakDay: formats.day(peak.day, true), peak: formats.number(Math.max(0, peak.value)) };
  };
  const chartTexts = {
    day: texts.day,
    showTable: texts.showTable,
    range,
    week: texts.week,
    weekRange: texts.weekRange,
    weeklyCaption: texts.weeklyCaption,
    weeklyNote: texts.weeklyNote,
    averagePerDay: texts.averagePerDay,
    busiestDay: texts.busiestDay,
  };
  const common = {
    days: report.days,
    formatDay: (day: string) => formats.day(day, true),
    formatNumber: formats.number,
    formatAverage: formats.average,
  };
  return (
    <div className="grid grid-cols-1 gap-10 lg:grid-cols-2">
      <DayChart
        {...common}
        heading={texts.viewsChart}
        label={format(texts.viewsChartLabel, { first, last, total: formats.number(report.views), ...peakOf("views") })}
        figure="views"
        texts={{ ...chartTexts, figure: texts.views }}
        testId="views-chart"
      />
      <DayChart
        {...common}
        heading={texts.visitorsChart}
        label={format(texts.visitorsChartLabel, {
          first,
          last,
          average: formats.average(report.visitorsPerDay),
          ...peakOf("visitors"),
        })}
        figure="visitors"
        texts={{ ...chartTexts, figure: texts.visitors }}
        testId="visitors-chart"
      />
    </div>
  );
}

/** A table of names and views, or the empty sentence. */
function KeyTable({
  rows,
  caption,
  head,
  name,
  texts,
  formats,
  testId,
}: {
  rows: KeyCount[];
  caption: string;
  head: string[];
  name: (row: KeyCount) => ReactNode;
  texts: Texts;
  formats: Formats;
  testId: string;
}) {
  if (rows.length === 0) return <Empty text={texts.empty} />;
  return (
    <ScrollTable caption={caption} head={head} testId={testId}>
      {rows.map((row) => (
        <tr key={`${row.key}:${row.lang}`}>
          <th scope="row" className={`${wrapping} min-w-40 font-normal`}>
            {name(row)}
          </th>
          <td className={`${cell} tabular-nums`}>{formats.number(row.views)}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}

function Pages({ report, texts, formats }: { report: AudienceReport; texts: Texts; formats: Formats }) {
  return (
    <Part heading={texts.pages}>
      {report.pages.length === 0 ? (
        <Empty text={texts.empty} />
      ) : (
        <ScrollTable caption={texts.pages} head={[texts.page, texts.language, texts.views]} testId="audience-pages">
          {report.pages.map((row) => (
            <tr key={`${row.key}:${row.lang}`}>
              <th scope="row" className={`${wrapping} min-w-40 font-normal`}>
                {row.key}
              </th>
              <td className={cell}>{formats.language(row.lang)}</td>
              <td className={`${cell} tabular-nums`}>{formats.number(row.views)}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </Part>
  );
}

function Posts({ report, texts, formats }: { report: AudienceReport; texts: Texts; formats: Formats }) {
  const { t } = useT();
  return (
    <Part heading={texts.posts}>
      {languages.map((lang) => {
        const heading = format(texts.postsIn, { language: t.admin.languages[lang] });
        const rows = report.posts[lang];
        return (
          <div key={lang} className="mt-5">
            <h3 className="font-semibold">{heading}</h3>
            {rows.length === 0 ? (
              <Empty text={texts.empty} />
            ) : (
              <ScrollTable
                caption={heading}
                head={[texts.post, texts.views, texts.peakPerDay]}
                testId={`audience-posts-${lang}`}
              >
                {rows.map((row) => (
                  <tr key={row.path}>
                    <th scope="row" className={`${wrapping} min-w-48 font-normal`}>
                      <Link
                        to={row.path}
                        lang={htmlLang[row.lang]}
                        className="text-accent underline-offset-2 hover:underline"
                      >
                        {row.title}
                      </Link>
                    </th>
                    <td className={`${cell} tabular-nums`}>{formats.number(row.views)}</td>
                    <td className={`${cell} tabular-nums`}>{formats.number(row.visitors)}</td>
                  </tr>
                ))}
              </ScrollTable>
            )}
          </div>
        );
      })}
    </Part>
  );
}

/** A referrer as the owner reads it: a host, "x (utm)" for `utm:x`, or no referrer. */
export function sourceName(key: string, texts: Pick<Texts, "noReferrer" | "utm">): string {
  if (key === "") return texts.noReferrer;
  if (key.startsWith("utm:")) return format(texts.utm, { source: key.slice(4) });
  return key;
}

function Feeds({ report, texts, formats }: { report: AudienceReport; texts: Texts; formats: Formats }) {
  const readers = report.feeds.flatMap((feed) => feed.readers.map((reader) => ({ ...reader, feed: feed.feed })));
  return (
    <Part heading={texts.feeds} text={texts.feedsText}>
      {report.feeds.length === 0 ? (
        <Empty text={texts.empty} />
      ) : (
        <>
          <ScrollTable
            caption={texts.feeds}
            head={[texts.feed, texts.language, texts.subscribers, texts.fetches]}
            testId="audience-feeds"
          >
            {report.feeds.map((row) => (
              <tr key={row.feed}>
                <th scope="row" className={`${wrapping} min-w-32 font-normal`}>
                  {row.feed}
                </th>
                <td className={cell}>{formats.language(row.lang)}</td>
                <td className={`${cell} tabular-nums`}>{formats.number(row.subscribers)}</td>
                <td className={`${cell} tabular-nums`}>{formats.number(row.fetches)}</td>
              </tr>
            ))}
          </ScrollTable>
          {readers.length > 0 && (
            <>
              <h3 className="mt-5 font-semibold">{texts.readers}</h3>
              <ScrollTable
                caption={texts.readers}
                head={[texts.reader, texts.feed, texts.subscribers]}
                testId="audience-readers"
              >
                {readers.map((row) => (
                  <tr key={`${row.feed}:${row.reader}`}>
                    <th scope="row" className={`${wrapping} min-w-32 font-normal`}>
                      {row.reader}
                    </th>
                    <td className={cell}>{row.feed}</td>
                    <td className={`${cell} tabular-nums`}>{formats.number(row.subscribers)}</td>
                  </tr>
                ))}
              </ScrollTable>
            </>
          )}
        </>
      )}
    </Part>
  );
}

function Newsletter({
  newsletter,
  texts,
  formats,
}: {
  newsletter: AudienceNewsletter | null;
  texts: Texts;
  formats: Formats;
}) {
  const { t } = useT();
  if (!newsletter) {
    return (
      <Part heading={texts.newsletter} testId="audience-newsletter">
        <p className="mt-3 flex gap-2 text-sm" data-testid="newsletter-off">
          <Info className="mt-0.5 size-4 shrink-0 text-fg-muted" aria-hidden="true" />
          {texts.newsletterOff}
        </p>
      </Part>
    );
  }
  const { counts, sends } = newsletter;
  return (
    <Part heading={texts.newsletter} testId="audience-newsletter">
      <div className="mt-4 grid gap-x-12 gap-y-4 sm:grid-cols-2">
        <Tally
          heading={texts.confirmedByLanguage}
          rows={languages.map((lang) => [t.admin.languageNames[lang], formats.number(counts.confirmedByLang[lang])])}
        />
        <Tally
          heading={texts.confirmedByFrequency}
          rows={[
            [t.newsletter.form.post, formats.number(counts.confirmedByFrequency.post)],
            [t.newsletter.form.weekly, formats.number(counts.confirmedByFrequency.weekly)],
          ]}
        />
      </div>
      <div className="mt-6 grid grid-cols-1 gap-x-12 gap-y-8 lg:grid-cols-2">
        <div className="min-w-0">
          <h3 className="font-semibold">{texts.signUps}</h3>
          <SignUpsTable sources={counts.sources} />
        </div>
        <div className="min-w-0">
          <h3 className="font-semibold">{texts.sends}</h3>
          <SendsTable sends={sends} />
        </div>
      </div>
    </Part>
  );
}

/**
 * The Audience page's body: the range, the summary, the two daily charts, the
 * top pages and posts, where readers came from, devices, feeds, broken links
 * and the newsletter. Visitors are per day: never added across days.
 */
/** The fediverse's followers beside the newsletter's subscribers and the feeds' readers. */
function Fediverse({
  fediverse,
  texts,
  formats,
}: {
  fediverse: NonNullable<AudienceView["fediverse"]> | null;
  texts: Texts;
  formats: Formats;
}) {
  return (
    <Part heading={texts.fediverse} text={texts.fediverseText} testId="audience-fediverse">
      {fediverse ? (
        <>
          <div className="mt-4 max-w-md">
            <Tally
              heading={texts.fediverse}
              rows={languages.map((lang) => [fediverse.handles[lang], formats.number(fediverse.followers[lang])])}
            />
          </div>
          <LocalLink
            to="/admin/responses"
            className="mt-4 inline-block text-sm font-medium text-accent hover:underline"
          >
            {texts.fediverseMore}
          </LocalLink>
        </>
      ) : (
        <p className="mt-3 flex gap-2 text-sm" data-testid="fediverse-off">
          <Info className="mt-0.5 size-4 shrink-0 text-fg-muted" aria-hidden="true" />
          {texts.fediverseOff}
        </p>
      )}
    </Part>
  );
}

export function AudienceAdmin({ view }: { view: AudienceView }) {
  const { t } = useT();
  const texts = t.admin.audience;
  const formats = useFormats();
  const { report } = view;
  const counted = report.days.some((day) => day.views > 0);
  return (
    <div className="container-page grid grid-cols-1 gap-12 py-10">
      {!view.counting && <OffNotice text={texts.countingOff} testId="counting-off" />}
      <RangeSwitch report={report} texts={texts} formats={formats} />
      <Summary report={report} texts={texts} formats={formats} />
      {counted ? (
        <Charts report={report} texts={texts} formats={formats} />
      ) : (
        <p className="rounded-2xl border border-dashed border-line p-8 text-center text-fg-muted">{texts.empty}</p>
      )}
      <div className="grid grid-cols-1 gap-12 lg:grid-cols-2">
        <Pages report={report} texts={texts} formats={formats} />
        <Posts report={report} texts={texts} formats={formats} />
        <Part heading={texts.sources}>
          <KeyTable
            rows={report.sources}
            caption={texts.sources}
            head={[texts.source, texts.views]}
            name={(row) => sourceName(row.key, texts)}
            texts={texts}
            formats={formats}
            testId="audience-sources"
          />
        </Part>
        <Part heading={texts.devices}>
          <KeyTable
            rows={report.devices}
            caption={texts.devices}
            head={[texts.device, texts.views]}
            name={(row) => texts.deviceNames[row.key as keyof Texts["deviceNames"]] ?? row.key}
            texts={texts}
            formats={formats}
            testId="audience-devices"
          />
        </Part>
        <Feeds report={report} texts={texts} formats={formats} />
        <Part heading={texts.notFound} text={texts.notFoundText}>
          <KeyTable
            rows={report.notFound}
            caption={texts.notFound}
            head={[texts.address, texts.requests]}
            name={(row) => row.key}
            texts={texts}
            formats={formats}
            testId="audience-not-found"
          />
        </Part>
      </div>
      <Newsletter newsletter={view.newsletter} texts={texts} formats={formats} />
      <Fediverse fediverse={view.fediverse ?? null} texts={texts} formats={formats} />
    </div>
  );
}

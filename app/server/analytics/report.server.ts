/**
 * What the Audience page shows and its CSV export, read from the rollups
 * (`analytics_counts`, `analytics_feed_readers`). A range is the last 7, 30
 * or 365 days, today included: views add up across days, visitors do not (a
 * visitor is one per day), so a range shows views and visitors per day,
 * never a sum of visitors.
 */
import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { Lang } from "../../i18n/paths.ts";
import { type Database, rowsOf } from "../db/client.server.ts";
import { analyticsCounts, analyticsFeedReaders, blogs } from "../db/schema.ts";
import { addDays, daysBetween, siteDay } from "./days.server.ts";

/** The ranges the Audience page offers, in days. */
export const AUDIENCE_RANGES = [7, 30, 365] as const;
export type AudienceRange = (typeof AUDIENCE_RANGES)[number];

/**
 * The range asked for in `?days=`, or 30.
 * @example audienceRange("7") // 7
 */
export function audienceRange(value: string | null): AudienceRange {
  const days = Number(value);
  return (AUDIENCE_RANGES as readonly number[]).includes(days) ? (days as AudienceRange) : 30;
}

/** Rows shown in each top list. */
const TOP = 20;

export interface DayCount {
  day: string;
  views: number;
  visitors: number;
}

export interface KeyCount {
  key: string;
  lang: string;
  views: number;
}

export interface PostCount {
  path: string;
  title: string;
  lang: Lang;
  views: number;
  /** The highest visitors of one day in the range. */
  visitors: number;
}

export interface FeedCount {
  feed: string;
  lang: string;
  /** Each reader's latest count in the range, added up. */
  subscribers: number;
  readers: { reader: string; subscribers: number }[];
  /** Requests for the feed in the range, from any reader. */
  fetches: number;
}

export interface AudienceReport {
  range: AudienceRange;
  first: string;
  last: string;
  /** Every day of the range, in order, with zeros where nothing was counted. */
  days: DayCount[];
  views: number;
  /** The most visitors of one day in the range, and the average per day (unrounded). */
  peakVisitors: number;
  visitorsPerDay: number;
  pages: KeyCount[];
  posts: Record<Lang, PostCount[]>;
  /** `key` is a host, `utm:{source}`, or empty (no referrer). */
  sources: KeyCount[];
  devices: KeyCount[];
  notFound: KeyCount[];
  feeds: FeedCount[];
}

/** Where a range begins and ends: the last `range` days, today (the site's day) included. */
export function rangeDays(range: AudienceRange, now = new Date()): { first: string; last: string } {
  const last = siteDay(now);
  return { first: addDays(last, 1 - range), last };
}

/**
 * Where a range's counts are read: its whole months from the monthly rollup
 * (`analytics_months`), and the days of the partial month at its start from
 * the daily one. The month in progress at its end (`current`, from its first
 * day to `last`) is read from the monthly rollup too when nothing is counted
 * after `last` in it (a server whose clock runs ahead), else from its days.
 * @example rangeSpans("2025-11-28", "2026-11-27")
 * // { days: [["2025-11-28", "2025-11-30"]], months: ["2025-12-01", "2026-10-01"], current: "2026-11-01" }
 */
export function rangeSpans(
  first: string,
  last: string,
): { days: [string, string][]; months: [string, string] | null; current: string | null } {
  const monthOf = (day: string) => `${day.slice(0, 8)}01`;
  const nextMonth = (day: string) => monthOf(addDays(monthOf(day), 31));
  const current = nextMonth(last) !== addDays(last, 1) && monthOf(last) >= first ? monthOf(last) : null;
  // What the months and the days cover: the range, but for the month in progress.
  const end = current ? addDays(current, -1) : last;
  // The first whole month begins on `first` or after it; the last one ends on `end` or before it.
  const firstMonth = first === monthOf(first) ? first : nextMonth(first);
  const lastMonth = nextMonth(end) === addDays(end, 1) ? monthOf(end) : monthOf(addDays(monthOf(end), -1));
  if (firstMonth > lastMonth) return { days: first <= end ? [[first, end]] : [], months: null, current };
  const days: [string, string][] = [];
  if (first < firstMonth) days.push([first, addDays(firstMonth, -1)]);
  if (nextMonth(lastMonth) <= end) days.push([nextMonth(lastMonth), end]);
  return { days, months: [firstMonth, lastMonth], current };
}

/** Every post's title by its language and slug (`pt\tslug`). */
async function postTitles(db: Database): Promise<Map<string, string>> {
  const posts = await db.select({ lang: blogs.lang, slug: blogs.slug, title: blogs.title }).from(blogs);
  return new Map(posts.map((post) => [`${post.lang}\t${post.slug}`, post.title]));
}

interface Counted {
  list: "pages" | "posts" | "sources" | "devices" | "not-found" | "feeds";
  key: string;
  lang: string;
  views: number;
  visitors: number;
}

/**
 * Every list of the page but the days and the feed readers, from one pass
 * over the range's counts: each key's views and its highest visitors of one
 * day, then the top pages, the top posts of each language (titled, deleted
 * posts left out), sources, devices, broken links and feeds.
 */
async function rangeLists(db: Database, first: string, last: string) {
  const spans = rangeSpans(first, last);
  const kinds = sql`kind in ('page', 'source', 'device', 'not-found', 'feed')`;
  const parts = spans.days.map(
    ([from, to]) => sql`
      select kind, key, lang, views, visitors from analytics_counts
      where ${kinds} and day between ${from} and ${to}`,
  );
  if (spans.months)
    parts.push(sql`
      select kind, key, lang, views, peak_visitors as visitors from analytics_months
      where ${kinds} and month between ${spans.months[0]} and ${spans.months[1]}`);
  if (spans.current) {
    const ahead = sql`exists (
      select 1 from analytics_counts where ${kinds} and day > ${last} and day < (${spans.current}::date + interval '1 month'))`;
    parts.push(
      sql`
      select kind, key, lang, views, peak_visitors as visitors from analytics_months
      where ${kinds} and month = ${spans.current} and not ${ahead}`,
      sql`
      select kind, key, lang, views, visitors from analytics_counts
      where ${kinds} and day between ${spans.current} and ${last} and ${ahead}`,
    );
  }
  const [result, titles] = await Promise.all([
    db.execute(sql`
    with spans as (${sql.join(parts, sql` union all `)}),
    counted as (
      -- Sources, devices and broken links are counted in every language together.
      select kind, key, case when kind in ('page', 'feed') then lang else '' end as lang,
        sum(views)::int as views, max(visitors)::int as visitors
      from spans group by 1, 2, 3
    ), ranked as (
      select case kind when 'page' then 'pages' when 'source' then 'sources' when 'device' then 'devices'
          when 'feed' then 'feeds' else kind end as list,
        key, lang, views, visitors,
        row_number() over (partition by kind order by views desc, key) as n
      from counted
      union all
      -- Every post's address, ranked: its title is looked up apart (a join here was planned row by row).
      select 'posts', key, lang, views, visitors,
        row_number() over (partition by lang order by views desc, key)
      from counted
      where kind = 'page' and key like case lang when 'en' then '/en/blog/%' else '/blog/%' end
    )
    select list, key, lang, views, visitors from ranked
    where list in ('feeds', 'posts') or n <= case list when 'devices' then 3 else ${TOP} end
    order by list, n`),
    postTitles(db),
  ]);
  const lists = {
    pages: [] as KeyCount[],
    posts: { pt: [], en: [] } as Record<Lang, PostCount[]>,
    sources: [] as KeyCount[],
    devices: [] as KeyCount[],
    notFound: [] as KeyCount[],
    feeds: [] as { feed: string; lang: string; fetches: number }[],
  };
  for (const row of rowsOf<Counted>(result)) {
    const count = { key: row.key, lang: row.lang, views: row.views };
    if (row.list === "posts") {
      // The most read first: the first TOP of each language that is still a post.
      const posts = lists.posts[row.lang as Lang];
      const title = titles.get(`${row.lang}\t${row.key.slice(row.lang === "en" ? 9 : 6)}`);
      if (posts && title !== undefined && posts.length < TOP)
        posts.push({ path: row.key, title, lang: row.lang as Lang, views: row.views, visitors: row.visitors });
    } else if (row.list === "feeds") lists.feeds.push({ feed: row.key, lang: row.lang, fetches: row.views });
    else if (row.list === "not-found") lists.notFound.push(count);
    else lists[row.list].push(count);
  }
  return lists;
}

/** The Audience page's numbers for the last `range` days. */
export async function audienceReport(db: Database, range: AudienceRange, now = new Date()): Promise<AudienceReport> {
  const { first, last } = rangeDays(range, now);
  const c = analyticsCounts;
  const [site, lists, readers] = await Promise.all([
    db
      .select({ day: c.day, views: c.views, visitors: c.visitors })
      .from(c)
      .where(and(eq(c.kind, "site"), eq(c.key, ""), gte(c.day, first), lte(c.day, last))),
    rangeLists(db, first, last),
    feedReaders(db, first, last),
  ]);
  const byDay = new Map(site.map((row) => [row.day, row]));
  const days = daysBetween(first, last).map((day) => ({
    day,
    views: byDay.get(day)?.views ?? 0,
    visitors: byDay.get(day)?.visitors ?? 0,
  }));
  const views = days.reduce((sum, day) => sum + day.views, 0);
  const peakVisitors = days.reduce((peak, day) => Math.max(peak, day.visitors), 0);
  // Unrounded: a small site's average is below one (the page shows it to a tenth).
  const visitorsPerDay = days.reduce((sum, day) => sum + day.visitors, 0) / days.length;
  return {
    range,
    first,
    last,
    days,
    views,
    peakVisitors,
    visitorsPerDay,
    pages: lists.pages,
    posts: lists.posts,
    sources: lists.sources,
    devices: lists.devices,
    notFound: lists.notFound,
    feeds: feedCounts(lists.feeds, readers),
  };
}

/** Each feed reader's latest subscribers in the range, per feed. */
function feedReaders(db: Database, first: string, last: string) {
  const f = analyticsFeedReaders;
  return db
    .selectDistinctOn([f.feed, f.reader], {
      feed: f.feed,
      lang: f.lang,
      reader: f.reader,
      subscribers: f.subscribers,
    })
    .from(f)
    .where(and(gte(f.day, first), lte(f.day, last)))
    .orderBy(f.feed, f.reader, desc(f.day));
}

/** Each feed's subscribers as its readers last reported them in the range, and its fetches. */
function feedCounts(
  fetches: { feed: string; lang: string; fetches: number }[],
  latest: { feed: string; lang: string; reader: string; subscribers: number }[],
): FeedCount[] {
  const feeds = new Map<string, FeedCount>();
  const feedOf = (feed: string, lang: string) => {
    let entry = feeds.get(feed);
    if (!entry) {
      entry = { feed, lang, subscribers: 0, readers: [], fetches: 0 };
      feeds.set(feed, entry);
    }
    return entry;
  };
  for (const row of fetches) feedOf(row.feed, row.lang).fetches += row.fetches;
  for (const row of latest) {
    const entry = feedOf(row.feed, row.lang);
    entry.subscribers += row.subscribers;
    entry.readers.push({ reader: row.reader, subscribers: row.subscribers });
  }
  for (const entry of feeds.values()) entry.readers.sort((a, b) => b.subscribers - a.subscribers);
  return [...feeds.values()].sort((a, b) => a.feed.localeCompare(b.feed));
}

/** The header row of the CSV export. */
export const AUDIENCE_CSV_HEADER = "date,path,lang,views,visitors";

/** A CSV field: quoted when it holds a comma, quote or line break; a leading formula character is neutralised. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The CSV export: one row per day, path and language of the range, oldest
 * first, streamed a page of rows at a time.
 */
export function audienceCsv(db: Database, range: AudienceRange, now = new Date()): ReadableStream<Uint8Array> {
  const { first, last } = rangeDays(range, now);
  const encoder = new TextEncoder();
  const c = analyticsCounts;
  const PAGE = 5000;
  let after: { day: string; key: string; lang: string } | undefined;
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${AUDIENCE_CSV_HEADER}\n`));
      }
      const rows = await db
        .select({ day: c.day, key: c.key, lang: c.lang, views: c.views, visitors: c.visitors })
        .from(c)
        .where(
          and(
            eq(c.kind, "page"),
            gte(c.day, first),
            lte(c.day, last),
            after ? sql`(${c.day}, ${c.key}, ${c.lang}) > (${after.day}, ${after.key}, ${after.lang})` : undefined,
          ),
        )
        .orderBy(c.day, c.key, c.lang)
        .limit(PAGE);
      if (rows.length > 0) {
        const text = rows
          .map((row) => [row.day, csvField(row.key), row.lang, row.views, row.visitors].join(","))
          .join("\n");
        controller.enqueue(encoder.encode(`${text}\n`));
        const end = rows[rows.length - 1];
        if (end) after = { day: end.day, key: end.key, lang: end.lang };
      }
      if (rows.length < PAGE) controller.close();
    },
  });
}

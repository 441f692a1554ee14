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
import { analyticsCounts, analyticsFeedReaders } from "../db/schema.ts";
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
  /** The most visitors of one day in the range, and the average per day. */
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

/** Views of one kind in the range, summed per key (and language), the most first. */
function topOf(db: Database, kind: string, first: string, last: string, limit = TOP, byLang = true) {
  const c = analyticsCounts;
  const lang = byLang ? c.lang : sql<string>`''`;
  return db
    .select({ key: c.key, lang, views: sql<number>`sum(${c.views})::int` })
    .from(c)
    .where(and(eq(c.kind, kind), gte(c.day, first), lte(c.day, last)))
    .groupBy(c.key, ...(byLang ? [c.lang] : []))
    .orderBy(sql`3 desc`, c.key)
    .limit(limit);
}

/** The Audience page's numbers for the last `range` days. */
export async function audienceReport(db: Database, range: AudienceRange, now = new Date()): Promise<AudienceReport> {
  const { first, last } = rangeDays(range, now);
  const c = analyticsCounts;
  const [site, pages, posts, sources, devices, notFound, feeds] = await Promise.all([
    db
      .select({ day: c.day, views: c.views, visitors: c.visitors })
      .from(c)
      .where(and(eq(c.kind, "site"), eq(c.key, ""), gte(c.day, first), lte(c.day, last))),
    topOf(db, "page", first, last),
    postCounts(db, first, last),
    topOf(db, "source", first, last, TOP, false),
    topOf(db, "device", first, last, 3, false),
    topOf(db, "not-found", first, last, TOP, false),
    feedCounts(db, first, last),
  ]);
  const byDay = new Map(site.map((row) => [row.day, row]));
  const days = daysBetween(first, last).map((day) => ({
    day,
    views: byDay.get(day)?.views ?? 0,
    visitors: byDay.get(day)?.visitors ?? 0,
  }));
  const views = days.reduce((sum, day) => sum + day.views, 0);
  const peakVisitors = days.reduce((peak, day) => Math.max(peak, day.visitors), 0);
  const visitorsPerDay = Math.round(days.reduce((sum, day) => sum + day.visitors, 0) / days.length);
  return {
    range,
    first,
    last,
    days,
    views,
    peakVisitors,
    visitorsPerDay,
    pages,
    posts,
    sources,
    devices,
    notFound,
    feeds,
  };
}

/** The most read posts of each language, with their titles (posts deleted since are left out). */
async function postCounts(db: Database, first: string, last: string): Promise<Record<Lang, PostCount[]>> {
  const result = await db.execute(sql`
    with counted as (
      select key, lang, sum(views)::int as views, max(visitors)::int as visitors
      from analytics_counts
      where kind = 'page' and day between ${first} and ${last}
        and (key like '/blog/%' or key like '/en/blog/%')
      group by key, lang
    ), ranked as (
      select counted.key as path, b.title, b.lang, counted.views, counted.visitors,
        row_number() over (partition by b.lang order by counted.views desc, counted.key) as n
      from counted
      join blogs b on b.lang = counted.lang
        and counted.key = case b.lang when 'en' then '/en/blog/' else '/blog/' end || b.slug
    )
    select path, title, lang, views, visitors from ranked where n <= ${TOP} order by lang, n`);
  const posts: Record<Lang, PostCount[]> = { pt: [], en: [] };
  for (const row of rowsOf<PostCount>(result)) posts[row.lang]?.push(row);
  return posts;
}

/** Each feed's subscribers as its readers last reported them in the range, and its fetches. */
async function feedCounts(db: Database, first: string, last: string): Promise<FeedCount[]> {
  const f = analyticsFeedReaders;
  const c = analyticsCounts;
  const [latest, fetches] = await Promise.all([
    db
      .selectDistinctOn([f.feed, f.reader], {
        feed: f.feed,
        lang: f.lang,
        reader: f.reader,
        subscribers: f.subscribers,
      })
      .from(f)
      .where(and(gte(f.day, first), lte(f.day, last)))
      .orderBy(f.feed, f.reader, desc(f.day)),
    db
      .select({ feed: c.key, lang: c.lang, fetches: sql<number>`sum(${c.views})::int` })
      .from(c)
      .where(and(eq(c.kind, "feed"), gte(c.day, first), lte(c.day, last)))
      .groupBy(c.key, c.lang),
  ]);
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

/**
 * The bounded version of `npm run bench:audience`: a year of the audience's
 * rollups made up from a seed (bench/audience-data.ts), 1,000,000 views
 * instead of 10,000,000 (the rows a year holds barely depend on the views:
 * every page is read every day either way), on each engine. It holds the
 * properties the bench measures, with no absolute time: the views add up
 * exactly, the report's figures are the rows' own sums, a year stays within
 * the size budget, and the report's time is bounded by work done in the same
 * run on the same database, so a slower host moves both sides alike.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../app/server/analytics/days.server.ts";
import { type AudienceReport, audienceReport, rangeDays } from "../../app/server/analytics/report.server.ts";
import { type Database, type OpenDatabase, rowsOf } from "../../app/server/db/client.server.ts";
import {
  AUDIENCE_BUDGETS,
  type AudienceYear,
  audienceYear,
  type CountRow,
  insertAudienceYear,
  monthsApartFromDays,
  rollupFigures,
} from "../../bench/audience-data.ts";

import { engines, engineTitle } from "./helpers/databases.ts";

const VIEWS = 1_000_000;
/** Noon of 2026-11-27 in Recife: the range's last day. */
const NOW = new Date("2026-11-27T15:00:00Z");
const LAST = "2026-11-27";
/** Timed calls of each side, interleaved; medians are compared. */
const TIMED = 5;

/** Views (and a day's highest visitors) per key of the rows of one kind within the range, as the report sums them. */
function sumsOf(rows: readonly CountRow[], kind: CountRow["kind"], first: string, byLang = true) {
  const sums = new Map<string, { key: string; lang: string; views: number; visitors: number }>();
  for (const row of rows) {
    if (row.kind !== kind || row.day < first || row.day > LAST) continue;
    const lang = byLang ? row.lang : "";
    const id = `${row.key}\t${lang}`;
    const sum = sums.get(id) ?? { key: row.key, lang, views: 0, visitors: 0 };
    sum.views += row.views;
    sum.visitors = Math.max(sum.visitors, row.visitors);
    sums.set(id, sum);
  }
  return [...sums.values()].sort((a, b) => b.views - a.views || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** What the report of `range` days must show, computed from the generated rows alone. */
function expectedReport(year: AudienceYear, range: 7 | 30 | 365) {
  const { first } = rangeDays(range, NOW);
  const site = year.counts.filter((row) => row.kind === "site" && row.day >= first);
  const top = (kind: CountRow["kind"], limit: number, byLang = true) =>
    sumsOf(year.counts, kind, first, byLang)
      .slice(0, limit)
      .map(({ key, lang, views }) => ({ key, lang, views }));
  const titles = new Map(year.posts.map((post) => [`${post.lang === "en" ? "/en" : ""}/blog/${post.slug}`, post]));
  const posts = (lang: "pt" | "en") =>
    sumsOf(year.counts, "page", first)
      .filter((sum) => titles.get(sum.key)?.lang === lang)
      .slice(0, 20)
      .map((sum) => ({
        path: sum.key,
        title: titles.get(sum.key)?.title,
        lang,
        views: sum.views,
        visitors: sum.visitors,
      }));
  const latest = new Map<string, { day: string; subscribers: number }>();
  for (const row of year.readers) {
    const id = `${row.feed}\t${row.reader}`;
    if (row.day >= first && row.day >= (latest.get(id)?.day ?? "")) latest.set(id, row);
  }
  const feeds = sumsOf(year.counts, "feed", first).map((sum) => ({
    feed: sum.key,
    fetches: sum.views,
    subscribers: [...latest].reduce(
      (total, [id, row]) => total + (id.startsWith(`${sum.key}\t`) ? row.subscribers : 0),
      0,
    ),
  }));
  return {
    views: site.reduce((total, row) => total + row.views, 0),
    peakVisitors: Math.max(...site.map((row) => row.visitors)),
    visitorsPerDay: site.reduce((total, row) => total + row.visitors, 0) / range,
    pages: top("page", 20),
    posts: { pt: posts("pt"), en: posts("en") },
    sources: top("source", 20, false),
    devices: top("device", 3, false),
    notFound: top("not-found", 20, false),
    feeds: feeds.sort((a, b) => a.feed.localeCompare(b.feed)),
  };
}

const shown = (report: AudienceReport) => ({
  views: report.views,
  peakVisitors: report.peakVisitors,
  visitorsPerDay: report.visitorsPerDay,
  pages: report.pages,
  posts: report.posts,
  sources: report.sources,
  devices: report.devices,
  notFound: report.notFound,
  feeds: report.feeds.map(({ feed, fetches, subscribers }) => ({ feed, fetches, subscribers })),
});

/** The database, counting the statements started through it (a query builder, SQL run, the relational API). */
function counting(db: Database) {
  let statements = 0;
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === "query") statements += 1;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        statements += 1;
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: proxy, statements: () => statements };
}

const middle = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`a year of the audience's rollups on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    const year = audienceYear({ views: VIEWS, last: LAST });

    beforeAll(async () => {
      database = await engine.open();
      await insertAudienceYear(database.db, year);
      // As the server leaves them: analyzed within a second of its start and hourly (the embedded database has no
      // autovacuum), and by PostgreSQL's autovacuum within a minute of such an insert.
      await database.db.execute(sql`analyze analytics_counts, analytics_months`);
    });
    afterAll(async () => {
      await database?.close();
    });

    it("holds exactly the views made: every day's site row, and the page rows adding up to them", async () => {
      const { rows, viewsByKind } = await rollupFigures(database.db);
      expect(viewsByKind.page).toBe(VIEWS);
      expect(viewsByKind.site).toBe(VIEWS);
      expect(rows.site).toBe(365);
      const byDay = rowsOf<{ days: number }>(
        await database.db.execute(sql`
          select count(*)::int as days from (
            select day from analytics_counts where kind = 'page' group by day
            having sum(views) = (select views from analytics_counts s where s.kind = 'site' and s.day = analytics_counts.day)
          ) d`),
      );
      expect(byDay[0]?.days).toBe(365);
      // The months the report reads are their days' sums and peaks.
      expect(await monthsApartFromDays(database.db)).toEqual([]);
    });

    it("reports for 365 and 7 days what the rows add up to", async () => {
      for (const range of [365, 7] as const) {
        const report = await audienceReport(database.db, range, NOW);
        expect(report.first).toBe(addDays(LAST, 1 - range));
        expect(report.days).toHaveLength(range);
        expect(shown(report)).toEqual(expectedReport(year, range));
      }
      expect((await audienceReport(database.db, 365, NOW)).views).toBe(VIEWS);
    });

    it("leaves out what a server whose clock runs ahead counted for tomorrow, in the month in progress", async () => {
      const tomorrow = addDays(LAST, 1);
      const post = year.posts[0];
      const path = `${post?.lang === "en" ? "/en" : ""}/blog/${post?.slug}`;
      await database.db.execute(sql`
        insert into analytics_counts (kind, day, key, lang, views, visitors)
        values ('page', ${tomorrow}, ${path}, ${post?.lang}, 1000000, 1000000), ('source', ${tomorrow}, 'ahead.example', 'pt', 1000000, 0)`);
      try {
        for (const range of [365, 30, 7] as const)
          expect(shown(await audienceReport(database.db, range, NOW))).toEqual(expectedReport(year, range));
      } finally {
        await database.db.execute(sql`delete from analytics_counts where day = ${tomorrow}`);
      }
      expect(await monthsApartFromDays(database.db)).toEqual([]);
    });

    it("keeps a year of 10,000,000 views within the size budget", async () => {
      const { tables } = await rollupFigures(database.db);
      const bytes = (name: string) => tables.find((table) => table.name === name)?.bytes ?? 0;
      // The rows at 10,000,000 views: counts and feed readers as many (within a few), visitor hashes ten times as many.
      const full = audienceYear({ views: 10_000_000, last: LAST });
      const hashes = (counts: readonly CountRow[]) =>
        counts
          .filter((row) => (row.kind === "page" || row.kind === "site") && row.day >= addDays(LAST, -1))
          .reduce((total, row) => total + row.visitors, 0);
      const extrapolated =
        (bytes("analytics_counts") * full.counts.length) / year.counts.length +
        (bytes("analytics_visitors") * hashes(full.counts)) / hashes(year.counts) +
        (bytes("analytics_feed_readers") * full.readers.length) / year.readers.length +
        bytes("analytics_salts");
      expect(extrapolated / 1024 / 1024).toBeLessThanOrEqual(AUDIENCE_BUDGETS.rollupMiB);
    });

    it("makes as few statements for a year's report as for a week's: none per day, page, post or row", async () => {
      const weekly = counting(database.db);
      await audienceReport(weekly.db, 7, NOW);
      const yearly = counting(database.db);
      await audienceReport(yearly.db, 365, NOW);
      expect(yearly.statements()).toBe(weekly.statements());
      expect(yearly.statements()).toBeLessThanOrEqual(12);
    });

    it("takes for a year's report, and for a week's, less than one pass over the year's rows", async () => {
      const { first } = rangeDays(365, NOW);
      // The least any report of the year does: one pass over its rows, summed per key.
      const pass = () =>
        database.db.execute(sql`
          select kind, key, lang, sum(views)::int as views, max(visitors)::int as visitors
          from analytics_counts where day between ${first} and ${LAST}
          group by kind, key, lang`);
      const timed = async (work: () => Promise<unknown>) => {
        const started = performance.now();
        await work();
        return performance.now() - started;
      };
      const times = { pass: [] as number[], year: [] as number[], week: [] as number[] };
      await pass();
      await audienceReport(database.db, 365, NOW);
      await audienceReport(database.db, 7, NOW);
      for (let n = 0; n < TIMED; n += 1) {
        times.pass.push(await timed(pass));
        times.year.push(await timed(() => audienceReport(database.db, 365, NOW)));
        times.week.push(await timed(() => audienceReport(database.db, 7, NOW)));
      }
      const [pass1, year1, week1] = [middle(times.pass), middle(times.year), middle(times.week)];
      const figures = `one pass ${pass1.toFixed(1)} ms, 365 days ${year1.toFixed(1)} ms, 7 days ${week1.toFixed(1)} ms`;
      // A year's report reads its whole months from the monthly counts and only the days of its two partial months: less
      // than the one pass any report of the daily rows takes. A query per day, page or post is the statement count's to catch.
      expect(year1, figures).toBeLessThanOrEqual(pass1);
      // A week's report reads a week of rows (the index on kind and day), not the year's.
      expect(week1, figures).toBeLessThanOrEqual(pass1);
    });
  });
}

import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as pageRoute from "../../app/routes/admin-audience.tsx";
import * as csvRoute from "../../app/routes/admin-audience-csv.ts";
import { addDays, siteDay } from "../../app/server/analytics/days.server.ts";
import type { AudienceRecorder } from "../../app/server/analytics/recorder.server.ts";
import {
  AUDIENCE_CSV_HEADER,
  type AudienceReport,
  audienceRange,
  audienceReport,
} from "../../app/server/analytics/report.server.ts";
import { createSession } from "../../app/server/auth/session.server.ts";
import { createAuthSettings } from "../../app/server/auth/settings.server.ts";
import { createPost, deletePost } from "../../app/server/blog/posts.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import { analyticsCounts, analyticsFeedReaders, newsletterSubscribers } from "../../app/server/db/schema.ts";
import { servicesContext } from "../../app/server/request-context.server.ts";
import type { AppServices } from "../../app/server/services.server.ts";
import { localDiskStorage } from "../../app/server/uploads/storage.server.ts";
import { engines, engineTitle } from "./helpers/databases.ts";
import { postInput, saved, twoAuthors } from "./helpers/posts.ts";

const SITE = "http://site.example";

type Kind = "page" | "site" | "source" | "device" | "not-found" | "feed";
/** A rollup row as the recorder writes it. */
const row = (kind: Kind, day: string, key: string, lang: string, views: number, visitors = 0) => ({
  kind,
  day,
  key,
  lang,
  views,
  visitors,
});

/** What a route answers: its middleware (requireAuthor) runs first, as React Router runs it, then its loader. */
async function answer(
  app: AppServices,
  route: { middleware: unknown[]; loader: (args: never) => unknown },
  pathname: string,
  cookie = "",
): Promise<{ response: Response; reached: boolean }> {
  const request = new Request(`${SITE}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} });
  const context = new RouterContextProvider();
  context.set(servicesContext, app);
  const args = {
    request,
    context,
    params: {},
    unstable_pattern: "",
    url: new URL(request.url),
  };
  let reached = false;
  const [guard] = route.middleware as ((args: unknown, next: () => Promise<Response>) => Promise<Response>)[];
  if (!guard) throw new Error("the route has no middleware");
  try {
    const response = await guard(args, async () => {
      reached = true;
      const result = await route.loader(args as never);
      return result instanceof Response ? result : Response.json(result);
    });
    return { response, reached };
  } catch (thrown) {
    if (thrown instanceof Response) return { response: thrown, reached };
    throw thrown;
  }
}

describe("the range asked for", () => {
  it("is 7, 30 or 365 days, 30 for anything else", () => {
    expect(audienceRange("7")).toBe(7);
    expect(audienceRange("365")).toBe(365);
    for (const value of [null, "", "30", "31", "7.0x", "-7", "1e3", "abc"])
      expect(audienceRange(value), String(value)).toBe(30);
  });
});

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`the Audience page and its CSV on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    let author = "";
    let cookie = "";
    let base: AppServices;

    const seed = (...rows: ReturnType<typeof row>[]) => database.db.insert(analyticsCounts).values(rows);

    beforeAll(async () => {
      database = await engine.open();
      const { ana } = await twoAuthors(database.db);
      author = ana;
      cookie = `session=${(await createSession(database.db, ana)).token}`;
      base = {
        db: database.db,
        auth: createAuthSettings({
          publicUrl: SITE,
          github: { clientId: undefined, clientSecret: undefined, url: SITE, apiUrl: SITE },
          authorLogins: ["ana"],
          signInRateLimit: 100,
        }),
        uploads: localDiskStorage(path.join(tmpdir(), "portfolio-audience-unused")),
      };
    });
    afterAll(async () => {
      await database?.close();
    });
    beforeEach(async () => {
      await database.db.execute(
        sql`truncate analytics_counts, analytics_feed_readers, newsletter_subscribers, blogs cascade`,
      );
    });

    describe("to a visitor", () => {
      it.each([
        ["/admin/audience", "/"],
        ["/en/admin/audience", "/en"],
        ["/admin/audience?days=365", "/"],
      ])("%s sends them home and never runs the loader", async (pathname, home) => {
        await seed(row("site", siteDay(new Date()), "", "", 5, 3));
        for (const forged of ["", "session=not-a-session"]) {
          const { response, reached } = await answer(base, pageRoute, pathname, forged);
          expect(response.status).toBe(302);
          expect(response.headers.get("Location")).toBe(home);
          expect(reached).toBe(false);
          expect(await response.text()).toBe("");
        }
      });

      it("gives no CSV", async () => {
        await seed(row("page", siteDay(new Date()), "/blog", "pt", 5, 3));
        const { response, reached } = await answer(base, csvRoute, "/admin/audience.csv?days=7");
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe("/");
        expect(response.headers.get("Content-Disposition")).toBeNull();
        expect(reached).toBe(false);
        expect(await response.text()).not.toContain(AUDIENCE_CSV_HEADER);
      });
    });

    describe("to the author", () => {
      it("the page has the report of the range asked for, and says whether the site is counting", async () => {
        const today = siteDay(new Date());
        await seed(
          row("site", today, "", "", 10, 4),
          row("site", addDays(today, -1), "", "", 6, 5),
          // Outside the last 7 days, inside the last 30.
          row("site", addDays(today, -10), "", "", 100, 50),
          row("page", today, "/blog", "pt", 10, 4),
        );
        const load = async (pathname: string, app = base) => {
          const { response, reached } = await answer(app, pageRoute, pathname, cookie);
          expect(response.status).toBe(200);
          expect(reached).toBe(true);
          expect(response.headers.get("Cache-Control")).toBe("private, no-store");
          return (await response.json()) as {
            unread: number;
            view: { report: AudienceReport; counting: boolean; newsletter: unknown };
          };
        };

        const week = await load("/admin/audience?days=7");
        expect(week.unread).toBe(0);
        expect(week.view.report).toMatchObject({ range: 7, last: today, first: addDays(today, -6), views: 16 });
        expect(week.view.report.days).toHaveLength(7);
        expect(week.view.report.pages).toEqual([{ key: "/blog", lang: "pt", views: 10 }]);
        expect(week.view.counting).toBe(false);

        const counting = { ...base, audience: {} as AudienceRecorder };
        const month = await load("/en/admin/audience?days=nonsense", counting);
        expect(month.view.report).toMatchObject({ range: 30, views: 116, peakVisitors: 50 });
        expect(month.view.counting).toBe(true);
      });

      it("the newsletter's numbers come with it only when the newsletter is on", async () => {
        const confirmSentAt = new Date();
        await database.db.insert(newsletterSubscribers).values(
          (
            [
              ["a@example.com", ["pt", "en"], "post", "confirmed", "/blog/ola"],
              ["b@example.com", ["pt"], "weekly", "confirmed", "/blog/ola"],
              ["c@example.com", ["en"], "post", "pending", "/en/newsletter"],
            ] as const
          ).map(([email, langs, frequency, status, source]) => ({
            email,
            langs: [...langs],
            frequency,
            status,
            source,
            confirmSentAt,
          })),
        );
        const off = await answer(base, pageRoute, "/admin/audience", cookie);
        expect(((await off.response.json()) as { view: { newsletter: unknown } }).view.newsletter).toBeNull();

        const withNewsletter: AppServices = {
          ...base,
          newsletter: {
            secret: Buffer.alloc(32),
            limiter: base.auth.signInLimiter,
            worker: { wake() {} },
            sendTest: null,
          },
        };
        const on = await answer(withNewsletter, pageRoute, "/admin/audience", cookie);
        const { newsletter } = ((await on.response.json()) as { view: { newsletter: Record<string, unknown> } }).view;
        expect(newsletter).toMatchObject({
          counts: {
            confirmedByLang: { pt: 2, en: 1 },
            confirmedByFrequency: { post: 1, weekly: 1 },
            sources: [{ source: "/blog/ola", count: 2 }],
          },
          sends: [],
        });
      });

      it("the CSV holds a row per day, page and language of the range, oldest first, and is a download", async () => {
        const today = siteDay(new Date());
        const yesterday = addDays(today, -1);
        await seed(
          row("page", today, "/blog", "pt", 7, 3),
          row("page", yesterday, "/en/blog/hello", "en", 2, 2),
          row("page", yesterday, "/blog", "pt", 4, 4),
          row("page", addDays(today, -8), "/about", "pt", 1, 1),
          row("page", addDays(today, -400), "/about", "pt", 9, 9),
          // Not pages: the site's totals, sources, devices and broken links stay out of the CSV.
          row("site", today, "", "", 7, 3),
          row("source", today, "google.com", "pt", 7),
          row("not-found", today, '/old,"page"', "pt", 1),
        );
        const { response, reached } = await answer(base, csvRoute, "/admin/audience.csv?days=7", cookie);
        expect(reached).toBe(true);
        expect(response.status).toBe(200);
        expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8; header=present");
        expect(response.headers.get("Content-Disposition")).toBe(
          `attachment; filename="audience-${addDays(today, -6)}-${today}.csv"`,
        );
        expect(response.headers.get("Cache-Control")).toContain("no-store");
        expect(await response.text()).toBe(
          [
            "date,path,lang,views,visitors",
            `${yesterday},/blog,pt,4,4`,
            `${yesterday},/en/blog/hello,en,2,2`,
            `${today},/blog,pt,7,3`,
            "",
          ].join("\n"),
        );

        // 30 days by default; a year holds the 400-day-old row only past its range.
        const month = await (await answer(base, csvRoute, "/admin/audience.csv", cookie)).response.text();
        expect(month.split("\n")).toContain(`${addDays(today, -8)},/about,pt,1,1`);
        const year = await answer(base, csvRoute, "/admin/audience.csv?days=365", cookie);
        expect(year.response.headers.get("Content-Disposition")).toBe(
          `attachment; filename="audience-${addDays(today, -364)}-${today}.csv"`,
        );
        expect((await year.response.text()).split("\n")).toHaveLength(6);
      });

      it("an empty range's CSV is its header alone", async () => {
        const { response } = await answer(base, csvRoute, "/en/admin/audience.csv?days=30", cookie);
        expect(await response.text()).toBe(`${AUDIENCE_CSV_HEADER}\n`);
      });
    });

    describe("the report", () => {
      // Noon in Recife on 27 November 2026.
      const now = new Date("2026-11-27T15:00:00Z");

      it("adds views across days and never visitors: the peak day and the average per day instead", async () => {
        await seed(
          row("site", "2026-11-27", "", "", 30, 10),
          row("site", "2026-11-25", "", "", 12, 4),
          row("site", "2026-11-21", "", "", 5, 7),
          // The day before the range, and the day after: left out.
          row("site", "2026-11-20", "", "", 1000, 1000),
          row("site", "2026-11-28", "", "", 1000, 1000),
        );
        const report = await audienceReport(database.db, 7, now);
        expect(report).toMatchObject({ range: 7, first: "2026-11-21", last: "2026-11-27" });
        expect(report.days).toEqual([
          { day: "2026-11-21", views: 5, visitors: 7 },
          { day: "2026-11-22", views: 0, visitors: 0 },
          { day: "2026-11-23", views: 0, visitors: 0 },
          { day: "2026-11-24", views: 0, visitors: 0 },
          { day: "2026-11-25", views: 12, visitors: 4 },
          { day: "2026-11-26", views: 0, visitors: 0 },
          { day: "2026-11-27", views: 30, visitors: 10 },
        ]);
        expect(report.views).toBe(47);
        expect(report.peakVisitors).toBe(10);
        // (7 + 4 + 10) / 7 days = 3, never 21.
        expect(report.visitorsPerDay).toBe(3);

        const year = await audienceReport(database.db, 365, now);
        expect(year.days).toHaveLength(365);
        expect(year.days[0]?.day).toBe("2025-11-28");
        expect(year.views).toBe(1047);
      });

      it("names the most read posts of each language by their titles, and leaves deleted ones out", async () => {
        const ola = saved(await createPost(database.db, author, postInput("ola", { published: true })));
        saved(await createPost(database.db, author, postInput("hello", { lang: "en", published: true })));
        const gone = saved(await createPost(database.db, author, postInput("apagado", { published: true })));
        await deletePost(database.db, author, gone.id);
        await seed(
          row("page", "2026-11-26", "/blog/ola", "pt", 8, 5),
          row("page", "2026-11-27", "/blog/ola", "pt", 4, 3),
          row("page", "2026-11-27", "/en/blog/hello", "en", 20, 9),
          row("page", "2026-11-27", "/blog/apagado", "pt", 50, 40),
          // The English address of a Portuguese slug is no post.
          row("page", "2026-11-27", "/en/blog/ola", "en", 3, 3),
          row("page", "2026-11-27", "/blog", "pt", 60, 30),
        );
        const report = await audienceReport(database.db, 30, now);
        expect(report.posts).toEqual({
          pt: [{ path: "/blog/ola", title: ola.title, lang: "pt", views: 12, visitors: 5 }],
          en: [{ path: "/en/blog/hello", title: "Title hello", lang: "en", views: 20, visitors: 9 }],
        });
        // The pages list every path, the most viewed first.
        expect(report.pages.map((page) => [page.key, page.views])).toEqual([
          ["/blog", 60],
          ["/blog/apagado", 50],
          ["/en/blog/hello", 20],
          ["/blog/ola", 12],
          ["/en/blog/ola", 3],
        ]);
      });

      it("adds sources, devices and broken links up per key across languages and days", async () => {
        await seed(
          row("source", "2026-11-27", "", "pt", 5),
          row("source", "2026-11-27", "", "en", 2),
          row("source", "2026-11-26", "utm:newsletter", "pt", 9),
          row("source", "2026-11-27", "google.com", "en", 4),
          row("device", "2026-11-27", "phone", "pt", 10),
          row("device", "2026-11-26", "phone", "en", 3),
          row("device", "2026-11-27", "desktop", "pt", 6),
          row("device", "2026-11-27", "tablet", "pt", 1),
          row("not-found", "2026-11-27", "/wp-login.php", "pt", 3),
          row("not-found", "2026-11-25", "/wp-login.php", "pt", 2),
          row("not-found", "2026-11-27", "/en/old", "en", 1),
        );
        const report = await audienceReport(database.db, 7, now);
        expect(report.sources).toEqual([
          { key: "utm:newsletter", lang: "", views: 9 },
          { key: "", lang: "", views: 7 },
          { key: "google.com", lang: "", views: 4 },
        ]);
        expect(report.devices).toEqual([
          { key: "phone", lang: "", views: 13 },
          { key: "desktop", lang: "", views: 6 },
          { key: "tablet", lang: "", views: 1 },
        ]);
        expect(report.notFound).toEqual([
          { key: "/wp-login.php", lang: "", views: 5 },
          { key: "/en/old", lang: "", views: 1 },
        ]);
      });

      it("takes each feed reader's latest count in the range, adds readers up per feed, and counts fetches", async () => {
        await database.db.insert(analyticsFeedReaders).values([
          { day: "2026-11-25", feed: "/rss.xml", lang: "pt", reader: "Feedly", subscribers: 130 },
          { day: "2026-11-27", feed: "/rss.xml", lang: "pt", reader: "Feedly", subscribers: 128 },
          { day: "2026-11-26", feed: "/rss.xml", lang: "pt", reader: "Inoreader", subscribers: 7 },
          { day: "2026-11-27", feed: "/en/rss.xml", lang: "en", reader: "Feedly", subscribers: 40 },
          // Before the range: not this range's latest.
          { day: "2026-11-01", feed: "/rss.xml", lang: "pt", reader: "NewsBlur", subscribers: 99 },
        ]);
        await seed(
          row("feed", "2026-11-27", "/rss.xml", "pt", 30),
          row("feed", "2026-11-26", "/rss.xml", "pt", 20),
          row("feed", "2026-11-27", "/en/rss.xml", "en", 6),
        );
        const report = await audienceReport(database.db, 7, now);
        expect(report.feeds).toEqual([
          {
            feed: "/en/rss.xml",
            lang: "en",
            subscribers: 40,
            readers: [{ reader: "Feedly", subscribers: 40 }],
            fetches: 6,
          },
          {
            feed: "/rss.xml",
            lang: "pt",
            subscribers: 135,
            readers: [
              { reader: "Feedly", subscribers: 128 },
              { reader: "Inoreader", subscribers: 7 },
            ],
            fetches: 50,
          },
        ]);
        expect((await audienceReport(database.db, 30, now)).feeds[1]?.subscribers).toBe(128 + 7 + 99);
      });

      it("is zeros and empty lists when nothing was counted", async () => {
        const report = await audienceReport(database.db, 30, now);
        expect(report.days).toHaveLength(30);
        expect(report.days.every((day) => day.views === 0 && day.visitors === 0)).toBe(true);
        expect(report).toMatchObject({ views: 0, peakVisitors: 0, visitorsPerDay: 0, pages: [], sources: [] });
        expect(report.posts).toEqual({ pt: [], en: [] });
        expect(report.feeds).toEqual([]);
      });
    });
  });
}

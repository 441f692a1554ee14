import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Counted, type RequestFacts, requestToCount } from "../../app/server/analytics/classify.server.ts";
import { AudienceRecorder, DISTINCT_PER_DAY, OTHER } from "../../app/server/analytics/recorder.server.ts";
import { audienceReport } from "../../app/server/analytics/report.server.ts";
import { createSession } from "../../app/server/auth/session.server.ts";
import { type Database, type OpenDatabase, rowsOf } from "../../app/server/db/client.server.ts";
import { AUDIENCE_TABLES, monthsApartFromDays } from "../../bench/audience-data.ts";
import { acrossMigration, engines, engineTitle } from "./helpers/databases.ts";
import { twoAuthors } from "./helpers/posts.ts";

const HOUR = 3_600_000;
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0";

/** A reader's answered request, as the HTTP layer hands it to the recorder. */
function answered(path: string, headers: Record<string, string> = {}, ip = "203.0.113.1", status = 200): Counted {
  const lower = Object.fromEntries(
    Object.entries({ "user-agent": FIREFOX, ...headers }).map(([key, value]) => [key.toLowerCase(), value]),
  );
  const facts: RequestFacts = {
    method: "GET",
    path,
    search: "",
    header: (name) => lower[name.toLowerCase()],
    ip: () => ip,
    ownHosts: () => ["rafaelwerneck.dev"],
  };
  const request = requestToCount(facts);
  if (!request) throw new Error(`${path} would not be counted`);
  if (request.feed !== undefined) return { kind: "feed", request };
  return { kind: status === 404 ? "not-found" : "page", request };
}

const readerAgent = (n: number) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) Reader/${n} Firefox/13${n}.0`;

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`the audience's counts on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    let clock: number;
    const now = () => new Date(clock);
    const recorder = () => new AudienceRecorder({ db: database.db, now });

    const counts = async (kind: string) =>
      rowsOf<{ day: string; key: string; lang: string; views: number; visitors: number }>(
        await database.db.execute(sql`
          select day::text as day, key, lang, views, visitors from analytics_counts where kind = ${kind} order by day, key, lang`),
      );

    beforeAll(async () => {
      database = await engine.open();
    });
    afterAll(async () => {
      await database?.close();
    });
    beforeEach(async () => {
      // Noon in Recife.
      clock = Date.parse("2026-11-27T15:00:00Z");
      await database.db.execute(
        sql`truncate analytics_counts, analytics_visitors, analytics_salts, analytics_feed_readers, sessions`,
      );
    });

    it("counts ten readers opening a post three times each as 30 views and 10 visitors; a GPC reader as a view only", async () => {
      const audience = recorder();
      for (let round = 0; round < 3; round += 1)
        for (let n = 0; n < 10; n += 1)
          audience.record(answered("/blog/ola", { "user-agent": readerAgent(n) }, `198.51.100.${n + 1}`));
      audience.record(answered("/blog/ola", { "sec-gpc": "1" }, "198.51.100.99"));
      await audience.flush();
      expect(await counts("page")).toEqual([
        { day: "2026-11-27", key: "/blog/ola", lang: "pt", views: 31, visitors: 10 },
      ]);
      expect(await counts("site")).toEqual([{ day: "2026-11-27", key: "", lang: "", views: 31, visitors: 10 }]);
      expect(await counts("device")).toEqual([
        { day: "2026-11-27", key: "desktop", lang: "pt", views: 31, visitors: 0 },
      ]);
    });

    it("adds two servers' counts up exactly, a visitor seen by both counted once", async () => {
      const one = recorder();
      const two = recorder();
      const rounds = 20;
      for (let round = 0; round < rounds; round += 1) {
        for (let n = 0; n < 25; n += 1) {
          const reader = { "user-agent": readerAgent(n) };
          one.record(answered("/en/blog/hello", reader, `192.0.2.${n + 1}`));
          two.record(answered("/en/blog/hello", reader, `192.0.2.${n + 1}`));
        }
        // Both write at once, over and over: the same rows, the same hashes.
        await Promise.all([one.flush(), two.flush()]);
      }
      expect(await counts("page")).toEqual([
        { day: "2026-11-27", key: "/en/blog/hello", lang: "en", views: 2 * 25 * rounds, visitors: 25 },
      ]);
      const salts = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from analytics_salts`),
      );
      expect(salts[0]?.n).toBe(1);
    });

    it("keeps every month equal to its days while four servers write at once across a month's end", async () => {
      const servers = [recorder(), recorder(), recorder(), recorder()];
      const paths = ["/blog", "/about", "/en", "/blog/ola", "/en/blog/hello", "/nowhere"];
      // Each server its own order, and a new row in one month beside rows of the other: the months' locks cannot cross.
      const visit = (server: number, shift: number) => {
        for (let n = 0; n < paths.length; n += 1) {
          const path = paths[(n + server + shift) % paths.length] ?? "/";
          const reader = { "user-agent": readerAgent(n), referer: `https://site-${n % 3}.example/` };
          servers[server]?.record(
            answered(path, reader, `192.0.2.${server * 10 + n}`, path === "/nowhere" ? 404 : 200),
          );
        }
      };
      const rounds = 8;
      for (let round = 0; round < rounds; round += 1) {
        // 23:59 of 30 November in Recife, then 00:00 of 1 December: each batch holds both months.
        clock = Date.parse("2026-12-01T02:59:30Z");
        for (let server = 0; server < servers.length; server += 1) visit(server, round);
        clock = Date.parse("2026-12-01T03:00:30Z");
        for (let server = 0; server < servers.length; server += 1) visit(server, round + 3);
        await Promise.all(servers.map((server) => server.flush()));
      }
      expect(await monthsApartFromDays(database.db)).toEqual([]);
      const months = rowsOf<{ month: string; views: number; peak: number }>(
        await database.db.execute(sql`
          select month::text as month, views, peak_visitors as peak from analytics_months
          where kind = 'site' order by month`),
      );
      // A page view each for five of a server's six readers a round (one reader's path answers 404); each reader a page on some round.
      const views = servers.length * rounds * (paths.length - 1);
      const peak = servers.length * paths.length;
      expect(months).toEqual([
        { month: "2026-11-01", views, peak },
        { month: "2026-12-01", views, peak },
      ]);
    });

    it.skipIf(engine.name !== "postgres")(
      "makes two writers whose days fall in the same months in opposite orders wait for each other, not deadlock",
      async () => {
        const row = (day: string, key: string) => sql`
          insert into analytics_counts (kind, day, key, lang, views, visitors) values ('page', ${day}, ${key}, 'pt', 1, 1)
          on conflict (kind, day, key, lang) do update set views = analytics_counts.views + 1`;
        await database.db.execute(row("2026-11-29", "/a"));
        await database.db.execute(row("2026-12-02", "/b"));
        // Each writer adds a new day to one month, then to a day of the other month the other writer starts with.
        let started: () => void = () => undefined;
        const secondStarted = new Promise<void>((resolve) => {
          started = resolve;
        });
        const first = database.db.transaction(async (tx) => {
          await tx.execute(row("2026-12-01", "/b"));
          await secondStarted;
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.execute(row("2026-11-29", "/a"));
        });
        const second = database.db.transaction(async (tx) => {
          started();
          await tx.execute(row("2026-11-30", "/a"));
          await tx.execute(row("2026-12-02", "/b"));
        });
        await Promise.all([first, second]);
        expect(await monthsApartFromDays(database.db)).toEqual([]);
      },
    );

    it("keeps the months equal to their days when days are changed, deleted or all emptied", async () => {
      const audience = recorder();
      for (const day of ["2026-10-31T15:00:00Z", "2026-11-01T15:00:00Z", "2026-11-02T15:00:00Z"]) {
        clock = Date.parse(day);
        for (let n = 0; n < 3; n += 1)
          audience.record(answered("/blog", { "user-agent": readerAgent(n) }, `198.51.100.${n}`));
        await audience.flush();
      }
      expect(await monthsApartFromDays(database.db)).toEqual([]);
      await database.db.execute(
        sql`update analytics_counts set visitors = 1, views = views + 2 where day = '2026-11-01'`,
      );
      expect(await monthsApartFromDays(database.db)).toEqual([]);
      await database.db.execute(sql`delete from analytics_counts where day = '2026-11-02'`);
      expect(await monthsApartFromDays(database.db)).toEqual([]);
      await database.db.execute(sql`delete from analytics_counts where day = '2026-10-31'`);
      expect(await monthsApartFromDays(database.db)).toEqual([]);
      const months = rowsOf<{ month: string }>(
        await database.db.execute(sql`select distinct month::text as month from analytics_months`),
      );
      expect(months).toEqual([{ month: "2026-11-01" }]);
      await database.db.execute(sql`truncate analytics_counts`);
      const left = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from analytics_months`),
      );
      expect(left[0]?.n).toBe(0);
    });

    it("leaves out the signed-in author's visits, not a reader's with a stale session cookie", async () => {
      const { ana } = await twoAuthors(database.db);
      const { token } = await createSession(database.db, ana, now());
      const audience = recorder();
      audience.record(answered("/blog/ola", { cookie: `session=${token}` }, "203.0.113.9"));
      audience.record(answered("/blog/ola", { cookie: "session=expired-or-forged" }, "203.0.113.10"));
      await audience.flush();
      expect(await counts("page")).toEqual([
        { day: "2026-11-27", key: "/blog/ola", lang: "pt", views: 1, visitors: 1 },
      ]);
    });

    it("counts a visitor once a day, with a new salt each day, and deletes a salt and its hashes 48 hours after its day began", async () => {
      const audience = recorder();
      const reader = { "user-agent": readerAgent(1) };
      audience.record(answered("/blog", reader, "203.0.113.5"));
      audience.record(answered("/blog", reader, "203.0.113.5"));
      await audience.flush();
      clock += 24 * HOUR;
      audience.record(answered("/blog", reader, "203.0.113.5"));
      await audience.flush();
      expect(await counts("page")).toEqual([
        { day: "2026-11-27", key: "/blog", lang: "pt", views: 2, visitors: 1 },
        { day: "2026-11-28", key: "/blog", lang: "pt", views: 1, visitors: 1 },
      ]);
      const hashes = async () =>
        rowsOf<{ day: string; hash: string }>(
          await database.db.execute(
            sql`select day::text as day, hash::text as hash from analytics_visitors where kind = 'site' order by day`,
          ),
        );
      const [first, second] = await hashes();
      expect(first?.hash).not.toBe(second?.hash);
      // 00:00 of the 29th in Recife: the 27th's salt is 48 hours old.
      clock = Date.parse("2026-11-29T03:00:00Z");
      await audience.cleanup();
      const days = rowsOf<{ day: string }>(
        await database.db.execute(sql`select day::text as day from analytics_salts order by day`),
      );
      expect(days.map((row) => row.day)).toEqual(["2026-11-28"]);
      expect((await hashes()).map((row) => row.day)).toEqual(["2026-11-28"]);
      // The counts stay.
      expect((await counts("page")).length).toBe(2);
    });

    it("keeps neither the address nor the user agent, only a hash", async () => {
      const audience = recorder();
      const agent = "Mozilla/5.0 (X11; Linux x86_64) UniqueAgentMarker/9.9 Firefox/132.0";
      audience.record(
        answered("/blog", { "user-agent": agent, referer: "https://mastodon.social/@x/1" }, "198.18.7.77"),
      );
      await audience.flush();
      for (const table of AUDIENCE_TABLES) {
        const dump = JSON.stringify(rowsOf(await database.db.execute(sql.raw(`select * from ${table}`))));
        expect(dump).not.toContain("198.18.7.77");
        expect(dump).not.toContain("UniqueAgentMarker");
      }
      expect(await counts("source")).toEqual([
        { day: "2026-11-27", key: "mastodon.social", lang: "pt", views: 1, visitors: 0 },
      ]);
    });

    it("counts sources and broken paths up to a limit a day, the rest together", async () => {
      const audience = recorder();
      for (let n = 0; n < DISTINCT_PER_DAY + 50; n += 1) {
        audience.record(answered("/blog", { referer: `https://forged-${n}.example/` }));
        audience.record(answered(`/nowhere-${n}`, {}, "203.0.113.1", 404));
      }
      await audience.flush();
      const sources = await counts("source");
      expect(sources.length).toBe(DISTINCT_PER_DAY + 1);
      expect(sources.find((row) => row.key === OTHER)?.views).toBe(50);
      const missing = await counts("not-found");
      expect(missing.length).toBe(DISTINCT_PER_DAY + 1);
      expect(missing.reduce((sum, row) => sum + row.views, 0)).toBe(DISTINCT_PER_DAY + 50);
    });

    it("keeps a feed reader's latest subscriber count of the day, and counts the feed's fetches", async () => {
      const audience = recorder();
      const feedly = (n: number) =>
        `Feedly/1.0 (+http://www.feedly.com/fetcher.html; ${n} subscribers; like FeedFetcher-Google)`;
      audience.record(answered("/rss.xml", { "user-agent": feedly(131) }));
      await audience.flush();
      audience.record(answered("/rss.xml", { "user-agent": feedly(140) }));
      audience.record(answered("/en/rss.xml", { "user-agent": "Inoreader/1.0 (3 subscribers)" }));
      audience.record(answered("/en/rss.xml", { "user-agent": FIREFOX }));
      await audience.flush();
      expect(await counts("feed")).toEqual([
        { day: "2026-11-27", key: "/en/rss.xml", lang: "en", views: 2, visitors: 0 },
        { day: "2026-11-27", key: "/rss.xml", lang: "pt", views: 2, visitors: 0 },
      ]);
      const report = await audienceReport(database.db, 7, now());
      expect(report.feeds).toEqual([
        {
          feed: "/en/rss.xml",
          lang: "en",
          subscribers: 3,
          readers: [{ reader: "Inoreader", subscribers: 3 }],
          fetches: 2,
        },
        {
          feed: "/rss.xml",
          lang: "pt",
          subscribers: 140,
          readers: [{ reader: "Feedly", subscribers: 140 }],
          fetches: 2,
        },
      ]);
      // The report never adds visitors across days.
      expect(report.days.length).toBe(7);
    });

    it("a batch the database refused is added with the next one, not lost and not doubled", async () => {
      const audience = recorder();
      audience.record(answered("/blog", { "user-agent": readerAgent(3) }, "203.0.113.3"));
      await audience.flush();
      await database.db.execute(sql`alter table analytics_counts rename to analytics_counts_away`);
      audience.record(answered("/blog", { "user-agent": readerAgent(4) }, "203.0.113.4"));
      await expect(audience.flush()).rejects.toThrow();
      await database.db.execute(sql`alter table analytics_counts_away rename to analytics_counts`);
      audience.record(answered("/blog", { "user-agent": readerAgent(5) }, "203.0.113.5"));
      await audience.flush();
      expect(await counts("page")).toEqual([{ day: "2026-11-27", key: "/blog", lang: "pt", views: 3, visitors: 3 }]);
    });

    it("counts a batch with feed readers once when its readers' part was refused and it is added again", async () => {
      const audience = recorder();
      await database.db.execute(sql`alter table analytics_feed_readers rename to analytics_feed_readers_away`);
      audience.record(answered("/blog", { "user-agent": readerAgent(8) }, "203.0.113.8"));
      audience.record(answered("/rss.xml", { "user-agent": "Inoreader/1.0 (3 subscribers)" }));
      await expect(audience.flush()).rejects.toThrow();
      await database.db.execute(sql`alter table analytics_feed_readers_away rename to analytics_feed_readers`);
      await audience.flush();
      expect(await counts("page")).toEqual([{ day: "2026-11-27", key: "/blog", lang: "pt", views: 1, visitors: 1 }]);
      expect(await counts("feed")).toEqual([{ day: "2026-11-27", key: "/rss.xml", lang: "pt", views: 1, visitors: 0 }]);
    });

    it("keeps a batch whose day's salt could not be made, visitors and all, for the next one", async () => {
      const audience = recorder();
      await database.db.execute(sql`alter table analytics_salts rename to analytics_salts_away`);
      audience.record(answered("/blog", { "user-agent": readerAgent(6) }, "203.0.113.6"));
      audience.record(answered("/en/blog", { "user-agent": readerAgent(6) }, "203.0.113.6"));
      await expect(audience.flush()).rejects.toThrow();
      await database.db.execute(sql`alter table analytics_salts_away rename to analytics_salts`);
      audience.record(answered("/blog", { "user-agent": readerAgent(6) }, "203.0.113.6"));
      audience.record(answered("/blog", { "user-agent": readerAgent(7) }, "203.0.113.7"));
      await audience.flush();
      expect(await counts("page")).toEqual([
        { day: "2026-11-27", key: "/blog", lang: "pt", views: 3, visitors: 2 },
        { day: "2026-11-27", key: "/en/blog", lang: "en", views: 1, visitors: 1 },
      ]);
      expect(await counts("site")).toEqual([{ day: "2026-11-27", key: "", lang: "", views: 4, visitors: 2 }]);
      expect(await counts("device")).toEqual([
        { day: "2026-11-27", key: "desktop", lang: "en", views: 1, visitors: 0 },
        { day: "2026-11-27", key: "desktop", lang: "pt", views: 3, visitors: 0 },
      ]);
    });
  });
}

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`upgrading to the monthly counts on ${engineTitle(engine)}`, () => {
    it("adds up the months of the days counted before", () =>
      acrossMigration(
        engine,
        "0009_audience_months",
        async (db) => {
          await db.execute(sql`
            insert into analytics_counts (kind, day, key, lang, views, visitors) values
              ('page', '2026-10-30', '/blog', 'pt', 5, 3), ('page', '2026-10-31', '/blog', 'pt', 7, 2),
              ('page', '2026-11-01', '/blog', 'pt', 1, 1), ('site', '2026-11-01', '', '', 1, 1)`);
        },
        async (db) => {
          expect(await monthsApartFromDays(db)).toEqual([]);
          const months = rowsOf<{ kind: string; month: string; views: number; peak: number }>(
            await db.execute(sql`
              select kind, month::text as month, views, peak_visitors as peak from analytics_months order by kind, month`),
          );
          expect(months).toEqual([
            { kind: "page", month: "2026-10-01", views: 12, peak: 3 },
            { kind: "page", month: "2026-11-01", views: 1, peak: 1 },
            { kind: "site", month: "2026-11-01", views: 1, peak: 1 },
          ]);
          // Written after the upgrade, a day reaches its month.
          await db.execute(sql`
            insert into analytics_counts (kind, day, key, lang, views, visitors) values ('page', '2026-11-01', '/blog', 'pt', 4, 2)
            on conflict (kind, day, key, lang) do update
              set views = analytics_counts.views + excluded.views, visitors = analytics_counts.visitors + excluded.visitors`);
          expect(await monthsApartFromDays(db)).toEqual([]);
        },
      ));
  });
}

it("hashes sessions as the sessions table does", () => {
  const request = requestToCount({
    method: "GET",
    path: "/",
    search: "",
    header: (name) => ({ "user-agent": FIREFOX, cookie: "session=tok" })[name],
    ip: () => "203.0.113.1",
    ownHosts: () => [],
  });
  expect(request?.session).toBe(createHash("sha256").update("tok").digest("hex"));
});

it("adds a busy second in pieces, the server's requests answered between them", async () => {
  // A database that answers at once: every turn of the event loop the flush gives up is its own doing.
  const salt = Buffer.alloc(32, 7).toString("base64");
  const statements: string[] = [];
  const db = {
    execute: async (query: { queryChunks?: unknown[] }) => {
      statements.push(JSON.stringify(query.queryChunks ?? []));
      return { rows: [{ salt }] };
    },
  } as unknown as Database;
  const recorder = new AudienceRecorder({ db, now: () => new Date("2026-11-27T15:00:00Z") });
  for (let n = 0; n < 500; n += 1) recorder.record(answered("/blog", {}, `198.51.${Math.floor(n / 250)}.${n % 250}`));
  let turns = 0;
  let flushing = true;
  const turn = () => {
    if (!flushing) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  await recorder.flush();
  flushing = false;
  // 500 visitors: hashed 50 to a turn, then the statement sent on a turn of its own.
  expect(turns).toBeGreaterThanOrEqual(500 / 50);
  expect(statements.some((statement) => statement.includes("analytics_counts"))).toBe(true);
});

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`upgrading past shared drafts' counts on ${engineTitle(engine)}`, () => {
    it("removes what was counted under a shared draft's address, and nothing else", () =>
      acrossMigration(
        engine,
        "0010_secret_paths_uncounted",
        async (db) => {
          await db.execute(sql`
            insert into analytics_counts (kind, day, key, lang, views, visitors) values
              ('page', '2026-11-01', '/blog/preview/Zm9yZ2VkLXRva2VuLW9uZQ', 'pt', 3, 1),
              ('page', '2026-11-02', '/en/blog/preview/Zm9yZ2VkLXRva2VuLXR3bw', 'en', 2, 2),
              ('not-found', '2026-11-02', '/Blog/Preview/revoked', 'pt', 1, 1),
              ('page', '2026-11-02', '/blog', 'pt', 5, 4),
              ('page', '2026-11-02', '/blog/previews-of-2027', 'pt', 6, 5),
              ('not-found', '2026-11-02', '/blog/nao-existe', 'pt', 1, 1),
              ('site', '2026-11-02', '', '', 11, 7)`);
          await db.execute(sql`
            insert into analytics_visitors (day, kind, key, lang, hash) values
              ('2026-11-02', 'page', '/en/blog/preview/Zm9yZ2VkLXRva2VuLXR3bw', 'en', 1),
              ('2026-11-02', 'page', '/blog', 'pt', 2)`);
        },
        async (db) => {
          const keys = async (table: "analytics_counts" | "analytics_months" | "analytics_visitors") =>
            rowsOf<{ key: string }>(await db.execute(sql`select key from ${sql.identifier(table)} order by key`)).map(
              (row) => row.key,
            );
          expect(await keys("analytics_counts")).toEqual(["", "/blog", "/blog/nao-existe", "/blog/previews-of-2027"]);
          expect(await keys("analytics_months")).toEqual(["", "/blog", "/blog/nao-existe", "/blog/previews-of-2027"]);
          expect(await keys("analytics_visitors")).toEqual(["/blog"]);
          expect(await monthsApartFromDays(db)).toEqual([]);
        },
      ));
  });
}

describe("a shared draft's address", () => {
  it("is never counted, as a page, its data or a broken link, in any case or language", () => {
    const facts = (path: string): RequestFacts => ({
      method: "GET",
      path,
      search: "",
      header: (name) => ({ "user-agent": FIREFOX, "sec-fetch-dest": "document" })[name.toLowerCase()],
      ip: () => "203.0.113.1",
      ownHosts: () => ["rafaelwerneck.dev"],
    });
    for (const path of [
      "/blog/preview/Zm9yZ2VkLXRva2Vu",
      "/en/blog/preview/Zm9yZ2VkLXRva2Vu",
      "/blog/preview/Zm9yZ2VkLXRva2Vu.data",
      "/Blog/PREVIEW/Zm9yZ2VkLXRva2Vu",
      "/blog/preview/",
    ])
      expect(requestToCount(facts(path)), path).toBeNull();
    // A post whose slug begins so is a page like any other.
    expect(requestToCount(facts("/blog/previews-of-2027"))?.path).toBe("/blog/previews-of-2027");
  });
});

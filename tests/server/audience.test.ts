import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Counted, type RequestFacts, requestToCount } from "../../app/server/analytics/classify.server.ts";
import { AudienceRecorder, DISTINCT_PER_DAY, OTHER } from "../../app/server/analytics/recorder.server.ts";
import { audienceReport } from "../../app/server/analytics/report.server.ts";
import { createSession } from "../../app/server/auth/session.server.ts";
import { type OpenDatabase, rowsOf } from "../../app/server/db/client.server.ts";
import { engines, engineTitle } from "./helpers/databases.ts";
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
    ip,
    ownHosts: ["rafaelwerneck.dev"],
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
      const tables = ["analytics_counts", "analytics_visitors", "analytics_salts", "analytics_feed_readers"];
      for (const table of tables) {
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
  });
}

it("hashes sessions as the sessions table does", () => {
  const request = requestToCount({
    method: "GET",
    path: "/",
    search: "",
    header: (name) => ({ "user-agent": FIREFOX, cookie: "session=tok" })[name],
    ip: "203.0.113.1",
    ownHosts: [],
  });
  expect(request?.session).toBe(createHash("sha256").update("tok").digest("hex"));
});

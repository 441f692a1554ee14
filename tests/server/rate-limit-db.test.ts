/**
 * Rate limits counted in the database: two limiters on one database (two
 * servers) share one count, windows roll over, counting is atomic under
 * simultaneous attempts, and old windows are removed. On PGlite and, when
 * TEST_DATABASE_URL is set, PostgreSQL.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseRateLimiter, RateLimiter, rateLimitFactory } from "../../app/server/auth/rate-limit.server.ts";
import type { Database, OpenDatabase } from "../../app/server/db/client.server.ts";
import { rateLimits } from "../../app/server/db/schema.ts";
import { configureLog, standardStreams } from "../../app/server/log.server.ts";
import { limit } from "../harness/host-speed.ts";
import { engines, engineTitle } from "./helpers/databases.ts";

const WINDOW = 60_000;
const T0 = Date.parse("2026-03-01T12:00:00Z");

for (const engine of engines) {
  describe.skipIf(engine.skip)(`rate limits in the database — ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    beforeAll(async () => {
      database = await engine.open();
    }, limit(60_000));
    afterAll(async () => database?.close());

    it("shares one count between two servers' limiters, per key, and tells how long to wait", async () => {
      const one = new DatabaseRateLimiter(database.db, "shared", 3, WINDOW);
      const two = new DatabaseRateLimiter(database.db, "shared", 3, WINDOW);
      expect((await one.consume("203.0.113.9", T0)).allowed).toBe(true);
      expect((await two.consume("203.0.113.9", T0 + 1000)).allowed).toBe(true);
      expect((await one.consume("203.0.113.9", T0 + 2000)).allowed).toBe(true);
      expect(await two.consume("203.0.113.9", T0 + 10_000)).toEqual({ allowed: false, retryAfterMs: 50_000 });
      expect(await one.consume("203.0.113.9", T0 + 20_000)).toEqual({ allowed: false, retryAfterMs: 40_000 });
      // Another address, and another limiter's name, count apart.
      expect((await two.consume("198.51.100.1", T0 + 20_000)).allowed).toBe(true);
      const other = new DatabaseRateLimiter(database.db, "other", 1, WINDOW);
      expect((await other.consume("203.0.113.9", T0 + 20_000)).allowed).toBe(true);
      // The window over, the count starts again, on either server.
      expect((await two.consume("203.0.113.9", T0 + WINDOW)).allowed).toBe(true);
      expect((await one.consume("203.0.113.9", T0 + WINDOW + 1)).allowed).toBe(true);
      expect((await one.consume("203.0.113.9", T0 + WINDOW + 2)).allowed).toBe(true);
      expect((await two.consume("203.0.113.9", T0 + WINDOW + 3)).allowed).toBe(false);
    });

    it("counts every one of many simultaneous attempts exactly once", async () => {
      const limiters = Array.from({ length: 4 }, () => new DatabaseRateLimiter(database.db, "burst", 10, WINDOW));
      const results = await Promise.all(
        Array.from({ length: 24 }, (_, index) => limiters[index % 4]?.consume("192.0.2.7", T0 + index)),
      );
      expect(results.filter((result) => result?.allowed)).toHaveLength(10);
      const [row] = await database.db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(sql`${rateLimits.key} = 'burst:192.0.2.7'`);
      expect(row?.count).toBe(24);
    });

    it("refuses everything with a limit of 0, like the in-memory limiter", async () => {
      const zero = new DatabaseRateLimiter(database.db, "zero", 0, WINDOW);
      expect(await zero.consume("a", T0)).toEqual(new RateLimiter(0, WINDOW).consume("a", T0));
    });

    it("removes windows that are over, about once a window", async () => {
      const limiter = new DatabaseRateLimiter(database.db, "prune", 5, WINDOW);
      await limiter.consume("old", T0);
      await limiter.consume("new", T0 + 3 * WINDOW);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const keys = await database.db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(sql`starts_with(${rateLimits.key}, 'prune:')`);
      expect(keys.map((row) => row.key)).toEqual(["prune:new"]);
    });

    it("allows the attempt (and says so in the log) when the database fails", async () => {
      const broken = {
        insert: () => ({
          values: () => ({ onConflictDoUpdate: () => ({ returning: () => Promise.reject(new Error("down")) }) }),
        }),
      };
      const errors: string[] = [];
      configureLog({ write: (line, level) => level === "error" && errors.push(line) });
      try {
        const limiter = new DatabaseRateLimiter(broken as unknown as Database, "broken", 0, WINDOW);
        expect(await limiter.consume("a", T0)).toEqual({ allowed: true, retryAfterMs: 0 });
      } finally {
        configureLog({ write: standardStreams });
      }
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/^Counting a broken attempt failed; allowed it: Error: down/);
    });

    it("is what the server uses on PostgreSQL; the embedded database keeps counting in memory", () => {
      const limiter = rateLimitFactory(database)("sign-in", 1, WINDOW);
      expect(limiter).toBeInstanceOf(database.engine === "postgres" ? DatabaseRateLimiter : RateLimiter);
      expect(rateLimitFactory()("sign-in", 1, WINDOW)).toBeInstanceOf(RateLimiter);
    });
  });
}

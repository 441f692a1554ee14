/**
 * The newsletter's sending rate (`NEWSLETTER_RATE`: mails per second and per
 * hour), shared by every server on one database: each mail takes a place in
 * the current second's and the current hour's counters (rows of
 * `rate_limits`), with one atomic statement each; a full counter says how
 * long to wait. The embedded database does the same in its one process.
 */
import { and, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { rateLimits } from "../db/schema.ts";

export interface SendRate {
  perSecond: number;
  perHour: number;
}

const PREFIX = "newsletter-rate:";

async function takePlace(db: Database, key: string, start: Date, limit: number): Promise<boolean> {
  const rows = await db
    .insert(rateLimits)
    .values({ key: `${PREFIX}${key}`, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: sql`${rateLimits.count} + 1` },
      setWhere: sql`${rateLimits.count} < ${limit}`,
    })
    .returning({ count: rateLimits.count });
  return rows.length > 0;
}

export interface Pacer {
  /** Takes a place for one mail: 0 when taken, else the milliseconds until one may be. */
  take(now?: number): Promise<number>;
}

/** @example const wait = await pacer(db, { perSecond: 10, perHour: 2000 }).take() */
export function pacer(db: Database, rate: SendRate): Pacer {
  let lastPrune = 0;
  return {
    async take(now = Date.now()) {
      const second = Math.floor(now / 1000);
      const hour = Math.floor(now / 3_600_000);
      if (!(await takePlace(db, `s:${second}`, new Date(second * 1000), rate.perSecond))) {
        return (second + 1) * 1000 - now;
      }
      if (!(await takePlace(db, `h:${hour}`, new Date(hour * 3_600_000), rate.perHour))) {
        return (hour + 1) * 3_600_000 - now;
      }
      if (now - lastPrune > 60_000) {
        lastPrune = now;
        await db
          .delete(rateLimits)
          .where(
            and(
              lte(rateLimits.windowStart, new Date(now - 2 * 3_600_000)),
              sql`starts_with(${rateLimits.key}, ${PREFIX})`,
            ),
          );
      }
      return 0;
    },
  };
}

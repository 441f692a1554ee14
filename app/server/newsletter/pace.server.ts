/**
 * The newsletter's sending rate (`NEWSLETTER_RATE`: mails per second and per
 * hour), shared by every server on one database: mails take places in the
 * current second's and the current hour's counters (rows of `rate_limits`),
 * reserved a few at a time under the row's lock; a full counter says how
 * long to wait. The embedded database does the same in its one process.
 */
import { and, eq, lte, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/client.server.ts";
import { rateLimits } from "../db/schema.ts";

export interface SendRate {
  perSecond: number;
  perHour: number;
}

const PREFIX = "newsletter-rate:";

/** Places reserved in one go: a statement per ten mails, not two per mail. */
const CHUNK = 10;

/** Reserves up to `wanted` places of a window's counter, locked while read: resolves with how many it got. */
async function reserve(tx: Transaction, key: string, start: Date, limit: number, wanted: number): Promise<number> {
  const name = `${PREFIX}${key}`;
  await tx.insert(rateLimits).values({ key: name, windowStart: start, count: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(eq(rateLimits.key, name))
    .for("update");
  const granted = Math.max(0, Math.min(wanted, limit - (row?.count ?? limit)));
  if (granted > 0)
    await tx
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} + ${granted}` })
      .where(eq(rateLimits.key, name));
  return granted;
}

export interface Pacer {
  /** Takes a place for one mail: 0 when taken, else the milliseconds until one may be. */
  take(now?: number): Promise<number>;
}

/**
 * Places are reserved in the database a few at a time and spent here; the
 * ones left when their second ends are dropped (counted, never sent), so no
 * second ever carries more than its limit.
 * @example const wait = await pacer(db, { perSecond: 10, perHour: 2000 }).take()
 */
export function pacer(db: Database, rate: SendRate): Pacer {
  let lastPrune = 0;
  let held = 0;
  let heldSecond = -1;
  return {
    async take(now = Date.now()) {
      const second = Math.floor(now / 1000);
      const hour = Math.floor(now / 3_600_000);
      if (second !== heldSecond) held = 0;
      if (held === 0) {
        const wanted = Math.min(CHUNK, rate.perSecond);
        const got = await db.transaction(async (tx) => {
          const inSecond = await reserve(tx, `s:${second}`, new Date(second * 1000), rate.perSecond, wanted);
          if (inSecond === 0) return { places: 0, wait: (second + 1) * 1000 - now };
          const inHour = await reserve(tx, `h:${hour}`, new Date(hour * 3_600_000), rate.perHour, inSecond);
          return inHour === 0 ? { places: 0, wait: (hour + 1) * 3_600_000 - now } : { places: inHour, wait: 0 };
        });
        if (got.places === 0) return got.wait;
        held = got.places;
        heldSecond = second;
      }
      held -= 1;
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

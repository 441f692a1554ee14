/**
 * What the federation keeps and no longer needs, forgotten after a month
 * (decision 081), once an hour by the fediverse worker of every server (each
 * statement deletes what is past its time, so two servers doing it at once
 * delete it once):
 *
 * - a delivery's record once it is finished (sent or given up) for 30 days,
 *   and an activity once none of its deliveries is left and it is 30 days
 *   old (a withdrawn answer whose deliveries are gone goes to its language's
 *   followers, `answer.server.ts`);
 * - a received webmention's record (its source and target) once its last
 *   verification is 30 days old and none is due: the mention itself stays
 *   among the responses, and a mention sent again is verified again;
 * - Fedify's caches of remote accounts' keys (and what it notes of each
 *   server's signatures), kept without an end by Fedify: given one of 30
 *   days from the sweep that first sees them, so a key goes a month after
 *   it was fetched (one still in use is fetched again when it is gone or a
 *   signature fails against it); and every
 *   entry past its time, where the store only removed them one write in a
 *   hundred.
 */
import { and, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { fediverseActivities, fediverseDeliveries, fediverseKv, webmentionsReceived } from "../db/schema.ts";

/** How long a finished record, or a cached remote key, is kept. */
export const FORGET_AFTER_MS = 30 * 24 * 60 * 60 * 1000;
/** The sweep's period on each server. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Fedify's own entries (`["_fedify", …]`); the site's own slots (`["site", …]`) are not caches. */
const FEDIFY_KEYS = String.raw`["\_fedify",%`;

export interface Forgotten {
  deliveries: number;
  activities: number;
  mentions: number;
  cached: number;
}

/** Deletes what is past its time; `now` is the sweep's time. */
export async function forgetFinished(db: Database, now: Date): Promise<Forgotten> {
  const before = new Date(now.getTime() - FORGET_AFTER_MS);
  const deliveries = await db
    .delete(fediverseDeliveries)
    .where(or(lte(fediverseDeliveries.deliveredAt, before), lte(fediverseDeliveries.failedAt, before)))
    .returning({ id: fediverseDeliveries.id });
  const activities = await db
    .delete(fediverseActivities)
    .where(
      and(
        lte(fediverseActivities.createdAt, before),
        sql`not exists (select 1 from ${fediverseDeliveries} d where d.activity_id = ${fediverseActivities.id})`,
      ),
    )
    .returning({ id: fediverseActivities.id });
  const mentions = await db
    .delete(webmentionsReceived)
    .where(
      and(
        isNull(webmentionsReceived.nextAttemptAt),
        lte(sql`coalesce(${webmentionsReceived.verifiedAt}, ${webmentionsReceived.receivedAt})`, before),
      ),
    )
    .returning({ id: webmentionsReceived.id });
  // Fedify's caches kept without an end get one; then everything past its end goes.
  await db
    .update(fediverseKv)
    .set({ expiresAt: new Date(now.getTime() + FORGET_AFTER_MS) })
    .where(and(isNull(fediverseKv.expiresAt), sql`${fediverseKv.key} like ${FEDIFY_KEYS}`));
  const cached = await db
    .delete(fediverseKv)
    .where(and(isNotNull(fediverseKv.expiresAt), lte(fediverseKv.expiresAt, now)))
    .returning({ key: fediverseKv.key });
  return {
    deliveries: deliveries.length,
    activities: activities.length,
    mentions: mentions.length,
    cached: cached.length,
  };
}

/** Runs `forgetFinished` at most once an hour on this server. */
export class FinishedRecords {
  private sweptAt = Number.NEGATIVE_INFINITY;

  async round(db: Database, now: Date): Promise<Forgotten | undefined> {
    if (now.getTime() - this.sweptAt < SWEEP_EVERY_MS) return undefined;
    this.sweptAt = now.getTime();
    return forgetFinished(db, now);
  }
}

/**
 * Activities to remote inboxes, each delivered once (decision 064): one row
 * per activity and inbox (a shared inbox stands for every follower behind
 * it), claimed with a lease on `next_attempt_at` like the newsletter's
 * mails (`FOR UPDATE SKIP LOCKED`, renewed just before the send), so several
 * servers share the work and a server killed mid-delivery leaves its rows to
 * another after the lease. The one honest exception: a delivery cut between
 * the inbox's answer and its record goes again.
 *
 * Failures back off from 30 s, doubling, to 12 hours, and are given up two
 * days after the first; an inbox that answers 410 Gone, or has failed for
 * seven days, loses its followers.
 */
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Lang } from "../../i18n/paths.ts";
import type { Database } from "../db/client.server.ts";
import { type FediverseDelivery, fediverseActivities, fediverseDeliveries, fediverseFollowers } from "../db/schema.ts";
import { claimLeased } from "../jobs/leased-claims.server.ts";

const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 12 * 60 * 60 * 1000;
/** A delivery failing this long after its first failure is given up. */
export const GIVE_UP_AFTER_MS = 2 * 24 * 60 * 60 * 1000;
/** An inbox failing this long loses its followers. */
export const DROP_FOLLOWERS_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/** The wait before the next try after `attempts` failures: 30 s, 1 min, 2 min… at most 12 hours. */
export function deliveryRetryMs(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** Where a follower's deliveries go: its instance's shared inbox, else its own. */
const deliveryInbox = sql<string>`coalesce(${fediverseFollowers.sharedInbox}, ${fediverseFollowers.inbox})`;

export interface QueuedActivity {
  lang: Lang;
  type: string;
  postId?: string | null;
  /** The activity's JSON-LD, as sent. */
  body: string;
}

/**
 * Stores an activity and queues it for the followers of its language, one
 * delivery per inbox they share, or for the inboxes named.
 * @returns the activity's id and how many deliveries were queued.
 */
export async function queueActivity(
  db: Database | Parameters<Parameters<Database["transaction"]>[0]>[0],
  activity: QueuedActivity & { id?: string },
  to: "followers" | readonly string[],
  now = new Date(),
): Promise<{ id: string; queued: number }> {
  const [stored] = await db
    .insert(fediverseActivities)
    .values({
      ...(activity.id ? { id: activity.id } : {}),
      lang: activity.lang,
      type: activity.type,
      postId: activity.postId ?? null,
      body: activity.body,
    })
    .returning({ id: fediverseActivities.id });
  if (!stored) throw new Error("The activity was not stored");
  if (to === "followers") {
    const result = await db.execute(sql`
      with queued as (
        insert into ${fediverseDeliveries} (activity_id, inbox, next_attempt_at)
        select distinct ${stored.id}::uuid, ${deliveryInbox}, ${now.toISOString()}::timestamptz
        from ${fediverseFollowers} where ${fediverseFollowers.lang} = ${activity.lang}
        on conflict do nothing
        returning 1
      )
      select count(*)::int as queued from queued`);
    const queued = Number((result as { rows: { queued?: number }[] }).rows[0]?.queued ?? 0);
    return { id: stored.id, queued };
  }
  if (to.length === 0) return { id: stored.id, queued: 0 };
  const rows = await db
    .insert(fediverseDeliveries)
    .values([...new Set(to)].map((inbox) => ({ activityId: stored.id, inbox, nextAttemptAt: now })))
    .onConflictDoNothing()
    .returning({ id: fediverseDeliveries.id });
  return { id: stored.id, queued: rows.length };
}

const open = and(isNull(fediverseDeliveries.deliveredAt), isNull(fediverseDeliveries.failedAt));

/** Claims up to `limit` due deliveries: their next attempt moves past the lease, so no other worker takes them. */
export function claimDueDeliveries(
  db: Database,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<FediverseDelivery[]> {
  return claimLeased(db, fediverseDeliveries, { now, limit, leaseMs, open });
}

/** Renews the claim just before the send, if it is still ours (no other server took it after our lease ran out). */
export async function renewDelivery(
  db: Database,
  delivery: FediverseDelivery,
  now: Date,
  leaseMs: number,
): Promise<FediverseDelivery | undefined> {
  if (!delivery.nextAttemptAt) return undefined;
  const [renewed] = await db
    .update(fediverseDeliveries)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(
      and(eq(fediverseDeliveries.id, delivery.id), open, eq(fediverseDeliveries.nextAttemptAt, delivery.nextAttemptAt)),
    )
    .returning();
  return renewed;
}

export async function activityBody(db: Database, activityId: string) {
  const [row] = await db.select().from(fediverseActivities).where(eq(fediverseActivities.id, activityId));
  return row;
}

/** The inbox took it: recorded, and its followers are no longer failing. */
export async function markDelivered(db: Database, delivery: FediverseDelivery, now: Date): Promise<void> {
  await db
    .update(fediverseDeliveries)
    .set({ deliveredAt: now, nextAttemptAt: null, lastError: null })
    .where(eq(fediverseDeliveries.id, delivery.id));
  await db
    .update(fediverseFollowers)
    .set({ failingSince: null })
    .where(
      and(
        isNotNull(fediverseFollowers.failingSince),
        or(eq(fediverseFollowers.sharedInbox, delivery.inbox), eq(fediverseFollowers.inbox, delivery.inbox)),
      ),
    );
}

/** Followers whose deliveries go to this inbox. */
const behind = (inbox: string) => or(eq(fediverseFollowers.sharedInbox, inbox), eq(fediverseFollowers.inbox, inbox));

/**
 * A failed delivery: 410 Gone gives it up and drops the inbox's followers;
 * 404 and other refusals for good give it up; anything else is tried again
 * later, until two days of failures. Seven days of failures drop the
 * followers.
 */
export async function markFailed(
  db: Database,
  delivery: FediverseDelivery,
  failure: { status?: number; reason: string },
  now: Date,
): Promise<"given-up" | "retry" | "gone"> {
  const reason = failure.reason.slice(0, 500);
  const firstFailedAt = delivery.firstFailedAt ?? now;
  if (failure.status === 410) {
    await db
      .update(fediverseDeliveries)
      .set({ failedAt: now, nextAttemptAt: null, lastError: reason, firstFailedAt })
      .where(eq(fediverseDeliveries.id, delivery.id));
    await db.delete(fediverseFollowers).where(behind(delivery.inbox));
    return "gone";
  }
  await db
    .update(fediverseFollowers)
    .set({ failingSince: now })
    .where(and(behind(delivery.inbox), isNull(fediverseFollowers.failingSince)));
  await db
    .delete(fediverseFollowers)
    .where(
      and(
        behind(delivery.inbox),
        lt(fediverseFollowers.failingSince, new Date(now.getTime() - DROP_FOLLOWERS_AFTER_MS)),
      ),
    );
  const permanent = failure.status !== undefined && [400, 403, 404, 405, 422].includes(failure.status);
  if (permanent || now.getTime() - firstFailedAt.getTime() >= GIVE_UP_AFTER_MS) {
    await db
      .update(fediverseDeliveries)
      .set({ failedAt: now, nextAttemptAt: null, lastError: reason, firstFailedAt })
      .where(eq(fediverseDeliveries.id, delivery.id));
    return "given-up";
  }
  await db
    .update(fediverseDeliveries)
    .set({
      nextAttemptAt: new Date(now.getTime() + deliveryRetryMs(delivery.attempts)),
      lastError: reason,
      firstFailedAt,
    })
    .where(eq(fediverseDeliveries.id, delivery.id));
  return "retry";
}

export interface PostDeliveryCounts {
  activityId: string;
  postId: string | null;
  title: string | null;
  lang: string;
  type: string;
  sent: number;
  failed: number;
  pending: number;
  createdAt: Date;
}

/** For each activity about a post, how many deliveries went, were given up and are still to go (newest first). */
export async function postDeliveryCounts(db: Database, limit = 50): Promise<PostDeliveryCounts[]> {
  const result = await db.execute(sql`
    select a.id as "activityId", a.post_id as "postId", b.title, a.lang, a.type,
      count(d.delivered_at)::int as sent, count(d.failed_at)::int as failed,
      (count(d.id) filter (where d.delivered_at is null and d.failed_at is null))::int as pending,
      a.created_at as "createdAt"
    from fediverse_activities a
    left join fediverse_deliveries d on d.activity_id = a.id
    left join blogs b on b.id = a.post_id
    where a.post_id is not null
    group by a.id, b.title
    order by a.created_at desc
    limit ${limit}`);
  return (result as { rows: PostDeliveryCounts[] }).rows.map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt),
  }));
}

/**
 * What the fediverse was told of the posts, read without Fedify: when
 * federation began on this database, the changes the worker has still to
 * federate (publication.server.ts makes their activities), and the posts
 * whose Delete went out. The worker and the doorway ask here, and load the
 * federation only when there is something to send or to answer (decision 095).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { fediverseKv, fediversePosts } from "../db/schema.ts";

const STARTED_KEY = JSON.stringify(["site", "federation-started"]);

/** When federation began on this database (recorded the first time it is asked). */
export async function federationStartedAt(db: Database, now = new Date()): Promise<Date> {
  await db
    .insert(fediverseKv)
    .values({ key: STARTED_KEY, value: JSON.stringify(now.toISOString()) })
    .onConflictDoNothing();
  const [row] = await db.select().from(fediverseKv).where(eq(fediverseKv.key, STARTED_KEY));
  return new Date(JSON.parse(row?.value ?? JSON.stringify(now.toISOString())) as string);
}

export interface PostChange {
  postId: string;
  lang: string;
  slug: string;
  kind: "create" | "update" | "delete";
  version: Date;
  /** The federated row's version, for the conditional claim. */
  known: Date | null;
  objectUrl: string | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function pendingChanges(db: Database, startedAt: Date, limit: number): Promise<PostChange[]> {
  const result = await db.execute(sql`
    select b.id as "postId", b.lang, b.slug,
      case
        when f.post_id is null or f.state = 'deleted' then 'create'
        else 'update' end as kind,
      coalesce(b.edited_at, b.published_at, b.created_at) as version,
      f.version as known, f.object_url as "objectUrl"
    from blogs b
    left join fediverse_posts f on f.post_id = b.id
    where b.published and coalesce(b.published_at, b.created_at) <= now() and b.deleted_at is null
      and (
        (f.post_id is null and coalesce(b.published_at, b.created_at) >= ${startedAt.toISOString()}::timestamptz
          and coalesce(b.published_at, b.created_at) >= b.created_at - interval '1 minute')
        or f.state = 'deleted'
        or (f.state = 'published' and coalesce(b.edited_at, b.published_at, b.created_at) > f.version)
      )
    union all
    select f.post_id as "postId", f.lang, null as slug, 'delete' as kind, now() as version,
      f.version as known, f.object_url as "objectUrl"
    from fediverse_posts f
    where f.state = 'published' and not exists (
      select 1 from blogs b where b.id = f.post_id and b.published
        and coalesce(b.published_at, b.created_at) <= now() and b.deleted_at is null)
    limit ${limit}`);
  return rowsOf<PostChange & { version: string | Date; known: string | Date | null }>(result).map((row) => ({
    ...row,
    version: new Date(row.version),
    known: row.known === null ? null : new Date(row.known),
  }));
}

/** Whether any post's change waits to be federated (the worker's question before it loads the federation). */
export async function hasPendingChanges(db: Database, now = new Date()): Promise<boolean> {
  return (await pendingChanges(db, await federationStartedAt(db, now), 1)).length > 0;
}

/** Whether a post's address answers 410: its Delete went out and it is not public. */
export async function deletedObject(db: Database, objectUrl: string) {
  const [row] = await db
    .select()
    .from(fediversePosts)
    .where(and(eq(fediversePosts.objectUrl, objectUrl), eq(fediversePosts.state, "deleted")));
  return row;
}

/**
 * Which posts readers may see now, and when the next scheduled one goes out.
 * Relative imports only: the server's entry (scheduled publishing) and the
 * link-preview clean-up load this in plain Node under `npm run dev`.
 */
import { and, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { blogs } from "../db/schema.ts";

/**
 * Published, and, for a post scheduled for later (published with a
 * `published_at` still ahead), only from that moment on; never while it is in
 * the trash.
 */
export const publicNow: SQL = sql`(${blogs.published} and coalesce(${blogs.publishedAt}, ${blogs.createdAt}) <= now() and ${blogs.deletedAt} is null)`;

/** The next moment a scheduled post goes out, if any: when the public pages must be rendered afresh. */
export async function nextScheduledPublication(db: Database): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${blogs.publishedAt})` })
    .from(blogs)
    .where(and(eq(blogs.published, true), gt(blogs.publishedAt, sql`now()`), isNull(blogs.deletedAt)));
  return row?.at ? new Date(row.at) : undefined;
}

/**
 * The claim of a leased queue's due rows (decision 058): up to `limit` rows
 * whose next attempt is due are locked (`FOR UPDATE SKIP LOCKED`, so two
 * servers never take one row) and their next attempt moved a lease ahead,
 * their attempts counted, in one statement. A server that dies with rows
 * claimed leaves them to another once the lease ends.
 */
import { and, asc, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.server.ts";

/** A queue's table: rows with an id, a count of attempts and the time of the next one. */
export type LeasedTable = PgTable & { id: PgColumn; attempts: PgColumn; nextAttemptAt: PgColumn };

/**
 * Claims the rows of `table` due at `now` (and `open`, when given), oldest due first.
 * @example await claimLeased(db, webmentionSends, { now, limit: 10, leaseMs: 300_000 })
 */
export async function claimLeased<Table extends LeasedTable>(
  db: Database,
  table: Table,
  claim: { now: Date; limit: number; leaseMs: number; open?: SQL | undefined },
): Promise<Table["$inferSelect"][]> {
  const due = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(claim.open, lte(table.nextAttemptAt, claim.now)))
    .orderBy(asc(table.nextAttemptAt))
    .limit(claim.limit)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(table as PgTable)
    .set({
      attempts: sql`${table.attempts} + 1`,
      nextAttemptAt: new Date(claim.now.getTime() + claim.leaseMs),
    } as never)
    .where(inArray(table.id, due))
    .returning();
  return rows as Table["$inferSelect"][];
}

/**
 * The search documents of an import's posts, made after its transaction
 * (docs/decisions/086-an-import-whose-transaction-only-writes.md): within it
 * the search index's trigger leaves inserted posts alone (migration 0017), and
 * afterwards each published post without its document gets one, a few posts
 * to a statement, so the embedded database's one connection is free between
 * them. A server's start makes those a crash between the two left behind.
 */
import { sql } from "drizzle-orm";
import { type Queryable, rowsOf, type Transaction } from "../db/client.server.ts";

/** Posts whose documents one statement makes: a statement is short enough for a reader to come between. */
const POSTS_A_STATEMENT = 20;

/** Tells the search index's trigger that this transaction's inserted posts get their documents after it. */
export async function searchAfterImport(tx: Transaction): Promise<void> {
  await tx.execute(sql`select set_config('blog.search_after_import', 'on', true)`);
}

/**
 * Makes the documents of published posts that have none, `perStatement` at
 * a time, each statement on its own, telling `onProgress` after each;
 * returns how many were made.
 */
export async function fillSearchDocuments(
  db: Queryable,
  perStatement = POSTS_A_STATEMENT,
  onProgress?: (done: number, total: number) => void,
): Promise<number> {
  const [counted] = onProgress
    ? rowsOf<{ count: number }>(
        await db.execute(sql`
          select count(*)::int as count from blogs b
          where b.published and not exists (select 1 from search_documents s where s.post_id = b.id)`),
      )
    : [];
  const total = counted?.count ?? 0;
  if (onProgress) onProgress(0, total);
  let made = 0;
  for (;;) {
    const rows = rowsOf<{ post_id: string }>(
      await db.execute(sql`
        insert into search_documents (post_id, lang, slug, title, excerpt, tags, body, published_at)
        select b.id, b.lang, b.slug, b.title, nullif(btrim(b.excerpt), ''), b.tags, search_plain_text(b.content),
          coalesce(b.published_at, b.created_at)
        from blogs b
        where b.published and not exists (select 1 from search_documents s where s.post_id = b.id)
        limit ${perStatement}
        on conflict (post_id) do nothing
        returning post_id`),
    );
    made += rows.length;
    onProgress?.(Math.min(made, total), total);
    if (rows.length < perStatement) return made;
    // The embedded database answers in this process: a turn of the event loop lets the readers' requests in.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Fedify's key-value store (its caches of remote documents and keys, and
 * the ids of activities already handled) over the site's database, so it
 * works the same on PGlite and PostgreSQL and is shared by every server.
 * A key is the JSON of its parts; `list(prefix)` finds keys whose parts
 * begin with the prefix's. Expired rows are read as absent and removed now
 * and then.
 */
import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from "@fedify/fedify";
import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { fediverseKv } from "../db/schema.ts";

const encode = (key: KvKey) => JSON.stringify(key);

const live = (now: Date) => or(isNull(fediverseKv.expiresAt), gt(fediverseKv.expiresAt, now));

export class DatabaseKvStore implements KvStore {
  private writes = 0;
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const [row] = await this.db
      .select({ value: fediverseKv.value })
      .from(fediverseKv)
      .where(and(eq(fediverseKv.key, encode(key)), live(new Date())));
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const expiresAt =
      options?.ttl === undefined ? null : new Date(Date.now() + options.ttl.total({ unit: "milliseconds" }));
    const json = JSON.stringify(value ?? null);
    await this.db
      .insert(fediverseKv)
      .values({ key: encode(key), value: json, expiresAt })
      .onConflictDoUpdate({ target: fediverseKv.key, set: { value: json, expiresAt } });
    // One write in a hundred sweeps what has expired, so the table does not grow with old caches.
    if (++this.writes % 100 === 0) await this.db.delete(fediverseKv).where(lte(fediverseKv.expiresAt, new Date()));
  }

  async delete(key: KvKey): Promise<void> {
    await this.db.delete(fediverseKv).where(eq(fediverseKv.key, encode(key)));
  }

  async cas(key: KvKey, expectedValue: unknown, newValue: unknown, options?: KvStoreSetOptions): Promise<boolean> {
    const expiresAt =
      options?.ttl === undefined ? null : new Date(Date.now() + options.ttl.total({ unit: "milliseconds" }));
    const json = JSON.stringify(newValue ?? null);
    if (expectedValue === undefined) {
      await this.db
        .delete(fediverseKv)
        .where(and(eq(fediverseKv.key, encode(key)), lte(fediverseKv.expiresAt, new Date())));
      const inserted = await this.db
        .insert(fediverseKv)
        .values({ key: encode(key), value: json, expiresAt })
        .onConflictDoNothing()
        .returning({ key: fediverseKv.key });
      return inserted.length === 1;
    }
    const updated = await this.db
      .update(fediverseKv)
      .set({ value: json, expiresAt })
      .where(
        and(eq(fediverseKv.key, encode(key)), eq(fediverseKv.value, JSON.stringify(expectedValue)), live(new Date())),
      )
      .returning({ key: fediverseKv.key });
    return updated.length === 1;
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    const now = new Date();
    const rows = await this.db
      .select()
      .from(fediverseKv)
      .where(
        and(
          live(now),
          prefix === undefined
            ? undefined
            : or(
                eq(fediverseKv.key, encode(prefix)),
                sql`starts_with(${fediverseKv.key}, ${`${encode(prefix).slice(0, -1)},`})`,
              ),
        ),
      )
      .orderBy(fediverseKv.key);
    for (const row of rows) yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) };
  }
}

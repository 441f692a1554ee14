/**
 * Objects in the database (table `stored_objects`), when STORAGE_DRIVER is
 * `postgres`: every server on one PostgreSQL sees the same files, and a
 * database backup holds them. Works on the embedded PGlite too. Listing reads
 * keys, sizes and times only, never the bytes.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { storedObjects } from "../db/schema.ts";
import { type ObjectStorage, storageFrom, weakEtag } from "./object-storage.server.ts";

export function databaseStorage(db: Database): ObjectStorage {
  return storageFrom({
    driver: "postgres",
    async put(key, data, contentType) {
      const row = { key, data, contentType, size: data.byteLength, modifiedAt: sql`now()` };
      await db
        .insert(storedObjects)
        .values(row)
        .onConflictDoUpdate({
          target: storedObjects.key,
          set: { data, contentType, size: data.byteLength, modifiedAt: sql`now()` },
        });
    },
    async read(key) {
      const [row] = await db.select().from(storedObjects).where(eq(storedObjects.key, key));
      if (!row) return undefined;
      return { ...row, etag: weakEtag(row.size, row.modifiedAt) };
    },
    async delete(key) {
      await db.delete(storedObjects).where(eq(storedObjects.key, key));
    },
    async list(prefix) {
      return db
        .select({ key: storedObjects.key, size: storedObjects.size, modifiedAt: storedObjects.modifiedAt })
        .from(storedObjects)
        .where(sql`starts_with(${storedObjects.key}, ${prefix})`)
        .orderBy(storedObjects.key);
    },
  });
}

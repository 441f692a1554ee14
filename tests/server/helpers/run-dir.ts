/**
 * Vitest's global setup: the directory the whole run shares
 * (`TEST_RUN_DIR`, tests/harness/once-per-run.ts), made here unless the
 * suite named one for all its layers, and removed when the run ends if made
 * here. Test files run in processes of their own (one per file), so what one
 * makes that the others could reuse is written there once, not once per
 * file: the migrated embedded database (tests/harness/migrated-pglite.ts)
 * and the name of a migrated PostgreSQL database that fresh ones are copied
 * from (databases.ts), dropped here at the end.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { provideRunDir } from "../../harness/once-per-run.ts";

/** The file in the run's directory naming the migrated PostgreSQL database. */
export const POSTGRES_TEMPLATE = "postgres-migrated";

export default function setup() {
  // Set here, in Vitest's own process, before the test files' processes start: they inherit it.
  const { dir, made } = provideRunDir();
  return async () => {
    const template = path.join(dir, POSTGRES_TEMPLATE);
    if (existsSync(template) && process.env.TEST_DATABASE_URL) {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${readFileSync(template, "utf8")} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    }
    // The database it named is gone: a later run in the same directory makes its own.
    rmSync(template, { force: true });
    if (made) rmSync(dir, { recursive: true, force: true });
  };
}

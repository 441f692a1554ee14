/**
 * Vitest's global setup: a directory the whole run shares, removed when it
 * ends. Test files run in processes of their own (one per file), so what
 * one makes that the others could reuse is written there once, not once per
 * file (once-per-run.ts): the migrated embedded database (migrated-pglite.ts)
 * and the name of a migrated PostgreSQL database that fresh ones are copied
 * from (databases.ts), dropped here at the end.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's shared directory (this module). */
    runDir: string;
  }
}

/** The file in the run's directory naming the migrated PostgreSQL database. */
export const POSTGRES_TEMPLATE = "postgres-migrated";

export default function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "portfolio-test-run-"));
  project.provide("runDir", dir);
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
    rmSync(dir, { recursive: true, force: true });
  };
}

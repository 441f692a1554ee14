/**
 * A PostgreSQL database of a bench's own, on the server a database URL names:
 * made empty now, dropped by `drop()` (and by the bench's cleanup if it is
 * cut short), so a bench never writes into a database it did not make.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { onCleanup } from "./cleanup.ts";

async function run(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** @example const scratch = await scratchDatabase(options.databaseUrl, "fediverse"); await scratch.drop(); */
export async function scratchDatabase(
  serverUrl: string,
  bench: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portfolio_bench_${bench}_${randomBytes(4).toString("hex")}`;
  await run(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = onCleanup(() => run(serverUrl, `drop database if exists ${name} with (force)`));
  return { url: url.toString(), drop };
}

/**
 * /readyz against a real PostgreSQL server that stops and starts again: 503
 * while the database is down (within the readiness timeout, never hanging),
 * 200 again once it is back, with the same pool; /healthz answers throughout.
 * The server is a throwaway cluster of its own (tests/harness/start-test-postgres.sh
 * on a free port), so stopping it disturbs no other test. Needs Debian's
 * `postgresql` (as the other PostgreSQL tests; skipped without
 * TEST_DATABASE_URL, which says it is installed).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenDatabase, openDatabase } from "../../app/server/db/client.server.ts";
import { observability } from "../../http-server/observability.ts";
import { freePort } from "../harness/free-port.ts";
import { limit } from "../harness/host-speed.ts";
import { postgresUrl } from "./helpers/databases.ts";

const run = promisify(execFile);
const script = fileURLToPath(new URL("../harness/start-test-postgres.sh", import.meta.url));

describe.skipIf(!postgresUrl)("readiness with PostgreSQL stopped and started again", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-readyz-"));
  // Not inside dataDir (0700, root's): the cluster runs as the postgres user, which must reach it.
  const pgDir = path.join(tmpdir(), `portfolio-readyz-pg-${process.pid}-${Date.now()}`);
  let env: NodeJS.ProcessEnv;
  let database: OpenDatabase | undefined;
  let origin = "";
  let server: ReturnType<ReturnType<typeof express>["listen"]> | undefined;
  const postgres = async (command?: "stop") =>
    (await run("sh", command ? [script, command] : [script], { env })).stdout.trim();

  beforeAll(async () => {
    env = { ...process.env, PGPORT: String(await freePort()), PGDATA_DIR: pgDir };
    const url = await postgres();
    database = await openDatabase({ dataDir, databaseUrl: url });
    const opened = database;
    const app = express();
    app.use(
      observability({
        database: () => opened.db,
        expectedMigrations: opened.migrations,
        stopping: () => false,
        log: undefined,
        readyTimeoutMs: 1000,
      }),
    );
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server?.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, limit(120_000));

  afterAll(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await database?.close().catch(() => undefined);
    await postgres("stop").catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pgDir, { recursive: true, force: true });
  }, limit(60_000));

  /** Polls /readyz until it answers `status`; the statuses seen on the way. */
  async function until(status: number) {
    const seen: number[] = [];
    const deadline = Date.now() + limit(30_000);
    for (;;) {
      const answer = (await fetch(`${origin}/readyz`)).status;
      seen.push(answer);
      if (answer === status || Date.now() > deadline) return seen;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it(
    "is 503 while the database is stopped and 200 again when it is back; /healthz stays 200",
    async () => {
      expect((await fetch(`${origin}/readyz`)).status).toBe(200);

      await postgres("stop");
      expect((await until(503)).at(-1), "/readyz with the database stopped").toBe(503);
      const began = performance.now();
      expect((await fetch(`${origin}/readyz`)).status).toBe(503);
      // The readiness check gives up at its timeout; a load balancer's probe is not left hanging.
      expect(performance.now() - began).toBeLessThan(10_000);
      expect((await fetch(`${origin}/healthz`)).status).toBe(200);

      await postgres();
      expect((await until(200)).at(-1), "/readyz once the database is back").toBe(200);
      expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    },
    limit(120_000),
  );
});

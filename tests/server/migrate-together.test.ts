/**
 * Several servers started at once on one new PostgreSQL database: each runs
 * the migrations at start-up, one after the other (an advisory lock), so all
 * of them open it instead of failing on tables another has just created.
 */
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/server/db/client.server.ts";
import { users } from "../../app/server/db/schema.ts";
import { limit } from "../harness/host-speed.ts";
import { adminQuery, postgresUrl } from "./helpers/databases.ts";

describe.skipIf(!postgresUrl)(
  `servers starting together on one database${postgresUrl ? "" : " — SKIPPED: TEST_DATABASE_URL is unset"}`,
  () => {
    const name = `portfolio_together_${randomBytes(6).toString("hex")}`;
    afterAll(async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });

    it(
      "all migrate and open it",
      async () => {
        await adminQuery(`CREATE DATABASE ${name}`);
        const url = new URL(postgresUrl ?? "");
        url.pathname = `/${name}`;
        const opened = await Promise.allSettled(
          Array.from({ length: 4 }, () =>
            openDatabase({ dataDir: "unused", databaseUrl: url.toString(), maxConnections: 2 }),
          ),
        );
        try {
          expect(opened.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
          const [first] = opened;
          if (first?.status === "fulfilled") expect(await first.value.db.select().from(users)).toEqual([]);
        } finally {
          for (const result of opened) if (result.status === "fulfilled") await result.value.close();
        }
      },
      limit(60_000),
    );
  },
);

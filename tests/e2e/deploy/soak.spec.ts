/**
 * `npm run soak`, bounded and seeded: the production server of the test
 * build killed with SIGKILL at random moments while an author (signed in
 * through the fake GitHub) and visitors write, restarted each time, and
 * every acknowledged write read back through it. 5 kills on the embedded
 * database and 4 on PostgreSQL (TEST_DATABASE_URL); the full run is 200 of
 * each. The seed is printed (on failure too) and SOAK_SEED replays it.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { limit } from "../../harness/host-speed.ts";

const run = promisify(execFile);
const seed = process.env.SOAK_SEED || String(Date.now() % 2_147_483_647);

for (const [database, kills] of [
  ["pglite", 5],
  ["postgres", 4],
] as const) {
  test(`kill -9 during writes loses nothing acknowledged (${database}, ${kills} kills)`, async () => {
    test.skip(database === "postgres" && !process.env.TEST_DATABASE_URL, "TEST_DATABASE_URL is unset");
    test.setTimeout(limit(180_000));
    const { stdout } = await run(process.execPath, ["tests/harness/soak.ts"], {
      env: {
        ...process.env,
        BUILD_DIR: process.env.BUILD_DIR || "build",
        SOAK_DATABASES: database,
        SOAK_KILLS: String(kills),
        SOAK_SEED: seed,
      },
      timeout: limit(170_000),
    }).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`npm run soak failed:\n${error.stdout ?? ""}\n${error.stderr ?? ""}`);
    });
    expect(stdout).toMatch(
      new RegExp(`✓ ${database}: ${kills} kills, ${kills} restarts, [1-9]\\d* writes acknowledged`),
    );
    expect(stdout).toContain("0 lost");
    expect(stdout).toContain("Soak passed");
  });
}

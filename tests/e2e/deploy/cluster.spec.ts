/**
 * `npm run cluster -- --check` on the build the end-to-end tests run: two
 * production servers on one PostgreSQL behind nginx (deploy/nginx.conf),
 * requests spread over both, an object stored once served by each, one
 * sign-in rate limit across them. Needs nginx and TEST_DATABASE_URL (both
 * installed and set by .ci/run).
 */
import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import pg from "pg";

const run = promisify(execFile);
const postgresUrl = process.env.TEST_DATABASE_URL;
const hasNginx = (() => {
  try {
    execFileSync("sh", ["-c", "command -v nginx || test -x /usr/sbin/nginx"]);
    return true;
  } catch {
    return false;
  }
})();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function admin(text: string) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

test.skip(!postgresUrl, "TEST_DATABASE_URL is unset (tools/start-test-postgres.sh prints one)");
test.skip(!hasNginx, "nginx is not installed (apt-get install nginx)");

test("two servers behind nginx share the database, the stored objects and the rate limits", async () => {
  test.setTimeout(120_000);
  const name = `portfolio_cluster_${randomBytes(6).toString("hex")}`;
  await admin(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(postgresUrl ?? "");
    url.pathname = `/${name}`;
    const [port, first, second] = [await freePort(), await freePort(), await freePort()];
    const { stdout } = await run(process.execPath, ["tools/cluster.ts", "--check"], {
      env: {
        ...process.env,
        BUILD_DIR: process.env.BUILD_DIR || "build",
        DATABASE_URL: url.toString(),
        CLUSTER_PORT: String(port),
        CLUSTER_SERVER_PORTS: `${first},${second}`,
        STORAGE_DRIVER: "postgres",
      },
      timeout: 100_000,
    }).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`npm run cluster -- --check failed:\n${error.stdout ?? ""}\n${error.stderr ?? ""}`);
    });
    expect(stdout).toContain(`Cluster ready: http://127.0.0.1:${port}`);
    expect(stdout).toContain("4 passed, 0 failed");
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
});

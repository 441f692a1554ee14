/**
 * The cluster's scenarios (tests/harness/cluster-checks.ts) on the build the
 * end-to-end tests run, on `npm run cluster`'s cluster: `--check`, two
 * production servers on one PostgreSQL behind nginx (deploy/nginx.conf),
 * requests spread over both, an object stored once served by each, one
 * sign-in rate limit across them; and `--kill`, one server killed mid-flow.
 * Needs nginx and TEST_DATABASE_URL (both installed and set by .ci/run).
 */
import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { freePorts } from "../../harness/free-port.ts";
import { limit } from "../../harness/host-speed.ts";

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

async function admin(text: string) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

test.skip(!postgresUrl, "TEST_DATABASE_URL is unset (tests/harness/start-test-postgres.sh prints one)");
test.skip(!hasNginx, "nginx is not installed (apt-get install nginx)");

/** Runs the scenario `{flag}` on a database of its own and free ports; resolves with its output. */
async function cluster(flag: string, env: NodeJS.ProcessEnv = {}): Promise<{ stdout: string; port: number }> {
  const name = `portfolio_cluster_${randomBytes(6).toString("hex")}`;
  await admin(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(postgresUrl ?? "");
    url.pathname = `/${name}`;
    const [port, first, second] = await freePorts(3);
    const { stdout } = await run(process.execPath, ["tests/harness/cluster-checks.ts", flag], {
      env: {
        ...process.env,
        BUILD_DIR: process.env.BUILD_DIR || "build",
        DATABASE_URL: url.toString(),
        CLUSTER_PORT: String(port),
        CLUSTER_SERVER_PORTS: `${first},${second}`,
        STORAGE_DRIVER: "postgres",
        ...env,
      },
      timeout: limit(150_000),
    }).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`the cluster's ${flag} failed:\n${error.stdout ?? ""}\n${error.stderr ?? ""}`);
    });
    return { stdout, port };
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

test("two servers behind nginx share the database, the stored objects and the rate limits", async () => {
  test.setTimeout(limit(120_000));
  const { stdout, port } = await cluster("--check");
  expect(stdout).toContain(`Cluster ready: http://127.0.0.1:${port}`);
  expect(stdout).toContain("4 passed, 0 failed");
});

/**
 * `--kill`: sign-in, admin and contact flows through nginx,
 * one server killed with SIGKILL mid-flow and started again; nothing
 * acknowledged is lost, images are served by both, each contact message is
 * e-mailed once, each newsletter mail of a post the flows publish sent once, a
 * reader's views on both servers counted but for the killed one's last batch.
 * Images in the database, then in an S3 bucket (s3rver).
 */
for (const storage of ["postgres", "s3"] as const) {
  test(`a server killed mid-flow loses nothing acknowledged and rejoins (${storage} storage)`, async () => {
    test.setTimeout(limit(160_000));
    const { stdout } = await cluster("--kill", { STORAGE_DRIVER: storage });
    expect(stdout).toContain(`stored objects: ${storage}`);
    expect(stdout).toContain("✓ every acknowledged write is in the database");
    expect(stdout).toContain("✓ every contact message is e-mailed exactly once");
    expect(stdout).toContain("✓ every newsletter mail is sent exactly once, each reader one per post");
    expect(stdout).toContain(
      "✓ the audience's counts add up across the servers; the killed one lost at most its last batch",
    );
    expect(stdout).toContain("9 passed, 0 failed");
  });
}

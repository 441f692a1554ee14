/**
 * A wrong configuration stops the server and every command that reads it
 * before they do anything: one line per wrong variable, naming it, its value
 * and what is allowed, no stack trace, exit code 1, nothing opened.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { limit } from "../harness/host-speed.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-config-"));
/** Each test starts Node on TypeScript sources: a second or two, more on a busy host. */
const STARTS = limit(30_000);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Outcome {
  code: number | null;
  stdout: string;
  lines: string[];
}

/** Runs a script of the project with only `env` set (and PATH), as a shell with nothing exported would. */
function run(script: string, env: Record<string, string>, args: string[] = []): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, script), ...args],
      { cwd: root, timeout: STARTS, env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, ...env } },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === "number" ? error.code : null) : 0,
          stdout,
          lines: stderr.trim().split("\n"),
        }),
    );
  });
}

const startServer = (env: Record<string, string>) => run("runtime/main.ts", { NODE_ENV: "production", ...env });

/** Nothing but configuration errors, and the database never opened. */
function expectStoppedAtOnce(outcome: Outcome) {
  expect(outcome.code).toBe(1);
  for (const line of outcome.lines) expect(line).toMatch(/^Configuration error: [A-Z0-9_]+: /);
  expect(outcome.lines.join("\n")).not.toMatch(/^\s+at /m);
  expect(readdirSync(dataDir)).toEqual([]);
}

describe("the server started with a wrong configuration", () => {
  it.each([
    [{ PORT: "abc" }, ['Configuration error: PORT: "abc" is not a port number (1–65535)']],
    [
      { BACKUP_INTERVAL: "soon" },
      [
        'Configuration error: BACKUP_INTERVAL: "soon" is not a duration such as 5min, 30s or 1h (at least 100ms), or off',
      ],
    ],
    [
      { STORAGE_DRIVER: "s3", S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_SECRET_ACCESS_KEY: "secret" },
      ["Configuration error: S3_BUCKET: must be set when STORAGE_DRIVER is s3"],
    ],
  ])(
    "%j stops before listening, with the line naming the variable",
    async (env, lines) => {
      const outcome = await startServer(env);
      expectStoppedAtOnce(outcome);
      expect(outcome.lines).toEqual(lines);
      expect(outcome.stdout).toBe("");
    },
    STARTS,
  );

  it(
    "names every wrong variable at once, and never a secret's value",
    async () => {
      const outcome = await startServer({
        PORT: "abc",
        PUBLIC_URL: "example.com",
        BACKUP_INTERVAL: "soon",
        STORAGE_DRIVER: "s3",
        TRUST_PROXY: "true",
        CONTACT_SECRET: "too-short-a-secret",
        METRICS_HOST: "0.0.0.0",
        // PostgreSQL in production: a primary that would fork workers, had it started.
        DATABASE_URL: "postgres://user:password@127.0.0.1:1/none",
        WEB_CONCURRENCY: "2",
      });
      expectStoppedAtOnce(outcome);
      const named = outcome.lines.map((line) => line.split(":")[1]?.trim());
      expect(named).toEqual([
        "PORT",
        "PUBLIC_URL",
        "CONTACT_SECRET",
        "TRUST_PROXY",
        "BACKUP_INTERVAL",
        "S3_BUCKET",
        "S3_ACCESS_KEY_ID",
        "S3_SECRET_ACCESS_KEY",
        "METRICS_TOKEN",
      ]);
      expect(outcome.lines.join("\n")).not.toContain("too-short-a-secret");
      expect(outcome.stdout).not.toMatch(/worker/i);
    },
    STARTS,
  );
});

describe("the commands that read the configuration", () => {
  const wrong = { PORT: "abc", BACKUP_KEEP: "none" };
  const expected = [
    'Configuration error: PORT: "abc" is not a port number (1–65535)',
    'Configuration error: BACKUP_KEEP: "none" is not a whole number of at least 1',
  ];

  it.each([
    ["npm start's first step", "tools/commands/start-check.ts", []],
    ["npm run backup", "tools/commands/backup.ts", []],
    ["npm run restore", "tools/commands/restore.ts", ["backup-2026-01-01T00-00-00-000Z.tar"]],
    ["npm run storage:migrate", "tools/commands/storage-migrate.ts", ["--from", "disk", "--to", "postgres"]],
  ])(
    "%s stops the same way",
    async (_name, script, args) => {
      const outcome = await run(script, wrong, args);
      expectStoppedAtOnce(outcome);
      expect(outcome.lines).toEqual(expected);
    },
    STARTS,
  );

  it.each([
    [
      "npm run cluster",
      "tools/commands/cluster.ts",
      { CLUSTER_PORT: "80800", CLUSTER_SERVER_PORTS: "3001,three", STORAGE_DRIVER: "tape" },
      [
        'Configuration error: CLUSTER_PORT: "80800" is not a port number (1–65535)',
        'Configuration error: CLUSTER_SERVER_PORTS: "3001,three" is not port numbers (1–65535) separated by commas',
        'Configuration error: STORAGE_DRIVER: "tape" is not disk, postgres or s3',
      ],
    ],
    [
      "npm run bench:flood",
      "bench/flood.ts",
      { BENCH_DURATION: "0", BENCH_FLOOD_RATE: "fast" },
      [
        'Configuration error: BENCH_DURATION: "0" is not a whole number of at least 1',
        'Configuration error: BENCH_FLOOD_RATE: "fast" is not a whole number of at least 1',
      ],
    ],
    [
      "npm run serve:local",
      "tools/commands/serve.ts",
      { FAKE_GITHUB_PORT: "github" },
      ['Configuration error: FAKE_GITHUB_PORT: "github" is not a port number (1–65535)'],
      ["--local-sign-in"],
    ],
  ])(
    "%s stops on its own variables the same way, before starting anything",
    async (_name, script, env, lines, args: string[] = []) => {
      const outcome = await run(script, env, args);
      expectStoppedAtOnce(outcome);
      expect(outcome.lines).toEqual(lines);
      expect(outcome.stdout).toBe("");
    },
    STARTS,
  );

  it(
    "npm run build stops on a wrong PUBLIC_URL or BUILD_DIR before building anything",
    async () => {
      // No new build generation: a checkout may hold earlier builds (the suite's among them).
      const generations = () => {
        const dir = path.join(root, "build-generations");
        return existsSync(dir) ? readdirSync(dir) : [];
      };
      const before = generations();
      const outcome = await run("tools/build/build.ts", { PUBLIC_URL: "https://example.com/site", PORT: "0" });
      expectStoppedAtOnce(outcome);
      expect(outcome.lines).toEqual([
        'Configuration error: PORT: "0" is not a port number (1–65535)',
        'Configuration error: PUBLIC_URL: "https://example.com/site" is not an http(s) origin such as https://example.com (no path)',
      ]);
      expect(generations()).toEqual(before);
    },
    STARTS,
  );
});

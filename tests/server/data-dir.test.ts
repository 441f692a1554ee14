import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/server/db/client.server.ts";
import { acquireLock, DataDirLockedError } from "../../app/server/db/lock.server.ts";
import { limit } from "../harness/host-speed.ts";
import { copyMigratedPglite, openMigratedPglite } from "../harness/migrated-pglite.ts";

const writer = fileURLToPath(new URL("./fixtures/db-writer.ts", import.meta.url));
const run = promisify(execFile);
const dirs: string[] = [];
const children: ChildProcess[] = [];

function freshDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "portfolio-datadir-"));
  dirs.push(dir);
  return dir;
}

function start(dataDir: string, mode: string) {
  const child = spawn(process.execPath, [writer, dataDir, mode], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return child;
}

/** Resolves with the stdout line for which `done` returns true. */
function waitForLine(child: ChildProcess, done: (line: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout ?? process.stdin });
    lines.on("line", (line) => {
      if (done(line)) resolve(line);
    });
    child.once("exit", (code) => reject(new Error(`child exited with ${code} before the expected line`)));
  });
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("one process per DATA_DIR", () => {
  it(
    "a second process on the same directory exits at once with one clear line",
    async () => {
      const dir = freshDir();
      const holderStarted = Date.now();
      const holder = start(dir, "hold");
      await waitForLine(holder, (line) => line === "open");
      // What starting a process and opening the database took here, now: the baseline on a host of any speed.
      const openingMs = Date.now() - holderStarted;
      const started = Date.now();
      const second = await run(process.execPath, [writer, dir, "count"]).catch(
        (error: { code: number; stderr: string }) => error,
      );
      // Under the time the first one took to open the database: the second never got that far.
      expect(Date.now() - started).toBeLessThan(openingMs);
      expect("code" in second ? second.code : 0).toBe(2);
      const stderr = ("stderr" in second ? second.stderr : "").trim();
      expect(stderr).toMatch(new RegExp(`^DATA_DIR .* is in use by another running server \\(pid ${holder.pid}\\)`));
      expect(stderr.split("\n")).toHaveLength(1);
    },
    limit(60_000),
  );

  it(
    "refuses a second open in the same process, and allows one after close",
    async () => {
      const dir = freshDir();
      const first = await openMigratedPglite(dir);
      await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
      await first.close();
      const again = await openDatabase({ dataDir: dir });
      await again.close();
    },
    limit(60_000),
  );

  it("takes over a lock left by a process that no longer runs", () => {
    const dir = freshDir();
    const file = path.join(dir, "db.lock");
    // A pid far above any this machine hands out stands for a crashed server.
    writeFileSync(file, "4194303");
    const release = acquireLock(file, dir);
    expect(() => acquireLock(file, dir)).toThrow(DataDirLockedError);
    release();
  });
});

describe("durability on PGlite", () => {
  it(
    "a writer killed with kill -9 mid-stream loses no acknowledged write",
    async () => {
      const dir = freshDir();
      // A new database, a copy of the run's migrated one: what is tested is the writes, not its making.
      await copyMigratedPglite(dir);
      const child = start(dir, "write");
      let acknowledged = 0;
      await waitForLine(child, (line) => {
        const match = /^ack (\d+)$/.exec(line);
        if (match) acknowledged = Number(match[1]);
        return acknowledged >= 150;
      });
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));

      const { stdout } = await run(process.execPath, [writer, dir, "count"]);
      const stored = new Set(JSON.parse(stdout) as number[]);
      const lost = Array.from({ length: acknowledged }, (_, i) => i + 1).filter((n) => !stored.has(n));
      expect(lost).toEqual([]);
    },
    limit(120_000),
  );
});

describe("npm start's first step (tools/commands/start-check.ts)", () => {
  const startCheck = fileURLToPath(new URL("../../tools/commands/start-check.ts", import.meta.url));
  const check = (dataDir: string) =>
    run(process.execPath, [startCheck], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );

  it("says in one line that a running server holds the data directory, and stops", async () => {
    const dir = freshDir();
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], { stdio: "ignore" });
    children.push(holder);
    writeFileSync(path.join(dir, "db.lock"), String(holder.pid));
    const result = await check(dir);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      `DATA_DIR ${dir} is in use by a running server (pid ${holder.pid}); stop it or set another DATA_DIR.`,
    ]);
  });

  it("lets the start go on when no live process holds it", async () => {
    const dir = freshDir();
    expect((await check(dir)).code).toBe(0);
    writeFileSync(path.join(dir, "db.lock"), "4194303");
    expect((await check(dir)).code).toBe(0);
  });
});

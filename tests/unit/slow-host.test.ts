/**
 * `tests/harness/slow-host.sh` holds a command to a share of the cores, as a
 * slower host of this kind would run it, and tells the suite the factor it
 * stands for (docs/testing.md).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";

const script = "tests/harness/slow-host.sh";
// One reading of the host's factor, not three two seconds apart: these tests check the holding, not the reading.
const run = (...args: string[]) =>
  spawnSync("bash", [script, ...args], {
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, SLOW_HOST_READINGS: "1" },
  });
const groups = () =>
  ["/sys/fs/cgroup", "/sys/fs/cgroup/cpu"]
    .filter((dir) => existsSync(dir))
    .flatMap((dir) => readdirSync(dir).filter((name) => name.startsWith("portfolio-slow-host-")));
const canHold =
  process.getuid?.() === 0 && (existsSync("/sys/fs/cgroup/cgroup.controllers") || existsSync("/sys/fs/cgroup/cpu"));

describe("the slow host", () => {
  it("refuses a factor that is not a number, saying how it is used", () => {
    for (const bad of [[], ["fast"], ["-1"], ["2,3"]]) {
      const result = run(...bad);
      expect(result.status, bad.join(" ")).toBe(2);
      expect(result.stderr).toMatch(/^usage: tests\/harness\/slow-host\.sh FACTOR/);
    }
  });

  it.skipIf(!canHold)("runs the command in a control group of its own, held to a share, told the factor", () => {
    const before = groups();
    const result = run("50", "sh", "-c", 'grep -E "(^0::|cpu[,:])" /proc/self/cgroup; echo "factor=$TEST_HOST_FACTOR"');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/\/portfolio-slow-host-\d+/);
    expect(result.stdout).toContain("factor=50");
    expect(result.stderr).toMatch(
      /^Holding the command to [0-9.]+ of \d+ cores: this host measures [0-9.]+, the run stands for 50\./m,
    );
    // The group goes with the command.
    expect(groups()).toEqual(before);
  });

  it.skipIf(!canHold)("passes the command's exit status on", () => {
    expect(run("50", "sh", "-c", "exit 3").status).toBe(3);
  });
});

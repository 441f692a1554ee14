/** What the figures were measured on and with, for the report's header. */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import type { BenchResults } from "./results.ts";

function quiet(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
}

const packageVersion = (name: string) => {
  try {
    return (JSON.parse(readFileSync(`node_modules/${name}/package.json`, "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
};

export function describeMachine(
  chromium: string,
  nginx: string,
): Omit<BenchResults["meta"], "durationSeconds" | "loadAverage"> {
  const chromiumVersion = /(\d+\.\d+\.\d+\.\d+)/.exec(quiet(chromium, ["--version"]))?.[1] ?? "unknown";
  return {
    date: new Date().toISOString(),
    commit: quiet("git", ["rev-parse", "--short", "HEAD"]) || "unknown",
    dirty: quiet("git", ["status", "--porcelain", "--untracked-files=no"]) !== "",
    machine: {
      cores: os.availableParallelism(),
      cpu: os.cpus()[0]?.model.trim() ?? "unknown",
      memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
      os: `${os.type()} ${os.release()}`,
    },
    versions: {
      node: process.versions.node,
      chromium: chromiumVersion,
      lighthouse: packageVersion("lighthouse"),
      autocannon: packageVersion("autocannon"),
      nginx,
    },
  };
}

const loads: Record<string, number> = {};

/** Notes the machine's 1-minute load average as a phase begins. */
export function noteLoad(phase: string): Record<string, number> {
  loads[phase] = Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
  return loads;
}

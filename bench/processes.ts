/**
 * Child processes of the bench: started with output kept for error messages,
 * stopped politely then firmly, and measured through /proc.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { startProcess } from "../tools/processes/child.ts";
import { onCleanup, trackPid, untrackPid } from "./cleanup.ts";
import { sleep } from "./stats.ts";

export interface Child {
  process: ChildProcess;
  pid: number;
  /** The last lines the process printed, for error messages. */
  output(): string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 15_000;

/** Starts a long-running process that the bench stops itself (or cleanup does on failure). */
export function startChild(command: string, args: string[], env: NodeJS.ProcessEnv, cwd?: string): Child {
  const started = startProcess(command, args, { env, ...(cwd ? { cwd } : {}), graceMs: STOP_GRACE_MS });
  const pid = started.pid;
  if (pid === undefined) throw new Error(`Could not start ${command}`);
  trackPid(pid);
  void started.exited.then(() => untrackPid(pid));
  let done = false;
  const stop = onCleanup(async () => {
    if (!done) await started.stop();
  });
  return {
    process: started.process,
    pid,
    output: started.output,
    exited: started.exited,
    async stop() {
      await stop();
      done = true;
    },
  };
}

/** Runs a command to completion; rejects with its output when it fails. */
export function runToEnd(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    if (child.pid !== undefined) trackPid(child.pid);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-20_000);
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (child.pid !== undefined) untrackPid(child.pid);
      if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? code}):\n${stderr.slice(-3000)}`));
    });
  });
}

/** Resident memory of a process now and at its peak, in bytes (Linux only; undefined elsewhere). */
export function memoryOf(pid: number): { rss: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
    const rss = field("VmRSS");
    if (Number.isNaN(rss)) return undefined;
    return { rss: rss * 1024, peak: field("VmHWM") * 1024 };
  } catch {
    return undefined;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; returns the highest value seen. */
export function sampleMemory(pid: number, everyMs = 200) {
  let max = 0;
  const take = () => {
    const memory = memoryOf(pid);
    if (memory && memory.rss > max) max = memory.rss;
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop(): number {
      clearInterval(timer);
      take();
      return max;
    },
  };
}

/**
 * Polls a URL until it answers 200, as a visitor's first request would.
 * @returns milliseconds from `startedAt` to the first 200
 */
export async function waitFor200(url: string, child: Child, startedAt: number, timeoutMs = 60_000): Promise<number> {
  const deadline = startedAt + timeoutMs;
  while (performance.now() < deadline) {
    if (child.process.exitCode !== null) {
      throw new Error(`The process exited (${child.process.exitCode}) before answering:\n${child.output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s:\n${child.output()}`);
}

/**
 * A long-running child process of a command, the bench or a test: started
 * with its last lines of output kept for error messages, stopped with a
 * signal and, after a grace period, with SIGKILL.
 */
import { type ChildProcess, spawn } from "node:child_process";

export interface StartedProcess {
  /** What error messages call it ("server 1", "nginx"). */
  name: string;
  process: ChildProcess;
  pid: number | undefined;
  /** The last lines the process printed. */
  output(): string;
  /** Its exit code once it has exited (null after a signal, or when it could not start). */
  exited: Promise<number | null>;
  /** Sends `signal` (SIGTERM by default), then SIGKILL after the grace period, and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface StartOptions {
  name?: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** How much of its output to keep, in characters. */
  keep?: number;
  /** How long a stop waits before SIGKILL. */
  graceMs?: number;
}

/** @example const server = startProcess(process.execPath, ["build/server/main.js"], { name: "server", env }); */
export function startProcess(command: string, args: readonly string[], options: StartOptions = {}): StartedProcess {
  const { keep = 4000, graceMs = 15_000 } = options;
  const child = spawn(command, args, { env: options.env, cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-keep);
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const exited = new Promise<number | null>((resolve) => {
    child.on("exit", (code) => resolve(code));
    child.on("error", (error) => {
      append(Buffer.from(String(error)));
      resolve(null);
    });
  });
  return {
    name: options.name ?? command,
    process: child,
    pid: child.pid,
    output: () => log,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

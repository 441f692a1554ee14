/**
 * `npm run serve`: the build's compiled server, started with the server's
 * Node flags and environment (runtime/node-flags.ts) and NODE_ENV=production,
 * as the same command on Linux and macOS (and Windows under WSL): no shell
 * syntax in package.json. The process npm started becomes the server
 * (execve), so no launcher stays beside it in memory and signals reach the
 * server itself. BUILD_DIR names the build (default `build`).
 */
import { spawn } from "node:child_process";
import { SERVER_ENVIRONMENT, serverCommandArgs } from "../../runtime/node-flags.ts";

/** What `npm run serve` runs: Node.js with the server's flags and entry, in the server's environment. */
export function serveCommand(env: NodeJS.ProcessEnv = process.env): { args: string[]; env: NodeJS.ProcessEnv } {
  return {
    args: serverCommandArgs(env.BUILD_DIR || "build"),
    // An operator's own MALLOC_ARENA_MAX wins, as in every launcher; an empty one is no value.
    env: {
      ...env,
      ...Object.fromEntries(Object.entries(SERVER_ENVIRONMENT).map(([name, value]) => [name, env[name] || value])),
      NODE_ENV: "production",
    },
  };
}

if (import.meta.main) {
  const { args, env } = serveCommand();
  if (process.execve && process.platform !== "win32")
    process.execve(process.execPath, [process.execPath, ...args], env);
  else {
    // Where a process cannot replace itself (Windows without WSL), the server runs as its child.
    const server = spawn(process.execPath, args, { env, stdio: "inherit" });
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
    server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  }
}

/**
 * `npm run serve`: the build's compiled server, started with the server's
 * Node flags and environment (runtime/node-flags.ts) and NODE_ENV=production,
 * as the same command on Linux and macOS (and Windows under WSL): no shell
 * syntax in package.json. The process npm started becomes the server
 * (execve), so no launcher stays beside it in memory and signals reach the
 * server itself. BUILD_DIR names the build (default `build`).
 *
 * `npm run serve:local` (`--local-sign-in`) serves the same build for trying
 * it on this machine: it starts the fake GitHub `npm run dev` uses and points
 * sign-in at it, so anyone at the keyboard signs in as a test author. It is
 * refused for a PUBLIC_URL that is not loopback, and listens on loopback
 * unless HOST says otherwise (decision 054).
 */
import { spawn } from "node:child_process";
import { z } from "zod";
import { localSignInSettings } from "../../config/commands.ts";
import { exitOnConfigError, readBuildSettings } from "../../config/config.ts";
import { readSettings, settingsOrExit } from "../../config/read.ts";
import { isLoopbackOrigin, serverShape } from "../../config/schema.ts";
import { SERVER_ENVIRONMENT, serverCommandArgs } from "../../runtime/node-flags.ts";
import { fakeAuthorLogins, fakeGitHubEnv } from "../fake-github/accounts.ts";

/** The switch of `npm run serve:local`. */
export const LOCAL_SIGN_IN = "--local-sign-in";

/** What `npm run serve` runs: Node.js with the server's flags and entry, in the server's environment. */
export function serveCommand(env: NodeJS.ProcessEnv = process.env): { args: string[]; env: NodeJS.ProcessEnv } {
  return {
    args: serverCommandArgs(readSettings(z.object({ BUILD_DIR: serverShape.BUILD_DIR }), env).BUILD_DIR),
    // An operator's own MALLOC_ARENA_MAX wins, as in every launcher; an empty one is no value.
    env: {
      ...env,
      ...Object.fromEntries(Object.entries(SERVER_ENVIRONMENT).map(([name, value]) => [name, env[name] || value])),
      NODE_ENV: "production",
    },
  };
}

/**
 * Why `--local-sign-in` may not run with this environment, in one line, or
 * undefined. The production server it starts is published at PUBLIC_URL: a
 * fake GitHub there would let anyone who reaches the site sign in as an author.
 * @example localSignInRefusal({ PUBLIC_URL: "https://example.com" }) // "--local-sign-in is refused: …"
 */
export function localSignInRefusal(env: NodeJS.ProcessEnv): string | undefined {
  const { publicUrl } = readBuildSettings(env);
  if (isLoopbackOrigin(publicUrl)) return undefined;
  return (
    `${LOCAL_SIGN_IN} is refused: PUBLIC_URL is ${publicUrl}, not this machine, and the fake GitHub would let ` +
    "anyone there sign in as an author; unset PUBLIC_URL (or give a localhost, 127.0.0.1 or [::1] one) to try " +
    "sign-in locally, or configure a GitHub OAuth app for a published site"
  );
}

/** The environment of a server that signs in through the fake GitHub at `fakeUrl`, on loopback unless HOST is set. */
export function localSignInEnvironment(env: NodeJS.ProcessEnv, fakeUrl: string): NodeJS.ProcessEnv {
  const settings = readSettings(localSignInSettings, env);
  return {
    ...env,
    ...fakeGitHubEnv(fakeUrl, settings.authorLogins ?? fakeAuthorLogins),
    HOST: settings.host,
  };
}

/** Runs the server as a child, passing signals on; the process ends with it, after `cleanUp`. */
function runChild(args: string[], env: NodeJS.ProcessEnv, cleanUp: () => Promise<void> = async () => {}) {
  const server = spawn(process.execPath, args, { env, stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
  server.on("exit", (code, signal) => {
    void cleanUp().finally(() => process.exit(code ?? (signal ? 1 : 0)));
  });
}

/** `npm run serve:local`: the fake GitHub in this process, the server as its child. */
async function serveWithLocalSignIn(): Promise<void> {
  let refusal: string | undefined;
  try {
    refusal = localSignInRefusal(process.env);
  } catch (error) {
    exitOnConfigError(error);
  }
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  const { fakeGitHubPort } = settingsOrExit(localSignInSettings);
  // Loaded only here: `npm run serve` starts no server of its own.
  const { startFakeGitHub } = await import("../fake-github/server.ts");
  const fake = await startFakeGitHub(fakeGitHubPort);
  const env = localSignInEnvironment(process.env, fake.url);
  console.log(
    `Fake GitHub at ${fake.url}: Login lets you pick a test account (authors: ${env.AUTHOR_GITHUB_LOGINS}); ` +
      `the site listens on ${env.HOST}`,
  );
  const { args, env: serverEnv } = serveCommand(env);
  runChild(args, serverEnv, fake.close);
}

if (import.meta.main) {
  if (process.argv.includes(LOCAL_SIGN_IN)) await serveWithLocalSignIn();
  else {
    const { args, env } = serveCommand();
    if (process.execve && process.platform !== "win32")
      process.execve(process.execPath, [process.execPath, ...args], env);
    // Where a process cannot replace itself (Windows without WSL), the server runs as its child.
    else runChild(args, env);
  }
}

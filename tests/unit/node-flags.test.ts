import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import {
  missingServerEnvironment,
  missingServerFlags,
  SERVER_ENVIRONMENT,
  SERVER_NODE_FLAGS,
  serverCommandArgs,
  serverEntry,
  serverShellCommand,
  startedNotAsServe,
} from "../../runtime/node-flags.ts";
import { serveCommand } from "../../tools/commands/serve.ts";

describe("the server's Node flags", () => {
  it("are all missing from a bare `node build/server/main.js`", () => {
    expect(missingServerFlags([], "")).toEqual([...SERVER_NODE_FLAGS]);
  });

  it("are all present when started with the list", () => {
    expect(missingServerFlags([...SERVER_NODE_FLAGS], "")).toEqual([]);
  });

  it("leave a setting the operator chose to the operator, on the command line or in NODE_OPTIONS", () => {
    expect(missingServerFlags(["--max_semi_space_size=32", "--no-liftoff-only"], "")).toEqual([
      "--heap-growing-percent=50",
    ]);
    expect(missingServerFlags([], "--max-old-space-size=512 --max-semi-space-size=16")).toEqual([
      "--liftoff-only",
      "--heap-growing-percent=50",
    ]);
  });

  it("are the ones npm run serve passes, before the compiled entry", () => {
    expect(serveCommand({}).args).toEqual([...SERVER_NODE_FLAGS, serverEntry()]);
    expect(serveCommand({}).args).toEqual(serverCommandArgs());
  });

  it("come with the server's environment in npm run serve", () => {
    const { env } = serveCommand({});
    for (const [name, value] of Object.entries(SERVER_ENVIRONMENT)) expect(env[name]).toBe(value);
    expect(env.NODE_ENV).toBe("production");
  });
});

describe("the server's environment", () => {
  it("limits glibc's allocator to two arenas", () => {
    expect(SERVER_ENVIRONMENT).toEqual({ MALLOC_ARENA_MAX: "2" });
  });

  it("is missing where unset or empty, and an operator's own value counts as set", () => {
    expect(missingServerEnvironment({})).toEqual(["MALLOC_ARENA_MAX=2"]);
    expect(missingServerEnvironment({ MALLOC_ARENA_MAX: "" })).toEqual(["MALLOC_ARENA_MAX=2"]);
    expect(missingServerEnvironment({ MALLOC_ARENA_MAX: "4" })).toEqual([]);
  });

  it("comes before node on a shell's command line", () => {
    expect(serverShellCommand("build-bench")).toBe(
      `MALLOC_ARENA_MAX=2 node ${SERVER_NODE_FLAGS.join(" ")} build-bench/server/main.js`,
    );
  });
});

describe("the server's command line", () => {
  it("is the flags, then the build's compiled entry", () => {
    expect(serverCommandArgs("build-bench")).toEqual([...SERVER_NODE_FLAGS, "build-bench/server/main.js"]);
    expect(serverEntry()).toBe("build/server/main.js");
  });

  it("is what a server started differently is told, and why", () => {
    const compiled = "file:///srv/site/build/server/main.js";
    const source = "file:///srv/site/runtime/main.ts";
    const env = { ...SERVER_ENVIRONMENT };
    expect(startedNotAsServe(compiled, [...SERVER_NODE_FLAGS], "", env)).toBeUndefined();
    expect(startedNotAsServe(source, [...SERVER_NODE_FLAGS], "", env)).toBe("Started from runtime/main.ts");
    expect(startedNotAsServe(compiled, ["--liftoff-only"], "--heap-growing-percent=50", env)).toBe(
      `Started without ${SERVER_NODE_FLAGS[0]}`,
    );
    expect(startedNotAsServe(compiled, [...SERVER_NODE_FLAGS], "", {})).toBe("Started without MALLOC_ARENA_MAX=2");
    expect(startedNotAsServe(source, [], "", {})).toBe(
      `Started from runtime/main.ts and without MALLOC_ARENA_MAX=2 ${SERVER_NODE_FLAGS.join(" ")}`,
    );
  });
});

describe("a command run with the server's flags", () => {
  it("becomes the same script with the flags and environment it lacked, its arguments and the operator's own kept", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "server-flags-"));
    const script = path.join(dir, "command.mjs");
    const flags = pathToFileURL(path.resolve("runtime/node-flags.ts")).href;
    const started = pathToFileURL(path.resolve("config/process.ts")).href;
    writeFileSync(
      script,
      `import { withServerFlags } from ${JSON.stringify(flags)};\n` +
        `import { startEnvironment } from ${JSON.stringify(started)};\nwithServerFlags(startEnvironment());\n` +
        "console.log(JSON.stringify({ flags: process.execArgv, args: process.argv.slice(2), arena: process.env.MALLOC_ARENA_MAX }));\n",
    );
    const run = (execArgv: string[], env: NodeJS.ProcessEnv) =>
      JSON.parse(
        execFileSync(process.execPath, [...execArgv, script, "PATH", "--yes"], {
          env: { PATH: process.env.PATH, ...env },
          encoding: "utf8",
        }),
      );
    expect(run([], {})).toEqual({ flags: [...SERVER_NODE_FLAGS], args: ["PATH", "--yes"], arena: "2" });
    // The operator's young generation and arenas win; only what lacks is added.
    expect(run(["--max-semi-space-size=16"], { MALLOC_ARENA_MAX: "4" })).toEqual({
      flags: [...SERVER_NODE_FLAGS.filter((flag) => !flag.startsWith("--max-semi")), "--max-semi-space-size=16"],
      args: ["PATH", "--yes"],
      arena: "4",
    });
    rmSync(dir, { recursive: true, force: true });
  });
});

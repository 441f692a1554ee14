/**
 * `npm run serve:local`: the production server of a build with the fake
 * GitHub beside it, for trying sign-in on this machine. Refused, in one line,
 * for a PUBLIC_URL that is not loopback; otherwise an author signs in through
 * the fake GitHub over HTTP, as a browser does. The second half starts the
 * build (the suite's, or one of its own when run alone).
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLoopbackOrigin } from "../../config/schema.ts";
import { localSignInEnvironment, localSignInRefusal } from "../../tools/commands/serve.ts";
import { fakeClientId } from "../../tools/fake-github/accounts.ts";
import { freePort, freePorts } from "../harness/free-port.ts";
import { limit } from "../harness/host-speed.ts";
import { signIn } from "../harness/site-client.ts";
import { type TestBuild, testBuild } from "./helpers/build.ts";

/** The environment of this process without the settings a launcher's own test must not inherit. */
function cleanEnvironment(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    "PUBLIC_URL",
    "HOST",
    "GITHUB_CLIENT_ID",
    "GITHUB_CLIENT_SECRET",
    "GITHUB_URL",
    "GITHUB_API_URL",
    "AUTHOR_GITHUB_LOGINS",
    "DATABASE_URL",
  ])
    delete env[name];
  return { ...env, ...extra };
}

function launch(env: NodeJS.ProcessEnv): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ["tools/commands/serve.ts", "--local-sign-in"], { env });
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

describe("npm run serve:local", () => {
  it("is the serve command with the local sign-in switch", () => {
    const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>;
    expect(scripts["serve:local"]).toBe("node tools/commands/serve.ts --local-sign-in");
  });

  it("runs for a loopback PUBLIC_URL or none, and is refused for any other", () => {
    for (const url of [undefined, "http://localhost:3000", "http://127.0.0.1:8080", "http://[::1]:3000"])
      expect(localSignInRefusal({ PUBLIC_URL: url })).toBeUndefined();
    for (const url of ["https://rafaelwerneck.dev", "http://192.168.0.10:3000", "http://localhost.example.com"])
      expect(localSignInRefusal({ PUBLIC_URL: url })).toMatch(/^--local-sign-in is refused: PUBLIC_URL is /);
    expect(isLoopbackOrigin("http://[::1]:3000")).toBe(true);
    expect(isLoopbackOrigin("not a url")).toBe(false);
  });

  it("points sign-in at the fake GitHub and listens on loopback unless HOST says otherwise", () => {
    const env = localSignInEnvironment({ GITHUB_CLIENT_ID: "real-id", PORT: "3000" }, "http://127.0.0.1:3999");
    expect(env).toMatchObject({
      GITHUB_URL: "http://127.0.0.1:3999",
      GITHUB_API_URL: "http://127.0.0.1:3999",
      GITHUB_CLIENT_ID: fakeClientId,
      AUTHOR_GITHUB_LOGINS: "rafael-werneck,ana-autora",
      HOST: "127.0.0.1",
      PORT: "3000",
    });
    expect(localSignInEnvironment({ HOST: "0.0.0.0", AUTHOR_GITHUB_LOGINS: "ana-autora" }, "http://x").HOST).toBe(
      "0.0.0.0",
    );
  });

  it("refuses a production server with a real PUBLIC_URL in one line, and starts nothing", async () => {
    const fakePort = await freePort();
    const launcher = launch(
      cleanEnvironment({
        NODE_ENV: "production",
        PUBLIC_URL: "https://rafaelwerneck.dev",
        FAKE_GITHUB_PORT: String(fakePort),
        BUILD_DIR: "/nonexistent",
      }),
    );
    let stderr = "";
    launcher.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [code] = (await once(launcher, "close")) as [number];
    expect(code).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^--local-sign-in is refused: PUBLIC_URL is https:\/\/rafaelwerneck\.dev, not this machine.*unset PUBLIC_URL/,
    );
    expect(await answers(`http://127.0.0.1:${fakePort}/health`)).toBe(false);
  });
});

describe("npm run serve:local with a build", () => {
  let build: TestBuild;
  let dataDir = "";
  let launcher: ChildProcessWithoutNullStreams | undefined;
  let origin = "";
  let fakeOrigin = "";
  let output = "";

  beforeAll(async () => {
    build = await testBuild("local-sign-in");
    dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-local-sign-in-"));
    const [port, fakePort] = await freePorts(2);
    origin = `http://localhost:${port}`;
    fakeOrigin = `http://127.0.0.1:${fakePort}`;
    launcher = launch(
      cleanEnvironment({
        NODE_ENV: "production",
        BUILD_DIR: build.dir,
        DATA_DIR: dataDir,
        PORT: String(port),
        FAKE_GITHUB_PORT: String(fakePort),
        BACKUP_INTERVAL: "off",
        METRICS_PORT: "off",
        LOG_FORMAT: "",
      }),
    );
    for (const stream of [launcher.stdout, launcher.stderr])
      stream.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
    const deadline = Date.now() + limit(60_000);
    while (!(await answers(`http://127.0.0.1:${port}/healthz`))) {
      if (launcher.exitCode !== null) throw new Error(`serve:local exited with ${launcher.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`serve:local did not answer within the limit:\n${output}`);
      await sleep(100);
    }
  }, limit(300_000));

  afterAll(async () => {
    if (launcher && launcher.exitCode === null) {
      const exited = once(launcher, "exit");
      launcher.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    build?.remove();
  }, limit(30_000));

  it("says where the fake GitHub is and who may sign in", () => {
    expect(output).toContain(`Fake GitHub at ${fakeOrigin}: Login lets you pick a test account`);
    expect(output).toContain("authors: rafael-werneck,ana-autora");
  });

  it("signs an author in through the fake GitHub, and the admin is theirs", async () => {
    const cookie = await signIn(origin, "rafael-werneck");
    const admin = await fetch(`${origin}/admin/blog`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain("Rafael Werneck");
  });

  it("refuses an account that is not an author, as on the published site", async () => {
    await expect(signIn(origin, "visitante")).rejects.toThrow(/sign-in set no session/);
  });

  it("stops the fake GitHub with the server", async () => {
    const exited = once(launcher as ChildProcessWithoutNullStreams, "exit");
    launcher?.kill("SIGTERM");
    await exited;
    expect(await answers(`${fakeOrigin}/health`)).toBe(false);
  });
});

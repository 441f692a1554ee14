import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serverCommandArgs } from "../../../server/node-flags.ts";
import { expect, test } from "../fixtures.ts";

/**
 * `npm run build` in the directory of a running server. The server loads its
 * hashed server chunks (the Markdown pipeline among them) on first use, so a
 * build that emptied the directory first made its next article answer 500
 * until it was restarted. A copy of the tested build, inside the project
 * (a build directory outside it is never emptied), served and rebuilt.
 */

const sourceBuild = process.env.BUILD_DIR || "build";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

test("a rebuild in the directory of a running server leaves the server answering", async ({ request }) => {
  test.setTimeout(300_000);
  const buildDir = `build-rebuild-${process.pid}-${Date.now()}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-rebuild-"));
  cpSync(sourceBuild, buildDir, { recursive: true });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" };
  const server = spawn(process.execPath, serverCommandArgs(buildDir), {
    env: { ...env, DATA_DIR: dataDir, BUILD_DIR: buildDir, PUBLIC_URL: origin },
    stdio: "ignore",
  });
  let builder: ChildProcess | undefined;
  try {
    await expect
      .poll(async () => (await request.get(`${origin}/`).catch(() => undefined))?.status(), {
        timeout: 60_000,
      })
      .toBe(200);

    // The client build is emptied when the new one starts: then the old server files must still be there.
    const marker = path.join(buildDir, "client", "rebuild-marker.txt");
    writeFileSync(marker, "old build");
    builder = spawn(path.join("node_modules", ".bin", "react-router"), ["build"], {
      env: { ...process.env, BUILD_DIR: buildDir, PUBLIC_URL: origin },
      stdio: "ignore",
    });
    await expect.poll(() => existsSync(marker) || builder?.exitCode !== null, { timeout: 120_000 }).toBe(false);
    const during = await request.get(`${origin}/blog/bot-discord`);
    expect(during.status(), "an article while the build runs").toBe(200);

    expect(await exited(builder), "the build").toBe(0);
    for (const url of ["/en/blog/web-automation", "/en/rss.xml", "/blog/tag/discord"]) {
      expect((await request.get(`${origin}${url}`)).status(), `${url} after the build`).toBe(200);
    }
  } finally {
    builder?.kill();
    server.kill();
    await exited(server);
    rmSync(buildDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
});

import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_ENVIRONMENT, serverCommandArgs } from "../../../runtime/node-flags.ts";
import { currentGeneration, generationsDir, switchBuild } from "../../../tools/build/build.ts";
import { freePort } from "../../harness/free-port.ts";
import { limit } from "../../harness/host-speed.ts";
import { copyMigratedPglite } from "../../harness/migrated-pglite.ts";
import { expect, test } from "../fixtures.ts";

/**
 * `npm run build` beside a running server (tools/build/build.ts): the new build is
 * written into a directory of its own while BUILD_DIR still points at the
 * complete old one, then the link moves at once. The running server stays on
 * its own build (its hashed chunks load on first use) until it is restarted.
 * A copy of the tested build, inside the project, served and rebuilt.
 */

const sourceBuild = process.env.BUILD_DIR || "build";

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

test("a rebuild beside a running server switches at once and leaves the server answering", async ({ request }) => {
  test.setTimeout(limit(300_000));
  const link = `build-rebuild-${process.pid}-${Date.now()}`;
  const oldGeneration = path.join(generationsDir(link), "00000000T000000-000Z-copied");
  const dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-rebuild-"));
  await copyMigratedPglite(dataDir);
  cpSync(realpathSync(sourceBuild), oldGeneration, { recursive: true });
  switchBuild(link, oldGeneration);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" };
  const server = spawn(process.execPath, serverCommandArgs(link), {
    env: { ...SERVER_ENVIRONMENT, ...env, DATA_DIR: dataDir, BUILD_DIR: link, PUBLIC_URL: origin },
    stdio: "ignore",
  });
  let builder: ChildProcess | undefined;
  try {
    await expect
      .poll(async () => (await request.get(`${origin}/`).catch(() => undefined))?.status(), {
        timeout: limit(60_000),
      })
      .toBe(200);

    builder = spawn(process.execPath, ["tools/build/build.ts"], {
      env: { ...process.env, BUILD_DIR: link, PUBLIC_URL: origin },
      stdio: "ignore",
    });
    // While the new build is written, the link names the complete old build; it may name
    // the new one only once that is complete (the builder switches, then prunes and exits).
    while (builder.exitCode === null) {
      const live = currentGeneration(link) ?? "";
      if (live !== path.resolve(oldGeneration)) {
        expect(existsSync(path.join(live, "server", "main.js")), "a switched-to build is complete").toBe(true);
      }
      expect((await request.get(`${origin}/blog/bot-discord`)).status(), "an article during the build").toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(await exited(builder), "the build").toBe(0);
    const newGeneration = currentGeneration(link);
    expect(newGeneration, "the link after the build").not.toBe(path.resolve(oldGeneration));
    expect(existsSync(path.join(link, "server", "main.js")), "a complete build behind the link").toBe(true);

    // The running server answers from its own build: pages, and the scripts those pages name.
    for (const url of ["/en/blog/web-automation", "/en/rss.xml", "/blog/tag/discord", "/blog/search?q=docker"]) {
      const response = await request.get(`${origin}${url}`);
      expect(response.status(), `${url} after the build`).toBe(200);
      for (const script of (await response.text()).matchAll(/<script[^>]+src="(\/assets\/[^"]+)"/g)) {
        expect((await request.get(`${origin}${script[1]}`)).status(), `${script[1]} of ${url}`).toBe(200);
      }
    }
  } finally {
    builder?.kill();
    server.kill();
    await exited(server);
    rmSync(link, { force: true });
    rmSync(generationsDir(link), { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
});

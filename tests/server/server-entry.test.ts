/**
 * The production server as every launcher starts it: `npm run build`
 * compiles runtime/main.ts into BUILD_DIR/server/main.js, and `npm run serve`,
 * the end-to-end tests and the bench all run that file with the flags of
 * runtime/node-flags.ts. The second half builds the site for real (tens of
 * seconds) and starts the compiled entry the way the bench does.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUDGETS } from "../../bench/budgets.ts";
import { askUntilBrotli, encodePath } from "../../bench/routes.ts";
import { type RunningServer, startServer } from "../../bench/server.ts";
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS, serverCommandArgs, serverEntry } from "../../runtime/node-flags.ts";
import { serveCommand } from "../../tools/commands/serve.ts";
import { limit } from "../harness/host-speed.ts";
import { type TestBuild, testBuild } from "./helpers/build.ts";
import { adminQuery, postgresUrl } from "./helpers/databases.ts";

describe("the launchers", () => {
  it("npm run serve becomes the compiled entry of its build, with the server's flags and environment", async () => {
    const serve = JSON.parse(readFileSync("package.json", "utf8")).scripts.serve as string;
    expect(serve).toBe("node tools/commands/serve.ts");
    // A stand-in entry that reports how it was started.
    const buildDir = mkdtempSync(path.join(tmpdir(), "portfolio-serve-"));
    mkdirSync(path.join(buildDir, "server"));
    writeFileSync(
      serverEntry(buildDir),
      "console.log(JSON.stringify({ pid: process.pid, flags: process.execArgv, arenas: process.env.MALLOC_ARENA_MAX, mode: process.env.NODE_ENV }));",
    );
    const launcher = spawn(process.execPath, ["tools/commands/serve.ts"], {
      env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "development", MALLOC_ARENA_MAX: "" },
    });
    let output = "";
    launcher.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    await new Promise((resolve) => launcher.on("close", resolve));
    const started = JSON.parse(output) as { pid: number; flags: string[]; arenas: string; mode: string };
    // The same process: npm's child became the server, nothing stays beside it.
    expect(started.pid).toBe(launcher.pid);
    expect(started.flags).toEqual([...SERVER_NODE_FLAGS]);
    expect(started.arenas).toBe(SERVER_ENVIRONMENT.MALLOC_ARENA_MAX);
    expect(started.mode).toBe("production");
  });

  it("npm run serve keeps an operator's own MALLOC_ARENA_MAX", () => {
    expect(serveCommand({ MALLOC_ARENA_MAX: "4" }).env.MALLOC_ARENA_MAX).toBe("4");
    expect(serveCommand({ BUILD_DIR: "/srv/site/build" }).args).toEqual(serverCommandArgs("/srv/site/build"));
  });

  it("the end-to-end tests start the same entry of their build, with the same flags and environment", async () => {
    // Given a data directory, the config creates none.
    const dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-entry-e2e-"));
    const previous = process.env.E2E_DATA_DIR;
    process.env.E2E_DATA_DIR = dataDir;
    try {
      const { default: config } = await import("../../playwright.config.ts");
      const servers = [config.webServer ?? []].flat();
      const site = servers.find((server) => server.env?.NODE_ENV === "production");
      const buildDir = site?.env?.BUILD_DIR ?? "";
      expect(buildDir).not.toBe("");
      expect(site?.command).toBe(`node ${serverCommandArgs(buildDir).join(" ")}`);
      expect(site?.env).toMatchObject(SERVER_ENVIRONMENT);
    } finally {
      if (previous === undefined) delete process.env.E2E_DATA_DIR;
      else process.env.E2E_DATA_DIR = previous;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** Every JavaScript file of a directory, recursively. */
function scripts(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .map((file) => path.join(dir, file));
}

/** The paths of the build's prerendered pages (`about/index.html` is `/about`). */
function prerenderedPaths(clientDir: string): string[] {
  return readdirSync(clientDir, { recursive: true, encoding: "utf8" })
    .filter((file) => file === "index.html" || file.endsWith(`${path.sep}index.html`))
    .map((file) => `/${path.dirname(file) === "." ? "" : path.dirname(file).split(path.sep).join("/")}`);
}

/** A page's response as a browser asks for it: its bytes on the wire (status line, headers and body) and its coding. */
function wireBytes(origin: string, pagePath: string): Promise<{ bytes: number; coding: string | undefined }> {
  return new Promise((resolve, reject) => {
    get(
      `${origin}${encodePath(pagePath)}`,
      { headers: { "accept-encoding": "gzip, deflate, br, zstd", accept: "text/html" } },
      (response) => {
        let bytes = Buffer.byteLength(`HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n\r\n`);
        for (let n = 0; n < response.rawHeaders.length; n += 2)
          bytes += Buffer.byteLength(`${response.rawHeaders[n]}: ${response.rawHeaders[n + 1]}\r\n`);
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on("end", () => resolve({ bytes, coding: response.headers["content-encoding"] }));
        response.on("error", reject);
      },
    ).on("error", reject);
  });
}

describe("the compiled server", () => {
  let buildDir = "";
  let dataDir = "";
  const running: RunningServer[] = [];

  let build: TestBuild | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-entry-"));
    build = await testBuild("entry-test");
    buildDir = build.dir;
  }, limit(600_000));

  afterAll(async () => {
    for (const server of running) await server.child.stop();
    build?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, limit(60_000));

  /** Starts the build's server as the bench does, and checks it was started as `npm run serve` starts it. */
  async function start(databaseUrl?: string, workers?: number): Promise<RunningServer> {
    const server = await startServer({ buildDir, dataDir, databaseUrl, workers });
    running.push(server);
    expect(server.child.process.spawnargs).toEqual([process.execPath, ...serverCommandArgs(buildDir)]);
    return server;
  }

  /** The pages that need the bundled libraries: the database (drizzle), Markdown with highlighting, a 404. */
  async function expectPages(server: RunningServer) {
    const home = await fetch(`${server.origin}/`);
    expect(home.status).toBe(200);
    const post = await fetch(`${server.origin}/blog/bot-discord`);
    expect(post.status).toBe(200);
    expect(await post.text()).toMatch(/class="hljs language-/);
    const list = await fetch(`${server.origin}/en/blog`);
    expect(list.status).toBe(200);
    const missing = await fetch(`${server.origin}/this-page-does-not-exist`);
    expect(missing.status).toBe(404);
    // Started as npm run serve starts it: no warning about flags, environment or the TypeScript source.
    expect(server.child.output()).not.toMatch(/Started (from|without)/);
  }

  /**
   * Every prerendered page, and a long article, fits a phone's first round trip once compressed as every reader
   * after the first gets it (a page rewritten for this address is sent gzip until its brotli copy is made).
   */
  async function expectFirstWindows(server: RunningServer) {
    const pages = [...prerenderedPaths(path.join(buildDir, "client")), "/blog/bot-discord", "/en/blog/bot-discord"];
    expect(pages).toContain("/");
    expect(pages).toContain("/en/about");
    await askUntilBrotli(server.origin, pages);
    const over: string[] = [];
    for (const page of pages) {
      const answer = await wireBytes(server.origin, page);
      expect(answer.coding, page).toBe("br");
      if (answer.bytes > BUDGETS.documentBytes) over.push(`${page}: ${answer.bytes} B`);
    }
    expect(over, `pages past the first ${BUDGETS.documentBytes} bytes`).toEqual([]);
  }

  it("is written by the build, as JavaScript that imports no TypeScript", () => {
    expect(existsSync(serverEntry(buildDir))).toBe(true);
    for (const file of scripts(path.join(buildDir, "server"))) {
      expect(readFileSync(file, "utf8"), file).not.toMatch(/(?:from\s*|import\s*\(\s*)["'][^"']+\.tsx?["']/);
    }
  });

  /** The pids of the workers the server's log says started, in order. */
  function workerPids(server: RunningServer): number[] {
    return [...server.child.output().matchAll(/Worker (\d+) started\./g)].map((match) => Number(match[1]));
  }

  async function waitFor(condition: () => boolean, what: string, server: RunningServer): Promise<void> {
    const deadline = Date.now() + limit(60_000);
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`Waited for ${what}:\n${server.child.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The status of a GET on a connection of its own (fetch would reuse one the killed worker held). */
  function statusOnNewConnection(url: string): Promise<number> {
    return new Promise((resolve, reject) => {
      get(url, { agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      }).on("error", reject);
    });
  }

  function alive(pid: number): boolean {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  // One server per database, started with two workers as an operator may ask: the embedded database keeps one process
  // and says so; PostgreSQL runs them. Each server's pages are checked, then what its processes do.
  describe("on the embedded database", () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await start(undefined, 2);
    }, limit(120_000));
    afterAll(async () => server?.child.stop(), limit(60_000));

    it(
      "starts on the embedded database, creating it from the migrations, and serves pages",
      async () => {
        await expectPages(server);
        await expectFirstWindows(server);
      },
      limit(120_000),
    );

    it("on the embedded database stays one process, and says so", () => {
      expect(server.child.output()).toMatch(/^Embedded database \(PGlite\): one server process/m);
      expect(workerPids(server)).toEqual([]);
    });
  });

  describe("on PostgreSQL", () => {
    let server: RunningServer;
    const name = `portfolio_entry_${randomBytes(6).toString("hex")}`;
    beforeAll(async () => {
      if (!postgresUrl) return;
      await adminQuery(`CREATE DATABASE ${name}`);
      const url = new URL(postgresUrl ?? "");
      url.pathname = `/${name}`;
      server = await start(url.toString(), 2);
    }, limit(120_000));
    afterAll(async () => {
      if (!postgresUrl) return;
      await server?.child.stop();
      await adminQuery(`DROP DATABASE ${name} WITH (FORCE)`);
    }, limit(60_000));

    it.skipIf(!postgresUrl)(
      "starts on PostgreSQL, migrating a new database, and serves pages",
      async () => {
        await expectPages(server);
      },
      limit(120_000),
    );

    it.skipIf(!postgresUrl)(
      "on PostgreSQL runs WEB_CONCURRENCY workers, starts another when one dies, and stops them all",
      async () => {
        const ready = () => server.child.output().match(/Site ready at/g)?.length ?? 0;
        await waitFor(() => ready() >= 2, "two workers ready", server);
        const [first, second] = workerPids(server);
        expect(first).toBeDefined();
        expect(second).toBeDefined();
        expect(new Set([first, second, server.child.pid]).size).toBe(3);

        // One worker killed: the other keeps answering new connections (the ones the killed
        // worker held are reset), and the primary forks a replacement.
        process.kill(first ?? 0, "SIGKILL");
        await waitFor(() => !alive(first ?? 0), "the killed worker gone", server);
        for (let request = 0; request < 5; request++)
          expect(await statusOnNewConnection(`${server.origin}/`)).toBe(200);
        await waitFor(() => workerPids(server).length >= 3 && ready() >= 3, "a new worker ready", server);
        expect(server.child.output()).toMatch(new RegExp(`Worker ${first} stopped \\(SIGKILL\\)`));
        const replacement = workerPids(server)[2] ?? 0;
        expect(alive(replacement)).toBe(true);
        for (let request = 0; request < 5; request++)
          expect(await statusOnNewConnection(`${server.origin}/`)).toBe(200);

        // SIGTERM to the primary stops every worker, then the primary.
        await server.child.stop();
        expect(server.child.process.exitCode).toBe(0);
        expect(alive(second ?? 0)).toBe(false);
        expect(alive(replacement)).toBe(false);
      },
      limit(180_000),
    );
  });
});

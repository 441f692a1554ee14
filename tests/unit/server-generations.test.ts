import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pruneServerBuild } from "../../tools/server-generations.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "server-generations-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Writes the files of one build, dated `at` (ms). */
function build(at: number, files: string[]) {
  for (const file of files) {
    const full = path.join(dir, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, file);
    utimesSync(full, at / 1000, at / 1000);
  }
}

const present = (...files: string[]) => files.filter((file) => existsSync(path.join(dir, file)));

describe("pruneServerBuild", () => {
  it("keeps the chunks of the last two builds for servers still running them, and removes older ones", async () => {
    build(1_000_000, ["index.js", "main.js", "assets/markdown-AAA.js", "chunks/pg-AAA.js"]);
    expect(await pruneServerBuild(dir, 1_000_000)).toEqual({ written: 4, kept: 0, removed: 0 });

    build(2_000_000, ["index.js", "main.js", "assets/markdown-BBB.js", "chunks/pg-AAA.js"]);
    expect(await pruneServerBuild(dir, 2_000_000)).toEqual({ written: 4, kept: 1, removed: 0 });
    expect(present("assets/markdown-AAA.js", "assets/markdown-BBB.js")).toHaveLength(2);

    build(3_000_000, ["index.js", "main.js", "assets/markdown-CCC.js", "chunks/pg-CCC.js"]);
    expect(await pruneServerBuild(dir, 3_000_000)).toEqual({ written: 4, kept: 3, removed: 0 });

    build(4_000_000, ["index.js", "main.js", "assets/markdown-DDD.js", "chunks/pg-CCC.js"]);
    const summary = await pruneServerBuild(dir, 4_000_000);
    // markdown-AAA belongs to the first build only; pg-AAA to the second too, which is kept.
    expect(present("assets/markdown-AAA.js")).toEqual([]);
    expect(present("chunks/pg-AAA.js", "assets/markdown-BBB.js", "assets/markdown-CCC.js")).toHaveLength(3);
    expect(summary).toEqual({ written: 4, kept: 3, removed: 1 });
  });

  it("counts the files of a build made before the record existed as one earlier build", async () => {
    build(1_000_000, ["index.js", "assets/old-AAA.js"]);
    build(2_000_000, ["index.js", "assets/new-BBB.js"]);
    expect(await pruneServerBuild(dir, 2_000_000)).toEqual({ written: 2, kept: 1, removed: 0 });
    const record = JSON.parse(readFileSync(path.join(dir, "builds.json"), "utf8"));
    expect(record).toEqual([["assets/new-BBB.js", "index.js"], ["assets/old-AAA.js"]]);
  });

  it("removes directories left empty", async () => {
    build(1_000_000, ["old/only-AAA.js"]);
    await pruneServerBuild(dir, 1_000_000, 0);
    build(2_000_000, ["index.js"]);
    await pruneServerBuild(dir, 2_000_000, 0);
    expect(existsSync(path.join(dir, "old"))).toBe(false);
  });
});

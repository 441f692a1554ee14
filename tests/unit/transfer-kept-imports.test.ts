/**
 * The file a dry run keeps for its import (decision 085): found only by its
 * token and only for the author who checked it, gone past its time (unless
 * its import still runs), one per author, claimed by one import only, its
 * progress and outcome recorded beside it, and what processes gone left
 * removed at a start. Nothing under the keep is readable by another user.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  claimKept,
  findKept,
  type KeptImports,
  keepUpload,
  keptMinutes,
  recordKept,
  sweepKeptImports,
} from "../../app/server/transfer/kept-imports.server.ts";

let root = "";
let clock = 0;
let kept: KeptImports;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "kept-imports-test-"));
  clock = Date.parse("2026-11-29T12:00:00Z");
  kept = { dir: path.join(root, "imports"), keepMs: 30 * 60 * 1000, now: () => clock };
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A file as an upload leaves it, to be kept. */
function uploaded(text = "---\ntitle: Um post\n---\ntexto") {
  const file = path.join(root, `upload-${randomBytes(4).toString("hex")}`);
  writeFileSync(file, text);
  return { path: file, name: "post.md", size: Buffer.byteLength(text), posts: 1 };
}

describe("a checked file kept for its import", () => {
  it("is found by its token, for its author only, and moved out of the upload's place", async () => {
    const file = uploaded();
    const token = await keepUpload(kept, "ana", file);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(existsSync(file.path), "moved, not copied").toBe(false);
    const found = await findKept(kept, token, "ana");
    expect(found).toMatchObject({ name: "post.md", size: file.size, state: { state: "kept" } });
    expect(await findKept(kept, token, "bruno"), "another author's token opens nothing").toBeUndefined();
    // One character changed (a token that ends in A would be itself with an A).
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(await findKept(kept, altered, "ana")).toBeUndefined();
    expect(await findKept(kept, "../../etc/passwd", "ana")).toBeUndefined();
    // The folder is named by the token's hash, not the token; folder and files are the server user's only.
    const [folder] = readdirSync(kept.dir);
    expect(folder).toMatch(/^[0-9a-f]{64}$/);
    expect(folder).not.toContain(token);
    const inside = path.join(kept.dir, folder ?? "");
    expect(statSync(inside).mode & 0o777).toBe(0o700);
    for (const name of readdirSync(inside)) expect(statSync(path.join(inside, name)).mode & 0o077).toBe(0);
  });

  it("is forgotten past its time, and removed by the sweep", async () => {
    const token = await keepUpload(kept, "ana", uploaded());
    clock += kept.keepMs - 1000;
    expect(await findKept(kept, token, "ana")).toBeDefined();
    clock += 2000;
    expect(await findKept(kept, token, "ana")).toBeUndefined();
    expect(await sweepKeptImports(kept)).toBe(1);
    expect(readdirSync(kept.dir)).toEqual([]);
    expect(keptMinutes(kept)).toBe(30);
  });

  it("keeps one file per author: a new dry run replaces the last", async () => {
    const first = await keepUpload(kept, "ana", uploaded());
    const bruno = await keepUpload(kept, "bruno", uploaded());
    const second = await keepUpload(kept, "ana", uploaded());
    expect(await findKept(kept, first, "ana")).toBeUndefined();
    expect(await findKept(kept, second, "ana")).toBeDefined();
    expect(await findKept(kept, bruno, "bruno")).toBeDefined();
    expect(readdirSync(kept.dir)).toHaveLength(2);
  });

  it("is claimed by one import, which outlives the keep's time while it runs, and records its outcome", async () => {
    const token = await keepUpload(kept, "ana", uploaded());
    const upload = await findKept(kept, token, "ana");
    if (!upload) throw new Error("kept");
    expect(await claimKept(upload)).toBe(true);
    expect(await claimKept(upload), "a form sent twice imports once").toBe(false);
    await recordKept(kept, upload, { state: "running", progress: { phase: "posts", done: 200, total: 1000 } });
    clock += kept.keepMs * 3;
    await sweepKeptImports(kept);
    expect(await findKept(kept, token, "ana")).toMatchObject({
      state: { state: "running", progress: { done: 200, total: 1000 } },
    });
    // A new dry run of the author's does not remove a file whose import runs.
    await keepUpload(kept, "ana", uploaded());
    expect(await findKept(kept, token, "ana")).toBeDefined();

    const result = { imported: 1, skipped: 0, renamed: 0, replaced: 0, images: 0, redirects: 0 };
    await recordKept(kept, upload, { state: "done", result });
    expect(existsSync(upload.file), "the file goes once imported").toBe(false);
    expect(await findKept(kept, token, "ana")).toMatchObject({ state: { state: "done", result } });
    clock += kept.keepMs + 1;
    expect(await findKept(kept, token, "ana"), "the outcome stays a keep's time").toBeUndefined();
  });

  it("removes at a start what processes gone left, and an import they ran is seen as failed", async () => {
    const token = await keepUpload(kept, "ana", uploaded());
    const upload = await findKept(kept, token, "ana");
    if (!upload) throw new Error("kept");
    await claimKept(upload);
    // The process that ran the import is gone (a pid no process has).
    const meta = path.join(upload.dir, "meta.json");
    const record = JSON.parse(await readFile(meta, "utf8")) as { pid: number };
    await writeFile(meta, JSON.stringify({ ...record, pid: 2 ** 22 + 1 }));
    expect(await findKept(kept, token, "ana")).toMatchObject({ state: { state: "failed" } });
    const live = await keepUpload(kept, "bruno", uploaded());
    // A folder half made long ago, and one just begun.
    const half = path.join(kept.dir, "f".repeat(64));
    mkdirSync(half);
    utimesSync(half, new Date(clock - kept.keepMs * 2), new Date(clock - kept.keepMs * 2));
    mkdirSync(path.join(kept.dir, "e".repeat(64)));
    expect(await sweepKeptImports(kept, { atStart: true })).toBe(2);
    expect(await findKept(kept, live, "bruno"), "this process's file stays").toBeDefined();
    expect(readdirSync(kept.dir)).toHaveLength(2);
  });
});

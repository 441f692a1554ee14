/**
 * Copying every stored object from one driver to another: by the function
 * (every pair of disk, the database and S3, resumed after a partial copy)
 * and by `npm run storage:migrate`'s command (disk to the embedded database).
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenDatabase, openDatabase } from "../../app/server/db/client.server.ts";
import { copyObjects } from "../../app/server/uploads/copy-objects.server.ts";
import { databaseStorage } from "../../app/server/uploads/database-storage.server.ts";
import { s3Storage } from "../../app/server/uploads/s3-storage.server.ts";
import { localDiskStorage, type ObjectStorage } from "../../app/server/uploads/storage.server.ts";
import { limit } from "../harness/host-speed.ts";
import { copyMigratedPglite, engines } from "./helpers/databases.ts";
import { startTestS3, type TestS3 } from "./helpers/s3.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");

const objects: Record<string, Uint8Array> = {
  "blog-images/u1/a.webp": new Uint8Array([1, 2, 3]),
  "blog-images/u2/b.png": new Uint8Array(4096).fill(7),
  "og-images/p1/0123456789ab.png": new Uint8Array([0, 255, 0, 255]),
};

async function contents(storage: ObjectStorage): Promise<Record<string, number[]>> {
  const result: Record<string, number[]> = {};
  for (const object of await storage.list("")) result[object.key] = Array.from((await storage.get(object.key)) ?? []);
  return result;
}
const expected = Object.fromEntries(Object.entries(objects).map(([key, data]) => [key, Array.from(data)]));

describe("copying stored objects between drivers", () => {
  const dirs: string[] = [];
  let database: OpenDatabase;
  let s3: TestS3;
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "portfolio-migrate-"));
    dirs.push(dir);
    return dir;
  };
  beforeAll(async () => {
    [database, s3] = await Promise.all([engines[0]?.open() as Promise<OpenDatabase>, startTestS3()]);
  }, limit(60_000));
  afterAll(async () => {
    await Promise.all([database?.close(), s3?.close()]);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("copies disk → database → S3 → disk, every byte, and a second run copies nothing", async () => {
    const disk = localDiskStorage(tempDir());
    for (const [key, data] of Object.entries(objects)) await disk.put(key, data);
    const db = databaseStorage(database.db);
    const bucket = s3Storage(s3.settings);
    const back = localDiskStorage(tempDir());
    const lines: string[] = [];
    expect(await copyObjects(disk, db, (line) => lines.push(line))).toEqual({ copied: 3, skipped: 0, bytes: 4103 });
    expect(lines.at(-1)).toBe("3 copied, 0 already there, 3 in all");
    expect(lines[0]).toMatch(/^1\/3 blog-images\/u1\/a\.webp \(3 bytes\)$/);
    await copyObjects(db, bucket);
    await copyObjects(bucket, back);
    for (const storage of [db, bucket, back]) expect(await contents(storage)).toEqual(expected);
    expect((await bucket.read("blog-images/u2/b.png"))?.contentType).toBe("image/png");
    expect(await copyObjects(disk, db)).toEqual({ copied: 0, skipped: 3, bytes: 0 });
  });

  it("resumes a copy stopped half-way, and copies again an object whose size differs", async () => {
    const disk = localDiskStorage(tempDir());
    for (const [key, data] of Object.entries(objects)) await disk.put(key, data);
    const target = localDiskStorage(tempDir());
    const [first = "", second = ""] = Object.keys(objects);
    await target.put(first, objects[first] ?? new Uint8Array());
    await target.put(second, new Uint8Array([1]));
    expect(await copyObjects(disk, target)).toEqual({ copied: 2, skipped: 1, bytes: 4100 });
    expect(await contents(target)).toEqual(expected);
  });
});

describe("npm run storage:migrate", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-migrate-cli-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", STORAGE_DRIVER: "" };
  const migrate = (...args: string[]) =>
    run(process.execPath, ["tools/commands/storage-migrate.ts", ...args], { cwd: root, env, timeout: limit(60_000) });

  it(
    "copies the uploads directory into the embedded database, printing progress, and resumes",
    async () => {
      for (const [key, data] of Object.entries(objects)) {
        const file = path.join(dataDir, "uploads", ...key.split("/"));
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, data);
      }
      // The site's database, as a server made it: the command opens it (where it is made is tested elsewhere).
      await copyMigratedPglite(dataDir);
      const { stdout } = await migrate("--from", "disk", "--to", "postgres");
      expect(stdout).toContain("Copying stored objects from disk to postgres");
      expect(stdout).toContain("3/3 og-images/p1/0123456789ab.png (4 bytes)");
      expect(stdout).toContain("3 copied, 0 already there, 3 in all");
      const again = await migrate("--from", "disk", "--to", "postgres");
      expect(again.stdout).toContain("0 copied, 3 already there, 3 in all");
      const database = await openDatabase({ dataDir });
      try {
        expect(await contents(databaseStorage(database.db))).toEqual(expected);
      } finally {
        await database.close();
      }
    },
    limit(120_000),
  );

  it("names a wrong driver in one line", async () => {
    const failed = await migrate("--from", "disk", "--to", "ftp").catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr.trim()).toBe(
      'Configuration error: --to must be disk, postgres or s3, got "ftp"',
    );
  });
});

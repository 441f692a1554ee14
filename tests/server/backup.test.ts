/**
 * `npm run backup` and `npm run restore`: a round trip of the database and
 * the stored objects puts back exactly what was there, on the embedded
 * database (objects on disk or in the database) and, when TEST_DATABASE_URL
 * is set, on PostgreSQL.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/server/db/client.server.ts";
import { DataDirLockedError } from "../../app/server/db/lock.server.ts";
import { users } from "../../app/server/db/schema.ts";
import { openStorage, type StorageSettings } from "../../app/server/uploads/storage.server.ts";
import { createBackup, type DataSettings, restoreBackup } from "../../server/backup.ts";
import { adminQuery, postgresUrl } from "./helpers/databases.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "portfolio-backup-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const cover = new Uint8Array(randomBytes(2048));
const logins = async (settings: DataSettings) => {
  const database = await openDatabase({ dataDir: settings.dataDir, databaseUrl: settings.databaseUrl });
  try {
    return (await database.db.select({ login: users.login }).from(users)).map((row) => row.login).sort();
  } finally {
    await database.close();
  }
};

/** Writes a user and a cover, backs up, changes both, restores, and checks the backup's state is back. */
async function roundTrip(settings: DataSettings) {
  const withDatabase = async (work: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>) => {
    const database = await openDatabase({ dataDir: settings.dataDir, databaseUrl: settings.databaseUrl });
    try {
      await work(database);
    } finally {
      await database.close();
    }
  };
  await withDatabase(async ({ db }) => {
    await db.insert(users).values({ githubId: 1, login: "kept" });
    await (await openStorage(settings.storage, db)).put("blog-images/u1/cover.webp", cover);
  });
  const backupDir = path.join(tempDir(), "backup");
  const manifest = await createBackup(settings, backupDir);
  expect(manifest).toMatchObject({ version: 1, storageDriver: settings.storage.driver });
  await withDatabase(async ({ db }) => {
    await db.delete(users).where(eq(users.login, "kept"));
    await db.insert(users).values({ githubId: 2, login: "written-after" });
    await (await openStorage(settings.storage, db)).delete("blog-images/u1/cover.webp");
  });
  const lines: string[] = [];
  await restoreBackup(settings, backupDir, (line) => lines.push(line));
  expect(await logins(settings)).toEqual(["kept"]);
  await withDatabase(async ({ db }) => {
    const restored = await (await openStorage(settings.storage, db)).get("blog-images/u1/cover.webp");
    expect(Buffer.compare(Buffer.from(restored ?? []), cover)).toBe(0);
  });
  return { manifest, backupDir, lines };
}

describe("backup and restore, embedded database", () => {
  it("puts back the database and the uploads directory", async () => {
    const dataDir = tempDir();
    const storage: StorageSettings = { driver: "disk", root: path.join(dataDir, "uploads") };
    const { manifest, backupDir, lines } = await roundTrip({ dataDir, databaseUrl: undefined, storage });
    expect(manifest).toMatchObject({
      engine: "pglite",
      databaseFile: "database.tar.gz",
      objects: 1,
      objectBytes: 2048,
    });
    expect(existsSync(path.join(backupDir, "uploads", "blog-images", "u1", "cover.webp"))).toBe(true);
    // The database it replaced is kept aside, not deleted.
    expect(readdirSync(dataDir).filter((name) => name.startsWith("db.replaced-"))).toHaveLength(1);
    expect(lines.some((line) => line.includes("db.replaced-"))).toBe(true);
  }, 120_000);

  it("puts back objects kept in the database with it", async () => {
    const dataDir = tempDir();
    const { manifest, backupDir } = await roundTrip({
      dataDir,
      databaseUrl: undefined,
      storage: { driver: "postgres" },
    });
    expect(manifest).toMatchObject({ engine: "pglite", objects: 0 });
    expect(existsSync(path.join(backupDir, "uploads"))).toBe(false);
  }, 120_000);

  it("refuses while a server holds the data directory", async () => {
    const dataDir = tempDir();
    const database = await openDatabase({ dataDir });
    try {
      const settings: DataSettings = { dataDir, databaseUrl: undefined, storage: { driver: "postgres" } };
      await expect(createBackup(settings, path.join(tempDir(), "b"))).rejects.toThrow(DataDirLockedError);
    } finally {
      await database.close();
    }
  }, 60_000);

  it("runs as npm run backup and npm run restore", async () => {
    const dataDir = tempDir();
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", STORAGE_DRIVER: "disk" };
    const database = await openDatabase({ dataDir });
    await database.db.insert(users).values({ githubId: 3, login: "from-the-command" });
    await database.close();
    const out = path.join(tempDir(), "cli");
    const backup = await run(process.execPath, ["tools/backup.ts", "--out", out], { cwd: root, env, timeout: 60_000 });
    expect(backup.stdout).toContain("Done: pglite database, 0 stored objects.");
    rmSync(path.join(dataDir, "db"), { recursive: true, force: true });
    const restore = await run(process.execPath, ["tools/restore.ts", out], { cwd: root, env, timeout: 60_000 });
    expect(restore.stdout).toContain("Done: the pglite database");
    expect(await logins({ dataDir, databaseUrl: undefined, storage: { driver: "postgres" } })).toEqual([
      "from-the-command",
    ]);
  }, 120_000);
});

describe.skipIf(!postgresUrl)(
  `backup and restore, PostgreSQL${postgresUrl ? "" : " — SKIPPED: TEST_DATABASE_URL is unset"}`,
  () => {
    const names: string[] = [];
    const freshDatabase = async () => {
      const name = `portfolio_backup_${randomBytes(6).toString("hex")}`;
      await adminQuery(`CREATE DATABASE ${name}`);
      names.push(name);
      const url = new URL(postgresUrl ?? "");
      url.pathname = `/${name}`;
      return url.toString();
    };
    afterAll(async () => {
      for (const name of names) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });

    it("puts back the database with pg_dump and pg_restore, objects kept in it", async () => {
      const settings: DataSettings = {
        dataDir: tempDir(),
        databaseUrl: await freshDatabase(),
        storage: { driver: "postgres" },
      };
      const { manifest } = await roundTrip(settings);
      expect(manifest).toMatchObject({ engine: "postgres", databaseFile: "database.pgdump", objects: 0 });
    }, 120_000);

    it("puts back the database and the uploads directory", async () => {
      const dataDir = tempDir();
      const storage: StorageSettings = { driver: "disk", root: path.join(dataDir, "uploads") };
      const { manifest } = await roundTrip({ dataDir, databaseUrl: await freshDatabase(), storage });
      expect(manifest).toMatchObject({ engine: "postgres", objects: 1 });
    }, 120_000);
  },
);

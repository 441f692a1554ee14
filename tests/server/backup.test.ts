/**
 * Backups (`npm run backup`, `npm run restore`, and the server's own every
 * BACKUP_INTERVAL): one checked file per backup, taken while the server
 * runs and writes go on, put back whole into an emptied data directory;
 * damaged files and non-empty targets refused without a change; scheduled
 * backups only when something was written, old ones deleted only after a
 * new one reads back. On PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { createPost } from "../../app/server/blog/posts.server.ts";
import { storeMessage } from "../../app/server/contact/messages.server.ts";
import { type OpenDatabase, openDatabase } from "../../app/server/db/client.server.ts";
import { blogs, contactMessages } from "../../app/server/db/schema.ts";
import { configureLog, standardStreams } from "../../app/server/log.server.ts";
import { type ObjectStorage, openStorage, type StorageSettings } from "../../app/server/uploads/storage.server.ts";
import { BackupArchiveWriter, BackupFileError, checkBackupFile } from "../../backups/archive.ts";
import {
  listBackups,
  RestoreRefusedError,
  restoreBackup,
  verifyBackup,
  writeBackup,
  writeBackupFile,
} from "../../backups/backup.ts";
import {
  changeMark,
  countingStorage,
  lastBackupAt,
  startSchedule,
  startServerBackups,
} from "../../backups/schedule.ts";
import { backupSocketPath } from "../../backups/socket.ts";
import { ConfigError, readConfig } from "../../config/config.ts";
import { limit } from "../harness/host-speed.ts";
import { adminQuery, migratedPostgresDatabase, openMigratedPglite, postgresUrl } from "./helpers/databases.ts";
import { postInput, saved, twoAuthors } from "./helpers/posts.ts";

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
}, limit(60_000));

/** Runs a command of the project; its output and exit code (a failure does not throw). */
async function command(script: "backup" | "restore", args: string[], env: NodeJS.ProcessEnv) {
  try {
    const { stdout, stderr } = await run(process.execPath, [`tools/commands/${script}.ts`, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      timeout: limit(120_000),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

/** A new embedded database, a copy of the run's migrated one (`openMigratedPglite`) instead of made by initdb. */
const openEmbedded = openMigratedPglite;

const image = (size: number) => new Uint8Array(randomBytes(size));
const message = (name: string) => ({
  name,
  email: `${name}@example.com`,
  message: `Olá, sou ${name}.`,
  lang: "pt" as const,
  ipHash: "hash",
  deliver: false,
});

/** What a restored database and storage must hold. */
interface Written {
  slugs: Set<string>;
  messages: Set<string>;
  images: Map<string, Uint8Array>;
}

/** Posts, contact messages and images, as a site in use has them. */
async function writeSiteData(db: OpenDatabase["db"], storage: ObjectStorage, posts: number): Promise<Written> {
  const { ana } = await twoAuthors(db);
  const written: Written = { slugs: new Set(), messages: new Set(), images: new Map() };
  for (let index = 0; index < 3; index++) {
    const key = `blog-images/${ana}/image-${index}.webp`;
    const bytes = image(20_000 + index);
    await storage.put(key, bytes);
    written.images.set(key, bytes);
  }
  for (let index = 0; index < posts; index++) {
    const slug = `post-${index}`;
    saved(await createPost(db, ana, postInput(slug, { published: index % 2 === 0 })));
    written.slugs.add(slug);
  }
  for (let index = 0; index < 5; index++) {
    await storeMessage(db, message(`visitor${index}`));
    written.messages.add(`visitor${index}`);
  }
  return written;
}

/** Keeps writing posts and messages until stopped; what was written, and when each write finished. */
function keepWriting(db: OpenDatabase["db"], authorId: string) {
  let stopped = false;
  const done: { slug: string; at: number }[] = [];
  const loop = (async () => {
    for (let index = 0; !stopped; index++) {
      const slug = `during-${index}`;
      saved(await createPost(db, authorId, postInput(slug)));
      await storeMessage(db, message(`during${index}`));
      done.push({ slug, at: Date.now() });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return {
    done,
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

/** Checks the restored data holds everything written. */
async function expectRestored(
  settings: { dataDir: string; databaseUrl?: string },
  storageSettings: StorageSettings,
  written: Written,
) {
  const database = await openDatabase({ dataDir: settings.dataDir, databaseUrl: settings.databaseUrl });
  try {
    const slugs = new Set((await database.db.select({ slug: blogs.slug }).from(blogs)).map((row) => row.slug));
    for (const slug of written.slugs) expect(slugs.has(slug), slug).toBe(true);
    const names = new Set(
      (await database.db.select({ name: contactMessages.name }).from(contactMessages)).map((row) => row.name),
    );
    for (const name of written.messages) expect(names.has(name), name).toBe(true);
    const storage = await openStorage(storageSettings, database.db);
    for (const [key, bytes] of written.images) {
      const restored = await storage.get(key);
      expect(restored && Buffer.compare(Buffer.from(restored), Buffer.from(bytes)), key).toBe(0);
    }
  } finally {
    await database.close();
  }
}

/** Every file under a directory with its size: to show a refused restore changed nothing. */
function snapshot(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => `${name}:${statSync(path.join(dir, name)).size}`)
    .sort();
}

/** Log lines written while `capture` is on (the server's log module, which the backups write through). */
function captureLog() {
  const lines: { line: string; level: string }[] = [];
  configureLog({ format: "text", write: (line, level) => lines.push({ line, level }) });
  return {
    lines: (level: string) => lines.filter((entry) => entry.level === level).map((entry) => entry.line),
    restore: () => configureLog({ write: standardStreams }),
  };
}

describe("the backup file", () => {
  /** A small archive: two members, one with a name longer than ustar's 100 bytes. */
  async function smallArchive(): Promise<string> {
    const file = path.join(tempDir(), "small.tar");
    const chunks: Uint8Array[] = [];
    const archive = new BackupArchiveWriter(async (chunk) => {
      chunks.push(Uint8Array.from(chunk));
    });
    await archive.add("database.tar.gz", 1000, image(1000));
    await archive.add(`uploads/${"a".repeat(120)}.webp`, 700, [image(300), image(400)]);
    await archive.finish({ version: 2 });
    writeFileSync(file, Buffer.concat(chunks));
    return file;
  }

  it("is a tar archive that tar lists, the manifest and the checksum last", async () => {
    const file = await smallArchive();
    const checked = await checkBackupFile(file);
    expect(checked.members.map((member) => [member.name, member.size])).toEqual([
      ["database.tar.gz", 1000],
      [`uploads/${"a".repeat(120)}.webp`, 700],
    ]);
    const tar = await run("tar", ["-tf", file]).catch(() => undefined);
    if (tar) {
      expect(tar.stdout.trim().split("\n")).toEqual([
        "database.tar.gz",
        `uploads/${"a".repeat(120)}.webp`,
        "manifest.json",
        "checksum",
      ]);
    }
  });

  it(
    "refuses a file cut anywhere, or with any one byte changed",
    async () => {
      const file = await smallArchive();
      const bytes = readFileSync(file);
      const damaged = path.join(tempDir(), "damaged.tar");
      for (let cut = 0; cut < bytes.length; cut += 97) {
        writeFileSync(damaged, bytes.subarray(0, cut));
        await expect(checkBackupFile(damaged), `cut at ${cut}`).rejects.toThrow(BackupFileError);
      }
      for (let at = 0; at < bytes.length; at += 31) {
        const changed = Buffer.from(bytes);
        changed[at] = (changed[at] ?? 0) ^ 0x01;
        writeFileSync(damaged, changed);
        await expect(checkBackupFile(damaged), `byte ${at}`).rejects.toThrow(BackupFileError);
      }
      writeFileSync(damaged, Buffer.concat([bytes, Buffer.alloc(512)]));
      await expect(checkBackupFile(damaged)).rejects.toThrow("bytes after its end");
    },
    limit(60_000),
  );

  it("a member not of its announced size fails the backup", async () => {
    const archive = new BackupArchiveWriter(async () => undefined);
    await expect(archive.add("x", 10, image(9))).rejects.toThrow("has 9 bytes, not the 10 announced");
  });
});

describe("backup settings", () => {
  it("default to DATA_DIR/backups, every 5 minutes, 48 kept", () => {
    const config = readConfig({ DATA_DIR: "/srv/site/data" });
    expect(config.backup).toEqual({ dir: "/srv/site/data/backups", intervalMs: 300_000, keep: 48 });
  });

  it("read durations and refuse anything else with one line", () => {
    const interval = (value: string) => readConfig({ BACKUP_INTERVAL: value }).backup.intervalMs;
    expect(interval("90s")).toBe(90_000);
    expect(interval("10min")).toBe(600_000);
    expect(interval("1h")).toBe(3_600_000);
    expect(interval("500ms")).toBe(500);
    expect(interval("off")).toBeUndefined();
    expect(interval("0")).toBeUndefined();
    expect(() => interval("5")).toThrow(ConfigError);
    expect(() => interval("soon")).toThrow(
      'BACKUP_INTERVAL: "soon" is not a duration such as 5min, 30s or 1h (at least 100ms), or off',
    );
    expect(() => readConfig({ BACKUP_KEEP: "0" })).toThrow('BACKUP_KEEP: "0" is not a whole number of at least 1');
    expect(readConfig({ BACKUP_DIR: "/b", BACKUP_KEEP: "3" }).backup).toMatchObject({ dir: "/b", keep: 3 });
  });
});

describe("embedded database", () => {
  it(
    "npm run backup takes one from the running server while writes go on; restore brings all of it back",
    async () => {
      const dataDir = path.join(tempDir(), "data");
      const backupDir = tempDir();
      const storageSettings: StorageSettings = { driver: "disk", root: path.join(dataDir, "uploads") };
      const env = { DATA_DIR: dataDir, DATABASE_URL: "", STORAGE_DRIVER: "disk", BACKUP_DIR: backupDir };
      // The server's side: its database (with the directory's lock), its storage and its backups.
      const database = await openEmbedded(dataDir);
      const storage = countingStorage(await openStorage(storageSettings, database.db));
      const backups = await startServerBackups({
        settings: { dataDir, databaseUrl: undefined, storage: storageSettings },
        database,
        storage,
        dir: backupDir,
        intervalMs: undefined,
        keep: 48,
      });
      let writer: ReturnType<typeof keepWriting> | undefined;
      try {
        expect(statSync(backupSocketPath(dataDir)).mode & 0o777).toBe(0o600);
        const written = await writeSiteData(database.db, storage, 30);
        const [author] = await database.db.select({ id: blogs.authorId }).from(blogs).limit(1);
        writer = keepWriting(database.db, author?.id ?? "");
        const started = Date.now();
        const backup = await command("backup", [], env);
        const finished = Date.now();
        await writer.stop();
        expect(backup.stderr).toBe("");
        expect(backup.code).toBe(0);
        expect(backup.stdout).toContain("Taken by the running server.");
        expect(backup.stdout).toMatch(/Done: .*backup-.*\.tar .*3 stored objects.*read back and checked\./);
        // Writes went on while it ran.
        expect(writer.done.filter((write) => write.at > started && write.at < finished).length).toBeGreaterThan(0);
        // What was written before it started is in it.
        for (const write of writer.done.filter((entry) => entry.at < started)) written.slugs.add(write.slug);
        const [file] = await listBackups(backupDir);
        expect(file).toBeDefined();
        const { manifest } = await verifyBackup(file ?? "");
        expect(manifest).toMatchObject({ engine: "pglite", databaseMember: "database.tar.gz", objects: 3 });

        await backups.stop();
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
        const restore = await command("restore", [file ?? ""], env);
        expect(restore.stderr).toBe("");
        expect(restore.stdout).toContain("Done: the pglite database");
        await expectRestored({ dataDir }, storageSettings, written);

        // A data directory holding anything is refused, and nothing changes.
        const before = snapshot(dataDir);
        const again = await command("restore", [file ?? ""], env);
        expect(again.code).toBe(1);
        expect(again.stderr.trim()).toMatch(
          /^Refused: DATA_DIR .* is not empty \(db, uploads\): restore only into an empty data directory; move it aside or set DATA_DIR to a new one\. Nothing was changed\.$/,
        );
        expect(snapshot(dataDir)).toEqual(before);
      } finally {
        await writer?.stop();
        await backups.stop();
        await database.close().catch(() => undefined);
      }
    },
    limit(300_000),
  );

  it(
    "npm run backup opens the database itself when no server runs; the contact secret travels with it",
    async () => {
      const dataDir = path.join(tempDir(), "data");
      const backupDir = tempDir();
      const storageSettings: StorageSettings = { driver: "postgres" };
      const database = await openEmbedded(dataDir);
      const written = await writeSiteData(database.db, await openStorage(storageSettings, database.db), 3);
      await database.close();
      writeFileSync(path.join(dataDir, "contact-secret"), "ab".repeat(32));
      const env = { DATA_DIR: dataDir, DATABASE_URL: "", STORAGE_DRIVER: "postgres", BACKUP_DIR: backupDir };
      const backup = await command("backup", [], env);
      expect(backup.code).toBe(0);
      expect(backup.stdout).not.toContain("Taken by the running server.");
      expect(backup.stdout).toContain("0 stored objects");
      const [file] = await listBackups(backupDir);
      rmSync(dataDir, { recursive: true, force: true });
      const restore = await command("restore", [file ?? ""], env);
      expect(restore.code).toBe(0);
      await expectRestored({ dataDir }, storageSettings, written);
      expect(readFileSync(path.join(dataDir, "contact-secret"), "utf8")).toBe("ab".repeat(32));
    },
    limit(300_000),
  );

  it(
    "npm run restore refuses a truncated file and one with a byte changed, before touching anything",
    async () => {
      const dataDir = path.join(tempDir(), "data");
      const backupDir = tempDir();
      const database = await openEmbedded(dataDir);
      const storage = await openStorage({ driver: "postgres" }, database.db);
      await writeSiteData(database.db, storage, 2);
      const { file } = await writeBackupFile(backupDir, (sink) =>
        writeBackup(
          { settings: { dataDir, databaseUrl: undefined, storage: { driver: "postgres" } }, database, storage },
          sink,
        ),
      );
      await database.close();
      const bytes = readFileSync(file);
      const target = path.join(tempDir(), "empty");
      const env = { DATA_DIR: target, DATABASE_URL: "", STORAGE_DRIVER: "disk", BACKUP_DIR: backupDir };

      const truncated = path.join(backupDir, "truncated.tar");
      writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
      const cut = await command("restore", [truncated], env);
      expect(cut.code).toBe(1);
      expect(cut.stderr.trim()).toMatch(
        /^Refused: the backup .*truncated\.tar is damaged \(it is truncated: it ends at byte \d+, inside member database\.tar\.gz\); nothing was changed\.$/,
      );
      const flipped = path.join(backupDir, "flipped.tar");
      const changed = Buffer.from(bytes);
      const at = Math.floor(bytes.length / 3);
      changed[at] = (changed[at] ?? 0) ^ 0x10;
      writeFileSync(flipped, changed);
      const flip = await command("restore", [flipped], env);
      expect(flip.code).toBe(1);
      expect(flip.stderr.trim()).toMatch(
        /^Refused: the backup .*flipped\.tar is damaged \(member database\.tar\.gz does not match its SHA-256 \(a byte was changed\)\); nothing was changed\.$/,
      );
      expect(existsSync(target)).toBe(false);
      // The intact file still restores.
      await restoreBackup({ dataDir: target, databaseUrl: undefined, storage: { driver: "postgres" } }, file, {
        backupDir,
      });
      expect(existsSync(path.join(target, "db"))).toBe(true);
    },
    limit(300_000),
  );
});

describe("scheduled backups", () => {
  it(
    "take one at the first check, none while nothing is written, one after each write, and keep the newest",
    async () => {
      const dataDir = path.join(tempDir(), "data");
      const backupDir = path.join(dataDir, "backups");
      const storageSettings: StorageSettings = { driver: "disk", root: path.join(dataDir, "uploads") };
      const database = await openEmbedded(dataDir);
      const storage = countingStorage(await openStorage(storageSettings, database.db));
      const settings = { dataDir, databaseUrl: undefined, storage: storageSettings };
      const log = captureLog();
      const marks: number[] = [];
      const schedule = startSchedule({
        dir: backupDir,
        intervalMs: 400,
        keep: 2,
        changeMark: () => {
          marks.push(Date.now());
          return changeMark(database.db);
        },
        backup: (dir) => writeBackupFile(dir, (sink) => writeBackup({ settings, database, storage }, sink)),
      });
      const waitFor = async (count: number) => {
        const deadline = Date.now() + limit(60_000);
        while ((await listBackups(backupDir)).length < count && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 50));
      };
      try {
        await waitFor(1);
        expect(await listBackups(backupDir)).toHaveLength(1);
        // Three more checks with nothing written: no more backups.
        const checks = marks.length;
        const deadline = Date.now() + limit(30_000);
        while (marks.length < checks + 3 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 50));
        expect(marks.length).toBeGreaterThanOrEqual(checks + 3);
        expect(await listBackups(backupDir)).toHaveLength(1);
        // Every check comes an interval after the one before.
        for (let index = 1; index < marks.length; index++)
          expect((marks[index] ?? 0) - (marks[index - 1] ?? 0)).toBeGreaterThanOrEqual(390);

        const { ana } = await twoAuthors(database.db);
        saved(await createPost(database.db, ana, postInput("after-the-first")));
        await waitFor(2);
        const [newest] = await listBackups(backupDir);
        const { manifest } = await verifyBackup(newest ?? "");
        expect(lastBackupAt()?.toISOString()).toBe(manifest.createdAt);

        // A stored object alone counts as a write; the oldest backup goes once the third is checked.
        const first = (await listBackups(backupDir)).at(-1);
        await storage.put("blog-images/x/alone.webp", image(100));
        const pruned = Date.now() + 60_000;
        while ((await listBackups(backupDir)).includes(first ?? "") && Date.now() < pruned)
          await new Promise((resolve) => setTimeout(resolve, 50));
        const kept = await listBackups(backupDir);
        expect(kept).toHaveLength(2);
        expect(kept).not.toContain(first);
      } finally {
        await schedule.stop();
        await database.close();
        log.restore();
      }
    },
    limit(120_000),
  );

  it(
    "run in the server with its socket: one backup at a time, the oldest deleted after the newest is checked",
    async () => {
      const dataDir = path.join(tempDir(), "data");
      const storageSettings: StorageSettings = { driver: "disk", root: path.join(dataDir, "uploads") };
      const database = await openEmbedded(dataDir);
      const storage = countingStorage(await openStorage(storageSettings, database.db));
      const log = captureLog();
      const backups = await startServerBackups({
        settings: { dataDir, databaseUrl: undefined, storage: storageSettings },
        database,
        storage,
        dir: path.join(dataDir, "backups"),
        intervalMs: 300,
        keep: 1,
      });
      const until = async (done: () => Promise<boolean>) => {
        const deadline = Date.now() + limit(60_000);
        while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      };
      try {
        await until(async () => (await listBackups(path.join(dataDir, "backups"))).length === 1);
        const [first] = await listBackups(path.join(dataDir, "backups"));
        await storage.put("blog-images/x/new.webp", image(50));
        await until(async () => !(await listBackups(path.join(dataDir, "backups"))).includes(first ?? ""));
        // The line is written once the deletion it reports has finished, a moment after the file is gone.
        await until(async () => log.lines("info").some((line) => line.endsWith("; 1 older deleted.")));
        const kept = await listBackups(path.join(dataDir, "backups"));
        expect(kept).toHaveLength(1);
        expect(kept[0]).not.toBe(first);
        expect(log.lines("info")).toContainEqual(
          expect.stringMatching(/^Backup written and checked: .*; 1 older deleted\.$/),
        );
      } finally {
        await backups.stop();
        await database.close();
        log.restore();
      }
      expect(existsSync(backupSocketPath(dataDir))).toBe(false);
    },
    limit(120_000),
  );

  it(
    "delete nothing when the new backup does not read back, and say so without stopping",
    async () => {
      const dataDir = path.join(tempDir(), "data");
      const backupDir = path.join(dataDir, "backups");
      const database = await openEmbedded(dataDir);
      const storage = await openStorage({ driver: "postgres" }, database.db);
      const settings = { dataDir, databaseUrl: undefined, storage: { driver: "postgres" as const } };
      const good = async (at: Date) =>
        writeBackupFile(backupDir, (sink) => writeBackup({ settings, database, storage }, sink), at);
      await good(new Date("2026-01-01T00:00:00Z"));
      await good(new Date("2026-01-02T00:00:00Z"));
      const log = captureLog();
      // The disk changes a byte as it is written: the file does not read back.
      let written = 0;
      const schedule = startSchedule({
        dir: backupDir,
        intervalMs: 60_000,
        keep: 1,
        changeMark: async () => String(Math.random()),
        backup: (dir) =>
          writeBackupFile(dir, (sink) =>
            writeBackup({ settings, database, storage }, async (chunk) => {
              const copy = Uint8Array.from(chunk);
              if (written < 5000 && written + copy.byteLength >= 5000) {
                const index = 5000 - written - 1;
                copy[index] = (copy[index] ?? 0) ^ 0xff;
              }
              written += copy.byteLength;
              await sink(copy);
            }),
          ),
      });
      try {
        expect(await schedule.check()).toBeUndefined();
        expect(log.lines("error")).toContainEqual(
          expect.stringMatching(
            /^Scheduled backup into .* failed: The backup just written does not read back: .*; the next try is in 60\.0 s\.$/,
          ),
        );
        // Both older backups are still there, and no partial file is left.
        expect((await listBackups(backupDir)).map((file) => path.basename(file))).toEqual([
          "backup-2026-01-02T00-00-00-000Z.tar",
          "backup-2026-01-01T00-00-00-000Z.tar",
        ]);
        expect(readdirSync(backupDir).filter((name) => name.endsWith(".partial"))).toEqual([]);
      } finally {
        await schedule.stop();
        await database.close();
        log.restore();
      }
    },
    limit(120_000),
  );
});

describe.skipIf(!postgresUrl)(`PostgreSQL${postgresUrl ? "" : " — SKIPPED: TEST_DATABASE_URL is unset"}`, () => {
  const names: string[] = [];
  /** A new database with the site's tables and no rows, as a server started on it once leaves it. */
  const freshDatabase = async () => {
    const { name, url } = await migratedPostgresDatabase();
    names.push(name);
    return url;
  };
  afterAll(async () => {
    for (const name of names) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }, limit(60_000));

  it(
    "npm run backup dumps while writes go on; restore fills an empty database and refuses one with data",
    async () => {
      const dataDir = tempDir();
      const backupDir = tempDir();
      const databaseUrl = await freshDatabase();
      const storageSettings: StorageSettings = { driver: "disk", root: path.join(dataDir, "uploads") };
      const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, STORAGE_DRIVER: "disk", BACKUP_DIR: backupDir };
      const database = await openDatabase({ dataDir, databaseUrl, maxConnections: 4 });
      let writer: ReturnType<typeof keepWriting> | undefined;
      let written: Written;
      try {
        written = await writeSiteData(database.db, await openStorage(storageSettings, database.db), 20);
        const [author] = await database.db.select({ id: blogs.authorId }).from(blogs).limit(1);
        writer = keepWriting(database.db, author?.id ?? "");
        const started = Date.now();
        const backup = await command("backup", [], env);
        const finished = Date.now();
        await writer.stop();
        expect(backup.stderr).toBe("");
        expect(backup.stdout).toMatch(/Done: .* postgres database, 3 stored objects/);
        expect(writer.done.filter((write) => write.at > started && write.at < finished).length).toBeGreaterThan(0);
        for (const write of writer.done.filter((entry) => entry.at < started)) written.slugs.add(write.slug);
      } finally {
        await writer?.stop();
        await database.close();
      }
      const [file] = await listBackups(backupDir);

      // Into a database that holds data: refused, unless forced.
      const refused = await command("restore", [file ?? ""], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toMatch(
        /^Refused: The database at DATABASE_URL holds data \(users, blogs, .*contact_messages\): restore into an empty database, or pass --force to replace it \(it is backed up into BACKUP_DIR first\)\. Nothing was changed\.$/,
      );

      // Into an empty database (a server started on it once: its tables are there, without rows),
      // with the objects in a new directory.
      const emptyUrl = await freshDatabase();
      await (await openDatabase({ dataDir, databaseUrl: emptyUrl })).close();
      const newDataDir = path.join(tempDir(), "data");
      const newStorage: StorageSettings = { driver: "disk", root: path.join(newDataDir, "uploads") };
      const restore = await command("restore", [file ?? ""], {
        ...env,
        DATA_DIR: newDataDir,
        DATABASE_URL: emptyUrl,
      });
      expect(restore.stderr).toBe("");
      expect(restore.stdout).toContain("Done: the postgres database");
      await expectRestored({ dataDir: newDataDir, databaseUrl: emptyUrl }, newStorage, written);

      // --force replaces a database with data, keeping a backup of it first.
      const forced = await restoreBackup(
        { dataDir: newDataDir, databaseUrl: emptyUrl, storage: newStorage },
        file ?? "",
        { backupDir, force: true },
      );
      expect(forced.engine).toBe("postgres");
      expect(await listBackups(backupDir)).toHaveLength(2);
    },
    limit(300_000),
  );

  it(
    "a backup of one engine is refused by the other",
    async () => {
      const dataDir = tempDir();
      const backupDir = tempDir();
      const database = await openEmbedded(path.join(dataDir, "embedded"));
      const storage = await openStorage({ driver: "postgres" }, database.db);
      const settings = { dataDir, databaseUrl: undefined, storage: { driver: "postgres" as const } };
      const { file } = await writeBackupFile(backupDir, (sink) => writeBackup({ settings, database, storage }, sink));
      await database.close();
      await expect(
        restoreBackup({ ...settings, databaseUrl: await freshDatabase() }, file, { backupDir }),
      ).rejects.toThrow(RestoreRefusedError);
    },
    limit(120_000),
  );
});

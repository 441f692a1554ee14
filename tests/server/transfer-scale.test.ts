/**
 * The import's bench (bench/import.ts, `npm run bench:import`) bounded: a
 * Hugo site of 80 bilingual posts with 3 images each (240 images of noise,
 * about 14 MB) imported into an empty embedded database. Every post and
 * image lands, and the upload's files are read one at a time, each once:
 * what the import holds never grows with the images, and the posts' texts
 * wait on disk, each post read once. And what the dry run holds does
 * not grow with the posts (decision 089): twice the posts hold no more
 * once the garbage is collected (the bench measures the memory itself).
 */
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { afterAll, expect, it } from "vitest";
import { upsertGitHubUser } from "../../app/server/auth/users.server.ts";
import type { Database } from "../../app/server/db/client.server.ts";
import { blogs } from "../../app/server/db/schema.ts";
import { applyImport, planImport } from "../../app/server/transfer/import.server.ts";
import { spoolSource } from "../../app/server/transfer/read-source.server.ts";
import { openSource } from "../../app/server/transfer/source-files.server.ts";
import { localDiskStorage } from "../../app/server/uploads/storage.server.ts";
import { type ImportScale, measureImport, writeScaleArchive } from "../../bench/import-scale.ts";
import { limit } from "../harness/host-speed.ts";
import { openMigratedPglite } from "../harness/migrated-pglite.ts";

const dirs: string[] = [];

/** The author who imports, in a new database. */
const author = (db: Database) =>
  upsertGitHubUser(db, { githubId: 1, login: "ana", name: null, avatarUrl: null, email: null });
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

it(
  "imports 80 posts with 240 images reading one image at a time",
  async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "import-scale-"));
    dirs.push(dir);
    const archive = path.join(dir, "blog.zip");
    await writeScaleArchive(archive, { posts: 80, imagesPerPost: 3 });
    const size = (await stat(archive)).size;
    expect(size).toBeGreaterThan(10 * 1024 * 1024);
    const database = await openMigratedPglite(path.join(dir, "data"));
    const reads = new Map<string, number>();
    let reading = 0;
    let mostAtOnce = 0;
    try {
      const user = await author(database.db);
      const storage = localDiskStorage(path.join(dir, "uploads"));
      const report = await measureImport(async (phase, progress) => {
        const tree = await openSource(archive);
        // Every read of the upload, and how many run at once.
        const read = tree.read.bind(tree);
        tree.read = async (name) => {
          reading += 1;
          mostAtOnce = Math.max(mostAtOnce, reading);
          reads.set(name, (reads.get(name) ?? 0) + 1);
          try {
            return await read(name);
          } finally {
            reading -= 1;
          }
        };
        try {
          // As the admin and the command line read it: each post's texts spooled to disk, not kept.
          const source = await phase("read", () => spoolSource(tree));
          try {
            expect(source.count).toBe(80);
            const plan = await phase("dry run", () => planImport(database.db, source, user.id));
            expect(plan).toMatchObject({ byLang: { pt: 40, en: 40 }, images: 240, problems: [] });
            expect(plan.translations).toHaveLength(40);
            return await applyImport(database.db, storage, tree, source, user.id, {
              clash: "skip",
              publicUrl: "http://127.0.0.1:3000",
              onProgress: progress,
            });
          } finally {
            source.close();
          }
        } finally {
          tree.close();
        }
      }, false);
      expect(report.result).toMatchObject({ imported: 80, images: 240 });
      expect((await database.db.select({ id: blogs.id }).from(blogs)).length).toBe(80);
      expect((await storage.list("blog-images")).length).toBe(240);
      expect(mostAtOnce).toBe(1);
      const images = [...reads].filter(([name]) => name.endsWith(".png"));
      expect(images).toHaveLength(240);
      expect(images.every(([, count]) => count === 1)).toBe(true);
      // The posts too: read once, for the dry run and the import alike.
      const posts = [...reads].filter(([name]) => name.endsWith(".md"));
      expect(posts).toHaveLength(80);
      expect(posts.every(([, count]) => count === 1)).toBe(true);
      const texts = await database.db.select({ content: blogs.content }).from(blogs);
      expect(texts.every(({ content }) => content.startsWith("Post "))).toBe(true);
    } finally {
      await database.close();
    }
  },
  limit(240_000),
);

it(
  "holds no more after the dry run of twice the posts: nothing of a post stays in memory",
  async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "import-held-"));
    dirs.push(dir);
    // The collector at hand, so what is held is measured without garbage.
    if (!globalThis.gc) v8.setFlagsFromString("--expose-gc");
    const gc = globalThis.gc ?? (vm.runInNewContext("gc") as () => void);
    const heap = () => {
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    };
    const database = await openMigratedPglite(path.join(dir, "data"));
    try {
      const user = await author(database.db);
      const written = new Set<string>();
      /** The heap a dry run of the scale's posts holds, its source still open and its plan kept. */
      const held = async (scale: ImportScale) => {
        const archive = path.join(dir, `blog-${scale.posts}.zip`);
        if (!written.has(archive)) await writeScaleArchive(archive, scale);
        written.add(archive);
        const tree = await openSource(archive);
        try {
          const before = heap();
          const source = await spoolSource(tree);
          try {
            const plan = await planImport(database.db, source, user.id);
            expect(plan.posts).toBe(scale.posts);
            const after = heap();
            expect(plan.byLang).toEqual({ pt: scale.posts / 2, en: scale.posts / 2 });
            return after - before;
          } finally {
            source.close();
          }
        } finally {
          tree.close();
        }
      };
      // Each post here held about 1.6 KB when the dry run kept a summary of every post: 0.8 MB more for 500 more.
      const posts = 500;
      const scale = (n: number): ImportScale => ({ posts: n, imagesPerPost: 0 });
      // The first run compiles the readers' code, which stays: measured after it.
      await held(scale(posts));
      // What the collector leaves varies by a few hundred KB now and then: the fewer posts' more and the more
      // posts' less of two runs each are compared, with 800 bytes a post of room: a kilobyte a post kept again is
      // past it, and the noise measured (under 200 KB) is half of it.
      const once = Math.max(await held(scale(posts)), await held(scale(posts)));
      const twice = Math.min(await held(scale(2 * posts)), await held(scale(2 * posts)));
      expect(twice - once).toBeLessThan(posts * 800);
    } finally {
      await database.close();
    }
  },
  limit(120_000),
);

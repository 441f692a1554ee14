/**
 * The import's bench (bench/import.ts, `npm run bench:import`) bounded: a
 * Hugo site of 80 bilingual posts with 3 images each (240 images of noise,
 * about 14 MB) imported into an empty embedded database. Every post and
 * image lands, and the upload's files are read one at a time, each once:
 * what the import holds never grows with the images, and the posts' texts
 * wait on disk, each post read once (the bench measures the
 * memory itself: a test's heap holds other tests' garbage).
 */
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { upsertGitHubUser } from "../../app/server/auth/users.server.ts";
import { blogs } from "../../app/server/db/schema.ts";
import { applyImport, planImport } from "../../app/server/transfer/import.server.ts";
import { spoolSource } from "../../app/server/transfer/read-source.server.ts";
import { openSource } from "../../app/server/transfer/source-files.server.ts";
import { localDiskStorage } from "../../app/server/uploads/storage.server.ts";
import { measureImport, writeScaleArchive } from "../../bench/import-scale.ts";
import { limit } from "../harness/host-speed.ts";
import { openMigratedPglite } from "../harness/migrated-pglite.ts";

const dirs: string[] = [];
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
      const user = await upsertGitHubUser(database.db, {
        githubId: 1,
        login: "ana",
        name: null,
        avatarUrl: null,
        email: null,
      });
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
            expect(source.posts).toHaveLength(80);
            expect(source.posts.some((post) => "content" in post || "revisions" in post)).toBe(false);
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

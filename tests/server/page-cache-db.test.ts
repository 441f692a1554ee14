import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostInput } from "../../app/lib/post-input.ts";
import { upsertGitHubUser } from "../../app/server/auth/users.server.ts";
import {
  blogAddressKeys,
  blogTableVersion,
  missingBlogAddresses,
  publicPagesGeneration,
} from "../../app/server/blog/page-cache.server.ts";
import { createPost, deletePost, listPublishedPosts, updatePost } from "../../app/server/blog/posts.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import { blogs } from "../../app/server/db/schema.ts";
import { PageCache } from "../../http-server/page-cache.ts";
import { limit } from "../harness/host-speed.ts";
import { engines, engineTitle } from "./helpers/databases.ts";
import { postInput, saved } from "./helpers/posts.ts";

/** Runs `write` and says whether it told the page cache to forget its pages. */
async function invalidates(write: () => Promise<unknown>): Promise<boolean> {
  const before = publicPagesGeneration();
  await write();
  return publicPagesGeneration() !== before;
}

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`page cache freshness on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    let author: string;
    beforeAll(async () => {
      database = await engine.open();
      const profile = { name: null, avatarUrl: null, email: null };
      author = (await upsertGitHubUser(database.db, { ...profile, githubId: 7, login: "cache" })).id;
    }, limit(60_000));
    afterAll(async () => {
      await database?.close();
    });

    it("forgets cached pages on every kind of write to posts, and not on a refused one", async () => {
      const { db } = database;
      let post = saved(await createPost(db, author, postInput("draft")));
      expect(await invalidates(async () => saved(await createPost(db, author, postInput("created"))))).toBe(true);

      const edit = async (extra: Partial<PostInput>) => {
        const result = await updatePost(db, author, post.id, postInput("draft", extra), post.updatedAt);
        post = saved(result);
      };
      expect(await invalidates(() => edit({ published: true }))).toBe(true); // publish
      expect(await invalidates(() => edit({ published: true, title: "Edited" }))).toBe(true); // edit
      expect(await invalidates(() => edit({ published: false }))).toBe(true); // unpublish

      const stale = () => updatePost(db, author, post.id, postInput("draft"), new Date(0));
      expect(await invalidates(stale)).toBe(false);
      expect(await invalidates(() => createPost(db, author, postInput("created")))).toBe(false); // slug taken

      expect(await invalidates(() => deletePost(db, author, post.id))).toBe(true);
      expect(await invalidates(() => deletePost(db, author, post.id))).toBe(false); // already gone
    });

    it("has a table fingerprint that every insert, update and delete changes", async () => {
      const { db } = database;
      let version = await blogTableVersion(db);
      const changed = async () => {
        const next = await blogTableVersion(db);
        expect(next).not.toBe(version);
        version = next;
      };
      expect(await blogTableVersion(db)).toBe(version);
      const post = saved(await createPost(db, author, postInput("fingerprint")));
      await changed();
      await db.update(blogs).set({ published: true, updatedAt: new Date() }).where(eq(blogs.id, post.id));
      await changed();
      // A server whose clock runs behind stamps an edit earlier than the newest row: still a change.
      await db
        .update(blogs)
        .set({ title: "Skewed", updatedAt: new Date(post.updatedAt.getTime() - 60_000) })
        .where(eq(blogs.id, post.id));
      await changed();
      await db.delete(blogs).where(eq(blogs.id, post.id));
      await changed();
    });

    it("shows a post another server process published within the revalidation interval", async () => {
      const { db } = database;
      const post = saved(await createPost(db, author, postInput("elsewhere", { title: "Before" })));
      await updatePost(
        db,
        author,
        post.id,
        postInput("elsewhere", { title: "Before", published: true }),
        post.updatedAt,
      );
      const clock = { now: 0 };
      const cache = new PageCache({
        origin: "https://site.example",
        revalidateMs: 1000,
        now: () => clock.now,
        version: () => blogTableVersion(db),
        render: async () => {
          const titles = (await listPublishedPosts(db, "pt")).map((row) => row.title);
          return new Response(titles.join(","), { headers: { "Content-Type": "text/plain" } });
        },
      });
      const show = async () => {
        await cache.revalidate();
        const hit = cache.lookup("/blog");
        if (hit) return hit.identity.toString();
        const rendered = await cache.load("/blog");
        if (rendered.kind !== "page") throw new Error("expected a page");
        return rendered.page.identity.toString();
      };
      expect(await show()).toContain("Before");

      // Another process: a plain SQL write that does not pass through this process's post functions.
      await db.execute(sql`update blogs set title = 'After', updated_at = now() where slug = 'elsewhere'`);
      clock.now += 500;
      expect(await show()).toContain("Before");
      clock.now += 500;
      expect(await show()).toContain("After");

      await db.execute(sql`delete from blogs where slug = 'elsewhere'`);
      clock.now += 1000;
      expect(await show()).not.toContain("After");
    });

    it("knows every slug and tag an address may name, drafts and the static articles included, in one query", async () => {
      const { db } = database;
      await createPost(db, author, postInput("rascunho-com-tag", { tags: ["rust-lang"] }));
      await createPost(db, author, postInput("english-draft", { lang: "en", published: true, tags: ["zig"] }));
      const keys = await blogAddressKeys(db);
      for (const slug of ["rascunho-com-tag", "english-draft", "bot-discord"]) expect(keys.slugs.has(slug)).toBe(true);
      for (const tag of ["rust-lang", "zig", "discord"]) expect(keys.tags.has(tag)).toBe(true);
      const missing = missingBlogAddresses(keys);
      expect(missing("/blog/english-draft")).toBeUndefined();
      expect(missing("/en/blog/tag/rust-lang")).toBeUndefined();
      expect(missing("/blog/nunca-escrito")).toBe("/blog/~");
    });
  });
}

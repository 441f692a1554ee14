import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPost,
  findPublishedPost,
  listPublishedPosts,
  listPublishedPostsWithTag,
  nextScheduledPublication,
  updatePost,
} from "../../app/server/blog/posts.server.ts";
import { startScheduledPublishing } from "../../app/server/blog/schedule.server.ts";
import { searchPublicPosts } from "../../app/server/blog/search.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import { limit } from "../harness/host-speed.ts";
import { engines, engineTitle } from "./helpers/databases.ts";
import { postInput, saved, twoAuthors } from "./helpers/posts.ts";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const slugs = (posts: { slug: string }[]) => posts.map((post) => post.slug);

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`scheduled posts on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    let ana: string;
    beforeAll(async () => {
      database = await engine.open();
      ({ ana } = await twoAuthors(database.db));
    }, limit(60_000));
    afterAll(async () => {
      await database?.close();
    });

    it("keeps a scheduled post out of every public list until its time, then dates it then", async () => {
      // A save and the checks below, timed here and now on a draft: the schedule leaves them four times
      // that, so a loaded host does not reach the post's time before the checks are done.
      const timed = Date.now();
      saved(await createPost(database.db, ana, postInput("rascunho-cronometrado", { tags: ["futuro"] })));
      await listPublishedPosts(database.db, "pt");
      await findPublishedPost(database.db, "pt", "rascunho-cronometrado");
      await listPublishedPostsWithTag(database.db, "pt", "futuro");
      await searchPublicPosts(database.db, "pt", "relógios");
      await nextScheduledPublication(database.db);
      const at = new Date(Date.now() + Math.max(1500, 4 * (Date.now() - timed)));
      const post = saved(
        await createPost(
          database.db,
          ana,
          postInput("agendado", { scheduledAt: at, tags: ["futuro"], content: "Texto sobre relógios" }),
        ),
      );
      expect(post.published).toBe(true);
      expect(post.publishedAt?.getTime()).toBe(at.getTime());
      expect(slugs(await listPublishedPosts(database.db, "pt"))).not.toContain("agendado");
      expect(await findPublishedPost(database.db, "pt", "agendado")).toBeUndefined();
      expect(await listPublishedPostsWithTag(database.db, "pt", "futuro")).toEqual([]);
      expect((await searchPublicPosts(database.db, "pt", "relógios")).hits).toEqual([]);
      expect((await nextScheduledPublication(database.db))?.getTime()).toBe(at.getTime());

      await wait(at.getTime() - Date.now() + 100);
      expect(slugs(await listPublishedPosts(database.db, "pt"))).toContain("agendado");
      expect((await findPublishedPost(database.db, "pt", "agendado"))?.publishedAt?.getTime()).toBe(at.getTime());
      expect(slugs(await listPublishedPostsWithTag(database.db, "pt", "futuro"))).toEqual(["agendado"]);
      expect(slugs((await searchPublicPosts(database.db, "pt", "relogios")).hits)).toEqual(["agendado"]);
      expect(await nextScheduledPublication(database.db)).toBeUndefined();
    });

    it("moves, cancels and refuses schedules as the author's form asks", async () => {
      const later = new Date(Date.now() + 3_600_000);
      const post = saved(await createPost(database.db, ana, postInput("mais-tarde", { scheduledAt: later })));
      const moved = saved(
        await updatePost(
          database.db,
          ana,
          post.id,
          postInput("mais-tarde", { scheduledAt: new Date(later.getTime() + 60_000) }),
          post.updatedAt,
        ),
      );
      expect(moved.publishedAt?.getTime()).toBe(later.getTime() + 60_000);
      // Taken off its schedule without "publish now": a draft again, with no publication time.
      const draft = saved(await updatePost(database.db, ana, post.id, postInput("mais-tarde"), moved.updatedAt));
      expect(draft.published).toBe(false);
      expect(draft.publishedAt).toBeNull();
      const rescheduled = saved(
        await updatePost(database.db, ana, post.id, postInput("mais-tarde", { scheduledAt: later }), draft.updatedAt),
      );
      // Taken off its schedule to go out at once: published now.
      const before = Date.now();
      const now = saved(
        await updatePost(
          database.db,
          ana,
          post.id,
          postInput("mais-tarde", { published: true }),
          rescheduled.updatedAt,
        ),
      );
      expect(now.publishedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(now.publishedAt?.getTime()).toBeLessThan(later.getTime());
      expect(slugs(await listPublishedPosts(database.db, "pt"))).toContain("mais-tarde");
      // A post readers already see cannot be scheduled.
      const refused = await updatePost(
        database.db,
        ana,
        post.id,
        postInput("mais-tarde", { scheduledAt: later }),
        now.updatedAt,
      );
      expect(refused.status).toBe("already-public");
    });

    it("tells the server the moment a scheduled post goes out, not before", async () => {
      const at = new Date(Date.now() + 1200);
      saved(await createPost(database.db, ana, postInput("na-hora", { scheduledAt: at })));
      const fired: number[] = [];
      const scheduler = startScheduledPublishing(database.db, { pollMs: 300, onDue: () => fired.push(Date.now()) });
      try {
        await wait(600);
        expect(fired).toEqual([]);
        await expect.poll(() => fired.length, { timeout: limit(5000) }).toBeGreaterThan(0);
        expect(fired[0]).toBeGreaterThanOrEqual(at.getTime());
        expect(slugs(await listPublishedPosts(database.db, "pt"))).toContain("na-hora");
      } finally {
        scheduler.stop();
      }
    });
  });
}

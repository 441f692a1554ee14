import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPost,
  deletePost,
  findOwnPost,
  findPublishedPost,
  listOwnPosts,
  listPublishedPosts,
  updatePost,
} from "../../app/server/blog/posts.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import { limit } from "../harness/host-speed.ts";
import { engines, engineTitle } from "./helpers/databases.ts";
import { postInput, saved, twoAuthors } from "./helpers/posts.ts";

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`blog posts on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    let ana: string;
    let bruno: string;
    beforeAll(async () => {
      database = await engine.open();
      ({ ana, bruno } = await twoAuthors(database.db));
    }, limit(60_000));
    afterAll(async () => {
      await database?.close();
    });

    it("lists only the author's own posts, newest first", async () => {
      const first = saved(await createPost(database.db, ana, postInput("ana-first")));
      await new Promise((resolve) => setTimeout(resolve, 5));
      const second = saved(await createPost(database.db, ana, postInput("ana-second")));
      saved(await createPost(database.db, bruno, postInput("bruno-only")));
      const listed = await listOwnPosts(database.db, ana);
      expect(listed.map((post) => post.id)).toEqual([second.id, first.id]);
      expect((await listOwnPosts(database.db, bruno)).map((post) => post.slug)).toEqual(["bruno-only"]);
    });

    it("never lets one author read, update or delete another's post", async () => {
      const post = saved(await createPost(database.db, bruno, postInput("bruno-private")));
      expect(await findOwnPost(database.db, ana, post.id)).toBeUndefined();
      const update = await updatePost(database.db, ana, post.id, postInput("hijacked"), post.updatedAt);
      expect(update.status).toBe("not-found");
      expect(await deletePost(database.db, ana, post.id)).toBeUndefined();
      const untouched = await findOwnPost(database.db, bruno, post.id);
      expect(untouched).toMatchObject({ slug: "bruno-private", title: "Title bruno-private" });
    });

    it("treats an id that is not a UUID as no post at all", async () => {
      expect(await findOwnPost(database.db, ana, "1 or 1=1")).toBeUndefined();
      expect(await deletePost(database.db, ana, "../../etc")).toBeUndefined();
      expect((await updatePost(database.db, ana, "x", postInput("x"), new Date())).status).toBe("not-found");
    });

    it("refuses a slug another post already has, across authors, and changes nothing", async () => {
      saved(await createPost(database.db, bruno, postInput("taken-slug")));
      expect((await createPost(database.db, ana, postInput("taken-slug"))).status).toBe("slug-taken");
      const mine = saved(await createPost(database.db, ana, postInput("mine")));
      const clash = await updatePost(
        database.db,
        ana,
        mine.id,
        postInput("taken-slug", { title: "Changed" }),
        mine.updatedAt,
      );
      expect(clash.status).toBe("slug-taken");
      expect(await findOwnPost(database.db, ana, mine.id)).toMatchObject({ slug: "mine", title: "Title mine" });
    });

    it("refuses the address of a static article", async () => {
      expect((await createPost(database.db, ana, postInput("bot-discord"))).status).toBe("slug-taken");
    });

    it("refuses a stale edit instead of overwriting the newer save", async () => {
      const post = saved(await createPost(database.db, ana, postInput("two-tabs")));
      const loadedAt = post.updatedAt;
      const firstTab = await updatePost(
        database.db,
        ana,
        post.id,
        postInput("two-tabs", { title: "First tab" }),
        loadedAt,
      );
      expect(firstTab.status).toBe("saved");
      const secondTab = await updatePost(
        database.db,
        ana,
        post.id,
        postInput("two-tabs", { title: "Second tab" }),
        loadedAt,
      );
      expect(secondTab.status).toBe("stale");
      expect((await findOwnPost(database.db, ana, post.id))?.title).toBe("First tab");
      // With the fresh timestamp the second tab can save.
      const fresh = saved(firstTab);
      const retry = await updatePost(
        database.db,
        ana,
        post.id,
        postInput("two-tabs", { title: "Second tab" }),
        fresh.updatedAt,
      );
      expect(retry.status).toBe("saved");
    });

    it("reports the cover a save replaced, so its file can be removed", async () => {
      const cover = `/uploads/blog-images/${ana}/AAAAAAAAAAAAAAAAAAAAAA.webp`;
      const post = saved(await createPost(database.db, ana, postInput("with-cover", { coverImage: cover })));
      const result = await updatePost(
        database.db,
        ana,
        post.id,
        postInput("with-cover", { coverImage: null }),
        post.updatedAt,
      );
      expect(result).toMatchObject({ status: "saved", replacedCover: cover });
    });

    it("shows only published posts publicly", async () => {
      const draft = saved(await createPost(database.db, ana, postInput("a-draft")));
      const live = saved(await createPost(database.db, ana, postInput("live-post", { published: true })));
      const published = await listPublishedPosts(database.db, "pt");
      expect(published.map((post) => post.slug)).toContain("live-post");
      expect(published.map((post) => post.slug)).not.toContain("a-draft");
      expect(await findPublishedPost(database.db, "pt", "a-draft")).toBeUndefined();
      expect((await findPublishedPost(database.db, "pt", "live-post"))?.id).toBe(live.id);
      const unpublished = await updatePost(database.db, ana, live.id, postInput("live-post"), live.updatedAt);
      expect(unpublished.status).toBe("saved");
      expect(await findPublishedPost(database.db, "pt", "live-post")).toBeUndefined();
      expect(draft.published).toBe(false);
    });

    it("deletes the author's post and hands it back", async () => {
      const post = saved(await createPost(database.db, ana, postInput("to-delete")));
      expect((await deletePost(database.db, ana, post.id))?.slug).toBe("to-delete");
      expect(await findOwnPost(database.db, ana, post.id)).toBeUndefined();
    });
  });
}

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dictionaryFor, format } from "../../app/i18n/index.ts";
import { savePostAction } from "../../app/server/blog/admin-actions.server.ts";
import { CONTAINERS_PER_LINE, MARKS_PER_BLOCK } from "../../app/server/blog/markdown-guard.server.ts";
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
import type { User } from "../../app/server/db/schema.ts";
import { localDiskStorage } from "../../app/server/uploads/storage.server.ts";
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

    it("refuses a text the parser would spend minutes on, naming its line, and keeps what is stored", async () => {
      const root = mkdtempSync(path.join(tmpdir(), "blog-posts-"));
      const app = { db: database.db, uploads: localDiskStorage(root) };
      const author = { id: ana } as User;
      const post = saved(await createPost(database.db, ana, postInput("texto-guardado")));
      const form = (fields: Record<string, string>) => {
        const data = new FormData();
        for (const [key, value] of Object.entries(fields)) data.set(key, value);
        return data;
      };
      const fields = { title: "Texto novo", slug: "texto-novo", lang: "pt" };
      const crowded = `Primeiro parágrafo.\n\n${"a* ".repeat(MARKS_PER_BLOCK + 1)}`;
      const deep = `Antes.\n\n${"> ".repeat(CONTAINERS_PER_LINE + 1)}fundo`;
      for (const lang of ["pt", "en"] as const) {
        const messages = dictionaryFor(lang).admin;
        for (const intent of ["create", "autosave"]) {
          const created = await savePostAction(app, form({ intent, ...fields, content: crowded }), author, messages);
          expect(created.status).toBe(400);
          expect(created.body.fieldErrors).toEqual({
            content: format(messages.errors.contentTooManyMarks, { line: 3, max: MARKS_PER_BLOCK }),
          });
        }
        const updated = await savePostAction(
          app,
          form({ intent: "update", id: post.id, ...fields, slug: post.slug, content: deep }),
          author,
          messages,
        );
        expect(updated.status).toBe(400);
        expect(updated.body.fieldErrors?.content).toBe(
          format(messages.errors.contentTooDeep, { line: 3, max: CONTAINERS_PER_LINE }),
        );
        // Another field's mistake is reported beside it, not instead of it.
        const both = await savePostAction(
          app,
          form({ intent: "create", ...fields, title: "", content: crowded }),
          author,
          messages,
        );
        expect(Object.keys(both.body.fieldErrors ?? {}).sort()).toEqual(["content", "title"]);
      }
      expect((await listOwnPosts(database.db, ana)).map((row) => row.slug)).not.toContain("texto-novo");
      expect((await findOwnPost(database.db, ana, post.id))?.content).toBe(post.content);
      // The same words in two paragraphs are taken.
      const half = "a* ".repeat(MARKS_PER_BLOCK / 2 + 1);
      const split = await savePostAction(
        app,
        form({ intent: "create", ...fields, content: `${half}\n\n${half}` }),
        author,
        dictionaryFor("pt").admin,
      );
      expect(split.body.ok).toBe(true);
      rmSync(root, { recursive: true, force: true });
    });
  });
}

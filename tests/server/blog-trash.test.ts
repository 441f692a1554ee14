import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dictionaryFor } from "../../app/i18n/index.ts";
import { uploadedImage } from "../../app/lib/uploaded-image.ts";
import { savePostAction } from "../../app/server/blog/admin-actions.server.ts";
import { listPostsPage, readListFilters } from "../../app/server/blog/admin-list.server.ts";
import { saveCover } from "../../app/server/blog/covers.server.ts";
import { blogAddressKeys, blogTableVersion } from "../../app/server/blog/page-cache.server.ts";
import {
  createPost,
  findOwnPost,
  findPublishedPost,
  listPublishedPosts,
  listPublishedPostsWithTag,
  publishedTranslations,
  updatePost,
} from "../../app/server/blog/posts.server.ts";
import { findRevision, listRevisions } from "../../app/server/blog/revisions.server.ts";
import { searchPublicPosts } from "../../app/server/blog/search.server.ts";
import {
  countTrash,
  deleteForever,
  isTrashedAddress,
  listTrash,
  purgeTrash,
  restoreTrashedPost,
  TRASH_DAYS,
  trashPost,
} from "../../app/server/blog/trash.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import { blogs, newsletterPosts, type User } from "../../app/server/db/schema.ts";
import { announcePosts } from "../../app/server/newsletter/queue.server.ts";
import { localDiskStorage } from "../../app/server/uploads/storage.server.ts";
import { limit } from "../harness/host-speed.ts";
import { solidPng } from "../helpers/images.ts";
import { engines, engineTitle } from "./helpers/databases.ts";
import { postInput, saved, twoAuthors } from "./helpers/posts.ts";

const DAY = 24 * 60 * 60 * 1000;
const slugs = (posts: { slug: string }[]) => posts.map((post) => post.slug);

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`the trash on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    let ana: string;
    let bruno: string;
    let root: string;
    beforeAll(async () => {
      database = await engine.open();
      ({ ana, bruno } = await twoAuthors(database.db));
      root = mkdtempSync(path.join(tmpdir(), "portfolio-trash-"));
    }, limit(60_000));
    afterAll(async () => {
      await database?.close();
      if (root) rmSync(root, { recursive: true, force: true });
    });

    const publish = (slug: string, extra: Parameters<typeof postInput>[1] = {}) =>
      createPost(database.db, ana, postInput(slug, { published: true, ...extra })).then(saved);

    it("takes a post out of every public place at once, and restoring puts it back as it was", async () => {
      const { db } = database;
      const post = await publish("na-lixeira", { tags: ["lixo"], content: "Texto sobre reciclagem" });
      const en = await publish("in-the-trash", { lang: "en", translationOf: post.id });
      expect(slugs((await searchPublicPosts(db, "pt", "reciclagem")).hits)).toEqual(["na-lixeira"]);
      const before = await blogTableVersion(db);

      const trashed = await trashPost(db, ana, post.id);
      expect(trashed?.deletedAt).toBeInstanceOf(Date);
      expect(await blogTableVersion(db)).not.toBe(before);
      expect(slugs(await listPublishedPosts(db, "pt"))).not.toContain("na-lixeira");
      expect(await findPublishedPost(db, "pt", "na-lixeira")).toBeUndefined();
      expect(await listPublishedPostsWithTag(db, "pt", "lixo")).toEqual([]);
      expect((await searchPublicPosts(db, "pt", "reciclagem")).hits).toEqual([]);
      // The English translation stays public, without a language switch to the trashed post.
      expect(slugs(await publishedTranslations(db, en.translationGroup ?? ""))).toEqual(["in-the-trash"]);
      // Its address still reaches the page (to answer 410), and says it is gone.
      expect((await blogAddressKeys(db)).slugs.has("na-lixeira")).toBe(true);
      expect(await isTrashedAddress(db, "pt", "na-lixeira")).toBe(true);
      // It is the trash's now: not the list's, not the editor's.
      expect(await findOwnPost(db, ana, post.id)).toBeUndefined();
      expect((await updatePost(db, ana, post.id, postInput("na-lixeira"), post.updatedAt)).status).toBe("not-found");
      expect((await listTrash(db, ana)).map((row) => row.slug)).toEqual(["na-lixeira"]);
      expect(await countTrash(db, ana)).toBe(1);
      const [row] = await listTrash(db, ana);
      expect(row?.purgeAt.getTime()).toBe((row?.deletedAt.getTime() ?? 0) + TRASH_DAYS * DAY);

      const restored = await restoreTrashedPost(db, ana, post.id);
      expect(restored).toMatchObject({ deletedAt: null, published: true, translationGroup: en.translationGroup });
      expect(slugs(await listPublishedPosts(db, "pt"))).toContain("na-lixeira");
      expect(slugs((await searchPublicPosts(db, "pt", "reciclagem")).hits)).toEqual(["na-lixeira"]);
      expect(await isTrashedAddress(db, "pt", "na-lixeira")).toBe(false);
      expect(await countTrash(db, ana)).toBe(0);
    });

    it("takes the admin's delete to the trash, and a slug the trash holds is refused saying so", async () => {
      const { db } = database;
      const app = { db, uploads: localDiskStorage(root) };
      const post = await publish("apagar-pelo-admin");
      const author = { id: ana } as User;
      for (const lang of ["pt", "en"] as const) {
        const messages = dictionaryFor(lang).admin;
        const form = (fields: Record<string, string>) => {
          const data = new FormData();
          for (const [key, value] of Object.entries(fields)) data.set(key, value);
          return data;
        };
        if (lang === "pt") {
          const deleted = await savePostAction(app, form({ intent: "delete", id: post.id }), author, messages);
          expect(deleted).toMatchObject({ status: 200, body: { ok: true, message: messages.manage.moved } });
          expect((await listTrash(db, ana)).map((row) => row.id)).toContain(post.id);
          // Bruno cannot delete it, nor learn where it is.
          const other = await savePostAction(
            app,
            form({ intent: "delete", id: post.id }),
            { id: bruno } as User,
            messages,
          );
          expect(other.status).toBe(404);
        }
        const fields = { title: "De novo", slug: "apagar-pelo-admin", content: "Outro texto.", lang: "pt" };
        const again = await savePostAction(app, form({ intent: "create", ...fields }), author, messages);
        expect(again.status).toBe(409);
        expect(again.body.fieldErrors?.slug).toBe(messages.errors.slugInTrash);
        // Another author meets the plain refusal: nothing about someone else's trash.
        const stranger = await savePostAction(
          app,
          form({ intent: "create", ...fields }),
          { id: bruno } as User,
          messages,
        );
        expect(stranger.body.fieldErrors?.slug).toBe(messages.errors.slugTaken);
      }
      await restoreTrashedPost(db, ana, post.id);
    });

    it("never says a draft's address is gone: it was never public", async () => {
      const draft = saved(await createPost(database.db, ana, postInput("rascunho-apagado")));
      await trashPost(database.db, ana, draft.id);
      expect(await isTrashedAddress(database.db, "pt", "rascunho-apagado")).toBe(false);
    });

    it("is not announced by the newsletter while in the trash", async () => {
      const { db } = database;
      const post = await publish("nao-anunciado");
      await trashPost(db, ana, post.id);
      await announcePosts(db);
      const announced = await db.select().from(newsletterPosts).where(eq(newsletterPosts.postId, post.id));
      expect(announced).toEqual([]);
    });

    it("lets no author trash, restore or delete another's post", async () => {
      const { db } = database;
      const post = await publish("de-ana");
      expect(await trashPost(db, bruno, post.id)).toBeUndefined();
      expect(await trashPost(db, ana, "not-a-uuid")).toBeUndefined();
      await trashPost(db, ana, post.id);
      expect(await restoreTrashedPost(db, bruno, post.id)).toBeUndefined();
      expect(await deleteForever(db, localDiskStorage(root), bruno, post.id)).toBeUndefined();
      expect(await listTrash(db, bruno)).toEqual([]);
      expect((await listTrash(db, ana)).map((row) => row.id)).toContain(post.id);
      await restoreTrashedPost(db, ana, post.id);
    });

    it("deletes for good only from the trash, with its revisions, translation link and images no one else uses", async () => {
      const { db } = database;
      const storage = localDiskStorage(root);
      const cover = await saveCover(storage, ana, await solidPng("#0f766e", 900, 500));
      const inText = await saveCover(storage, ana, await solidPng("#0f766f", 901, 500));
      if (!cover.ok || !inText.ok) throw new Error("uploads failed");
      const post = await publish("para-sempre", { coverImage: cover.url, content: `![a](${inText.url})` });
      // The translation shares the cover: it stays.
      const en = await publish("forever", { lang: "en", translationOf: post.id, coverImage: cover.url });
      const [revision] = (await listRevisions(db, ana, post.id)) ?? [];

      expect(await deleteForever(db, storage, ana, post.id)).toBeUndefined(); // not in the trash
      await trashPost(db, ana, post.id);
      expect((await deleteForever(db, storage, ana, post.id))?.slug).toBe("para-sempre");
      expect(await db.select().from(blogs).where(eq(blogs.id, post.id))).toEqual([]);
      expect(await findRevision(db, ana, post.id, revision?.id ?? "")).toBeUndefined();
      const [left] = await db.select().from(blogs).where(eq(blogs.id, en.id));
      expect(left?.translationGroup).toBeNull();
      const files = readdirSync(root, { recursive: true }).map((name) => path.basename(String(name)));
      expect(files).toContain(path.basename(cover.url));
      expect(files).not.toContain(path.basename(inText.url));
      expect(files).not.toContain(path.basename(uploadedImage(inText.url)?.phoneSrc ?? "-"));
    });

    it(`purges what has been in the trash for ${TRASH_DAYS} days, once, even when two servers purge together`, async () => {
      const { db } = database;
      const storage = localDiskStorage(root);
      const old = await publish("velho");
      const recent = await publish("recente");
      await trashPost(db, ana, old.id);
      await trashPost(db, ana, recent.id);
      await db
        .update(blogs)
        .set({ deletedAt: new Date(Date.now() - (TRASH_DAYS + 1) * DAY) })
        .where(eq(blogs.id, old.id));
      const counts = await Promise.all([purgeTrash(db, storage), purgeTrash(db, storage)]);
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(1);
      expect(await db.select().from(blogs).where(eq(blogs.id, old.id))).toEqual([]);
      expect((await listTrash(db, ana)).map((row) => row.slug)).toContain("recente");
      expect(await purgeTrash(db, storage)).toBe(0);
      await restoreTrashedPost(db, ana, recent.id);
    });
  });

  describe.skipIf(engine.skip !== undefined)(`the admin's list of posts on ${engineTitle(engine)}`, () => {
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

    const list = (query: string) => listPostsPage(database.db, ana, readListFilters(new URLSearchParams(query)));
    const titles = async (query: string) => (await list(query)).posts.map((post) => post.title);

    it("shows each post's status as the editor does, pending changes and schedules included, newest first", async () => {
      const { db } = database;
      const draft = saved(await createPost(db, ana, postInput("rascunho", { title: "Um rascunho" })));
      const live = saved(await createPost(db, ana, postInput("no-ar", { title: "No ar", published: true })));
      const edited = saved(
        await createPost(db, ana, postInput("editado", { title: "Editado", published: true, tags: ["node-js"] })),
      );
      await updatePost(
        db,
        ana,
        edited.id,
        postInput("editado", { title: "Editado de novo" }),
        edited.updatedAt,
        "autosave",
      );
      const at = new Date(Date.now() + 3_600_000);
      saved(await createPost(db, ana, postInput("depois", { title: "Depois", scheduledAt: at, lang: "en" })));
      saved(await createPost(db, bruno, postInput("de-bruno", { title: "De Bruno" })));
      const trashed = saved(await createPost(db, ana, postInput("apagado", { title: "Apagado" })));
      await trashPost(db, ana, trashed.id);

      const page = await list("");
      expect(page.posts.map((post) => [post.title, post.status])).toEqual([
        ["Depois", "scheduled"],
        ["Editado de novo", "pending"],
        ["No ar", "published"],
        ["Um rascunho", "draft"],
      ]);
      expect(page.trashed).toBe(1);
      const [scheduled, pending, published, draftRow] = page.posts;
      expect(scheduled?.scheduledAt).toBe(at.toISOString());
      expect(scheduled?.publicPath).toBeUndefined();
      expect(pending?.publicPath).toBe("/blog/editado");
      expect(published?.publishedAt).toBe(live.publishedAt?.toISOString());
      expect(draftRow).toMatchObject({ id: draft.id, createdAt: draft.createdAt.toISOString() });
      expect(draftRow?.publicPath).toBeUndefined();
      expect(page.tagOptions).toEqual([{ slug: "node-js", name: "node-js" }]);
    });

    it("filters by status, language, tag and words of the title, accents and case aside", async () => {
      expect(await titles("status=draft")).toEqual(["Um rascunho"]);
      expect(await titles("status=published")).toEqual(["Editado de novo", "No ar"]);
      expect(await titles("status=pending")).toEqual(["Editado de novo"]);
      expect(await titles("status=scheduled")).toEqual(["Depois"]);
      expect(await titles("lang=en")).toEqual(["Depois"]);
      expect(await titles("tag=node-js")).toEqual(["Editado de novo"]);
      expect(await titles("q=RASCUNHÓ")).toEqual(["Um rascunho"]);
      expect(await titles("q=100%25")).toEqual([]);
      // What PostgreSQL refuses in a string (NUL, a lone surrogate) is a space, not an error.
      expect(await titles("q=um%00rascunho")).toEqual(["Um rascunho"]);
      expect(await titles("q=%00")).toHaveLength(4);
      expect(await titles(`q=${encodeURIComponent("no\u0001ar")}&q=x`)).toEqual(["No ar"]);
      // Anything that is not a filter is ignored.
      expect(await titles("status=nope&lang=fr&tag=<b>&page=-3")).toHaveLength(4);
    });

    it("shows 50 posts a page", async () => {
      const { db } = database;
      for (let i = 0; i < 52; i++) saved(await createPost(db, ana, postInput(`muitos-${i}`, { title: `Muitos ${i}` })));
      const first = await list("q=muitos");
      expect([first.total, first.pages, first.posts.length]).toEqual([52, 2, 50]);
      const second = await list("q=muitos&page=2");
      expect(second.posts.map((post) => post.title).sort()).toEqual(["Muitos 0", "Muitos 1"]);
      expect((await list("q=muitos&page=9")).page).toBe(2);
    });
  });
}

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  coverInUse,
  createPost,
  deletePost,
  findOwnPost,
  findPublishedPost,
  listPublishedPosts,
  listPublishedPostsWithTag,
  tagsInUse,
  translationsOf,
  updatePost,
} from "../../app/server/blog/posts.server.ts";
import { getPublicPost, listPublicPosts } from "../../app/server/blog/public-posts.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import type { Blog } from "../../app/server/db/schema.ts";
import { limit } from "../harness/host-speed.ts";
import { engines, engineTitle } from "./helpers/databases.ts";
import { postInput, saved, twoAuthors } from "./helpers/posts.ts";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`posts in two languages on ${engineTitle(engine)}`, () => {
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

    const reload = async (post: Blog) => {
      const found = await findOwnPost(database.db, post.authorId, post.id);
      if (!found) throw new Error(`post ${post.slug} is gone`);
      return found;
    };

    it("shows a post only in its own language, and lets each language use a slug once", async () => {
      saved(await createPost(database.db, ana, postInput("only-pt", { published: true })));
      saved(await createPost(database.db, ana, postInput("only-en", { published: true, lang: "en" })));
      expect((await listPublishedPosts(database.db, "pt")).map((post) => post.slug)).toContain("only-pt");
      expect((await listPublishedPosts(database.db, "pt")).map((post) => post.slug)).not.toContain("only-en");
      expect((await listPublishedPosts(database.db, "en")).map((post) => post.slug)).toEqual(["only-en"]);
      expect(await findPublishedPost(database.db, "en", "only-pt")).toBeUndefined();

      // The same slug in the other language is another address; in the same language it is taken.
      saved(await createPost(database.db, bruno, postInput("only-pt", { lang: "en" })));
      expect((await createPost(database.db, bruno, postInput("only-en", { lang: "en" }))).status).toBe("slug-taken");
    });

    it("refuses the addresses of static articles, the search page and tag pages in both languages", async () => {
      for (const slug of ["bot-discord", "search", "tag"]) {
        for (const lang of ["pt", "en"] as const) {
          expect((await createPost(database.db, ana, postInput(slug, { lang }))).status).toBe("slug-taken");
        }
      }
    });

    it("links a new post to its translation, and both carry the link", async () => {
      const original = saved(await createPost(database.db, ana, postInput("ola-mundo", { published: true })));
      const translation = saved(
        await createPost(
          database.db,
          ana,
          postInput("hello-world", { lang: "en", translationOf: original.id, published: true }),
        ),
      );
      const linked = await reload(original);
      expect(translation.translationGroup).not.toBeNull();
      expect(linked.translationGroup).toBe(translation.translationGroup);
      // The original changed (it has a translation now): an editor holding its old version is told.
      expect(linked.updatedAt.getTime()).not.toBe(original.updatedAt.getTime());
      const map = await translationsOf(database.db, [linked, translation]);
      expect(map.get(original.id)?.id).toBe(translation.id);
      expect(map.get(translation.id)?.id).toBe(original.id);
    });

    it("refuses another author's post, a post of the same language and a second translation", async () => {
      const mine = saved(await createPost(database.db, ana, postInput("meu-post")));
      const brunos = saved(await createPost(database.db, bruno, postInput("post-do-bruno")));
      expect(
        (await createPost(database.db, ana, postInput("steal", { lang: "en", translationOf: brunos.id }))).status,
      ).toBe("translation-not-found");
      expect(
        (await createPost(database.db, ana, postInput("same-lang", { lang: "pt", translationOf: mine.id }))).status,
      ).toBe("translation-same-lang");
      saved(await createPost(database.db, ana, postInput("my-post", { lang: "en", translationOf: mine.id })));
      expect(
        (await createPost(database.db, ana, postInput("my-post-again", { lang: "en", translationOf: mine.id }))).status,
      ).toBe("translation-taken");
      // Nothing of a refused save was stored.
      expect(await findPublishedPost(database.db, "en", "steal")).toBeUndefined();
      expect((await listPublishedPosts(database.db, "en")).map((post) => post.slug)).not.toContain("my-post-again");
      // A post cannot translate itself.
      const current = await reload(mine);
      const self = await updatePost(
        database.db,
        ana,
        mine.id,
        postInput("meu-post", { translationOf: mine.id }),
        current.updatedAt,
      );
      expect(self.status).toBe("translation-same-lang");
    });

    it("unlinks without touching either post's text", async () => {
      const pt = saved(await createPost(database.db, ana, postInput("desvincular")));
      const en = saved(await createPost(database.db, ana, postInput("unlink", { lang: "en", translationOf: pt.id })));
      const unlinked = saved(
        await updatePost(database.db, ana, en.id, postInput("unlink", { lang: "en" }), en.updatedAt),
      );
      expect(unlinked.translationGroup).toBeNull();
      const original = await reload(pt);
      expect(original.translationGroup).toBeNull();
      expect(original.content).toBe(pt.content);
      expect(unlinked.content).toBe(en.content);
    });

    it("frees the translation of a deleted post", async () => {
      const pt = saved(await createPost(database.db, ana, postInput("apagar")));
      const en = saved(await createPost(database.db, ana, postInput("erase", { lang: "en", translationOf: pt.id })));
      await deletePost(database.db, ana, en.id);
      expect((await reload(pt)).translationGroup).toBeNull();
    });

    it("keeps the first publication time, and dates an edit made after it", async () => {
      const draft = saved(await createPost(database.db, ana, postInput("datas")));
      expect(draft.publishedAt).toBeNull();
      const published = saved(
        await updatePost(database.db, ana, draft.id, postInput("datas", { published: true }), draft.updatedAt),
      );
      const firstPublished = published.publishedAt?.getTime();
      expect(firstPublished).toBeGreaterThanOrEqual(draft.createdAt.getTime());
      expect(published.editedAt).toBeNull();
      await wait(5);
      const hidden = saved(await updatePost(database.db, ana, draft.id, postInput("datas"), published.updatedAt));
      const again = saved(
        await updatePost(database.db, ana, draft.id, postInput("datas", { published: true }), hidden.updatedAt),
      );
      expect(again.publishedAt?.getTime()).toBe(firstPublished);
      expect(again.editedAt).toBeNull();
      await wait(5);
      const edited = saved(
        await updatePost(
          database.db,
          ana,
          draft.id,
          postInput("datas", { published: true, content: "New text" }),
          again.updatedAt,
        ),
      );
      expect(edited.editedAt?.getTime()).toBeGreaterThan(firstPublished ?? 0);
    });

    it("lists a language's posts with a tag, and suggests tags without leaking others' drafts", async () => {
      saved(
        await createPost(database.db, ana, postInput("com-docker", { published: true, tags: ["docker", "devops"] })),
      );
      saved(
        await createPost(database.db, ana, postInput("with-docker", { lang: "en", published: true, tags: ["docker"] })),
      );
      saved(await createPost(database.db, bruno, postInput("rascunho-secreto", { tags: ["segredo"] })));
      expect((await listPublishedPostsWithTag(database.db, "pt", "docker")).map((post) => post.slug)).toEqual([
        "com-docker",
      ]);
      expect((await listPublishedPostsWithTag(database.db, "pt", "nada")).length).toBe(0);
      expect(await tagsInUse(database.db, ana, "pt")).toEqual(expect.arrayContaining(["docker", "devops"]));
      expect(await tagsInUse(database.db, ana, "pt")).not.toContain("segredo");
      expect(await tagsInUse(database.db, bruno, "pt")).toContain("segredo");
      expect(await tagsInUse(database.db, ana, "en")).toEqual(["docker"]);
    });

    it("knows when a translation still shows a cover", async () => {
      const cover = `/uploads/blog-images/${ana}/AAAAAAAAAAAAAAAAAAAAAA.webp`;
      const pt = saved(await createPost(database.db, ana, postInput("capa", { coverImage: cover })));
      saved(
        await createPost(database.db, ana, postInput("cover", { lang: "en", coverImage: cover, translationOf: pt.id })),
      );
      expect(await coverInUse(database.db, cover, pt.id)).toBe(true);
      expect(await coverInUse(database.db, `/uploads/blog-images/${ana}/BBBBBBBBBBBBBBBBBBBBBB.webp`)).toBe(false);
    });

    it("names each article's next and previous ones in its language: the newest has no next", async () => {
      for (const slug of ["reading-on-1", "reading-on-2", "reading-on-3"]) {
        saved(await createPost(database.db, ana, postInput(slug, { published: true, lang: "en" })));
        await wait(5);
      }
      saved(await createPost(database.db, ana, postInput("reading-on-pt", { published: true })));
      // The stored articles are the newest, the site's own articles follow them, newest first.
      const list = (await listPublicPosts(database.db, "en")).map((post) => post.slug);
      expect(list.slice(0, 3)).toEqual(["reading-on-3", "reading-on-2", "reading-on-1"]);
      expect(list).not.toContain("reading-on-pt");
      for (const [index, slug] of list.entries()) {
        const page = await getPublicPost(database.db, slug, "en");
        expect(page?.newer?.slug, slug).toBe(list[index - 1]);
        expect(page?.older?.slug, slug).toBe(list[index + 1]);
      }
      const newest = await getPublicPost(database.db, "reading-on-3", "en");
      expect(newest?.newer).toBeUndefined();
      expect(newest?.older).toEqual({ slug: "reading-on-2", title: "Title reading-on-2" });
    });
  });
}

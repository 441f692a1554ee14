import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  coverInUse,
  createPost,
  deletePost,
  findPublishedPost,
  restoreRevision,
  updatePost,
} from "../../app/server/blog/posts.server.ts";
import { getPublicPost } from "../../app/server/blog/public-posts.server.ts";
import {
  findRevision,
  listRevisions,
  markNewestAsSave,
  pendingVersions,
  REVISIONS_KEPT,
  recordRevision,
  restoreAsPending,
  summarizeChange,
  versionOf,
} from "../../app/server/blog/revisions.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import { limit } from "../harness/host-speed.ts";
import { engines, engineTitle } from "./helpers/databases.ts";
import { postInput, saved, twoAuthors } from "./helpers/posts.ts";

describe("summarizeChange", () => {
  const version = {
    title: "T",
    slug: "t",
    excerpt: null,
    content: "a\nb",
    coverImage: null,
    coverAlt: null,
    coverCaption: null,
    tags: ["x"],
    lang: "pt",
  };
  it("names the fields that changed and counts the content's lines", () => {
    expect(summarizeChange(version, { ...version, title: "U", content: "a\nc\nd" })).toEqual({
      changed: ["title", "content"],
      linesAdded: 2,
      linesRemoved: 1,
    });
    expect(summarizeChange(version, { ...version, tags: ["x", "y"] }).changed).toEqual(["tags"]);
    expect(summarizeChange(version, version).changed).toEqual([]);
  });
  it("counts a change of the cover's words as a change of the cover", () => {
    const covered = { ...version, coverImage: "/uploads/blog-images/a/b.jpg", coverAlt: "Recife" };
    expect(summarizeChange(covered, { ...covered, coverAlt: "Olinda" }).changed).toEqual(["coverImage"]);
    expect(summarizeChange(covered, { ...covered, coverCaption: "Foto: Ana" }).changed).toEqual(["coverImage"]);
    expect(summarizeChange(covered, { ...covered, coverAlt: "Recife" }).changed).toEqual([]);
  });
});

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`post revisions on ${engineTitle(engine)}`, () => {
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

    it("records every save and publication, newest first, with what changed", async () => {
      const draft = saved(await createPost(database.db, ana, postInput("historia", { content: "um" })));
      const second = saved(
        await updatePost(database.db, ana, draft.id, postInput("historia", { content: "um\ndois" }), draft.updatedAt),
      );
      saved(
        await updatePost(
          database.db,
          ana,
          draft.id,
          postInput("historia", { content: "um\ndois", published: true, title: "História" }),
          second.updatedAt,
        ),
      );
      const revisions = await listRevisions(database.db, ana, draft.id);
      expect(revisions?.map((revision) => revision.kind)).toEqual(["publish", "save", "save"]);
      expect(revisions?.[0]?.changed).toEqual(["title"]);
      expect(revisions?.[1]).toMatchObject({ changed: ["content"], linesAdded: 1, linesRemoved: 0 });
    });

    it("restores a revision as a new one, and keeps the post's state", async () => {
      const post = saved(
        await createPost(database.db, ana, postInput("voltar", { content: "original", published: true })),
      );
      const edited = saved(
        await updatePost(
          database.db,
          ana,
          post.id,
          postInput("voltar", { content: "estragado", published: true }),
          post.updatedAt,
        ),
      );
      const [, first] = (await listRevisions(database.db, ana, post.id)) ?? [];
      if (!first) throw new Error("no first revision");
      const restored = saved(await restoreRevision(database.db, ana, post.id, first.id, edited.updatedAt));
      expect(restored.content).toBe("original");
      expect(restored.published).toBe(true);
      expect(restored.editedAt).not.toBeNull();
      const kinds = (await listRevisions(database.db, ana, post.id))?.map((revision) => revision.kind);
      expect(kinds).toEqual(["restore", "save", "publish"]);
      // The revision restored from is still there: nothing was overwritten.
      expect((await findRevision(database.db, ana, post.id, first.id))?.content).toBe("original");
      // A restore from a stale form is refused like a save.
      expect((await restoreRevision(database.db, ana, post.id, first.id, edited.updatedAt)).status).toBe("stale");
    });

    it("keeps a cover's words with it: saved, kept when not sent, restored with its revision, shown, dropped with it", async () => {
      const cover = `/uploads/blog-images/${ana}/DescritaDescritaDescri.webp`;
      const words = { coverImage: cover, coverAlt: "O Capibaribe visto da ponte", coverCaption: "Foto: Ana" };
      const post = saved(await createPost(database.db, ana, postInput("capa-descrita", { published: true, ...words })));
      expect(post).toMatchObject(words);
      // A form that does not send the words (an older editor, a script) keeps them.
      const kept = saved(
        await updatePost(
          database.db,
          ana,
          post.id,
          postInput("capa-descrita", { published: true, coverImage: cover }),
          post.updatedAt,
        ),
      );
      expect(kept).toMatchObject(words);
      const described = saved(
        await updatePost(
          database.db,
          ana,
          post.id,
          postInput("capa-descrita", { published: true, ...words, coverAlt: "Outra descrição", coverCaption: null }),
          kept.updatedAt,
        ),
      );
      expect(described).toMatchObject({ coverAlt: "Outra descrição", coverCaption: null });
      expect(described.editedAt).not.toBeNull();
      const [newest, , first] = (await listRevisions(database.db, ana, post.id)) ?? [];
      expect(newest?.changed).toEqual(["coverImage"]);
      const page = await getPublicPost(database.db, "capa-descrita", "pt");
      expect(page).toMatchObject({ cover, coverAlt: "Outra descrição" });
      expect(page && "coverCaption" in page).toBe(false);
      if (!first) throw new Error("no first revision");
      const restored = saved(await restoreRevision(database.db, ana, post.id, first.id, described.updatedAt));
      expect(restored).toMatchObject(words);
      // A revision of the same cover without words (saved before covers had any) restores the text, not the words.
      const rewritten = saved(
        await updatePost(
          database.db,
          ana,
          post.id,
          postInput("capa-descrita", { published: true, ...words, content: "Outro texto" }),
          restored.updatedAt,
        ),
      );
      await database.db.transaction((tx) =>
        recordRevision(
          tx,
          post.id,
          { ...versionOf(rewritten), content: "Texto antigo", coverAlt: null, coverCaption: null },
          "save",
        ),
      );
      const [wordless] = (await listRevisions(database.db, ana, post.id)) ?? [];
      if (!wordless) throw new Error("no wordless revision");
      const kept2 = saved(await restoreRevision(database.db, ana, post.id, wordless.id, rewritten.updatedAt));
      expect(kept2).toMatchObject({ content: "Texto antigo", ...words });
      const bare = saved(
        await updatePost(database.db, ana, post.id, postInput("capa-descrita", { published: true }), kept2.updatedAt),
      );
      expect(bare).toMatchObject({ coverImage: null, coverAlt: null, coverCaption: null });
    });

    it("shows and restores revisions to the post's author only", async () => {
      const post = saved(await createPost(database.db, ana, postInput("so-da-ana")));
      const other = saved(await createPost(database.db, ana, postInput("outro-da-ana")));
      const [revision] = (await listRevisions(database.db, ana, post.id)) ?? [];
      if (!revision) throw new Error("no revision");
      expect(await listRevisions(database.db, bruno, post.id)).toBeUndefined();
      expect(await findRevision(database.db, bruno, post.id, revision.id)).toBeUndefined();
      expect((await restoreRevision(database.db, bruno, post.id, revision.id, post.updatedAt)).status).toBe(
        "not-found",
      );
      // A revision of another post cannot be restored into this one.
      expect((await restoreRevision(database.db, ana, other.id, revision.id, other.updatedAt)).status).toBe(
        "not-found",
      );
      expect((await restoreRevision(database.db, ana, post.id, "not-an-id", post.updatedAt)).status).toBe("not-found");
    });

    it(`keeps the newest ${REVISIONS_KEPT} revisions of a post, and deletes them with it`, async () => {
      let post = saved(await createPost(database.db, ana, postInput("muitas", { content: "0" })));
      for (let i = 1; i <= REVISIONS_KEPT + 4; i++) {
        post = saved(
          await updatePost(database.db, ana, post.id, postInput("muitas", { content: `${i}` }), post.updatedAt),
        );
      }
      const revisions = (await listRevisions(database.db, ana, post.id)) ?? [];
      expect(revisions).toHaveLength(REVISIONS_KEPT);
      expect((await findRevision(database.db, ana, post.id, revisions[0]?.id ?? ""))?.content).toBe(
        `${REVISIONS_KEPT + 4}`,
      );
      await deletePost(database.db, ana, post.id);
      expect(await findRevision(database.db, ana, post.id, revisions[0]?.id ?? "")).toBeUndefined();
    });

    it("keeps a replaced cover while a revision holds it", async () => {
      const cover = `/uploads/blog-images/${ana}/CCCCCCCCCCCCCCCCCCCCCC.webp`;
      const post = saved(await createPost(database.db, ana, postInput("capa-antiga", { coverImage: cover })));
      saved(
        await updatePost(database.db, ana, post.id, postInput("capa-antiga", { coverImage: null }), post.updatedAt),
      );
      expect(await coverInUse(database.db, cover)).toBe(true);
      await deletePost(database.db, ana, post.id);
      expect(await coverInUse(database.db, cover)).toBe(false);
    });

    it("an autosave revision holds the time of its last change, one per ten minutes of the clock", async () => {
      const post = saved(await createPost(database.db, ana, postInput("relogio", { content: "a" })));
      const record = (content: string, at: string) =>
        database.db.transaction((tx) =>
          recordRevision(tx, post.id, { ...versionOf(post), content }, "autosave", new Date(at)),
        );
      await record("a b", "2030-01-01T14:00:05Z");
      await record("a b c", "2030-01-01T14:09:30Z");
      let revisions = (await listRevisions(database.db, ana, post.id)) ?? [];
      expect(revisions.map((revision) => revision.kind)).toEqual(["autosave", "save"]);
      expect(revisions[0]?.createdAt).toBe("2030-01-01T14:09:30.000Z");
      expect((await findRevision(database.db, ana, post.id, revisions[0]?.id ?? ""))?.content).toBe("a b c");
      await record("a b c d", "2030-01-01T14:10:00Z");
      revisions = (await listRevisions(database.db, ana, post.id)) ?? [];
      expect(revisions.map((revision) => revision.createdAt).slice(0, 2)).toEqual([
        "2030-01-01T14:10:00.000Z",
        "2030-01-01T14:09:30.000Z",
      ]);
    });

    it("restores a revision of a published post as its pending version, leaving readers the published text", async () => {
      const live = saved(
        await createPost(database.db, ana, postInput("restaurar-no-ar", { content: "primeira", published: true })),
      );
      const edited = saved(
        await updatePost(
          database.db,
          ana,
          live.id,
          postInput("restaurar-no-ar", { content: "segunda", published: true }),
          live.updatedAt,
        ),
      );
      const [, first] = (await listRevisions(database.db, ana, live.id)) ?? [];
      if (!first) throw new Error("no first revision");
      expect((await restoreAsPending(database.db, bruno, live.id, first.id, edited.updatedAt)).status).toBe(
        "not-found",
      );
      const result = await restoreAsPending(database.db, ana, live.id, first.id, edited.updatedAt);
      if (result.status !== "saved") throw new Error(`expected saved, got ${result.status}`);
      expect(result.pending).toBe(true);
      expect((await findPublishedPost(database.db, "pt", "restaurar-no-ar"))?.content).toBe("segunda");
      expect((await pendingVersions(database.db, [live.id])).get(live.id)?.content).toBe("primeira");
      expect((await listRevisions(database.db, ana, live.id))?.[0]?.kind).toBe("restore");
      // The same stale-edit guard as a save.
      expect((await restoreAsPending(database.db, ana, live.id, first.id, edited.updatedAt)).status).toBe("stale");
      // Publishing it makes it live, and nothing is pending after.
      saved(
        await updatePost(
          database.db,
          ana,
          live.id,
          postInput("restaurar-no-ar", { content: "primeira", published: true }),
          result.post.updatedAt,
        ),
      );
      expect((await findPublishedPost(database.db, "pt", "restaurar-no-ar"))?.content).toBe("primeira");
      expect((await pendingVersions(database.db, [live.id])).size).toBe(0);
    });

    it("a published post's save kept aside is a checkpoint: still pending, and the next autosave starts anew", async () => {
      const live = saved(
        await createPost(database.db, ana, postInput("guardado", { content: "no ar", published: true })),
      );
      const kept = saved(
        await updatePost(
          database.db,
          ana,
          live.id,
          postInput("guardado", { content: "guardado sem publicar", published: true }),
          live.updatedAt,
          "autosave",
        ),
      );
      await markNewestAsSave(database.db, live.id);
      expect((await pendingVersions(database.db, [live.id])).get(live.id)?.content).toBe("guardado sem publicar");
      saved(
        await updatePost(
          database.db,
          ana,
          live.id,
          postInput("guardado", { content: "e depois mais", published: true }),
          kept.updatedAt,
          "autosave",
        ),
      );
      const kinds = (await listRevisions(database.db, ana, live.id))?.map((revision) => revision.kind);
      expect(kinds).toEqual(["autosave", "save", "publish"]);
      expect((await pendingVersions(database.db, [live.id])).get(live.id)?.content).toBe("e depois mais");
    });
  });
}

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`autosave on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    let ana: string;
    beforeAll(async () => {
      database = await engine.open();
      ({ ana } = await twoAuthors(database.db));
    }, limit(60_000));
    afterAll(async () => {
      await database?.close();
    });

    it("never publishes a draft, and keeps one autosave revision per stretch of editing", async () => {
      const created = saved(
        await createPost(database.db, ana, postInput("rascunho-auto", { published: true }), "autosave"),
      );
      expect(created.published).toBe(false);
      let post = created;
      for (const content of ["a", "a b", "a b c"]) {
        post = saved(
          await updatePost(
            database.db,
            ana,
            post.id,
            postInput("rascunho-auto", { content, published: true }),
            post.updatedAt,
            "autosave",
          ),
        );
      }
      expect(post.published).toBe(false);
      expect(post.content).toBe("a b c");
      const revisions = (await listRevisions(database.db, ana, post.id)) ?? [];
      expect(revisions.map((revision) => revision.kind)).toEqual(["autosave"]);
      expect((await findRevision(database.db, ana, post.id, revisions[0]?.id ?? ""))?.content).toBe("a b c");
      // A stale autosave is refused like a stale save.
      const stale = await updatePost(
        database.db,
        ana,
        post.id,
        postInput("rascunho-auto"),
        created.updatedAt,
        "autosave",
      );
      expect(stale.status).toBe("stale");
    });

    it("keeps a published post's autosaved changes from readers until the author saves", async () => {
      const live = saved(
        await createPost(database.db, ana, postInput("publicado-auto", { content: "no ar", published: true })),
      );
      const result = await updatePost(
        database.db,
        ana,
        live.id,
        postInput("publicado-auto", { content: "rascunho novo", published: true }),
        live.updatedAt,
        "autosave",
      );
      expect(result).toMatchObject({ status: "saved", pending: true });
      const afterAutosave = saved(result);
      expect((await findPublishedPost(database.db, "pt", "publicado-auto"))?.content).toBe("no ar");
      expect((await pendingVersions(database.db, [live.id])).get(live.id)?.content).toBe("rascunho novo");
      // The update button publishes them; nothing is pending after.
      const published = saved(
        await updatePost(
          database.db,
          ana,
          live.id,
          postInput("publicado-auto", { content: "rascunho novo", published: true }),
          afterAutosave.updatedAt,
        ),
      );
      expect(published.content).toBe("rascunho novo");
      expect((await findPublishedPost(database.db, "pt", "publicado-auto"))?.content).toBe("rascunho novo");
      expect((await pendingVersions(database.db, [live.id])).size).toBe(0);
    });
  });
}

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pt } from "../../app/i18n/pt.ts";
import { type PostInput, parsePostInput } from "../../app/lib/post-input.ts";
import { blogTableVersion } from "../../app/server/blog/page-cache.server.ts";
import { createPost, findOwnPost, tagsInUse, updatePost } from "../../app/server/blog/posts.server.ts";
import {
  managedTags,
  namedTags,
  setTagTranslation,
  tagInOtherLanguage,
  tagNamesFor,
  tagTranslationPairs,
  translatedTags,
} from "../../app/server/blog/tags.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import { limit } from "../harness/host-speed.ts";
import { engines, engineTitle } from "./helpers/databases.ts";
import { postInput, saved, twoAuthors } from "./helpers/posts.ts";

/** A post's input as the form sends it, tags typed by name. */
function typed(slug: string, tags: string[], extra: Partial<PostInput> = {}): PostInput {
  const form = new FormData();
  for (const [key, value] of Object.entries({ title: `T ${slug}`, slug, content: "x", lang: "pt" }))
    form.set(key, value);
  for (const tag of tags) form.append("tags", tag);
  const parsed = parsePostInput(form, "author", pt.admin.errors);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return { ...parsed.value, ...extra };
}

describe("a post's settings and tags as the form sends them", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries({ title: "T", slug: "t", content: "x", lang: "pt", ...fields }))
      data.set(key, value);
    return data;
  };

  it("reads the descriptions and the social title as plain lines, and refuses each over its limit by name", () => {
    const parsed = parsePostInput(
      form({ seoDescription: " Uma  descrição\nem duas linhas ", socialTitle: "", socialDescription: "Olá" }),
      "a",
      pt.admin.errors,
    );
    expect(parsed.ok && parsed.value).toMatchObject({
      seoDescription: "Uma descrição em duas linhas",
      socialTitle: null,
      socialDescription: "Olá",
    });
    const refused = parsePostInput(
      form({ seoDescription: "a".repeat(301), socialTitle: "b".repeat(201), socialDescription: "c".repeat(301) }),
      "a",
      pt.admin.errors,
    );
    expect(refused.ok ? {} : refused.errors).toEqual({
      seoDescription: "A descrição para buscadores pode ter no máximo 300 caracteres.",
      socialTitle: "O título para redes sociais pode ter no máximo 200 caracteres.",
      socialDescription: "A descrição para redes sociais pode ter no máximo 300 caracteres.",
    });
  });

  it("leaves out the settings a form did not send, so what is stored stays", () => {
    const parsed = parsePostInput(form({}), "a", pt.admin.errors);
    expect(parsed.ok && Object.keys(parsed.value)).not.toContain("seoDescription");
  });

  it("keeps each tag's name as typed beside its slug", () => {
    const value = typed("x", ["Programação  Funcional", "programacao-funcional", "Node JS"]);
    expect(value.tags).toEqual(["programacao-funcional", "node-js"]);
    expect(value.tagNames).toEqual({ "programacao-funcional": "Programação Funcional", "node-js": "Node JS" });
  });
});

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`tags' names on ${engineTitle(engine)}`, () => {
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

    it("keeps the name the author typed, changed only by typing it anew", async () => {
      const { db } = database;
      const post = saved(await createPost(db, ana, typed("funcional", ["Programação Funcional"], { published: true })));
      expect(post.tags).toEqual(["programacao-funcional"]);
      expect(await tagNamesFor(db, "pt", ["programacao-funcional", "nada"])).toEqual({
        "programacao-funcional": "Programação Funcional",
      });
      // Saved again with the slug (an old form, or a form without scripts): the name stays.
      const again = saved(
        await updatePost(db, ana, post.id, typed("funcional", ["programacao-funcional"]), post.updatedAt),
      );
      expect(await tagNamesFor(db, "pt", ["programacao-funcional"])).toEqual({
        "programacao-funcional": "Programação Funcional",
      });
      const before = await blogTableVersion(db);
      saved(await updatePost(db, ana, post.id, typed("funcional", ["Programação funcional"]), again.updatedAt));
      expect(await tagNamesFor(db, "pt", ["programacao-funcional"])).toEqual({
        "programacao-funcional": "Programação funcional",
      });
      expect(await blogTableVersion(db)).not.toBe(before);
      expect(await tagsInUse(db, ana, "pt")).toContain("Programação funcional");
      // A post saved without names (the tests' helper, an old caller) names nothing.
      saved(await createPost(db, ana, postInput("sem-nome", { tags: ["sem-nome"] })));
      expect(await tagNamesFor(db, "pt", ["sem-nome"])).toEqual({});
      // A version restored in the editor, or another tab's, shows its tags by name, in its order.
      expect(await namedTags(db, "pt", ["sem-nome", "programacao-funcional"])).toEqual([
        "sem-nome",
        "Programação funcional",
      ]);
      expect(await namedTags(db, "en", ["programacao-funcional"])).toEqual(["programacao-funcional"]);
    });

    it("links a tag to its name in the other language, which a translation's tags start from", async () => {
      const { db } = database;
      const before = await blogTableVersion(db);
      expect(await setTagTranslation(db, "pt", "programacao-funcional", "Functional Programming")).toEqual({
        status: "saved",
      });
      expect(await blogTableVersion(db)).not.toBe(before);
      expect(await tagInOtherLanguage(db, "programacao-funcional", "pt", "en")).toEqual({
        slug: "functional-programming",
        name: "Functional Programming",
      });
      expect(await tagInOtherLanguage(db, "functional-programming", "en", "pt")).toEqual({
        slug: "programacao-funcional",
        name: "Programação funcional",
      });
      expect(await translatedTags(db, ["programacao-funcional", "sem-nome", "nunca-vista"], "pt", "en")).toEqual([
        "Functional Programming",
        "sem-nome",
        "nunca-vista",
      ]);
      // A tag without a row gets one when it is given a name in the other language.
      await setTagTranslation(db, "pt", "sem-nome", "Nameless");
      expect(await translatedTags(db, ["sem-nome"], "pt", "en")).toEqual(["Nameless"]);
      // Linked to another, it leaves the first; an empty name unlinks it.
      await setTagTranslation(db, "pt", "sem-nome", "Functional Programming");
      expect(await tagInOtherLanguage(db, "programacao-funcional", "pt", "en")).toBeUndefined();
      expect((await tagInOtherLanguage(db, "sem-nome", "pt", "en"))?.slug).toBe("functional-programming");
      await setTagTranslation(db, "pt", "sem-nome", "");
      expect(await tagInOtherLanguage(db, "sem-nome", "pt", "en")).toBeUndefined();
      expect(await setTagTranslation(db, "pt", "sem-nome", "!!!")).toEqual({ status: "invalid" });
      expect(await setTagTranslation(db, "pt", "sem-nome", "x".repeat(41))).toEqual({ status: "too-long" });
    });

    it("lists for an author the tags of public posts and their own, never another author's drafts", async () => {
      const { db } = database;
      saved(await createPost(db, bruno, typed("segredo", ["Segredo de Bruno"])));
      await setTagTranslation(db, "pt", "programacao-funcional", "Functional Programming");
      expect(await tagTranslationPairs(db)).toEqual([{ pt: "programacao-funcional", en: "functional-programming" }]);
      const tags = await managedTags(db, ana, "pt");
      expect(tags.map((tag) => tag.slug)).not.toContain("segredo-de-bruno");
      expect(tags.find((tag) => tag.slug === "programacao-funcional")).toEqual({
        slug: "programacao-funcional",
        name: "Programação funcional",
        posts: 1,
        other: { slug: "functional-programming", name: "Functional Programming" },
      });
      expect((await managedTags(db, bruno, "pt")).map((tag) => tag.slug)).toContain("segredo-de-bruno");
      expect((await findOwnPost(db, ana, "not-a-uuid")) ?? null).toBeNull();
    });
  });
}

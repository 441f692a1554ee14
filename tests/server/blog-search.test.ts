import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_QUERY_MAX_LENGTH } from "../../app/lib/search-query.ts";
import { upsertGitHubUser } from "../../app/server/auth/users.server.ts";
import { type SearchResult, searchPublicPosts } from "../../app/server/blog/search.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import { blogs, type NewBlog } from "../../app/server/db/schema.ts";
import { limit } from "../harness/host-speed.ts";
import { acrossMigration, engines, engineTitle } from "./helpers/databases.ts";

const slugs = (result: SearchResult) => result.hits.map((hit) => hit.slug);

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`blog search on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    let author: string;

    /** Stores a post as the admin would: published unless `extra` says otherwise. */
    async function post(slug: string, extra: Partial<NewBlog> = {}) {
      const [row] = await database.db
        .insert(blogs)
        .values({
          slug,
          title: `Title ${slug}`,
          content: `Body of ${slug}`,
          authorId: author,
          published: true,
          publishedAt: new Date("2026-01-10T10:00:00Z"),
          ...extra,
        })
        .returning();
      if (!row) throw new Error("no row");
      return row;
    }

    const search = (lang: "pt" | "en", query: string, limit?: number) =>
      searchPublicPosts(database.db, lang, query, limit === undefined ? {} : { limit });

    beforeAll(async () => {
      database = await engine.open();
      const profile = { name: null, avatarUrl: null, email: null };
      author = (await upsertGitHubUser(database.db, { ...profile, githubId: 1, login: "ana" })).id;
      await post("programacao-funcional", {
        title: "Programação funcional em TypeScript",
        content: "Funções puras, imutabilidade e composição no dia a dia.",
        tags: ["typescript"],
      });
      await post("deploy-na-sexta", {
        title: "Sexta-feira é dia de deploy?",
        content: "Um deploy tranquilo depende de testes e de um bom rollback.",
      });
      await post("friday-deploys", {
        lang: "en",
        title: "Shipping on a Friday",
        content: "Every deploy we make goes through the same pipeline, zephyrine included.",
      });
      await post("quixotesco", { title: "Um projeto quixotesco", content: "Palavra rara só em português." });
      await post("orquestrix-title", {
        title: "Orquestrix para iniciantes",
        content: "Um texto curto.",
        publishedAt: new Date("2025-01-01T00:00:00Z"),
      });
      await post("orquestrix-body", {
        title: "Outro assunto",
        content: "Falamos de orquestrix aqui. Orquestrix de novo, e orquestrix mais uma vez.",
        publishedAt: new Date("2026-06-01T00:00:00Z"),
      });
      await post("rascunho", {
        title: "Rascunho segredíssimo",
        content: "Ninguém deve achar este segredíssimo rascunho.",
        published: false,
        publishedAt: null,
      });
      await post("escaping", {
        title: "Segurança <script>alert(1)</script>",
        excerpt: "Um resumo com <b>negrito</b> & aspas \"duplas\" e 'simples'.",
        content:
          "Sobre criptografia: <script>alert('x')</script> e <img src=x onerror=alert(1)>.\n\n\uE000falso\uE001 marcador.",
      });
      await post("markdown", {
        title: "Markdown limpo",
        content:
          "## Título interno\n\nVeja o [guia de zeladoria](https://example.com/zeladoria) e **zeladoria** em _itálico_.\n\n```ts\nconst zorblax = 1;\n```\n\nCrepúsculo entre blocos.\n\n~~~\nsegundo bloco\n~~~",
      });
    }, limit(60_000));

    afterAll(async () => {
      await database?.close();
    });

    it("ignores accents and case: 'programacao' and 'PROGRAMAÇÃO' find 'Programação'", async () => {
      for (const query of ["programacao", "PROGRAMAÇÃO", "Programacao Funcional"]) {
        const result = await search("pt", query);
        expect(result.status).toBe("ok");
        expect(slugs(result)).toContain("programacao-funcional");
      }
    });

    it("reads full-width letters as their plain forms", async () => {
      expect(slugs(await search("pt", "ｐｒｏｇｒａｍａｃａｏ"))).toContain("programacao-funcional");
    });

    it("reduces words to their stem: 'deploys' finds 'deploy' in either language", async () => {
      expect(slugs(await search("en", "deploys"))).toContain("friday-deploys");
      expect(slugs(await search("en", "shipped"))).toContain("friday-deploys");
      expect(slugs(await search("pt", "deploys"))).toContain("deploy-na-sexta");
      expect(slugs(await search("pt", "pura"))).toContain("programacao-funcional");
    });

    it("keeps each language to itself", async () => {
      expect(slugs(await search("en", "zephyrine"))).toEqual(["friday-deploys"]);
      expect(slugs(await search("pt", "zephyrine"))).toEqual([]);
      expect(slugs(await search("pt", "quixotesco"))).toEqual(["quixotesco"]);
      expect(slugs(await search("en", "quixotesco"))).toEqual([]);
      expect(slugs(await search("en", "deploy"))).not.toContain("deploy-na-sexta");
      expect(slugs(await search("pt", "deploy"))).not.toContain("friday-deploys");
    });

    it("never finds a draft, nor a post once unpublished or deleted", async () => {
      expect((await search("pt", "segredissimo")).hits).toEqual([]);
      const published = await post("publicado-depois", { title: "Efêmero", content: "Um texto efêmero." });
      expect(slugs(await search("pt", "efemero"))).toEqual(["publicado-depois"]);
      await database.db.update(blogs).set({ published: false }).where(eq(blogs.id, published.id));
      expect(slugs(await search("pt", "efemero"))).toEqual([]);
      await database.db.update(blogs).set({ published: true }).where(eq(blogs.id, published.id));
      expect(slugs(await search("pt", "efemero"))).toEqual(["publicado-depois"]);
      await database.db.delete(blogs).where(eq(blogs.id, published.id));
      expect(slugs(await search("pt", "efemero"))).toEqual([]);
    });

    it("follows an edited post: the new words are found, the old ones no longer", async () => {
      const edited = await post("editado", { title: "Palavra velhaca", content: "Texto." });
      expect(slugs(await search("pt", "velhaca"))).toEqual(["editado"]);
      await database.db
        .update(blogs)
        .set({ title: "Palavra novata", slug: "editado-2" })
        .where(eq(blogs.id, edited.id));
      expect(slugs(await search("pt", "velhaca"))).toEqual([]);
      expect(slugs(await search("pt", "novata"))).toEqual(["editado-2"]);
    });

    it("finds the static articles in each language, accents ignored", async () => {
      const pt = await search("pt", "automacao");
      expect(pt.hits.map((hit) => hit.title)).toContain("Automação web com Node.js");
      const en = await search("en", "automation");
      expect(en.hits.map((hit) => hit.title)).toContain("Web automation with Node.js");
      const article = en.hits.find((hit) => hit.slug === "web-automation");
      expect(article?.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T12:00:00\.000Z$/);
      expect(article?.tags.length).toBeGreaterThan(0);
      expect((await search("pt", "gestao")).hits.map((hit) => hit.slug)).toContain("project-management");
    });

    it("ranks a title match above a body-only match, whatever the dates", async () => {
      const result = await search("pt", "orquestrix");
      expect(slugs(result)).toEqual(["orquestrix-title", "orquestrix-body"]);
      const [first, second] = result.hits;
      expect(first?.rank).toBeGreaterThan(second?.rank ?? Number.POSITIVE_INFINITY);
    });

    it("counts every match and returns at most the limit", async () => {
      const all = await search("pt", "deploy");
      expect(all.total).toBeGreaterThanOrEqual(2);
      const one = await search("pt", "deploy", 1);
      expect(one.hits).toHaveLength(1);
      expect(one.total).toBe(all.total);
    });

    it("marks the matches in the snippet and escapes everything else", async () => {
      const body = await search("pt", "criptografia");
      const hit = body.hits.find((candidate) => candidate.slug === "escaping");
      expect(hit?.snippetHtml).toContain("<mark>criptografia</mark>");
      expect(hit?.snippetHtml).toContain("&lt;img src=x onerror=alert(1)&gt;");
      const excerpt = await search("pt", "negrito");
      const fromExcerpt = excerpt.hits.find((candidate) => candidate.slug === "escaping")?.snippetHtml ?? "";
      expect(fromExcerpt).toBe(
        "Um resumo com &lt;b&gt;<mark>negrito</mark>&lt;/b&gt; &amp; aspas &quot;duplas&quot; e &#39;simples&#39;.",
      );
      for (const result of [body, excerpt, await search("pt", "seguranca")]) {
        for (const { snippetHtml } of result.hits) {
          expect(snippetHtml.replace(/<\/?mark>/g, "")).not.toMatch(/[<>]/);
          expect(snippetHtml).not.toMatch(/[\uE000\uE001]/);
        }
      }
      // The author's own marker characters are text, never a highlight.
      const marker = await search("pt", "marcador");
      const marked = marker.hits.find((candidate) => candidate.slug === "escaping")?.snippetHtml;
      expect(marked).toContain("falso <mark>marcador</mark>");
    });

    it("shows the excerpt, or else the opening of the text, when only the title matched", async () => {
      const result = await search("pt", "seguranca");
      expect(result.hits.find((hit) => hit.slug === "escaping")?.snippetHtml).toBe(
        "Um resumo com &lt;b&gt;negrito&lt;/b&gt; &amp; aspas &quot;duplas&quot; e &#39;simples&#39;.",
      );
      await post("so-titulo", { title: "Hipopótamo", content: "Texto inicial da postagem.\n\nMais um parágrafo." });
      const opening = await search("pt", "hipopotamo");
      expect(opening.hits.map((hit) => hit.snippetHtml)).toEqual(["Texto inicial da postagem. Mais um parágrafo."]);
    });

    it("cuts the snippet from the paragraphs that match, in their order", async () => {
      await post("paragrafos", {
        title: "Três parágrafos",
        content: "Primeiro fala de ornitologia.\n\nSegundo não fala de nada.\n\nTerceiro fala de astronomia.",
      });
      const result = await search("pt", "astronomia ornitologia");
      expect(result.hits.map((hit) => hit.snippetHtml)).toEqual([
        "Primeiro fala de <mark>ornitologia</mark>. … Terceiro fala de <mark>astronomia</mark>.",
      ]);
    });

    it("searches the prose of a Markdown body, not its syntax or code blocks", async () => {
      const result = await search("pt", "zeladoria");
      const snippet = result.hits.find((hit) => hit.slug === "markdown")?.snippetHtml ?? "";
      expect(snippet).toContain("<mark>zeladoria</mark>");
      expect(snippet).not.toMatch(/\]\(|https:|\*\*|##/);
      expect(slugs(await search("pt", "example.com"))).not.toContain("markdown");
      // Code blocks are not prose: they are neither searched nor shown in snippets.
      expect(slugs(await search("pt", "zorblax"))).not.toContain("markdown");
      expect(slugs(await search("pt", "crepusculo"))).toContain("markdown");
    });

    it("reads odd input as plain words and never throws", async () => {
      const odd = [
        '"',
        "'",
        '"programação funcional"',
        "&|!():*",
        "a & b | !c",
        "programacao:*",
        "'a' <-> 'b'",
        "(((",
        "\\",
        "$1",
        "'); drop table blogs; --",
        "🙂",
        "🙂 programação 🚀",
        "\u0000",
        "prog\u0000ramação",
        "\uD800",
        "\uDC00programacao",
        "programação\uD83D",
        "%E0%A4%A",
        "%00",
        "\uE000programacao\uE001",
        "<mark>x</mark>",
        "de a o",
        "\u200B\u200D",
        "x".repeat(10_000),
        "🙂".repeat(150),
      ];
      for (const query of odd) {
        for (const lang of ["pt", "en"] as const) {
          const result = await search(lang, query);
          expect(["ok", "empty", "too-long"]).toContain(result.status);
        }
      }
      expect(slugs(await search("pt", "🙂 programação 🚀"))).toContain("programacao-funcional");
      expect(slugs(await search("pt", "prog\u0000ramação"))).toEqual([]);
      expect(slugs(await search("pt", "\uDC00programacao"))).toContain("programacao-funcional");
      expect(slugs(await search("pt", "programacao:*"))).toContain("programacao-funcional");
      expect(slugs(await search("pt", '"programação funcional"'))).toContain("programacao-funcional");
      expect((await search("pt", "de a o")).hits).toEqual([]);
      const blogsLeft = await database.db.select({ id: blogs.id }).from(blogs);
      expect(blogsLeft.length).toBeGreaterThan(0);
    });

    it("says when a query is empty or too long instead of searching", async () => {
      for (const query of ["", "   ", "\u0000\u0001"]) expect((await search("pt", query)).status).toBe("empty");
      expect((await searchPublicPosts(database.db, "pt", null)).status).toBe("empty");
      const long = await search("pt", "x".repeat(10_000));
      expect(long).toMatchObject({ status: "too-long", hits: [] });
      expect(long.query).toHaveLength(SEARCH_QUERY_MAX_LENGTH);
      expect((await search("pt", "a".repeat(SEARCH_QUERY_MAX_LENGTH))).status).toBe("ok");
    });
  });
}

describe("blog search without a database (the build)", () => {
  it("finds nothing and says so plainly", async () => {
    expect(await searchPublicPosts(undefined, "pt", "programacao")).toEqual({
      status: "ok",
      query: "programacao",
      total: 0,
      hits: [],
    });
  });
});

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`upgrading to the search on ${engineTitle(engine)}`, () => {
    it(
      "indexes the posts published before, and not the drafts",
      () =>
        acrossMigration(
          engine,
          "0003_blog_search",
          async (db) => {
            const profile = { name: null, avatarUrl: null, email: null };
            const author = (await upsertGitHubUser(db, { ...profile, githubId: 7, login: "old" })).id;
            // The table as it was then: the schema of today names columns later migrations added.
            await db.execute(sql`
              insert into blogs (author_id, content, slug, title, published, published_at) values
                (${author}, 'Um texto sobre paralelepípedos.', 'antigo', 'Antigo', true, now()),
                (${author}, 'Um texto sobre paralelepípedos.', 'rascunho-antigo', 'Rascunho antigo', false, null)`);
          },
          async (db) => {
            const result = await searchPublicPosts(db, "pt", "paralelepipedos");
            expect(slugs(result)).toEqual(["antigo"]);
          },
        ),
      limit(60_000),
    );
  });
}

/**
 * The import's readers, without a database: each source of the fixtures
 * (tests/fixtures/import/) read into posts with the counts, titles, dates,
 * states, tags, languages, translations and old addresses it holds, and
 * the hostile uploads refused with the file and line they came from.
 */
import { writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { readDate } from "../../app/server/transfer/dates.server.ts";
import { lexicalHtml, mobiledocHtml } from "../../app/server/transfer/ghost-source.server.ts";
import { htmlToMarkdown } from "../../app/server/transfer/html-to-markdown.server.ts";
import type { ImportPlan } from "../../app/server/transfer/import.server.ts";
import { ImportError, leftOut, type ParsedSource } from "../../app/server/transfer/import-types.server.ts";
import { jsonPieces } from "../../app/server/transfer/json-stream.server.ts";
import { noteText, planLines, problemText } from "../../app/server/transfer/messages.server.ts";
import { readSource } from "../../app/server/transfer/read-source.server.ts";
import { isSitePath, oldPathKey } from "../../app/server/transfer/redirects.server.ts";
import { isSafeEntryPath, openSource, sniff, ZIP_LIMITS } from "../../app/server/transfer/source-files.server.ts";
import { readWordPress } from "../../app/server/transfer/wordpress-source.server.ts";
import { fixtureFolder, IMPORT_FIXTURES, readUpload, zipFile, zipFolder } from "../helpers/import-files.ts";

const NOW = new Date("2026-11-29T12:00:00Z");

const read = (location: string, name?: string) => readUpload(location, NOW, name);

const byTitle = (source: ParsedSource, title: string) => {
  const post = source.posts.find((candidate) => candidate.title === title);
  if (!post) throw new Error(`No post "${title}" among ${source.posts.map((p) => p.title).join(", ")}`);
  return post;
};

describe("dates as engines write them", () => {
  it("reads zones, Jekyll's offsets, dates alone in the site's zone, and refuses impossible days", () => {
    expect(readDate("2019-05-01 10:00:00 -0300")?.toISOString()).toBe("2019-05-01T13:00:00.000Z");
    expect(readDate("2023-03-14T09:30:00-03:00")?.toISOString()).toBe("2023-03-14T12:30:00.000Z");
    expect(readDate("2019-05-01")?.toISOString()).toBe("2019-05-01T03:00:00.000Z");
    expect(readDate("2021-07-10 15:30:00", "Z")?.toISOString()).toBe("2021-07-10T15:30:00.000Z");
    expect(readDate("2019-02-30 10:00:00 -0300")).toBeUndefined();
    expect(readDate("Jul 08 2022")?.toISOString()).toBe("2022-07-08T03:00:00.000Z");
    expect(readDate("ontem")).toBeUndefined();
    expect(readDate(42)).toBeUndefined();
  });
});

describe("HTML made the site's Markdown", () => {
  it("keeps the text, tables and code, and reports what it removed", () => {
    const { markdown, removed } = htmlToMarkdown(
      '<p>Olá <b>mundo</b> <a href="javascript:alert(1)">x</a></p><script>steal()</script><iframe src="https://e"></iframe>' +
        "<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>" +
        '<pre><code class="language-js">let a = 1;</code></pre>',
    );
    expect(markdown).toContain("Olá **mundo** x");
    expect(markdown).toContain("| a | b |\n| --- | --- |\n| 1 | 2 |");
    expect(markdown).toContain("```js\nlet a = 1;\n```");
    expect(markdown).not.toContain("steal");
    expect(removed).toEqual(["link javascript:alert(1)", "script", "iframe"]);
  });

  it("renders Ghost's mobiledoc and lexical documents", () => {
    const mobiledoc = mobiledocHtml({
      markups: [["strong"]],
      cards: [["code", { code: "x < 1", language: "js" }]],
      sections: [
        [1, "p", [[0, [0], 1, "forte"]]],
        [10, 0],
      ],
    });
    expect(mobiledoc).toBe('<p><strong>forte</strong></p><pre><code class="language-js">x &lt; 1</code></pre>');
    const lexical = lexicalHtml({
      root: {
        children: [
          { type: "extended-heading", tag: "h3", children: [{ type: "extended-text", text: "Título", format: 2 }] },
        ],
      },
    });
    expect(lexical).toBe("<h3><em>Título</em></h3>");
  });
});

describe("a bilingual Hugo folder", () => {
  let source: ParsedSource;
  it("is read as Markdown: posts, languages, translations, dates, tags, images and old addresses", async () => {
    source = await read(await fixtureFolder("hugo-bilingual"));
    expect(source.kind).toBe("markdown");
    expect(source.problems).toEqual([]);
    expect(source.posts).toHaveLength(4);
    expect(source.notes).toEqual([expect.objectContaining({ code: "page-skipped", file: "content/_index.md" })]);

    const ola = byTitle(source, "Olá, mundo: notas de uma mudança");
    const hello = byTitle(source, "Hello, world: notes from a move");
    expect([ola.lang, hello.lang]).toEqual(["pt", "en"]);
    // Hugo's suffixes of one bundle are one post in two languages.
    expect(ola.translationKey).toBeDefined();
    expect(ola.translationKey).toBe(hello.translationKey);
    expect(ola.publishedAt?.toISOString()).toBe("2023-03-14T12:30:00.000Z");
    expect(ola.updatedAt.toISOString()).toBe("2023-04-02T21:00:00.000Z");
    expect(ola.tags).toEqual([
      { slug: "programacao-funcional", name: "Programação Funcional" },
      { slug: "cafe", name: "Café" },
    ]);
    expect(ola.cover).toEqual({ original: "capa.png", file: "content/posts/ola-mundo/capa.png" });
    expect(ola.images).toEqual([{ original: "/images/diagrama.png", file: "static/images/diagrama.png" }]);
    // `aliases`, then the path of hugo.toml's permalink pattern for the section: without a `slug`, Hugo's
    // `:slug` is the title, urlized (accents kept), not the bundle's folder.
    expect(ola.oldPaths).toEqual(["/ola/", "/2023/03/olá-mundo-notas-de-uma-mudança/"]);
    expect(hello.oldPaths).toEqual(["/en/2023/03/hello-world-notes-from-a-move/"]);
    expect(ola.removed).toEqual(['html <script>alert("não")</script>']);

    // TOML and JSON front matter, linked by translationKey; a draft stays a draft.
    const segundo = byTitle(source, "Segundo post, em TOML");
    const second = byTitle(source, "Second post, in JSON");
    expect(segundo.draft).toBe(true);
    expect(segundo.publishedAt).toBeNull();
    expect(second.draft).toBe(false);
    expect(second.slug).toBe("second-post");
    expect(segundo.translationKey).toBe(second.translationKey);
    expect(second.oldPaths).toEqual(["/en/notes/second/"]);
    expect(segundo.tags).toEqual([{ slug: "acao", name: "Ação" }]);
  });

  it("reads the same from a zip of the folder, inside a folder of its own", async () => {
    const zipped = await read(await zipFolder(await fixtureFolder("hugo-bilingual"), "meu-blog/"));
    expect(zipped.problems).toEqual([]);
    expect(zipped.posts.map((post) => [post.lang, post.slug, post.cover?.file]).sort()).toEqual(
      source.posts.map((post) => [post.lang, post.slug, post.cover?.file && `meu-blog/${post.cover.file}`]).sort(),
    );
  });
});

describe("Hugo's language folders and an Astro collection", () => {
  it("takes the language from content/{lang}/, links the same path in both, and keeps Astro's addresses", async () => {
    const source = await read(
      await zipFile({
        "site/hugo.yaml": "defaultContentLanguage: en\nlanguages:\n  en: {}\n  pt: {}\n",
        "site/content/en/posts/moving.md": "---\ntitle: Moving\ndate: 2024-02-01\n---\nText",
        "site/content/pt/posts/moving.md": "---\ntitle: Mudando\ndate: 2024-02-02\nslug: mudando\n---\nTexto",
        "astro/src/content/blog/first-post.md":
          "---\ntitle: 'First post'\npubDate: 'Jul 08 2022'\nlang: en\nheroImage: '/blog-placeholder-3.jpg'\n---\nHi",
      }),
    );
    expect(source.problems).toEqual([]);
    const [first, moving, mudando] = source.posts;
    // Astro's template dates a post `Jul 08 2022`.
    expect(first?.publishedAt?.toISOString()).toBe("2022-07-08T03:00:00.000Z");
    expect([moving?.lang, mudando?.lang]).toEqual(["en", "pt"]);
    expect(moving?.translationKey).toBe(mudando?.translationKey);
    // English is the default language: its posts have no prefix, Portuguese ones have /pt.
    expect(moving?.oldPaths).toEqual(["/posts/moving/"]);
    expect(mudando?.oldPaths).toEqual(["/pt/posts/mudando/"]);
  });

  it("reads an Astro post with its collection's address, its hero image missing from the upload", async () => {
    const source = await read(
      await zipFile({
        "src/content/blog/first-post.md":
          "---\ntitle: 'First post'\npubDate: '2022-07-08'\nlang: en\nheroImage: '/blog-placeholder-3.jpg'\n---\nHi",
      }),
    );
    expect(source.problems).toEqual([]);
    expect(source.posts[0]).toMatchObject({ slug: "first-post", lang: "en", oldPaths: ["/blog/first-post/"] });
    expect(source.posts[0]?.cover).toEqual({ original: "/blog-placeholder-3.jpg" });
  });
});

describe("a Jekyll folder", () => {
  it("takes the date and slug from the file's name and the permalink from _config.yml", async () => {
    const source = await read(await fixtureFolder("jekyll"));
    expect(source.problems).toEqual([]);
    const [post] = source.posts;
    expect(post).toMatchObject({ slug: "primeiro-post", lang: "pt", draft: false });
    expect(post?.publishedAt?.toISOString()).toBe("2019-05-01T03:00:00.000Z");
    expect(post?.tags.map((tag) => tag.name)).toEqual(["jekyll", "memória"]);
    expect(post?.oldPaths).toEqual(["/antigo/primeiro.html", "/notas/2019/05/01/primeiro-post/"]);
    expect(post?.images).toEqual([{ original: "/assets/foto.png", file: "assets/foto.png" }]);
  });

  it("names the file and the line of a date that does not exist", async () => {
    const source = await read(path.join(IMPORT_FIXTURES, "bad/bad-date"));
    expect(source.posts).toEqual([]);
    expect(source.problems).toEqual([
      {
        file: "_posts/2019-06-10-sem-data-valida.md",
        line: 3,
        code: "bad-date",
        values: { key: "date", value: "2019-02-30 10:00:00 -0300" },
      },
    ]);
  });
});

describe("Ghost exports", () => {
  it("reads Ghost 4's mobiledoc: posts, not pages; tags by name; #en sets the language; images missing", async () => {
    const source = await read(path.join(IMPORT_FIXTURES, "ghost-4.json"));
    expect(source.kind).toBe("ghost");
    expect(source.problems).toEqual([]);
    expect(source.posts.map((post) => [post.title, post.lang, post.draft])).toEqual([
      ["Migrando do WordPress para o Ghost", "pt", false],
      ["Rascunho sobre Café", "pt", true],
      ["Moving from WordPress to Ghost", "en", false],
    ]);
    expect(source.notes).toEqual([expect.objectContaining({ code: "page-skipped", values: { title: "Sobre" } })]);
    const post = byTitle(source, "Migrando do WordPress para o Ghost");
    expect(post.content).toContain("Depois de anos no **WordPress**, mudei para o [Ghost](https://ghost.org).");
    expect(post.content).toContain("## Passo a passo\n\n1. Exportar\n2. Importar");
    expect(post.content).toContain("```bash\nghost export\n```");
    expect(post.tags).toEqual([{ slug: "migracao", name: "Migração" }]);
    expect(post).toMatchObject({
      excerpt: "Como levei oito anos de posts para outro lugar.",
      seoDescription: "Como migrei meu blog do WordPress para o Ghost.",
      socialTitle: "Do WordPress ao Ghost",
      oldPaths: ["/migrando-do-wordpress/"],
    });
    expect(post.publishedAt?.toISOString()).toBe("2022-04-22T13:00:00.000Z");
    // `__GHOST_URL__` is the old site: its images are missing unless the upload has content/images.
    expect(post.cover).toEqual({ original: "/content/images/2022/04/capa-ghost.jpg" });
    expect(byTitle(source, "Moving from WordPress to Ghost").tags).toEqual([{ slug: "migration", name: "Migration" }]);
  });

  it("takes the images from a zip that ships Ghost's content/images beside its JSON", async () => {
    const png = await (await import("../helpers/images.ts")).solidPng("#654321", 20, 10);
    const source = await read(
      await zipFile({
        "meu-blog.ghost.2022-04-25.json": await readFile(path.join(IMPORT_FIXTURES, "ghost-4.json")),
        "content/images/2022/04/capa-ghost.jpg": png,
      }),
    );
    const post = byTitle(source, "Migrando do WordPress para o Ghost");
    expect(post.cover).toEqual({
      original: "/content/images/2022/04/capa-ghost.jpg",
      file: "content/images/2022/04/capa-ghost.jpg",
    });
    expect(post.images).toEqual([{ original: "/content/images/2022/04/mudanca.jpg" }]);
  });

  it("reads Ghost 5's lexical and html, keeps a schedule, reports the frame and the unsafe link", async () => {
    const source = await read(path.join(IMPORT_FIXTURES, "ghost-5.json"));
    expect(source.problems).toEqual([]);
    const lexical = byTitle(source, "Notes on lexical");
    expect(lexical.lang).toBe("en");
    expect(lexical.content).toContain("Ghost 5 writes **lexical** documents.");
    expect(lexical.content).toContain("## A heading");
    expect(lexical.content).toContain("Kept paragraph");
    expect(lexical.content).toMatch(/1\.\s+one\n2\.\s+two/);
    expect(lexical.removed).toEqual(["iframe"]);
    expect(lexical.tags.map((tag) => tag.name)).toEqual(["Editors", "Ghost 5"]);
    const scheduled = byTitle(source, "Scheduled for the future");
    expect(scheduled.draft).toBe(false);
    expect(scheduled.publishedAt?.toISOString()).toBe("2099-01-01T12:00:00.000Z");
    expect(scheduled.content).toBe("This one goes out [later](/notes-on-lexical/).\n\nclick");
    expect(scheduled.removed).toEqual(["link javascript:alert(1)"]);
  });
});

describe("a WordPress export", () => {
  it("reads the posts, reports the page and the attachments, and keeps the permalink and ?p=", async () => {
    const source = await read(path.join(IMPORT_FIXTURES, "wordpress.xml"));
    expect(source.kind).toBe("wordpress");
    expect(source.problems).toEqual([]);
    expect(source.posts.map((post) => post.title)).toEqual([
      "Olá, São Paulo: um post com acentos",
      "Um rascunho guardado",
    ]);
    expect(source.notes.map((note) => [note.code, note.values?.title ?? note.values?.names])).toEqual([
      ["page-skipped", "Sobre mim"],
      ["attachment-skipped", "ponte"],
      ["attachment-skipped", "sumiu"],
      // Said once for the export, in the author's language.
      ["categories-skipped", "Sem categoria"],
    ]);
    expect(noteText("pt", source.notes[3] as NonNullable<(typeof source.notes)[3]>)).toBe(
      "wordpress.xml: As categorias do WordPress não viram tags (só as tags viram): ficaram de fora Sem categoria. Acrescente-as como tags no post, se quiser.",
    );
    const [post, draft] = source.posts;
    expect(post?.tags).toEqual([
      { slug: "programacao", name: "Programação" },
      { slug: "acessibilidade-inclusao", name: "Acessibilidade & Inclusão" },
    ]);
    expect(post?.publishedAt?.toISOString()).toBe("2021-07-10T15:30:00.000Z");
    expect(post?.updatedAt.toISOString()).toBe("2021-07-11T12:00:00.000Z");
    expect(post?.oldPaths).toEqual(["/2021/07/ola-sao-paulo/", "/?p=42"]);
    expect(post?.removed).toEqual(["script"]);
    expect(post?.cover?.original).toBe("https://diario.exemplo.com.br/wp-content/uploads/2021/07/ponte.png");
    expect(post?.images.map((image) => image.file)).toEqual([undefined, undefined]);
    // A draft without a GMT date is dated in the site's zone; without a slug it gets one from its title.
    expect(draft).toMatchObject({ draft: true, publishedAt: null, slug: "um-rascunho-guardado" });
    expect(draft?.createdAt.toISOString()).toBe("2021-08-01T13:00:00.000Z");
    expect(draft?.content).toBe("Texto sem parágrafos marcados.\n\nSegunda linha, que o WordPress também separa.");
  });

  it("takes the featured and inline images from a zip that ships wp-content/uploads", async () => {
    const xml = await import("node:fs/promises").then((fs) => fs.readFile(path.join(IMPORT_FIXTURES, "wordpress.xml")));
    const png = await (await import("../helpers/images.ts")).solidPng("#123456", 20, 10);
    const source = await read(
      await zipFile({ "export/diario.WordPress.2026-11-29.xml": xml, "wp-content/uploads/2021/07/ponte.png": png }),
    );
    const [post] = source.posts;
    expect(post?.cover?.file).toBe("wp-content/uploads/2021/07/ponte.png");
    expect(post?.images.map((image) => image.file)).toEqual(["wp-content/uploads/2021/07/ponte.png", undefined]);
  });

  it("names the line of malformed XML and refuses a document that declares entities", async () => {
    const dir = (await import("node:fs")).mkdtempSync(path.join((await import("node:os")).tmpdir(), "wxr-"));
    const broken = path.join(dir, "broken.xml");
    writeFileSync(
      broken,
      '<?xml version="1.0"?>\n<rss xmlns:wp="x">\n<channel>\n<item><title>a</titl></item>\n</channel></rss>',
    );
    const malformed = await read(broken);
    expect(malformed.problems).toEqual([
      expect.objectContaining({ file: "broken.xml", line: 4, code: "malformed-xml" }),
    ]);
    const laughs = path.join(dir, "laughs.xml");
    writeFileSync(
      laughs,
      '<?xml version="1.0"?>\n<!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>\n<rss xmlns:wp="x"><channel><title>&b;</title></channel></rss>',
    );
    expect((await read(laughs)).problems).toEqual([expect.objectContaining({ code: "malformed-xml", line: 1 })]);
  });
});

/** The text as chunks of `size` bytes, cut anywhere (inside a tag, a string, a mark or a character). */
async function* chunksOf(text: string, size: number) {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/**
 * Any cut of the fixture, or any text (some of `marks` among them) put
 * anywhere in it, handed to `check` with a chunk size of 1 to 300 bytes.
 * Seeded, so a run is the same every time; the examples are inputs that once failed.
 */
function cutsAndChanges(
  fixture: string,
  marks: readonly string[],
  check: (changed: string, size: number) => Promise<void>,
  examples: [number, string, boolean, number][] = [],
) {
  return fc.assert(
    fc.asyncProperty(
      fc.nat(fixture.length),
      fc.oneof(fc.constant(""), fc.string({ maxLength: 12 }), fc.constantFrom(...marks)),
      fc.boolean(),
      fc.integer({ min: 1, max: 300 }),
      async (at, text, cut, size) =>
        check(cut ? fixture.slice(0, at) : `${fixture.slice(0, at)}${text}${fixture.slice(at)}`, size),
    ),
    { numRuns: 150, seed: 20261129, examples },
  );
}

describe("a WordPress export read as it comes", () => {
  const item = (id: number, title: string, body: string) =>
    `<item><title>${title}</title><link>https://ex.com/${id}/</link><content:encoded><![CDATA[${body}]]></content:encoded><wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2021-07-04 12:00:00</wp:post_date_gmt><wp:post_name>post-${id}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>`;
  const documentOf = (items: string) =>
    `\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<rss xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/">\n<channel><title>Diário</title><language>en-US</language><!-- <item> in a comment --><wp:wxr_version>1.2</wp:wxr_version>\n${items}\n</channel></rss>\n`;
  const xml = documentOf(
    [
      item(1, "Sobre RSS", "<p>Um <code>&lt;item&gt;</code> e um </item> e <item> no texto, ação: ç</p>"),
      item(2, "Segundo", "<p>Olá ]] &gt; mundo</p>"),
    ].join("\n"),
  );

  it("reads the same posts whatever the chunks, an item's CDATA naming <item> and </item> included", async () => {
    const whole = await readWordPress(chunksOf(xml, xml.length * 4), "wp.xml", new Set(), NOW);
    expect(whole.problems).toEqual([]);
    expect(whole.posts.map((post) => [post.title, post.lang, post.origin.line])).toEqual([
      ["Sobre RSS", "en", 4],
      ["Segundo", "en", 5],
    ]);
    // The HTML's own <item> tags are the sanitizer's to drop; the text after them is the same post's.
    expect(whole.posts[0]?.content).toBe("Um `<item>` e um e no texto, ação: ç");
    for (const size of [1, 3, 7, 64]) {
      const cut = await readWordPress(chunksOf(xml, size), "wp.xml", new Set(), NOW);
      expect(cut.posts, `chunks of ${size} bytes`).toEqual(whole.posts);
    }
  });

  it("keeps 200 of its notes and counts the rest: an attachment in every item holds no more", async () => {
    const attachment = (id: number) =>
      `<item><title>f-${id}.jpg</title><wp:post_id>${1000 + id}</wp:post_id><wp:post_type>attachment</wp:post_type><wp:attachment_url>https://ex.com/f-${id}.jpg</wp:attachment_url></item>`;
    const many = documentOf(
      [item(1, "Sobre RSS", "<p>ok</p>"), ...Array.from({ length: 203 }, (_, i) => attachment(i))].join("\n"),
    );
    const source = await readWordPress(chunksOf(many, 4096), "wp.xml", new Set(), NOW);
    expect(source.posts).toHaveLength(1);
    expect(source.notes).toHaveLength(200);
    expect(source.notes.at(-1)).toMatchObject({ code: "attachment-skipped", values: { title: "f-199.jpg" } });
    expect(leftOut(source.notes)).toBe(3);
    expect(leftOut(source.problems)).toBe(0);
  });

  it("reads or refuses any cut or change of the fixture in any chunks, never failing otherwise", async () => {
    const fixture = await readFile(path.join(IMPORT_FIXTURES, "wordpress.xml"), "utf8");
    await cutsAndChanges(
      fixture,
      ["<item>", "</item>", "<![CDATA[", "]]>", "<!--", "-->", "<"],
      async (changed, size) => {
        try {
          await readWordPress(chunksOf(changed, size), "wp.xml", new Set(), NOW);
        } catch (error) {
          if (!(error instanceof ImportError)) throw error;
        }
      },
      [[2, '"', false, 1]],
    );
  });

  it("refuses an item left open, an unclosed CDATA and a broken channel, with their lines", async () => {
    const open = documentOf(`${item(1, "Um", "<p>a</p>")}\n<item><title>Dois</title>`).replace(
      "</channel></rss>\n",
      "",
    );
    await expect(readWordPress(chunksOf(open, 50), "wp.xml", new Set(), NOW)).rejects.toMatchObject({
      problem: { file: "wp.xml", line: 5, code: "malformed-xml" },
    });
    const cdata = documentOf("<item><title>Um</title><content:encoded><![CDATA[<p>a</p></content:encoded></item>");
    await expect(readWordPress(chunksOf(cdata, 50), "wp.xml", new Set(), NOW)).rejects.toMatchObject({
      problem: { code: "malformed-xml" },
    });
    const channel = documentOf(item(1, "Um", "<p>a</p>")).replace("</channel>", "</chanel>");
    await expect(readWordPress(chunksOf(channel, 50), "wp.xml", new Set(), NOW)).rejects.toMatchObject({
      problem: { file: "wp.xml", line: 5, code: "malformed-xml" },
    });
  });
});

describe("a JSON export read as it comes", () => {
  const GHOST = [["db", "0", "data", "posts"]];
  const pieces = async (text: string, size: number, elements = true) => {
    const out: unknown[] = [];
    for await (const piece of jsonPieces(chunksOf(text, size), "ghost.json", GHOST, { elements })) out.push(piece);
    return out;
  };

  it("hands out each post alone with its index and line, and the rest with the posts as null, whatever the chunks", async () => {
    const doc = {
      db: [
        {
          meta: { version: "5.0" },
          data: {
            posts: [{ id: "1", title: 'Um "}]" ação', n: [1, { "a:b": "c,d" }] }, 7, "texto\n", null],
            tags: [{ id: "t", name: "Café" }],
          },
        },
      ],
    };
    for (const text of [JSON.stringify(doc), `\uFEFF${JSON.stringify(doc, null, 2)}`]) {
      const whole = await pieces(text, text.length * 4);
      const pretty = text.startsWith("\uFEFF");
      expect(whole).toEqual([
        { kind: "element", index: 0, line: pretty ? 9 : 1, value: doc.db[0]?.data.posts[0] },
        { kind: "element", index: 1, line: pretty ? 19 : 1, value: 7 },
        { kind: "element", index: 2, line: pretty ? 20 : 1, value: "texto\n" },
        { kind: "element", index: 3, line: pretty ? 21 : 1, value: null },
        {
          kind: "rest",
          value: {
            db: [{ meta: doc.db[0]?.meta, data: { posts: [null, null, null, null], tags: doc.db[0]?.data.tags } }],
          },
        },
      ]);
      for (const size of [1, 2, 3, 7, 64]) expect(await pieces(text, size), `chunks of ${size} bytes`).toEqual(whole);
      expect(await pieces(text, 5, false)).toEqual(whole.slice(-1));
    }
  });

  it("refuses a broken document with the line of its fault, in a post or around them", async () => {
    const problem = async (text: string) => {
      try {
        await pieces(text, 5);
      } catch (error) {
        if (error instanceof ImportError) return error.problem;
        throw error;
      }
      return undefined;
    };
    expect(await problem('{"db":[{"data":{"posts":[\n{"a":1},\n{"b" 2}]}}]}')).toMatchObject({
      line: 3,
      code: "malformed-json",
    });
    expect(await problem('{"db":[{"data":{"posts":[{"a":1}\n{"b":2}]}}]}')).toMatchObject({ line: 2 });
    expect(await problem('{"db":[{"data":{"posts":[{"a":1},\n{"b":2}')).toMatchObject({ code: "malformed-json" });
    expect(await problem('{"db":[]}\n{"other":1}')).toMatchObject({ line: 2 });
    expect(await problem('{"db":[{"data":{"posts":[1:2]}}]}')).toMatchObject({ code: "malformed-json" });
  });

  it("reads or refuses any cut or change of the Ghost fixture in any chunks, never failing otherwise", async () => {
    const fixture = await readFile(path.join(IMPORT_FIXTURES, "ghost-5.json"), "utf8");
    await cutsAndChanges(fixture, ['"', "\\", "{", "}", "[", "]", ",", ":"], async (changed, size) => {
      let valid = true;
      try {
        JSON.parse(changed);
      } catch {
        valid = false;
      }
      let refused = false;
      try {
        await pieces(changed, size);
      } catch (error) {
        if (!(error instanceof ImportError)) throw error;
        refused = true;
      }
      // Refused piece by piece exactly when JSON.parse refuses it whole.
      expect(refused).toBe(!valid);
    });
  });
});

describe("hostile and wrong uploads", () => {
  const made: string[] = [];
  afterAll(() => made.splice(0));

  it("refuses a text file over the limit by its size, before reading it, in both languages", async () => {
    const limits = { documentBytes: 4096 };
    const wordpress = await openSource(path.join(IMPORT_FIXTURES, "wordpress.xml"));
    const refused = await readSource(wordpress, NOW, limits);
    expect(refused.posts).toEqual([]);
    expect(refused.problems).toEqual([
      { file: "wordpress.xml", code: "document-too-large", values: { size: "7 KB", max: "4 KB" } },
    ]);
    const [problem] = refused.problems;
    if (!problem) throw new Error("a problem expected");
    expect(problemText("pt", problem)).toMatch(
      /^wordpress\.xml: O arquivo tem 7 KB, .* até 4 KB: .*\(npm run import\)/,
    );
    expect(problemText("en", problem)).toMatch(
      /^wordpress\.xml: The file is 7 KB, .* up to 4 KB: .*\(npm run import\)/,
    );
    // This site's archive.json is bounded the same way; small files pass, and the command line lifts the limit.
    const archive = await openSource(
      await zipFile({ "archive.json": `{"format":"blog-archive","pad":"${"x".repeat(5000)}"}`, "pt/a/index.md": "x" }),
    );
    expect((await readSource(archive, NOW, limits)).problems).toEqual([
      expect.objectContaining({ file: "archive.json", code: "document-too-large" }),
    ]);
    const lifted = await readSource(wordpress, NOW, { documentBytes: Number.POSITIVE_INFINITY });
    expect(lifted.posts.length).toBe(2);
    expect((await readSource(wordpress, NOW)).posts.length).toBe(2);
  });

  it("tells a file by its first bytes, not its name", async () => {
    expect(sniff(Buffer.from("PK\x03\x04rest", "latin1"))).toBe("zip");
    expect(sniff(Buffer.from('\uFEFF  {"db": []}'))).toBe("json");
    expect(sniff(Buffer.from("<?xml"))).toBe("xml");
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0x00]))).toBe("unknown");
    const dir = (await import("node:fs")).mkdtempSync(path.join((await import("node:os")).tmpdir(), "sniff-"));
    const jpegNamedZip = path.join(dir, "export.zip");
    writeFileSync(jpegNamedZip, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x00]));
    expect((await read(jpegNamedZip)).problems).toEqual([{ file: "export.zip", code: "unknown-file" }]);
    const jsonNamedXml = path.join(dir, "export.xml");
    writeFileSync(jsonNamedXml, '{"db": [{"data": {"posts": [], "tags": []}}]}');
    expect((await read(jsonNamedXml)).kind).toBe("ghost");
    const brokenJson = path.join(dir, "ghost.json");
    writeFileSync(brokenJson, '{\n  "db": [\n    {"data": {"posts": [}\n  ]\n}');
    expect((await read(brokenJson)).problems).toEqual([
      expect.objectContaining({ file: "ghost.json", line: 3, code: "malformed-json" }),
    ]);
  });

  it("refuses entries that climb out of the archive or name an absolute path, reading nothing", async () => {
    expect(isSafeEntryPath("posts/a.md")).toBe(true);
    for (const name of ["../evil.md", "a/../../evil.md", "/etc/passwd", "C:/x.md", "a\\..\\b.md"]) {
      expect(isSafeEntryPath(name), name).toBe(false);
    }
    const climbing = await zipFile({
      "post.md": "---\ntitle: Ok\n---\nok",
      "!../../evil.md": "---\ntitle: Evil\n---\n",
    });
    expect((await read(climbing)).problems).toEqual([{ file: "../../evil.md", code: "unsafe-path" }]);
    const absolute = await zipFile({ "!/tmp/evil.md": "---\ntitle: Evil\n---\n" });
    expect((await read(absolute)).problems).toEqual([{ file: "/tmp/evil.md", code: "unsafe-path" }]);
  });

  it("refuses a zip bomb by its ratio and by its total size", async () => {
    const bomb = await zipFile({ "post.md": "---\ntitle: A\n---\n", "zeros.md": Buffer.alloc(20 * 1024 * 1024) });
    await expect(openSource(bomb)).rejects.toMatchObject({ problem: { file: "zeros.md", code: "zip-bomb" } });
    const big = await zipFile({ "a.md": Buffer.alloc(600 * 1024, 1), "b.md": Buffer.alloc(600 * 1024, 2) });
    await expect(openSource(big, "big.zip", { ...ZIP_LIMITS, totalBytes: 1024 * 1024 })).rejects.toMatchObject({
      problem: { file: "b.md", code: "zip-bomb" },
    });
  });

  it("refuses an archive whose index names what the database would refuse, by where it is", async () => {
    const index = {
      format: "rafael-werneck-blog-archive",
      version: 1,
      exportedAt: "2026-11-29T09:00:00.000-03:00",
      authors: ["ana"],
      tags: [],
      posts: [
        {
          file: "pt/a/index.md",
          tags: [],
          revisions: [],
          redirects: [{ path: "/x", source: "evil", created: "ontem" }],
        },
      ],
    };
    const source = await read(
      await zipFile({
        "archive.json": JSON.stringify(index, null, 2),
        "pt/a/index.md": "---\ntitle: A\nlang: pt\n---\nA",
      }),
    );
    // The entry is read alone, as it comes: named at the line it begins on.
    expect(source.problems).toEqual([
      {
        file: "archive.json",
        line: 10,
        code: "malformed-json",
        values: { detail: expect.stringMatching(/^posts\.0\.redirects\.0\.source: /) },
      },
    ]);
  });

  it("reports a language the site has not, a missing title and one slug twice, with their files", async () => {
    const source = await read(
      await zipFile({
        "a.fr.md": "---\ntitle: Bonjour\n---\nSalut",
        "b.md": "---\nlang: de\ntitle: Hallo\n---\nText",
        "c.md": "---\ndate: 2020-01-01\n---\nsem título",
      }),
    );
    expect(source.problems).toEqual([
      { file: "a.fr.md", code: "unknown-language", values: { lang: "fr" } },
      { file: "b.md", line: 2, code: "unknown-language", values: { lang: "de" } },
      { file: "c.md", line: 1, code: "missing-title" },
    ]);
  });
});

describe("old addresses", () => {
  it("are kept as the server sees them", () => {
    expect(oldPathKey("https://old.blog/2019/05/ol%C3%A1/")).toBe("/2019/05/olá");
    expect(oldPathKey("/index.php?p=42")).toBe("/?p=42");
    expect(oldPathKey("/?p=42&utm=x")).toBe("/?p=42");
    expect(oldPathKey("/slug/?utm_source=x")).toBe("/slug");
    expect(oldPathKey("/")).toBeUndefined();
    expect(oldPathKey("/a/../b")).toBeUndefined();
    expect(oldPathKey("relative")).toBeUndefined();
    expect(oldPathKey("//evil.example/x")).toBeUndefined();
  });

  it("never take a page of the site", () => {
    for (const page of [
      "/about",
      "/en/about",
      "/blog",
      "/blog/tag/x",
      "/blog/search",
      "/blog/tag/x/y",
      "/en/blog/preview/abc",
      "/admin/blog",
      "/en",
      "/rss.xml",
    ]) {
      expect(isSitePath(page), page).toBe(true);
    }
    // Astro's language folders inside the collection (`/blog/en/ola/`) are no page here: posts are one segment deep.
    for (const old of [
      "/2019/05/ola",
      "/blog/old-slug",
      "/en/notes/second",
      "/?p=42",
      "/ola",
      "/blog/en/ola",
      "/en/blog/2019/ola",
    ]) {
      expect(isSitePath(old), old).toBe(false);
    }
  });
});

describe("the dry run as the command line prints it", () => {
  const plan: ImportPlan = {
    kind: "markdown",
    posts: 3,
    statuses: { published: 2, draft: 1, scheduled: 0, trashed: 0 },
    byLang: { pt: 2, en: 1 },
    translations: [{ pt: "Olá", en: "Hello" }],
    clashes: [],
    removed: [],
    missingImages: [{ file: "a.md", title: "A", slug: "a", lang: "pt", status: "published", address: "f-0.png" }],
    images: 0,
    oldAddresses: 0,
    notes: [],
    problems: [],
    more: { translations: 4, clashes: 0, removed: 0, missingImages: 1234, notes: 0, problems: 0 },
  };

  it("counts the posts by status and ends a list shown in part with how many more, in both languages", () => {
    const pt = planLines("pt", plan);
    expect(pt).toContain("Publicados: 2 · Agendados: 0 · Rascunhos: 1 · Na lixeira: 0");
    expect(pt.slice(pt.indexOf("Traduções ligadas:"), pt.indexOf("Traduções ligadas:") + 3)).toEqual([
      "Traduções ligadas:",
      "  Olá e Hello",
      "  … e mais 4",
    ]);
    expect(pt.slice(-3)).toEqual(["Imagens que faltam:", "  a.md — A: f-0.png", "  … e mais 1234"]);
    const en = planLines("en", plan);
    expect(en[0]).toBe("Folder of Markdown: 3 posts (2 in Portuguese, 1 in English).");
    expect(en).toContain("  … and 4 more");
    expect(en.at(-1)).toBe("  … and 1234 more");
  });
});

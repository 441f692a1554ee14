/**
 * What a Ghost export keeps of its posts once they are the site's Markdown:
 * every card of a lexical or mobiledoc document (or the list of what was
 * left out), Ghost's own rendered cards as plain links, quotes and headings,
 * the videos' addresses, and nothing private made public by the import.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readGhost } from "../../app/server/transfer/ghost-source.server.ts";
import { htmlToMarkdown } from "../../app/server/transfer/html-to-markdown.server.ts";
import type { ImportedPost, ParsedSource } from "../../app/server/transfer/import-types.server.ts";
import { noteText } from "../../app/server/transfer/messages.server.ts";
import { IMPORT_FIXTURES } from "../helpers/import-files.ts";

const NOW = new Date("2026-11-29T12:00:00Z");
type Row = Record<string, unknown>;

/** A Ghost export of these posts (each a published public post unless it says otherwise). */
function ghost(posts: Row[], data: Row = {}, files: string[] = []): ParsedSource {
  const rows = posts.map((post, i) => ({
    id: `p${i}`,
    title: `Post ${i}`,
    slug: `post-${i}`,
    type: "post",
    status: "published",
    visibility: "public",
    html: null,
    created_at: "2024-03-01T10:00:00.000Z",
    published_at: "2024-03-01T10:00:00.000Z",
    ...post,
  }));
  return readGhost({ posts: rows, ...data }, "ghost.json", new Set(files), NOW);
}

const only = (source: ParsedSource): ImportedPost => {
  expect(source.posts).toHaveLength(1);
  return source.posts[0] as ImportedPost;
};

const lexical = (...children: Row[]) => JSON.stringify({ root: { type: "root", children } });
const paragraph = (text: string) => ({ type: "paragraph", children: [{ type: "extended-text", text, format: 0 }] });

describe("Ghost's cards of a post with no HTML", () => {
  it("names the videos, sounds and files the export does not carry, once each", () => {
    const source = ghost([
      {
        title: "Maré",
        lexical: lexical(
          { type: "video", src: "__GHOST_URL__/content/media/2024/03/mare.mp4", caption: "Maré subindo" },
          { type: "file", src: "__GHOST_URL__/content/files/2024/03/mares.pdf", fileTitle: "Tábua" },
          { type: "file", src: "__GHOST_URL__/content/files/2024/03/mares.pdf", fileTitle: "De novo" },
          paragraph("Fim."),
        ),
      },
      { title: "Sem arquivos", lexical: lexical(paragraph("Só texto.")) },
    ]);
    expect(source.notes).toEqual([
      {
        file: "ghost.json · posts[0]",
        code: "files-missing",
        values: { title: "Maré", files: "/content/media/2024/03/mare.mp4, /content/files/2024/03/mares.pdf" },
      },
    ]);
    expect(noteText("en", source.notes[0] as NonNullable<(typeof source.notes)[0]>)).toContain(
      "“Maré” links to videos, sounds or files the Ghost export does not carry: /content/media/2024/03/mare.mp4,",
    );
  });

  it("renders gallery, callout, toggle, button, call to action, media, file, product, header and signup", () => {
    const post = only(
      ghost(
        [
          {
            lexical: lexical(
              paragraph("Antes."),
              {
                type: "gallery",
                caption: "Galeria da praia",
                images: [
                  { src: "__GHOST_URL__/content/images/2024/03/g1.jpg", alt: "Jangada", caption: "Na areia" },
                  { src: "__GHOST_URL__/content/images/2024/03/g2.jpg", caption: "Coqueiro" },
                ],
              },
              { type: "callout", calloutEmoji: "🦈", calloutText: "<p>Atenção aos <b>tubarões</b></p>" },
              { type: "toggle", heading: "<span>Posso levar cachorro?</span>", content: "<p>Sim, na coleira.</p>" },
              { type: "button", buttonText: "Assine", buttonUrl: "https://example.com/assine" },
              {
                type: "call-to-action",
                textValue: "<p>Gostou? Apoie o blog.</p>",
                showButton: true,
                buttonText: "Apoiar",
                buttonUrl: "https://apoia.se/mare",
                hasSponsorLabel: true,
                sponsorLabel: "<p>PATROCINADO</p>",
              },
              { type: "video", src: "__GHOST_URL__/content/media/2024/03/mare.mp4", caption: "Maré subindo" },
              { type: "audio", src: "__GHOST_URL__/content/media/2024/03/frevo.mp3", title: "Frevo de rua" },
              {
                type: "file",
                src: "__GHOST_URL__/content/files/2024/03/mares.pdf",
                fileTitle: "Tábua de marés",
                fileCaption: "PDF da Marinha",
                fileName: "mares.pdf",
              },
              {
                type: "product",
                productTitle: "Bolo de rolo",
                productDescription: "<p>Feito em Recife.</p>",
                productButtonEnabled: true,
                productButton: "Comprar",
                productUrl: "https://loja.example/bolo",
              },
              {
                type: "header",
                heading: "Boas-vindas",
                subheading: "Um blog do Recife",
                buttonText: "Ler",
                buttonUrl: "https://example.com/ler",
              },
              { type: "signup", heading: "Assine a newsletter", subheading: "Uma carta por mês" },
              { type: "email-cta", html: "<p>Só para quem lê o e-mail</p>" },
              paragraph("Depois."),
            ),
          },
        ],
        {},
        ["content/images/2024/03/g1.jpg"],
      ),
    );
    const content = post.content;
    expect(content).toContain("![Jangada](/content/images/2024/03/g1.jpg)\n\nNa areia");
    expect(content).toContain("![Coqueiro](/content/images/2024/03/g2.jpg)");
    expect(content).toContain("Galeria da praia");
    expect(post.images).toEqual([
      { original: "/content/images/2024/03/g1.jpg", file: "content/images/2024/03/g1.jpg" },
      { original: "/content/images/2024/03/g2.jpg" },
    ]);
    expect(content).toContain("> 🦈 Atenção aos **tubarões**");
    expect(content).toContain("#### Posso levar cachorro?\n\nSim, na coleira.");
    expect(content).toContain("[Assine](https://example.com/assine)");
    expect(content).toContain("PATROCINADO\n\nGostou? Apoie o blog.\n\n[Apoiar](https://apoia.se/mare)");
    expect(content).toContain("[Maré subindo](/content/media/2024/03/mare.mp4)");
    expect(content).toContain("[Frevo de rua](/content/media/2024/03/frevo.mp3)");
    expect(content).toContain("[Tábua de marés](/content/files/2024/03/mares.pdf) — PDF da Marinha");
    expect(content).toContain("**Bolo de rolo**\n\nFeito em Recife.\n\n[Comprar](https://loja.example/bolo)");
    expect(content).toContain("## Boas-vindas\n\nUm blog do Recife\n\n[Ler](https://example.com/ler)");
    expect(content).toContain("## Assine a newsletter\n\nUma carta por mês");
    expect(content).toMatch(/^Antes\.[\s\S]*Depois\.$/);
    // A card the site has no place for is listed, not silently dropped.
    expect(content).not.toContain("Só para quem lê");
    expect(post.removed).toEqual(["card email-cta"]);
  });

  it("lists an unknown card of a mobiledoc document, and renders its gallery and callout", () => {
    const post = only(
      ghost([
        {
          mobiledoc: JSON.stringify({
            version: "0.3.1",
            atoms: [],
            markups: [],
            cards: [
              [
                "gallery",
                { images: [{ src: "__GHOST_URL__/content/images/m.jpg", caption: "Maracatu" }], caption: "Nação" },
              ],
              ["callout", { calloutEmoji: "💡", calloutText: "Leve <strong>protetor</strong>." }],
              ["mystery", { anything: 1 }],
            ],
            sections: [
              [10, 0],
              [10, 1],
              [10, 2],
            ],
          }),
        },
      ]),
    );
    expect(post.content).toBe("![Maracatu](/content/images/m.jpg)\n\nMaracatu\n\nNação\n\n> 💡 Leve **protetor**.");
    expect(post.images).toEqual([{ original: "/content/images/m.jpg" }]);
    expect(post.removed).toEqual(["card mystery"]);
  });
});

describe("a post's cover", () => {
  it("comes with its description and caption (posts_meta's, as plain text), and without them when the post has none", () => {
    const source = ghost(
      [
        { title: "Capa descrita", feature_image: "__GHOST_URL__/content/images/2024/03/mar.jpg" },
        { title: "Capa sem palavras", feature_image: "__GHOST_URL__/content/images/2024/03/rio.jpg" },
      ],
      {
        posts_meta: [
          {
            post_id: "p0",
            feature_image_alt: " O mar  de Boa Viagem ",
            feature_image_caption: 'Foto de <a href="https://unsplash.com/@ana">Ana</a> no <b>Unsplash</b>',
          },
        ],
      },
    );
    const [described, bare] = source.posts;
    expect(described).toMatchObject({
      cover: { original: "/content/images/2024/03/mar.jpg" },
      coverAlt: "O mar de Boa Viagem",
      coverCaption: "Foto de Ana no Unsplash",
    });
    expect(bare?.cover).toBeDefined();
    expect([bare?.coverAlt, bare?.coverCaption]).toEqual([undefined, undefined]);
  });
});

describe("the old blog's tags' pages and feed", () => {
  it("are its public tags' pages, in the post's language, and its feed; never an internal tag's", () => {
    const source = ghost([{ title: "Maré" }], {
      tags: [
        { id: "t1", name: "#en", slug: "hash-en" },
        { id: "t2", name: "EN", slug: "en-tag" },
        { id: "t3", name: "Café", slug: "cafe-ghost" },
      ],
      posts_tags: [
        { post_id: "p0", tag_id: "t1", sort_order: 0 },
        { post_id: "p0", tag_id: "t2", sort_order: 1 },
        { post_id: "p0", tag_id: "t3", sort_order: 2 },
      ],
    });
    expect(source.siteAddresses).toEqual([
      { path: "/rss/", lang: "pt" },
      { path: "/tag/en-tag/", lang: "en", tag: "en" },
      { path: "/tag/cafe-ghost/", lang: "en", tag: "cafe" },
    ]);
  });
});

describe("mobiledoc's atoms", () => {
  it("makes a soft return a line break and any other atom its text", () => {
    const post = only(
      ghost([
        {
          mobiledoc: JSON.stringify({
            version: "0.3.1",
            atoms: [
              ["soft-return", "", {}],
              ["mention", "@ana", { id: 1 }],
            ],
            cards: [],
            markups: [],
            sections: [
              [
                1,
                "p",
                [
                  [0, [], 0, "Primeira linha"],
                  [1, [], 0, 0],
                  [0, [], 0, "segunda, por "],
                  [1, [], 0, 1],
                ],
              ],
            ],
          }),
        },
      ]),
    );
    expect(post.content).toBe("Primeira linha  \nsegunda, por @ana");
  });
});

describe("Ghost's rendered cards", () => {
  it("become plain links, quotes and headings, without players, icons or thumbnails", async () => {
    const html = await readFile(path.join(IMPORT_FIXTURES, "ghost-fidelity/rendered-cards.html"), "utf8");
    const post = only(ghost([{ html }]));
    expect(post.content).toBe(
      [
        "> 🦈 Atenção aos **tubarões**",
        "[Ghost Docs](https://ghost.org/docs/) — Documentação do Ghost.",
        "#### Posso levar cachorro?",
        "Sim, na coleira.",
        "[Assine a newsletter](/#/portal/signup)",
        "[Maré subindo](/content/media/2024/03/mare.mp4)",
        "[Tábua de marés](/content/files/2024/03/tabua-de-mares.pdf) — PDF da Marinha",
        "[Frevo de rua](/content/media/2024/03/frevo.mp3)",
        "![](/content/images/2024/03/bolo.jpg)",
        "**Bolo de rolo**",
        "Feito em Recife.",
        "[Comprar](https://loja.example/bolo)",
      ].join("\n\n"),
    );
    // The cards' buttons, icons and sliders were the cards' own: nothing the post lost.
    expect(post.removed).toEqual([]);
    expect(post.content).not.toContain("favicon");
    expect(post.content).not.toContain("0:00");
  });
});

describe("HTML made the site's Markdown, for every source", () => {
  it("writes emphasis doubled by the editor once", () => {
    expect(htmlToMarkdown("<p><i><em>manhã</em></i> e <b><strong>tubarões</strong></b></p>").markdown).toBe(
      "_manhã_ e **tubarões**",
    );
    expect(htmlToMarkdown("<p><em><strong>ambos</strong></em></p>").markdown).toBe("_**ambos**_");
  });

  it("leaves a link to a YouTube or Vimeo video's page where its frame was, and lists the frame", () => {
    const { markdown, removed } = htmlToMarkdown(
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" title="Frevo"></iframe>' +
        '<iframe src="https://player.vimeo.com/video/76979871?h=1"></iframe><iframe src="https://ads.example/x"></iframe>',
    );
    expect(markdown).toBe(
      "[Frevo](https://www.youtube.com/watch?v=dQw4w9WgXcQ)\n\n[https://vimeo.com/76979871](https://vimeo.com/76979871)",
    );
    expect(removed).toEqual(["iframe", "iframe", "iframe"]);
  });

  it("keeps a <pre> without <code> as a fenced block with its lines, and <pre><code> as before", () => {
    expect(htmlToMarkdown("<pre>SELECT *\n  FROM posts<br>WHERE a &lt; 2;</pre>").markdown).toBe(
      "```\nSELECT *\n  FROM posts\nWHERE a < 2;\n```",
    );
    expect(htmlToMarkdown("<pre>um ``` dentro</pre>").markdown).toBe("````\num ``` dentro\n````");
    expect(htmlToMarkdown('<pre><code class="language-js">let a = 1;\nlet b;</code></pre>').markdown).toBe(
      "```js\nlet a = 1;\nlet b;\n```",
    );
  });
});

describe("a lexical or mobiledoc embed card", () => {
  it("leaves a link to its page, named by its title", () => {
    const post = only(
      ghost([
        {
          lexical: lexical({
            type: "embed",
            url: "https://www.youtube.com/watch?v=abc123XYZ_0",
            html: '<iframe src="https://www.youtube.com/embed/abc123XYZ_0?feature=oembed"></iframe>',
            metadata: { title: "Frevo no Recife" },
            caption: "Vídeo do frevo",
          }),
        },
      ]),
    );
    expect(post.content).toBe("[Frevo no Recife](https://www.youtube.com/watch?v=abc123XYZ_0)\n\nVídeo do frevo");
    expect(post.removed).toEqual(["iframe"]);
  });
});

describe("nothing private becomes public", () => {
  it("imports a post sent by e-mail only as a draft, with a note in both languages", () => {
    const source = ghost(
      [
        { title: "Edição #12", status: "sent", html: "<p>Só na caixa.</p>" },
        { id: "m", title: "Só no e-mail", status: "published", html: "<p>Também.</p>" },
      ],
      { posts_meta: [{ post_id: "m", email_only: 1 }] },
    );
    expect(source.posts.map((post) => [post.title, post.draft, post.publishedAt])).toEqual([
      ["Edição #12", true, null],
      ["Só no e-mail", true, null],
    ]);
    expect(source.notes.map((note) => [note.file, note.code])).toEqual([
      ["ghost.json · posts[0]", "email-only-draft"],
      ["ghost.json · posts[1]", "email-only-draft"],
    ]);
    const note = source.notes[0];
    if (!note) throw new Error("no note");
    expect(noteText("pt", note)).toBe(
      "ghost.json · posts[0]: “Edição #12” foi enviado só por e-mail, nunca publicado no site: importado como rascunho",
    );
    expect(noteText("en", note)).toContain("“Edição #12” was sent by e-mail only, never published on the site");
  });

  it("imports a members' or paid post whole, as a draft, saying it was for members", () => {
    const source = ghost([
      { title: "Bastidores", visibility: "paid", html: "<p>Aberta.</p><!--members-only--><p>Paga.</p>" },
      { title: "Aberto", html: "<p>Todos.</p>" },
    ]);
    const [paid, open] = source.posts;
    expect(paid).toMatchObject({ draft: true, publishedAt: null, content: "Aberta.\n\nPaga." });
    expect(open).toMatchObject({ draft: false });
    expect(source.notes).toEqual([
      { file: "ghost.json · posts[0]", code: "members-draft", values: { title: "Bastidores", visibility: "paid" } },
    ]);
    const note = source.notes[0];
    if (!note) throw new Error("no note");
    expect(noteText("pt", note)).toContain("era só para membros (paid)");
    expect(noteText("en", note)).toContain("was for members only (paid)");
  });

  it("leaves out a card hidden from the web, listed, and Ghost's e-mail merge tags", () => {
    const post = only(
      ghost([
        {
          lexical: lexical(
            paragraph("Texto."),
            {
              type: "html",
              html: '<p>Só no e-mail: <a href="%%{unsubscribe_url}%%">sair</a></p>',
              visibility: { web: { nonMember: false, memberSegment: "" }, email: { memberSegment: "status:free" } },
            },
            {
              type: "html",
              html: '<p>Olá %%{first_name, "leitor"}%%! <a href="%%{unsubscribe_url}%%">Sair</a></p>',
              visibility: { web: { nonMember: true, memberSegment: "status:free" } },
            },
          ),
        },
      ]),
    );
    expect(post.content).toBe("Texto.\n\nOlá ! Sair");
    expect(post.removed).toEqual(["card html (hidden from the web)"]);
  });
});

describe("what the sanitizer drops", () => {
  it("is reported for the HTML of a Markdown card too", () => {
    const post = only(
      ghost([
        {
          mobiledoc: JSON.stringify({
            version: "0.3.1",
            atoms: [],
            markups: [],
            cards: [["markdown", { markdown: "## Roteiro\n\n<details><summary>Mais</summary>Frevo</details>" }]],
            sections: [[10, 0]],
          }),
        },
      ]),
    );
    expect(post.content).toBe("## Roteiro\n\n<details><summary>Mais</summary>Frevo</details>");
    expect(post.removed).toEqual(["html <details><summary>Mais</summary>Frevo</details>"]);
  });
});

describe("a post's tags", () => {
  it("keeps the first ten and notes the ones cut", () => {
    const tags = Array.from({ length: 12 }, (_, i) => ({ id: `t${i}`, name: `Tag ${i + 1}` }));
    const source = ghost([{ html: "<p>Muitas tags.</p>" }], {
      tags: [...tags, { id: "lang", name: "#pt" }],
      posts_tags: [...tags, { id: "lang" }].map((tag, i) => ({ post_id: "p0", tag_id: tag.id, sort_order: i })),
    });
    expect(only(source).tags.map((tag) => tag.name)).toEqual(tags.slice(0, 10).map((tag) => tag.name));
    expect(source.notes).toEqual([
      { file: "ghost.json · posts[0]", code: "tags-cut", values: { max: "10", dropped: "Tag 11, Tag 12" } },
    ]);
  });
});

describe("hostile HTML in a Ghost post", () => {
  it("keeps a media card's address as written when its escapes are malformed, instead of failing the upload", () => {
    const post = only(
      ghost([
        {
          html:
            '<figure class="kg-card kg-video-card"><div class="kg-video-container"><video src="/content/media/a%ZZ.mp4"></video></div></figure>' +
            '<figure class="kg-card kg-audio-card"><audio src="/content/media/b%20c.mp3"></audio></figure>',
        },
      ]),
    );
    expect(post.content).toBe("[a%ZZ.mp4](/content/media/a%ZZ.mp4)\n\n[b c.mp3](/content/media/b%20c.mp3)");
  });

  it("makes nested cards once each: deep nesting converts as fast as flat cards of the same size", () => {
    const toggle = (heading: string, content: string) =>
      `<div class="kg-card kg-toggle-card"><div class="kg-toggle-heading"><h4 class="kg-toggle-heading-text">${heading}</h4><button class="kg-toggle-card-icon"><svg></svg></button></div><div class="kg-toggle-content">${content}</div></div>`;
    let nested = "<p>fundo</p><script>x()</script>";
    for (let i = 0; i < 26; i++) nested = toggle(`H${i}`, nested);
    const flat = Array.from({ length: 26 }, (_, i) => toggle(`H${i}`, "<p>fundo</p>")).join("");

    const started = performance.now();
    const deep = htmlToMarkdown(nested);
    const deepTime = performance.now() - started;
    const flatStarted = performance.now();
    htmlToMarkdown(flat);
    const flatTime = performance.now() - flatStarted;

    // Before, each level doubled the work: 18 levels took seconds, 26 would take minutes.
    expect(deepTime).toBeLessThan(Math.max(2000, flatTime * 20));
    expect(deep.markdown).toBe([...Array.from({ length: 26 }, (_, i) => `#### H${25 - i}`), "fundo"].join("\n\n"));
    // What the innermost card held is listed once; the cards' own buttons and icons are not.
    expect(deep.removed).toEqual(["script"]);
  });

  it("reads a tag name the parser keeps as written (<p<p>), in a card or out of one", () => {
    expect(htmlToMarkdown("<p<p<p>x</p>").markdown).toBe("x");
    expect(
      htmlToMarkdown(
        '<div class="kg-card kg-toggle-card"><h4 class="kg-toggle-heading-text">H</h4><div class="kg-toggle-content"><p<p>y</p></div></div>',
      ).markdown,
    ).toBe("#### H\n\ny");
  });

  it("reads elements nested thousands deep with their text, listing the tags left out, instead of failing", () => {
    const deep = htmlToMarkdown(`${"<div>".repeat(3000)}fundo${"</div>".repeat(3000)}<p>depois</p>`);
    expect(deep.markdown).toBe("fundo\n\ndepois");
    expect(deep.removed).toEqual(["tags nested deeper than 200"]);
    expect(only(ghost([{ html: `${"<em>".repeat(20_000)}x` }])).content).toBe("_x_");
    // Nesting a post can have is read whole, as before.
    expect(htmlToMarkdown(`${"<blockquote>".repeat(150)}q`).removed).toEqual([]);
  });

  it("reads the posts of an export whose other tables are not lists of rows", () => {
    const source = ghost([{ html: "<p>Olá</p>" }], {
      settings: { locale: "en" },
      tags: "x",
      posts_tags: [null, 3, { post_id: "p0", tag_id: "t" }],
      posts_meta: 5,
    });
    expect(only(source).content).toBe("Olá");
    expect(only(source).lang).toBe("pt");
  });

  it("lists a lexical or mobiledoc document it cannot read, instead of importing an empty post silently", () => {
    const levels = 20_000;
    const deep = `${'{"type":"paragraph","children":['.repeat(levels)}{"type":"text","text":"fundo"}${"]}".repeat(levels)}`;
    const [broken, nested, fallback] = ghost([
      { lexical: "{" },
      { lexical: `{"root":{"type":"root","children":[${deep}]}}` },
      { lexical: "{", mobiledoc: JSON.stringify({ sections: [[1, "p", [[0, [], 0, "Olá"]]]] }) },
    ]).posts;
    expect(broken?.removed).toEqual(["lexical (unreadable)"]);
    expect(nested?.removed).toEqual(["lexical (unreadable)"]);
    expect(fallback?.content).toBe("Olá");
    expect(fallback?.removed).toEqual([]);
  });

  it("makes a callout inside a toggle a quote under its heading", () => {
    const { markdown } = htmlToMarkdown(
      '<div class="kg-card kg-toggle-card"><h4 class="kg-toggle-heading-text">Dúvida</h4><div class="kg-toggle-content">' +
        '<div class="kg-card kg-callout-card"><div class="kg-callout-emoji">💡</div><div class="kg-callout-text">Leve <b>água</b></div></div>' +
        "</div></div>",
    );
    expect(markdown).toBe("#### Dúvida\n\n> 💡 Leve **água**");
  });
});

describe("long hostile text in a Ghost post", () => {
  /** How long reading a post with this HTML takes, in milliseconds. */
  const timed = (html: string) => {
    const started = performance.now();
    ghost([{ html }]);
    return performance.now() - started;
  };

  it("drops merge tags and keeps merge links' text in one pass, however many openings have no end", () => {
    const baseline = timed("a ".repeat(100_000));
    // Before, each opening searched to the end of the text: seconds for these.
    expect(timed("<a ".repeat(66_000))).toBeLessThan(Math.max(1500, baseline * 10));
    expect(timed("%%{".repeat(66_000))).toBeLessThan(Math.max(1500, baseline * 10));
    expect(timed('<pre data-markdown="">'.repeat(200) + "a ".repeat(100_000))).toBeLessThan(
      Math.max(1500, baseline * 10),
    );
  });

  it("keeps what merge tags and links around them leave, as before", () => {
    const post = only(
      ghost([
        {
          html:
            '<p>Olá %%{first_name, "leitor"}%%! <a href="%%{unsubscribe_url}%%">Sair</a> ou <A class="x" HREF="https://a.example/">ficar</A>.</p>' +
            '<p>50%%{ não é tag, e 100%} também não; %%{fim}%%</p><p><a href="%%{sem_fim}%%">aberto</p>',
        },
      ]),
    );
    expect(post.content).toBe(
      "Olá ! Sair ou [ficar](https://a.example/).\n\n50%%{ não é tag, e 100%} também não;\n\naberto",
    );
  });

  it("lists the images of the post once each, from Markdown and HTML written in a Markdown card", () => {
    const markdown =
      '![Praia](/content/images/2024/praia.jpg "Praia") e ![](/content/images/2024/praia.jpg)\n\n<img alt="x" src="/content/images/2024/bolo.png">\n\n![fora](https://cdn.example/a.png) ![a](x ![b](/content/images/c.gif)';
    const post = only(
      ghost([{ lexical: JSON.stringify({ root: { type: "root", children: [{ type: "markdown", markdown }] } }) }], {}, [
        "content/images/2024/praia.jpg",
      ]),
    );
    expect(post.images).toEqual([
      { original: "/content/images/2024/praia.jpg", file: "content/images/2024/praia.jpg" },
      { original: "/content/images/2024/bolo.png" },
      { original: "/content/images/c.gif" },
    ]);
  });
});

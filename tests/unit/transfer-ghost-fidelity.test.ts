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

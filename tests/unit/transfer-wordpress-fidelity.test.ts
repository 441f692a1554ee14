/**
 * A WordPress export read as WordPress shows it: the classic editor's
 * paragraphs, shortcodes, preformatted text, synced patterns, and the
 * posts' state, slugs, excerpts, tags and dates.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeEntities } from "../../app/lib/html-entities.ts";
import { freeSlug } from "../../app/lib/slugify.ts";
import { htmlToMarkdown } from "../../app/server/transfer/html-to-markdown.server.ts";
import type { ParsedSource } from "../../app/server/transfer/import-types.server.ts";
import { noteText } from "../../app/server/transfer/messages.server.ts";
import { plainText, prepareWordPressHtml, wpautop } from "../../app/server/transfer/wordpress-shortcodes.server.ts";
import { solidPng } from "../helpers/images.ts";
import { IMPORT_FIXTURES, readUpload, zipFile } from "../helpers/import-files.ts";

const NOW = new Date("2026-11-29T12:00:00Z");
const FIXTURE = path.join(IMPORT_FIXTURES, "wordpress-fidelity", "blog.xml");

const read = (location: string) => readUpload(location, NOW);

/** A WordPress export of these items, written to a temporary file. */
function wxr(items: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "wxr-fidelity-")), "export.xml");
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><language>pt-BR</language><wp:wxr_version>1.2</wp:wxr_version>
${items}
</channel></rss>
`,
  );
  return file;
}

/** A post's item: its title, and the fields given (`wp:status` and the rest) as they are. */
const item = (title: string, fields: Record<string, string>, extra = "") =>
  `<item><title><![CDATA[${title}]]></title>${Object.entries(fields)
    .map(([key, text]) => `<${key}><![CDATA[${text}]]></${key}>`)
    .join("")}<wp:post_type><![CDATA[post]]></wp:post_type>${extra}</item>\n`;

/** One of a post's custom fields (`wp:postmeta`), as WordPress exports it. */
const meta = (key: string, text: string) =>
  `<wp:postmeta><wp:meta_key><![CDATA[${key}]]></wp:meta_key><wp:meta_value><![CDATA[${text}]]></wp:meta_value></wp:postmeta>`;

const post = (source: ParsedSource, title: string) => {
  const found = source.posts.find((candidate) => candidate.title === title);
  if (!found) throw new Error(`No post "${title}"`);
  return found;
};

describe("the classic editor's paragraphs (wpautop)", () => {
  it("makes paragraphs of blank lines and <br> of single breaks between block elements, never inside <pre>", () => {
    expect(wpautop("um\n<h2>Título</h2>\npara um\n\npara dois\nlinha\n<pre>a\n\nb</pre>\nfim")).toBe(
      "<p>um</p>\n<h2>Título</h2>\n<p>para um</p>\n<p>para dois<br />\nlinha</p>\n<pre>a\n\nb</pre>\n<p>fim</p>\n",
    );
  });

  it("applies to a classic post with block elements, and leaves a block editor's post as it is", async () => {
    const source = await read(FIXTURE);
    expect(post(source, "Praias de Pernambuco").content).toContain(
      "Pernambuco tem praias bonitas.\n\n## As favoritas\n\nPorto de Galinhas fica a **60 km**.\n\nChegue cedo,  \nantes das nove.",
    );
    const blocks = await read(
      wxr(
        item("Blocos", {
          "content:encoded": "<!-- wp:paragraph -->\n<p>uma\nlinha</p>\n<!-- /wp:paragraph -->\n\nsolto\n\ntexto",
          "wp:status": "publish",
          "wp:post_date_gmt": "2023-01-01 12:00:00",
        }),
      ),
    );
    expect(blocks.posts[0]?.content).toBe("uma linha\n\nsolto texto");
  });
});

describe("a post's text of any shape", () => {
  it("is prepared in time proportional to its length, long runs of spaces included", () => {
    const spaces = " ".repeat(200_000);
    for (const html of [`x${spaces}x`, `<h2${spaces}\n>x`, `[aviso a=1]${spaces}`, `a\n${spaces}\n`]) {
      const started = performance.now();
      prepareWordPressHtml(html, () => "marked");
      expect(performance.now() - started).toBeLessThan(1500);
    }
  });
});

describe("shortcodes", () => {
  it("makes captions figures, galleries images, embeds links; removes and lists the others", async () => {
    const source = await read(FIXTURE);
    const praias = post(source, "Praias de Pernambuco");
    const porto = "https://exemplo.com.br/wp-content/uploads/2019/03/porto.jpg";
    const carneiros = "https://exemplo.com.br/wp-content/uploads/2019/03/carneiros.jpg";
    // The caption's image with its caption under it.
    expect(praias.content).toContain(`![Porto](${porto})\n\nAs piscinas naturais`);
    // The gallery's attachments come after the post in the export: their images all the same.
    expect(praias.content).toContain(`![](${porto})\n\n![](${carneiros})`);
    expect(praias.images.map((image) => image.original)).toEqual([porto, porto, carneiros]);
    expect(praias.content).toContain("[https://vimeo.com/123456](https://vimeo.com/123456)");
    expect(praias.content).toContain(
      "[https://www.youtube.com/watch?v=dQw4w9WgXcQ](https://www.youtube.com/watch?v=dQw4w9WgXcQ)",
    );
    // An unknown shortcode's tags go, the text it wrapped stays; each is listed, with the gallery's missing attachment.
    expect(praias.content).toContain("Leve protetor solar.");
    expect(praias.content).not.toMatch(/contact-form|aviso/);
    expect(praias.removed).toEqual(["[contact-form-7]", "[aviso]", "[gallery] 99"]);
    // Text in brackets is text; [[…]] is WordPress's escape; code is left alone.
    expect(praias.content).toContain(
      "\\[Editado em 2020: a estrada foi asfaltada.\\] Use \\[gallery\\] para galerias.",
    );
    expect(praias.content).toContain('Em código: `[foo bar="1"]`.');
  });

  it("takes a gallery's images from the upload, and a gallery without ids shows its post's attachments", async () => {
    const png = await solidPng("#123456", 20, 10);
    const xml = (await readFile(FIXTURE, "utf8")).replace('[gallery ids="40,41,99" columns="2"]', "[gallery]");
    const source = await read(await zipFile({ "export.xml": xml, "wp-content/uploads/2019/03/carneiros.jpg": png }));
    const praias = post(source, "Praias de Pernambuco");
    expect(praias.images.map((image) => image.file)).toEqual([
      undefined,
      undefined,
      "wp-content/uploads/2019/03/carneiros.jpg",
    ]);
    expect(praias.removed).toEqual(["[contact-form-7]", "[aviso]"]);
  });
});

describe("preformatted text", () => {
  it("makes a <pre> without <code> a code block that keeps its line breaks", async () => {
    const markdown = (html: string) => htmlToMarkdown(prepareWordPressHtml(html, () => "").html).markdown;
    expect(markdown('<!-- wp:preformatted --><pre class="x">a<br>b</pre><!-- /wp:preformatted -->')).toBe(
      "```\na\nb\n```",
    );
    expect(markdown("<!-- wp:code --><pre><code>c</code></pre><!-- /wp:code -->")).toBe("```\nc\n```");
    const source = await read(FIXTURE);
    expect(post(source, "Praias de Pernambuco").content).toContain(
      '```\nlinha um\n\n   linha [gallery ids="1"] dois\n```',
    );
    expect(post(source, "Contato e newsletter").content).toContain("```\nTexto pré-formatado\n   com recuo\n```");
  });
});

describe("synced patterns", () => {
  it("are filled in from the export's wp_block, even after the post; one not in the export is listed", async () => {
    const source = await read(FIXTURE);
    const contato = post(source, "Contato e newsletter");
    expect(contato.content).toMatch(/^Fale comigo\.\n\n\*\*Gostou\?\*\* Assine a newsletter\.\n\n```/);
    expect(contato.content).toMatch(/Até mais!$/);
    expect(contato.removed).toEqual(["wp:block 404"]);
    // A pattern is no post.
    expect(source.posts.map((each) => each.title)).toEqual(["Praias de Pernambuco", "Contato e newsletter"]);
  });
});

describe("the featured image", () => {
  /** An attachment's item, with the custom fields and excerpt given. */
  const attachment = (id: string, name: string, fields: string) =>
    `<item><title><![CDATA[${name}]]></title><wp:post_id>${id}</wp:post_id><wp:status><![CDATA[inherit]]></wp:status>` +
    `<wp:post_type><![CDATA[attachment]]></wp:post_type>` +
    `<wp:attachment_url><![CDATA[https://diario.exemplo.com.br/wp-content/uploads/2023/08/${name}.png]]></wp:attachment_url>` +
    `${fields}</item>\n`;
  const published = { "content:encoded": "Texto.", "wp:status": "publish", "wp:post_date_gmt": "2023-08-01 12:00:00" };

  it("comes with its description and caption, as plain text, whether its attachment comes before or after the post", async () => {
    const png = await solidPng("#0f766e", 20, 10);
    const xml = wxr(
      attachment(
        "7",
        "marco-zero",
        `<excerpt:encoded><![CDATA[Foto de <a href="https://exemplo.com/ana">Ana &amp; Bia</a>]]></excerpt:encoded>${meta("_wp_attachment_image_alt", "O Marco Zero  ao meio-dia")}`,
      ) +
        item("Com capa descrita", published, meta("_thumbnail_id", "7")) +
        item("Capa depois", published, meta("_thumbnail_id", "8")) +
        attachment("8", "olinda", meta("_wp_attachment_image_alt", "Ladeiras de Olinda")) +
        item("Capa sem palavras", published, meta("_thumbnail_id", "9")) +
        attachment("9", "recife", ""),
    );
    const source = await read(
      await zipFile({
        "export.xml": await readFile(xml, "utf8"),
        "wp-content/uploads/2023/08/marco-zero.png": png,
        "wp-content/uploads/2023/08/olinda.png": png,
        "wp-content/uploads/2023/08/recife.png": png,
      }),
    );
    expect(post(source, "Com capa descrita")).toMatchObject({
      cover: { file: "wp-content/uploads/2023/08/marco-zero.png" },
      coverAlt: "O Marco Zero ao meio-dia",
      coverCaption: "Foto de Ana & Bia",
    });
    expect(post(source, "Capa depois")).toMatchObject({ coverAlt: "Ladeiras de Olinda" });
    expect(post(source, "Capa depois").coverCaption).toBeUndefined();
    const bare = post(source, "Capa sem palavras");
    expect(bare.cover?.file).toBe("wp-content/uploads/2023/08/recife.png");
    expect([bare.coverAlt, bare.coverCaption]).toEqual([undefined, undefined]);
  });
});

describe("the posts' state, slugs, excerpts, tags and dates", () => {
  it("keeps a password-protected post a draft, and says so in both languages", async () => {
    const source = await read(
      wxr(
        item("Só com senha", {
          "content:encoded": "O endereço da festa.",
          "wp:status": "publish",
          "wp:post_password": "frevo2023",
          "wp:post_date_gmt": "2023-08-01 12:00:00",
        }) +
          item("Aberto", {
            "content:encoded": "Para todos.",
            "wp:status": "publish",
            "wp:post_password": "",
            "wp:post_date_gmt": "2023-08-01 12:00:00",
          }),
      ),
    );
    expect(post(source, "Só com senha")).toMatchObject({ draft: true, publishedAt: null });
    expect(post(source, "Aberto")).toMatchObject({ draft: false });
    const [note] = source.notes;
    expect(note).toMatchObject({ code: "password-draft", line: 4, values: { title: "Só com senha" } });
    expect(noteText("pt", note as NonNullable<typeof note>)).toMatch(/linha 4.*senha.*rascunho/);
    expect(noteText("en", note as NonNullable<typeof note>)).toMatch(/line 4.*password.*draft/);
  });

  it("numbers a slug it made from a title until no other post has it, and says so", async () => {
    const draft = (title: string, name = "") =>
      item(title, {
        "content:encoded": "x",
        "wp:status": "draft",
        "wp:post_name": name,
        "wp:post_date": "2023-05-10 09:00:00",
        "wp:post_date_gmt": "0000-00-00 00:00:00",
      });
    const source = await read(wxr(draft("Olá, mundo!") + draft("Olá, mundo!") + draft("Outro", "ola-mundo")));
    expect(source.posts.map((each) => each.slug)).toEqual(["ola-mundo-2", "ola-mundo-3", "ola-mundo"]);
    expect(source.problems).toEqual([]);
    expect(source.notes.map((note) => [note.code, note.line, note.values?.slug])).toEqual([
      ["slug-made", 4, "ola-mundo-2"],
      ["slug-made", 5, "ola-mundo-3"],
    ]);
    expect(noteText("en", source.notes[0] as NonNullable<(typeof source.notes)[0]>)).toContain("ola-mundo-2");
  });

  it("gives a trashed post the slug it had and the time it was trashed", async () => {
    const trashed = (title: string, name: string, extra: string) =>
      item(
        title,
        {
          "content:encoded": "x",
          "wp:status": "trash",
          "wp:post_name": name,
          "wp:post_date_gmt": "2023-04-01 12:00:00",
        },
        extra,
      );
    const source = await read(
      wxr(
        trashed(
          "Apagado",
          "post-antigo__trashed",
          meta("_wp_trash_meta_status", "publish") +
            meta("_wp_trash_meta_time", "1701435600") +
            meta("_wp_desired_post_slug", "post-antigo"),
        ) + trashed("Sem meta", "outro__trashed", ""),
      ),
    );
    expect(post(source, "Apagado").slug).toBe("post-antigo");
    expect(post(source, "Apagado").trashedAt?.toISOString()).toBe("2023-12-01T13:00:00.000Z");
    expect(post(source, "Sem meta").slug).toBe("outro");
    expect(post(source, "Sem meta").trashedAt).toEqual(NOW);
  });

  it("keeps the excerpt's text alone", async () => {
    const source = await read(FIXTURE);
    expect(post(source, "Praias de Pernambuco").excerpt).toBe("Um guia das praias do Recife & arredores.");
  });

  it("says which tags past the tenth were left out", async () => {
    const tags = Array.from(
      { length: 12 },
      (_, i) => `<category domain="post_tag" nicename="t${i + 1}"><![CDATA[Tag ${i + 1}]]></category>`,
    ).join("");
    const source = await read(
      wxr(
        item(
          "Doze tags",
          { "content:encoded": "x", "wp:status": "publish", "wp:post_date_gmt": "2023-10-01 12:00:00" },
          tags,
        ),
      ),
    );
    expect(source.posts[0]?.tags).toHaveLength(10);
    expect(source.notes).toEqual([
      { file: "export.xml", line: 4, code: "tags-cut", values: { max: "10", dropped: "Tag 11, Tag 12" } },
    ]);
  });

  it("says once what the posts had that has no place here: their categories and approved comments", async () => {
    const comment = (approved: string) =>
      `<wp:comment><wp:comment_id>1</wp:comment_id><wp:comment_content><![CDATA[Ótimo!]]></wp:comment_content><wp:comment_approved><![CDATA[${approved}]]></wp:comment_approved></wp:comment>`;
    const category = (name: string) => `<category domain="category" nicename="x"><![CDATA[${name}]]></category>`;
    const fields = { "content:encoded": "x", "wp:status": "publish", "wp:post_date_gmt": "2023-10-01 12:00:00" };
    const source = await read(
      wxr(
        item("Um", fields, `${category("Notícias &amp; Dicas")}${category("Viagem")}${comment("1")}${comment("1")}`) +
          item("Dois", fields, `${category("Viagem")}${comment("0")}${comment("spam")}${comment("1")}`),
      ),
    );
    expect(source.posts.map((one) => one.tags)).toEqual([[], []]);
    expect(source.notes).toEqual([
      { file: "export.xml", code: "categories-skipped", values: { names: "Notícias & Dicas, Viagem" } },
      { file: "export.xml", code: "comments-skipped", values: { count: "3" } },
    ]);
    expect(noteText("en", source.notes[1] as NonNullable<(typeof source.notes)[1]>)).toBe(
      "export.xml: 3 approved comments stay in WordPress: here, responses come from the fediverse and webmentions.",
    );
  });

  it("never dates a scheduled post's creation after its last change", async () => {
    const source = await read(
      wxr(
        item("Agendado", {
          "content:encoded": "x",
          "wp:status": "future",
          "wp:post_date_gmt": "2030-06-24 12:00:00",
          "wp:post_modified_gmt": "2023-12-01 13:00:00",
        }),
      ),
    );
    const [scheduled] = source.posts;
    expect(scheduled?.publishedAt?.toISOString()).toBe("2030-06-24T12:00:00.000Z");
    expect(scheduled?.createdAt.toISOString()).toBe("2023-12-01T13:00:00.000Z");
    expect(scheduled?.updatedAt.toISOString()).toBe("2023-12-01T13:00:00.000Z");
  });
});

describe("shortcodes of any shape", () => {
  const prepared = (html: string) =>
    prepareWordPressHtml(`<!-- wp:paragraph -->${html}<!-- /wp:paragraph -->`, () => "MARK");

  it("undoes shortcodes nested thousands deep without running out of stack", () => {
    const depth = 5000;
    const names = Array.from({ length: depth }, (_, i) => `s${i}`);
    const html = `${names.map((name) => `[${name}]`).join("")}x${[...names]
      .reverse()
      .map((name) => `[/${name}]`)
      .join("")}`;
    const result = prepared(html);
    expect(result.html).toBe("<!-- wp:paragraph -->x<!-- /wp:paragraph -->");
    expect(result.removed).toHaveLength(depth);
    expect(result.removed[0]).toBe("[s4999]");
  });

  it("keeps WordPress's reading of nesting, escapes and unclosed openings", () => {
    expect(prepared('[aviso tipo="x"]um [b]dois[/b] três[/aviso]').html).toContain(">um dois três<");
    expect(prepared("[[gallery]] e [[aviso]texto[/aviso]]").html).toContain("[gallery] e [aviso]texto[/aviso]");
    expect(prepared("[a] sem fim [b x=1] [/a]").removed).toEqual(["[b]", "[a]"]);
  });

  it("reads shortcode names case-sensitively, as WordPress does: a capitalized word in brackets is text", async () => {
    expect(prepared("[Video] Como fazer pão").html).toContain("[Video] Como fazer pão");
    const gallery = prepared("Veja a [Gallery] abaixo.");
    expect(gallery.html).toContain("Veja a [Gallery] abaixo.");
    expect(gallery.html).not.toContain("MARK");
    const source = await read(
      wxr(
        item("Galeria", {
          "content:encoded": "<!-- wp:paragraph --><p>Veja a [Gallery] abaixo.</p><!-- /wp:paragraph -->",
          "wp:status": "publish",
          "wp:post_id": "5",
          "wp:post_date_gmt": "2023-01-01 12:00:00",
        }) +
          "<item><title>a</title><wp:post_id>10</wp:post_id><wp:post_parent>5</wp:post_parent><wp:post_type>attachment</wp:post_type><wp:attachment_url>https://x.example/wp-content/uploads/a.jpg</wp:attachment_url></item>\n",
      ),
    );
    expect(source.posts[0]?.content).toBe("Veja a \\[Gallery\\] abaixo.");
    expect(source.posts[0]?.images).toEqual([]);
  });

  it("leaves a [caption] or an [embed] without its closing as text, and lists an embed that is no address", () => {
    expect(prepared("Use [caption] para legendas e [embed] para vídeos.")).toEqual({
      html: "<!-- wp:paragraph -->Use [caption] para legendas e [embed] para vídeos.<!-- /wp:paragraph -->",
      removed: [],
    });
    const embed = prepared("[embed]não é endereço[/embed]");
    expect(embed.html).toContain("não é endereço");
    expect(embed.removed).toEqual(["[embed]"]);
  });

  it("reads in time linear in the text what took seconds before: long attributes, many openings without a closing", () => {
    const size = 400_000;
    const time = (run: () => unknown) => {
      const start = performance.now();
      run();
      return performance.now() - start;
    };
    const plain = time(() => prepareWordPressHtml("palavra ".repeat(size / 8), () => "MARK"));
    const bound = Math.max(2000, 50 * plain);
    const inputs = {
      attributes: `[x ${"a".repeat(size / 2)}]`,
      pre: "<pre>".repeat(size / 5),
      comments: "<!-- ".repeat(size / 5),
      openings: "[a] ".repeat(size / 4),
      blocks: "<!-- wp:block {".repeat(size / 15),
    };
    for (const [label, input] of Object.entries(inputs)) {
      expect({ label, fast: time(() => prepareWordPressHtml(input, () => "MARK")) < bound }).toEqual({
        label,
        fast: true,
      });
    }
    for (const input of ["<".repeat(size / 2), "<div ".repeat(size / 10), "<!-- ".repeat(size / 10)]) {
      expect(time(() => plainText(input, decodeEntities))).toBeLessThan(bound);
    }
  });
});

describe("character references", () => {
  it("reads a number that is no character as U+FFFD in a title and an excerpt, never failing the upload", async () => {
    const source = await read(
      wxr(
        item("Título &#9999999; &#xD800;", {
          "content:encoded": "x",
          "excerpt:encoded": "a &#9999999; b",
          "wp:status": "publish",
          "wp:post_date_gmt": "2023-01-01 12:00:00",
        }),
      ),
    );
    expect(source.posts[0]).toMatchObject({ title: "Título \ufffd \ufffd", excerpt: "a \ufffd b" });
  });
});

describe("restored and made slugs", () => {
  const fields = (name: string, status: string) => ({
    "content:encoded": "x",
    "wp:status": status,
    "wp:post_name": name,
    "wp:post_date_gmt": "2023-04-01 12:00:00",
  });

  it("numbers a trashed post's restored slug when the live post took it since, with a note, never refusing the import", async () => {
    const source = await read(
      wxr(
        item("Velho", fields("ola__trashed", "trash"), meta("_wp_desired_post_slug", "ola")) +
          item("Sem meta", fields("ola__trashed-2", "trash")) +
          item("Novo", fields("ola", "publish")),
      ),
    );
    expect(source.posts.map((each) => [each.title, each.slug])).toEqual([
      ["Velho", "ola-2"],
      ["Sem meta", "ola-3"],
      ["Novo", "ola"],
    ]);
    expect(source.problems).toEqual([]);
    expect(source.notes.map((note) => [note.code, note.line, note.values?.slug])).toEqual([
      ["slug-made", 4, "ola-2"],
      ["slug-made", 5, "ola-3"],
    ]);
  });

  it("numbers a slug as the import does everywhere: cut to fit the longest slug, no hyphen before the number", async () => {
    const long = `${"a".repeat(118)}-b`;
    const source = await read(wxr(item("Longo", fields(long, "publish")) + item(long, fields("", "publish"))));
    expect(source.posts.map((each) => each.slug)).toEqual([long, `${"a".repeat(118)}-2`]);
    expect(freeSlug(`${"a".repeat(117)}-bc`, () => false)).toBe(`${"a".repeat(117)}-2`);
    expect(freeSlug(long, (slug) => !slug.endsWith("-10"))).toBe(`${"a".repeat(117)}-10`);
  });
});

describe("what an SEO plugin wrote", () => {
  it("takes Yoast's, Rank Math's or All in One SEO's description and link preview, never their templates", async () => {
    const fields = { "content:encoded": "x", "wp:status": "publish", "wp:post_date_gmt": "2023-01-01 12:00:00" };
    const source = await read(
      wxr(
        item(
          "Yoast",
          fields,
          meta("_yoast_wpseo_metadesc", "Um guia do Recife &amp; de Olinda.") +
            meta("_yoast_wpseo_opengraph-title", "%%title%% %%sep%% %%sitename%%") +
            meta("_yoast_wpseo_opengraph-description", "Para quem chega"),
        ) +
          item("Rank Math", fields, meta("rank_math_description", "Praias") + meta("rank_math_facebook_title", "Mar")) +
          item("All in One", fields, meta("_aioseo_description", "#post_title #separator_sa #site_title")) +
          item("Nenhum", fields),
      ),
    );
    expect(
      source.posts.map(({ title, seoDescription, socialTitle, socialDescription }) => [
        title,
        seoDescription,
        socialTitle,
        socialDescription,
      ]),
    ).toEqual([
      ["Yoast", "Um guia do Recife & de Olinda.", null, "Para quem chega"],
      ["Rank Math", "Praias", "Mar", null],
      ["All in One", null, null, null],
      ["Nenhum", null, null, null],
    ]);
  });
});

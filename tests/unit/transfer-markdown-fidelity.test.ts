/**
 * The Markdown folder read as its engine (Hugo, Jekyll, Astro) published
 * it: translations in a Hugo site's default language, dates without a zone,
 * pages left out, names in zips made on Linux, hidden folders, schedules
 * and expiry, old addresses, Jekyll's rules, shortcodes and Liquid, Astro's
 * language folders and MDX, and images that cannot be stored.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import type { Database } from "../../app/server/db/client.server.ts";
import { readDate } from "../../app/server/transfer/dates.server.ts";
import { planImport } from "../../app/server/transfer/import.server.ts";
import type { ImportedPost, ParsedSource } from "../../app/server/transfer/import-types.server.ts";
import { hugoUrlize } from "../../app/server/transfer/markdown-source.server.ts";
import { convertTemplates, linkNames } from "../../app/server/transfer/markdown-templates.server.ts";
import { noteText } from "../../app/server/transfer/messages.server.ts";
import { shortcodeArguments, shortcodeAttributes } from "../../app/server/transfer/shortcode-attributes.server.ts";
import { openSource } from "../../app/server/transfer/source-files.server.ts";
import { readUpload, zipBytes, zipFile } from "../helpers/import-files.ts";

const NOW = new Date("2026-11-29T12:00:00Z");

const read = (location: string) => readUpload(location, NOW);

const byFile = (source: ParsedSource, file: string): ImportedPost => {
  const post = source.posts.find((candidate) => candidate.origin.file === file);
  if (!post) throw new Error(`No post ${file} among ${source.posts.map((p) => p.origin.file).join(", ")}`);
  return post;
};

/** The paths of the files in an archive, as the import lists them. */
async function pathsIn(file: string): Promise<string[]> {
  const tree = await openSource(file);
  try {
    return tree.files.map((entry) => entry.path);
  } finally {
    tree.close();
  }
}

const HUGO_PT = 'defaultContentLanguage = "pt"\n[languages.pt]\nweight = 1\n[languages.en]\nweight = 2\n';

/** The bytes of a zip whose names are written as given, without the UTF-8 flag, as Linux's `zip -r` writes them. */
async function zipWithoutUtf8Flag(entries: Record<string, string>, names: Record<string, Buffer>): Promise<string> {
  let bytes = await zipBytes(entries);
  for (let i = 0; i + 4 <= bytes.length; i += 1) {
    const signature = bytes.readUInt32LE(i);
    // Local headers keep the flag at +6, the central directory's at +8.
    if (signature === 0x04034b50) bytes.writeUInt16LE(bytes.readUInt16LE(i + 6) & ~0x800, i + 6);
    if (signature === 0x02014b50) bytes.writeUInt16LE(bytes.readUInt16LE(i + 8) & ~0x800, i + 8);
  }
  for (const [placeholder, raw] of Object.entries(names)) {
    expect(raw.length).toBe(Buffer.byteLength(placeholder));
    const latin = bytes.toString("latin1").split(placeholder).join(raw.toString("latin1"));
    bytes = Buffer.from(latin, "latin1");
  }
  const file = path.join(path.dirname(await zipFile({ x: "" })), "linux.zip");
  writeFileSync(file, bytes);
  return file;
}

describe("a bilingual Hugo site's default language", () => {
  it("links a file without a suffix to its suffixed translation, in the default language", async () => {
    const source = await read(
      await zipFile({
        "hugo.toml": HUGO_PT,
        "content/posts/x.md": "---\ntitle: Olá\ndate: 2021-01-01\n---\nTexto",
        "content/posts/x.en.md": "---\ntitle: Hello\ndate: 2021-01-02\n---\nText",
      }),
    );
    expect(source.problems).toEqual([]);
    const ola = byFile(source, "content/posts/x.md");
    const hello = byFile(source, "content/posts/x.en.md");
    expect([ola.lang, hello.lang]).toEqual(["pt", "en"]);
    expect(ola.translationKey).toBeDefined();
    expect(ola.translationKey).toBe(hello.translationKey);
  });

  it("links a file outside the language folders to the same path in another language's folder", async () => {
    const source = await read(
      await zipFile({
        "config.toml": 'defaultContentLanguage = "en"\n[languages.en]\nweight = 1\n[languages.pt]\nweight = 2\n',
        "content/posts/x.md": "---\ntitle: Hello\ndate: 2021-01-01\n---\nText",
        "content/pt/posts/x.md": "---\ntitle: Olá\ndate: 2021-01-02\n---\nTexto",
      }),
    );
    const hello = byFile(source, "content/posts/x.md");
    const ola = byFile(source, "content/pt/posts/x.md");
    expect([hello.lang, ola.lang]).toEqual(["en", "pt"]);
    expect(hello.translationKey).toBe(ola.translationKey);
  });
  it("links them too when the configuration names no languages", async () => {
    const source = await read(
      await zipFile({
        "hugo.toml": 'defaultContentLanguage = "pt"\n',
        "content/posts/x.md": "---\ntitle: Olá\ndate: 2021-01-01\n---\nTexto",
        "content/posts/x.en.md": "---\ntitle: Hello\ndate: 2021-01-02\n---\nText",
      }),
    );
    expect(source.problems).toEqual([]);
    expect(byFile(source, "content/posts/x.md").translationKey).toBe(
      byFile(source, "content/posts/x.en.md").translationKey,
    );
  });
});

describe("a cover's description and caption", () => {
  it("are read beside the image (Hugo's themes, Jekyll's SEO tag, Astro) or in keys of their own", async () => {
    const source = await read(
      await zipFile({
        "_posts/2021-04-01-jekyll.md":
          '---\ntitle: Jekyll\nimage:\n  path: /assets/ponte.png\n  alt: "A ponte  giratória"\n---\nx',
        "_posts/2021-04-02-solta.md":
          "---\ntitle: Solta\nimage: /assets/rio.png\nimage_alt: O rio\nimage_caption: Foto de Bia\n---\nx",
        "_posts/2021-04-03-astro.md": "---\ntitle: Astro\nheroImage: /assets/mar.png\nheroImageAlt: O mar\n---\nx",
        "_posts/2021-04-04-nua.md": "---\ntitle: Nua\nimage: /assets/nua.png\nalt: texto da página\n---\nx",
        "_posts/2021-04-05-sem-capa.md": "---\ntitle: Sem capa\ncover_alt: sobra\n---\nx",
      }),
    );
    expect(byFile(source, "_posts/2021-04-01-jekyll.md")).toMatchObject({ coverAlt: "A ponte giratória" });
    expect(byFile(source, "_posts/2021-04-02-solta.md")).toMatchObject({
      coverAlt: "O rio",
      coverCaption: "Foto de Bia",
    });
    expect(byFile(source, "_posts/2021-04-03-astro.md")).toMatchObject({ coverAlt: "O mar" });
    // A page-wide `alt` or `caption` says nothing of the cover; words without a cover are nobody's.
    expect(byFile(source, "_posts/2021-04-04-nua.md").coverAlt).toBeUndefined();
    expect(byFile(source, "_posts/2021-04-05-sem-capa.md").coverAlt).toBeUndefined();
  });
});

describe("the old site's tags' pages and feeds", () => {
  it("are Hugo's terms as it writes them, its feeds by language and section, and Jekyll's feed", async () => {
    expect(hugoUrlize(" Programação Funcional ")).toBe("programação-funcional");
    expect(hugoUrlize("C++ & Rust")).toBe("c++-rust");
    const hugo = await read(
      await zipFile({
        "hugo.toml": `${HUGO_PT}`,
        "content/posts/ola.md": '---\ntitle: Olá\ntags: ["Programação Funcional"]\n---\nx',
        "content/posts/hello.en.md": '---\ntitle: Hello\ntags: ["Functional Programming"]\n---\nx',
        "content/solta/index.md": "---\ntitle: Solta\n---\nx",
      }),
    );
    expect(hugo.siteAddresses).toEqual(
      expect.arrayContaining([
        { path: "/index.xml", lang: "pt" },
        { path: "/posts/index.xml", lang: "pt" },
        { path: "/tags/programação-funcional/", lang: "pt", tag: "programacao-funcional" },
        { path: "/en/index.xml", lang: "en" },
        { path: "/en/tags/functional-programming/", lang: "en", tag: "functional-programming" },
      ]),
    );
    // A bundle at the top of content/ is in no section: it has no feed of its own.
    expect(hugo.siteAddresses?.map((address) => address.path)).not.toContain("/solta/index.xml");
    const jekyll = await read(
      await zipFile({ "_config.yml": "lang: en\n", "_posts/2021-04-01-hello.md": "---\ntitle: Hello\n---\nx" }),
    );
    expect(jekyll.siteAddresses).toEqual([{ path: "/feed.xml", lang: "en" }]);
  });
});

describe("TOML dates without a zone", () => {
  it("are the site's: a local date-time at its hour, a local date at midnight", async () => {
    const source = await read(
      await zipFile({
        "content/posts/hora.md": '+++\ntitle = "Hora"\ndate = 2021-04-01T10:00:00\n+++\nx',
        "content/posts/dia.md": '+++\ntitle = "Dia"\ndate = 2021-04-01\nlastmod = 2021-04-02T08:30:00Z\n+++\nx',
      }),
    );
    expect(byFile(source, "content/posts/hora.md").publishedAt?.toISOString()).toBe("2021-04-01T13:00:00.000Z");
    const dia = byFile(source, "content/posts/dia.md");
    expect(dia.publishedAt?.toISOString()).toBe("2021-04-01T03:00:00.000Z");
    // A time with its zone keeps it.
    expect(dia.updatedAt.toISOString()).toBe("2021-04-02T08:30:00.000Z");
  });

  it("reads smol-toml's dates the same way readDate reads the text", async () => {
    const { parse } = await import("smol-toml");
    const parsed = parse("a = 2021-04-01T10:00:00\nb = 2021-04-01T10:00:00+02:00") as Record<string, unknown>;
    expect(readDate(parsed.a)?.toISOString()).toBe("2021-04-01T13:00:00.000Z");
    expect(readDate(parsed.b)?.toISOString()).toBe("2021-04-01T08:00:00.000Z");
  });
});

describe("pages are left out, said so", () => {
  it("leaves out Hugo's pages outside sections and headless bundles, Jekyll's pages and Astro's src/pages", async () => {
    const source = await read(
      await zipFile({
        "hugo/hugo.toml": HUGO_PT,
        "hugo/content/about.md": "---\ntitle: Sobre mim\n---\nx",
        "hugo/content/en/contact.md": "---\ntitle: Contact\n---\nx",
        "hugo/content/galeria/index.md": "---\ntitle: Galeria\nheadless: true\n---\nx",
        "hugo/content/posts/post.md": "---\ntitle: Um post\ndate: 2021-01-01\n---\nx",
        "jekyll/_config.yml": "title: Blog\n",
        "jekyll/about.markdown": "---\nlayout: page\ntitle: About\n---\nx",
        "jekyll/index.markdown": "---\nlayout: home\n---\n",
        "jekyll/_posts/2019-07-01-sem-titulo.md": "---\nlayout: post\n---\nUm post sem título.",
        "astro/src/pages/sobre.md": "---\ntitle: Sobre\n---\nx",
        "astro/src/content/blog/primeiro.md": "---\ntitle: Primeiro\npubDate: 2022-01-01\n---\nx",
      }),
    );
    expect(source.problems).toEqual([]);
    expect(source.posts.map((post) => post.origin.file).sort()).toEqual([
      "astro/src/content/blog/primeiro.md",
      "hugo/content/posts/post.md",
      "jekyll/_posts/2019-07-01-sem-titulo.md",
    ]);
    expect(source.notes.map((note) => [note.code, note.file, note.values?.title]).sort()).toEqual([
      ["page-skipped", "astro/src/pages/sobre.md", "Sobre"],
      ["page-skipped", "hugo/content/about.md", "Sobre mim"],
      ["page-skipped", "hugo/content/en/contact.md", "Contact"],
      ["page-skipped", "hugo/content/galeria/index.md", "Galeria"],
      ["page-skipped", "jekyll/about.markdown", "About"],
      ["page-skipped", "jekyll/index.markdown", "jekyll/index.markdown"],
    ]);
    // Jekyll titles a post without one from its file's name.
    expect(byFile(source, "jekyll/_posts/2019-07-01-sem-titulo.md").title).toBe("Sem Titulo");
  });
  it("keeps a file directly in content/ as a post when the upload is no Hugo site", async () => {
    const source = await read(await zipFile({ "content/nota.md": "---\ntitle: Nota\ndate: 2021-01-01\n---\nx" }));
    expect(source.posts.map((post) => post.title)).toEqual(["Nota"]);
    expect(source.notes).toEqual([]);
  });
});

describe("names in a zip made on Linux", () => {
  it("reads UTF-8 names written without the UTF-8 flag, and code page 437 when they are not UTF-8", async () => {
    const file = await zipWithoutUtf8Flag(
      {
        "content/posts/cafe_com_leite_/index.md": "---\ntitle: Café\ndate: 2021-01-01\n---\nx",
        "content/posts/cafe_com_leite_/xcara__.jpg": "not read",
        "content/posts/caf_.md": "---\ntitle: Dos\ndate: 2021-01-01\n---\nx",
      },
      {
        cafe_com_leite_: Buffer.from("café-com-leite", "utf8"),
        xcara__: Buffer.from("xícara", "utf8"),
        "caf_.md": Buffer.from([0x63, 0x61, 0x66, 0x82, 0x2e, 0x6d, 0x64]),
      },
    );
    expect(await pathsIn(file)).toContain("content/posts/café-com-leite/xícara.jpg");
    const source = await read(file);
    expect(source.problems).toEqual([]);
    expect(byFile(source, "content/posts/café-com-leite/index.md").slug).toBe("cafe-com-leite");
    // 0x82 is not UTF-8 on its own: code page 437's é.
    expect(byFile(source, "content/posts/café.md").title).toBe("Dos");
  });
});

/**
 * A zip of stored files written byte by byte, each name as raw bytes without the UTF-8 flag and, when given, a
 * Unicode Path extra field (0x7075: version 1, the CRC-32 of the raw name, the name in UTF-8) in the central
 * directory, as Windows tools write names outside code page 437.
 */
function zipWithUnicodePaths(entries: { raw: Buffer; unicodePath?: { name: string; crcOf: Buffer }; text: string }[]) {
  /** A record of little-endian fields, each at its offset: [offset, bytes, value]. */
  const record = (size: number, fields: [number, 1 | 2 | 4, number][]) => {
    const bytes = Buffer.alloc(size);
    for (const [at, width, value] of fields) bytes.writeUIntLE(value, at, width);
    return bytes;
  };
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { raw, unicodePath, text } of entries) {
    const data = Buffer.from(text);
    const crc = zlib.crc32(data);
    const sizes: [number, 4, number][] = [
      [0, 4, crc],
      [4, 4, data.length],
      [8, 4, data.length],
    ];
    const local = record(30, [
      [0, 4, 0x04034b50],
      [4, 2, 20],
      ...sizes.map(([at, width, value]): [number, 4, number] => [at + 14, width, value]),
      [26, 2, raw.length],
    ]);
    locals.push(local, raw, data);
    const name = unicodePath ? Buffer.from(unicodePath.name, "utf8") : undefined;
    const extra =
      unicodePath && name
        ? Buffer.concat([
            record(9, [
              [0, 2, 0x7075],
              [2, 2, 5 + name.length],
              [4, 1, 1],
              [5, 4, zlib.crc32(unicodePath.crcOf)],
            ]),
            name,
          ])
        : Buffer.alloc(0);
    const central = record(46, [
      [0, 4, 0x02014b50],
      [4, 2, 20],
      [6, 2, 20],
      ...sizes.map(([at, width, value]): [number, 4, number] => [at + 16, width, value]),
      [28, 2, raw.length],
      [30, 2, extra.length],
      [42, 4, offset],
    ]);
    centrals.push(central, raw, extra);
    offset += local.length + raw.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = record(22, [
    [0, 4, 0x06054b50],
    [8, 2, entries.length],
    [10, 2, entries.length],
    [12, 4, directory.length],
    [16, 4, offset],
  ]);
  return Buffer.concat([...locals, directory, end]);
}

describe("names in a zip made on Windows", () => {
  it("reads a name from its Unicode Path field when that field is of the name written, else the name written", async () => {
    const md = (title: string) => `---\ntitle: ${title}\ndate: 2021-01-01\n---\nx`;
    // The name written, a byte 0x81 between "a" and "b", reads "aüb.md" in code page 437: the field says what the tool could not write.
    const written = Buffer.from([0x61, 0x81, 0x62, 0x2e, 0x6d, 0x64]);
    const renamed = Buffer.from([0x63, 0x81, 0x64, 0x2e, 0x6d, 0x64]);
    const file = path.join(path.dirname(await zipFile({ x: "" })), "windows.zip");
    writeFileSync(
      file,
      zipWithUnicodePaths([
        { raw: written, unicodePath: { name: "ação.md", crcOf: written }, text: md("Ação") },
        // A field left from before the entry was renamed (its CRC is of another name) is not read.
        { raw: renamed, unicodePath: { name: "antigo.md", crcOf: written }, text: md("Renomeado") },
        { raw: Buffer.from("plain.md"), text: md("Plain") },
      ]),
    );
    expect((await pathsIn(file)).sort()).toEqual(["ação.md", "cüd.md", "plain.md"]);
    const source = await read(file);
    expect(source.problems).toEqual([]);
    expect(byFile(source, "ação.md").title).toBe("Ação");
    expect(byFile(source, "cüd.md").title).toBe("Renomeado");
  });
});

describe("a Markdown site's other files", () => {
  it("passes over hidden folders and JSON that is no Ghost export, commented or not", async () => {
    const source = await read(
      await zipFile({
        "site/.vscode/settings.json": '{\n  // the editor\'s settings\n  "editor.tabSize": 2,\n}\n',
        "site/.git/config": "[core]\n",
        "site/.github/workflows/deploy.md": "---\ntitle: Not a post\n---\n",
        "site/data/authors.json": '{ "ana": { "name": "Ana" } }',
        "site/data/broken.json": "{ not json",
        "site/src/content/blog/post.md": "---\ntitle: Post\npubDate: 2022-01-01\n---\nx",
      }),
    );
    expect(source.problems).toEqual([]);
    expect(source.posts.map((post) => post.title)).toEqual(["Post"]);
  });

  it("still names malformed JSON when the upload has nothing else", async () => {
    const source = await read(await zipFile({ "export.json": "{ not json" }));
    expect(source.problems).toEqual([expect.objectContaining({ code: "malformed-json", file: "export.json" })]);
  });
});

describe("Hugo's publishDate and expiryDate", () => {
  it("schedules a post at a future publishDate, and brings an expired one as a draft, said so", async () => {
    const source = await read(
      await zipFile({
        "content/posts/agendado.md":
          "---\ntitle: Agendado\ndate: 2021-01-01T10:00:00Z\npublishDate: 2031-06-01T12:00:00Z\n---\nx",
        "content/posts/antigo.md":
          "---\ntitle: Antigo\ndate: 2021-01-01T10:00:00Z\npublishDate: 2021-02-01T10:00:00Z\n---\nx",
        "content/posts/expirado.md": "---\ntitle: Expirado\ndate: 2021-01-01T10:00:00Z\nexpiryDate: 2021-03-01\n---\nx",
      }),
    );
    expect(byFile(source, "content/posts/agendado.md").publishedAt?.toISOString()).toBe("2031-06-01T12:00:00.000Z");
    // A past publishDate changes nothing that is left to schedule: the post keeps its date.
    expect(byFile(source, "content/posts/antigo.md").publishedAt?.toISOString()).toBe("2021-01-01T10:00:00.000Z");
    const expired = byFile(source, "content/posts/expirado.md");
    expect(expired.draft).toBe(true);
    expect(expired.publishedAt).toBeNull();
    const [note] = source.notes;
    expect(note).toEqual({
      file: "content/posts/expirado.md",
      line: 4,
      code: "expired-draft",
      values: { title: "Expirado" },
    });
    if (!note) return;
    expect(noteText("pt", note)).toContain("rascunho");
    expect(noteText("en", note)).toContain("draft");
  });
});

describe("Hugo's old addresses", () => {
  it("fills :slug from the title, :slugorfilename, :sections and :filename, in the date's own offset", async () => {
    const source = await read(
      await zipFile({
        "hugo.toml":
          '[permalinks]\nposts = "/:year/:month/:slug/"\nnotas = "/:sections/:slugorfilename/"\ndiario = "/d/:filename/"\n',
        "content/posts/sem-slug.md": "---\ntitle: 'Olá, Mundo: café & código'\ndate: 2022-05-01T10:00:00-03:00\n---\nx",
        "content/posts/virada.md":
          "---\ntitle: Virada\nslug: virada\ndate: 2022-03-01T01:00:00+00:00\naliases: [nome-antigo, /absoluto/]\n---\nx",
        "content/posts/rascunho.md": "---\ntitle: Rascunho\ndraft: true\n---\nx",
        "content/posts/sem-data.md": "---\ntitle: Sem data\n---\nx",
        "content/notas/sub/arquivo.md": "---\ntitle: Uma nota\ndate: 2022-01-01\n---\nx",
        "content/diario/Dia-Um.md": "---\ntitle: Dia\ndate: 2022-01-01\n---\nx",
      }),
    );
    expect(byFile(source, "content/posts/sem-slug.md").oldPaths).toEqual(["/2022/05/olá-mundo-café-código/"]);
    // 01:00 in UTC is still February in the site's zone: the address is March's, as written.
    expect(byFile(source, "content/posts/virada.md").oldPaths).toEqual([
      "/2022/03/nome-antigo",
      "/absoluto/",
      "/2022/03/virada/",
    ]);
    // A draft never had an address, nor does an undated post's pattern fill.
    expect(byFile(source, "content/posts/rascunho.md").oldPaths).toEqual([]);
    expect(byFile(source, "content/posts/sem-data.md").oldPaths).toEqual([]);
    expect(byFile(source, "content/notas/sub/arquivo.md").oldPaths).toEqual(["/notas/sub/arquivo/"]);
    expect(byFile(source, "content/diario/Dia-Um.md").oldPaths).toEqual(["/d/dia-um/"]);
  });

  it("reads [permalinks.page] and puts the default language under /pt/ when defaultContentLanguageInSubdir", async () => {
    const source = await read(
      await zipFile({
        "config.toml": `defaultContentLanguage = "pt"\ndefaultContentLanguageInSubdir = true\n[languages.pt]\nweight = 1\n[languages.en]\nweight = 2\n[permalinks]\n[permalinks.page]\nposts = "/artigos/:year/:slugorfilename/"\n[permalinks.section]\nposts = "/artigos/"\n`,
        "content/pt/posts/primeiro.md": "---\ntitle: Primeiro\ndate: 2022-05-10\n---\nx",
        "content/en/posts/primeiro.md": "---\ntitle: First\ndate: 2022-05-11\nslug: first\n---\nx",
      }),
    );
    expect(byFile(source, "content/pt/posts/primeiro.md").oldPaths).toEqual(["/pt/artigos/2022/primeiro/"]);
    expect(byFile(source, "content/en/posts/primeiro.md").oldPaths).toEqual(["/en/artigos/2022/first/"]);
  });

  it("reads a configuration split in a folder: config/_default's hugo, languages and permalinks files", async () => {
    const source = await read(
      await zipFile({
        "site/config/_default/hugo.toml": 'baseURL = "https://notas.example/"\ndefaultContentLanguage = "en"\n',
        "site/config/_default/languages.yaml": "en:\n  weight: 1\npt:\n  weight: 2\n",
        "site/config/_default/permalinks.toml": 'posts = "/:year/:slug/"\n',
        "site/content/posts/first.md": "---\ntitle: First\ndate: 2022-05-10\n---\nx",
        "site/content/posts/first.pt.md": "---\ntitle: Primeiro\ndate: 2022-05-10\n---\nx",
      }),
    );
    const english = byFile(source, "site/content/posts/first.md");
    const portuguese = byFile(source, "site/content/posts/first.pt.md");
    expect([english.lang, portuguese.lang]).toEqual(["en", "pt"]);
    expect(english.translationKey).toBe(portuguese.translationKey);
    expect([english.oldPaths, portuguese.oldPaths]).toEqual([["/2022/first/"], ["/pt/2022/primeiro/"]]);
    expect(source.origins).toEqual(["https://notas.example"]);
  });
});

describe("Jekyll's own rules", () => {
  it("splits tags and categories on spaces, takes categories from folders, slug for :title, last_modified_at", async () => {
    const source = await read(
      await zipFile({
        "_config.yml": "permalink: /:categories/:year/:month/:day/:title:output_ext\n",
        "_posts/2019-05-01-primeiro.md":
          "---\ntitle: Primeiro\ntags: jekyll ruby\ncategories: dev web\nslug: outro-nome\nlast_modified_at: 2019-06-01 09:00:00 -0300\n---\nO começo.\n\n<!--more-->\n\nO resto.",
        "dev/_posts/2019-05-20-pasta.md": "---\ntitle: Pasta\n---\nx",
        "_posts/2019-05-03-separador.md": "---\ntitle: Separador\nexcerpt: Dado.\n---\nAntes\n<!--more-->\nDepois",
      }),
    );
    const first = byFile(source, "_posts/2019-05-01-primeiro.md");
    expect(first.tags.map((tag) => tag.name)).toEqual(["jekyll", "ruby"]);
    expect(first.oldPaths).toEqual(["/dev/web/2019/05/01/outro-nome.html"]);
    expect(first.updatedAt.toISOString()).toBe("2019-06-01T12:00:00.000Z");
    // The summary's separator is no HTML removed: the text before it is the summary.
    expect(first.removed).toEqual([]);
    expect(first.excerpt).toBe("O começo.");
    expect(first.content).not.toContain("<!--more-->");
    expect(byFile(source, "dev/_posts/2019-05-20-pasta.md").oldPaths).toEqual(["/dev/2019/05/20/pasta.html"]);
    expect(byFile(source, "_posts/2019-05-03-separador.md").excerpt).toBe("Dado.");
  });

  it("keeps the blank lines of a text when excerpt_separator is one, and removes a written one", async () => {
    const blank = await read(
      await zipFile({
        "_config.yml": 'excerpt_separator: "\\n\\n"\n',
        "_posts/2019-05-01-a.md": "---\ntitle: A\n---\nUm.\n\nDois.",
      }),
    );
    expect(blank.posts[0]?.content).toBe("Um.\n\nDois.");
    const written = await read(
      await zipFile({
        "_config.yml": "excerpt_separator: <!--resumo-->\n",
        "_posts/2019-05-01-a.md": "---\ntitle: A\n---\nUm.\n<!--resumo-->\nDois.",
      }),
    );
    expect(written.posts[0]?.content).toBe("Um.\n\nDois.");
    expect(written.posts[0]?.excerpt).toBe("Um.");
    expect(written.posts[0]?.removed).toEqual([]);
  });
});

describe("shortcodes and Liquid", () => {
  it("become Markdown, or are removed and listed, never inside fenced code", async () => {
    const body = [
      '{{< figure src="foto.jpg" caption="Uma xícara" alt="Xícara" >}}',
      "{{< highlight go >}}",
      "func main() {}",
      "{{< /highlight >}}",
      "{% highlight ruby %}",
      "puts 1",
      "{% endhighlight %}",
      "{% raw %}{{ mantido }}{% endraw %}",
      "{{< youtube dQw4w9WgXcQ >}}",
      "[Início]({{ site.baseurl }}/)",
      '![Foto]({{ "/assets/foto.jpg" | relative_url }})',
      "[O outro]({% post_url 2019-05-01-outro %}) e [nenhum]({% post_url 2001-01-01-nada %})",
      '[Ref]({{< ref "2019-05-01-outro.md" >}})',
      '{{< tweet user="x" id="1" >}}',
      "{{% notice %}}Aviso{{% /notice %}}",
      "{% include nota.html %}",
      "Parágrafo com `{% include em-linha.html %}` em código.",
      "{: .classe}",
      "```liquid",
      "{% include fica.html %} {{< fica >}}",
      "```",
    ].join("\n");
    const source = await read(
      await zipFile({
        "_config.yml": "title: x\n",
        "_posts/2019-05-02-post.md": `---\ntitle: Post\n---\n${body}`,
        "_posts/2019-05-01-outro.md": "---\ntitle: Outro\n---\nx",
        "_posts/foto.jpg": "bytes",
        "assets/foto.jpg": "bytes",
      }),
    );
    const post = byFile(source, "_posts/2019-05-02-post.md");
    expect(post.content).toContain("![Xícara](foto.jpg)\n\n*Uma xícara*");
    expect(post.images).toEqual([
      { original: "foto.jpg", file: "_posts/foto.jpg" },
      { original: "/assets/foto.jpg", file: "assets/foto.jpg" },
    ]);
    expect(post.content).toContain("```go\nfunc main() {}\n```");
    expect(post.content).toContain("```ruby\nputs 1\n```");
    expect(post.content).toContain("{{ mantido }}");
    expect(post.content).toContain(
      "[https://www.youtube.com/watch?v=dQw4w9WgXcQ](https://www.youtube.com/watch?v=dQw4w9WgXcQ)",
    );
    expect(post.content).toContain("[Início](/)");
    expect(post.content).toContain("![Foto](/assets/foto.jpg)");
    expect(post.content).toContain("[O outro](/blog/outro) e [nenhum](2001-01-01-nada)");
    expect(post.content).toContain("[Ref](/blog/outro)");
    expect(post.content).toContain("Aviso");
    expect(post.content).not.toMatch(/\{\{<\s*tweet|\{%\s*include nota|\{:/);
    // Code, fenced or inline, is the post's own text.
    expect(post.content).toContain("`{% include em-linha.html %}`");
    expect(post.content).toContain("```liquid\n{% include fica.html %} {{< fica >}}\n```");
    expect(post.removed).toEqual([
      '{{< tweet user="x" id="1" >}}',
      "{{% notice %}}",
      "{% include nota.html %}",
      "{: .classe}",
    ]);
  });
});

describe("raw text with code and placeholders", () => {
  it("keeps inline code inside raw, and text that looks like a placeholder stays as written", async () => {
    const source = await read(
      await zipFile({
        "_config.yml": "title: x\n",
        "_posts/2019-05-02-post.md":
          '---\ntitle: Post\n---\n{% raw %}`{{ x }}`{% endraw %} `\uE0000\uE000` \u00000\u0000 {% tag %}{{</* figure src="x" */>}}',
      }),
    );
    // Hugo's escaped shortcode is its text.
    expect(source.posts[0]?.content).toBe('`{{ x }}` `\uE0000\uE000` \u00000\u0000 {{< figure src="x" >}}');
  });
});

describe("Astro's language folders and MDX", () => {
  it("takes the language from the folder after the collection's, links the same path, reads .mdx", async () => {
    const source = await read(
      await zipFile({
        "src/content/blog/pt/ola.md": "---\ntitle: Olá\npubDate: 2023-01-10\n---\nTexto",
        "src/content/blog/en/ola.md": "---\ntitle: Hello\npubDate: 2023-01-10\n---\nText",
        "src/content/blog/mdx.mdx":
          "---\ntitle: MDX\npubDate: 2024-06-01\n---\nimport Chart from '../../components/Chart.astro';\nexport const x = 1;\n\nTexto.\n\n<Chart />\n",
      }),
    );
    const ola = byFile(source, "src/content/blog/pt/ola.md");
    const hello = byFile(source, "src/content/blog/en/ola.md");
    expect([ola.lang, hello.lang]).toEqual(["pt", "en"]);
    expect(ola.translationKey).toBe(hello.translationKey);
    const mdx = byFile(source, "src/content/blog/mdx.mdx");
    expect(mdx.content).not.toMatch(/^import|^export/m);
    expect(mdx.removed).toEqual(["html <Chart />"]);
  });
});

describe("images the site does not store", () => {
  it("lists an SVG beside a post as missing, so the dry run does not count it", async () => {
    const source = await read(
      await zipFile({
        "content/posts/p/index.md": "---\ntitle: P\ndate: 2021-01-01\n---\n![e](esquema.svg) ![f](foto.png)",
        "content/posts/p/esquema.svg": "<svg/>",
        "content/posts/p/foto.png": "png",
      }),
    );
    expect(source.posts[0]?.images).toEqual([
      { original: "esquema.svg" },
      { original: "foto.png", file: "content/posts/p/foto.png" },
    ]);
  });
});

describe("the dry run's count of old addresses", () => {
  it("counts only those the import stores: valid, not a page of the site nor the post's own, each once", async () => {
    const source = await read(
      await zipFile({
        "content/posts/x.md":
          "---\ntitle: X\nslug: x\ndate: 2021-01-01\naliases: [/antigo/, /antigo, /about, /blog/x, 'https://velho.blog/outro/']\n---\nx",
        "content/posts/y.md": "---\ntitle: Y\ndate: 2021-01-01\naliases: [/antigo/]\n---\ny",
      }),
    );
    expect(byFile(source, "content/posts/x.md").oldPaths).toHaveLength(6);
    // The dry run reads no posts of the site here: none of its slugs is taken.
    const db = { select: () => ({ from: () => ({ where: async () => [] }) }) } as unknown as Database;
    const plan = await planImport(db, source, "author", NOW);
    // /antigo (once, for both posts), /outro, /posts/x and /posts/y: not /about nor /blog/x; and Hugo's feeds,
    // /index.xml and /posts/index.xml.
    expect(plan.oldAddresses).toBe(6);
  });
});

describe("links to other posts and Astro's addresses", () => {
  it("link to the other post's new address by the slug its front matter gives", async () => {
    const source = await read(
      await zipFile({
        "hugo.toml": HUGO_PT,
        "content/posts/outro.pt.md": "---\ntitle: Outro\nslug: outro-post\ndate: 2021-01-01\n---\nx",
        "content/posts/other.en.md": "---\ntitle: Other\nslug: other-post\ndate: 2021-01-01\n---\nx",
        "content/posts/este.md":
          '---\ntitle: Este\ndate: 2021-01-01\n---\n[a]({{< ref "outro.pt.md" >}}) [b]({{< relref "other.en" >}})',
      }),
    );
    expect(byFile(source, "content/posts/este.md").content).toBe("[a](/blog/outro-post) [b](/en/blog/other-post)");
  });

  it("keep Astro's language folder in the entry's address, unless a slug replaces it", async () => {
    const source = await read(
      await zipFile({
        "src/content/blog/en/ola.md": "---\ntitle: Hello\npubDate: 2023-01-10\n---\nText",
        "src/content/blog/pt/ola.md": "---\ntitle: Olá\npubDate: 2023-01-10\nslug: ola-mundo\n---\nTexto",
      }),
    );
    expect(byFile(source, "src/content/blog/en/ola.md").oldPaths).toEqual(["/blog/en/ola/"]);
    expect(byFile(source, "src/content/blog/pt/ola.md").oldPaths).toEqual(["/blog/ola-mundo/"]);
  });
});

describe("shortcodes and Liquid read in time linear in the text", () => {
  /** The time to convert a text's templates and find the posts it links to. */
  const timed = (body: string) => {
    const start = performance.now();
    convertTemplates(body, { linkTo: () => undefined, separators: ["<!--more-->"] });
    linkNames(body);
    return performance.now() - start;
  };

  it("reads openings with no closing and long arguments about as fast as plain text of the same size", () => {
    const crafted: Record<string, string> = {
      // Each took from seconds to tens of seconds before (quantifiers over the same spaces, or a search to the
      // end of the text for every opening).
      figure: `{{< figure ${" ".repeat(5000)}`,
      "figure over lines": `{{< figure\n${"\n".repeat(5000)}`,
      youtube: `{{< youtube ${" ".repeat(5000)}`,
      ref: `{{< ref ${" ".repeat(5000)}`,
      "ref over lines": `{{% ref\n${"\n".repeat(5000)}`,
      "Hugo highlight": `{{< highlight ${"a".repeat(200000)}`,
      "Jekyll highlight": `{% highlight ${"a".repeat(200000)}`,
      "kramdown attributes": "{:".repeat(150000),
      "shortcodes never closed": "{{% ".repeat(200000),
      "Liquid never closed": "{% ".repeat(200000),
      "escaped shortcodes never closed": "{{</* ".repeat(100000),
      "raw never closed": "{% raw %}".repeat(50000),
    };
    for (const [label, body] of Object.entries(crafted)) {
      const plain = timed("a ".repeat(Math.ceil(body.length / 2)));
      const ms = timed(body);
      expect({ label, slow: ms > Math.max(5 * plain, 2000) }).toEqual({ label, slow: false });
    }
  });
});

describe("code and prose around shortcodes and Liquid", () => {
  /** The one post of a Hugo site whose bundle holds the text (and the files given beside it). */
  const hugoPost = async (body: string, beside: Record<string, string> = {}) => {
    const entries: Record<string, string> = { "hugo.toml": 'title = "x"\n' };
    entries["content/posts/p/index.md"] = `---\ntitle: P\ndate: 2021-01-01\n---\n${body}`;
    for (const [name, content] of Object.entries(beside)) entries[`content/posts/p/${name}`] = content;
    return byFile(await read(await zipFile(entries)), "content/posts/p/index.md");
  };

  it("keeps code indented four spaces as written, but not a list item's indented paragraph", async () => {
    const code = 'Exemplo:\n\n    {% include nav.html %}\n    {{< figure src="a.png" >}}\n\nFim {% include x.html %}';
    const post = await hugoPost(code);
    expect(post.content).toBe('Exemplo:\n\n    {% include nav.html %}\n    {{< figure src="a.png" >}}\n\nFim ');
    expect(post.removed).toEqual(["{% include x.html %}"]);
    const list = await hugoPost('1. Passo\n\n    {{< figure src="a.png" >}}');
    expect(list.content).toBe("1. Passo\n\n    ![](a.png)");
  });

  it("ends the summary at a <!--more--> outside code only", async () => {
    const inCode = await hugoPost("Intro\n\n```\nUse <!--more--> to split\n```\n");
    expect(inCode.content).toBe("Intro\n\n```\nUse <!--more--> to split\n```\n");
    expect(inCode.excerpt).toBeNull();
    const both = await hugoPost("Intro\n\n<!--more-->\n\n```html\n<!--more-->\n```");
    expect(both.excerpt).toBe("Intro");
    expect(both.content).toBe("Intro\n\n\n\n```html\n<!--more-->\n```");
    // The summary is read as plain words: no image, no link's address, no emphasis marks.
    const rich = await hugoPost(
      "Recife tem **ótimos** [cafés](https://cafe.example). ![Mapa](mapa.png)\n\n<!--more-->\n\nResto.",
    );
    expect(rich.excerpt).toBe("Recife tem ótimos cafés.");
  });

  it("leaves as text a tag not closed on its line, and kramdown's braces in prose", async () => {
    const prose = "Taxa de 50{% de desconto.\n\nOutro parágrafo inteiro.\n\nE 20%} no fim. {{% nota\n%}}";
    const post = await hugoPost(prose);
    expect(post.content).toBe(prose);
    expect(post.removed).toEqual([]);
    const kramdown = await hugoPost(
      "Em Ruby, o hash {:a => 1} tem um símbolo.\n\n![x](a.png){: .centro}\n\nParágrafo\n{: .classe}",
    );
    expect(kramdown.content).toBe("Em Ruby, o hash {:a => 1} tem um símbolo.\n\n![x](a.png)\n\nParágrafo\n");
    expect(kramdown.removed).toEqual(["{: .centro}", "{: .classe}"]);
  });

  it("keeps a figure whose caption holds a >, and an image whose name has spaces and parentheses", async () => {
    const post = await hugoPost(
      '{{< figure src="a.png" caption="a > b" >}}\n\n{{< figure src="my image (1).png" alt="Foto" >}}',
      { "a.png": "bytes", "my image (1).png": "bytes" },
    );
    expect(post.content).toBe("![a > b](a.png)\n\n*a > b*\n\n![Foto](my%20image%20%281%29.png)");
    expect(post.images).toEqual([
      { original: "a.png", file: "content/posts/p/a.png" },
      { original: "my%20image%20%281%29.png", file: "content/posts/p/my image (1).png" },
    ]);
  });

  it("shows Hugo's escaped shortcode and Jekyll's raw content inside fences, as the engines do", async () => {
    const hugo = await hugoPost('```go-html-template\n{{</* figure src="a.png" */>}}\n{{< fica >}}\n```');
    expect(hugo.content).toBe('```go-html-template\n{{< figure src="a.png" >}}\n{{< fica >}}\n```');
    const jekyll = byFile(
      await read(
        await zipFile({
          "_config.yml": "title: x\n",
          "_posts/2020-01-01-p.md": "---\ntitle: P\n---\n```liquid\n{% raw %}\n{{ page.title }}\n{% endraw %}\n```",
        }),
      ),
      "_posts/2020-01-01-p.md",
    );
    expect(jekyll.content).toBe("```liquid\n{{ page.title }}\n```");
    expect(jekyll.removed).toEqual([]);
  });
});

describe("a shortcode's arguments", () => {
  it("are read as named values, quoted or not, and values without a name", () => {
    const { named, positional } = shortcodeArguments(
      `go "linenos=table" src = 'a b.png' Width=3 title="x" "y z" ids="1,2"`,
    );
    expect(Object.fromEntries(named)).toEqual({ src: "a b.png", width: "3", title: "x", ids: "1,2" });
    expect(positional).toEqual(["go", "linenos=table", "y z"]);
    expect(Object.fromEntries(shortcodeAttributes('caption="sem fim'))).toEqual({ caption: "sem fim" });
    expect(shortcodeArguments("").positional).toEqual([]);
  });
});

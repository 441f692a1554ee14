import { describe, expect, it } from "vitest";
import { en } from "~/i18n/en.ts";
import { pt } from "~/i18n/pt.ts";
import { parsePostInput } from "~/lib/post-input.ts";
import { slugify } from "~/lib/slugify.ts";

const author = "0b7c9a52-1f2e-4c3d-9a8b-7c6d5e4f3a2b";
const other = "11111111-2222-4333-8444-555555555555";
const cover = (user: string, name = "Ab3dEf6hIj9kLm0n", ext = "webp") => `/uploads/blog-images/${user}/${name}.${ext}`;

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

const valid = { title: "Hello", slug: "hello", content: "Body", excerpt: "", coverImage: "", lang: "pt" };

describe("slugify", () => {
  it.each([
    ["Programação em Node", "programacao-em-node"],
    ["  Hello,   World!  ", "hello-world"],
    ["Ação & Reação: 2026", "acao-reacao-2026"],
    ["Já é São João", "ja-e-sao-joao"],
    ["---", ""],
    ["C'est l'été", "c-est-l-ete"],
    ["a".repeat(200), "a".repeat(120)],
  ])("%j -> %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});

describe("parsePostInput", () => {
  it("accepts a complete post and normalizes it", () => {
    const result = parsePostInput(
      form({
        ...valid,
        title: "  Hello  ",
        content: "a\r\nb",
        excerpt: " short ",
        coverImage: cover(author),
        published: "on",
      }),
      author,
      en.admin.errors,
    );
    expect(result).toEqual({
      ok: true,
      value: {
        title: "Hello",
        slug: "hello",
        content: "a\nb",
        excerpt: "short",
        coverImage: cover(author),
        published: true,
        lang: "pt",
        tags: [],
        translationOf: null,
        scheduledAt: null,
      },
    });
  });

  it("makes a post without the switch a draft, and empty optional fields null", () => {
    const result = parsePostInput(form(valid), author, en.admin.errors);
    expect(result).toMatchObject({ ok: true, value: { published: false, excerpt: null, coverImage: null } });
  });

  it.each([
    ["missing title", { title: "   " }, "title", en.admin.errors.titleRequired],
    ["long title", { title: "x".repeat(201) }, "title", "The title can have at most 200 characters."],
    ["missing slug", { slug: "" }, "slug", en.admin.errors.slugRequired],
    ["upper-case slug", { slug: "Hello" }, "slug", en.admin.errors.slugInvalid],
    ["slug with spaces", { slug: "hello world" }, "slug", en.admin.errors.slugInvalid],
    ["slug with accents", { slug: "ação" }, "slug", en.admin.errors.slugInvalid],
    ["slug with a leading hyphen", { slug: "-hello" }, "slug", en.admin.errors.slugInvalid],
    ["slug with double hyphens", { slug: "a--b" }, "slug", en.admin.errors.slugInvalid],
    ["slug with a path", { slug: "../admin" }, "slug", en.admin.errors.slugInvalid],
    ["long slug", { slug: "a".repeat(121) }, "slug", "The slug can have at most 120 characters."],
    ["missing content", { content: " \n " }, "content", en.admin.errors.contentRequired],
    ["long content", { content: "x".repeat(200_001) }, "content", "The content can have at most 200,000 characters."],
    ["long excerpt", { excerpt: "x".repeat(501) }, "excerpt", "The excerpt can have at most 500 characters."],
    ["a foreign cover URL", { coverImage: "https://evil.example/x.png" }, "coverImage", en.admin.errors.coverInvalid],
    ["a javascript: cover", { coverImage: "javascript:alert(1)" }, "coverImage", en.admin.errors.coverInvalid],
    ["another author's cover", { coverImage: cover(other) }, "coverImage", en.admin.errors.coverInvalid],
    ["a cover with a path trick", { coverImage: `${cover(author)}/../x` }, "coverImage", en.admin.errors.coverInvalid],
    ["no language", { lang: "" }, "lang", en.admin.errors.langRequired],
    ["an unknown language", { lang: "fr" }, "lang", en.admin.errors.langRequired],
    ["eleven tags", { tags: "a,b,c,d,e,f,g,h,i,j,k" }, "tags", "Use at most 10 tags."],
    [
      "a tag of 41 characters",
      { tags: `ok, ${"t".repeat(41)}` },
      "tags",
      `The tag "${"t".repeat(41)}" is longer than 40 characters.`,
    ],
    ["a tag without letters", { tags: "node, !!!" }, "tags", 'The tag "!!!" needs at least one letter or digit.'],
    [
      "a translation that is not an id",
      { translationOf: "'; drop table blogs" },
      "translationOf",
      en.admin.errors.translationNotFound,
    ],
    ["a schedule that is not a time", { scheduledAt: "amanhã às 9" }, "scheduledAt", en.admin.errors.scheduleInvalid],
    [
      "a schedule without its offset",
      { scheduledAt: "2030-01-01T09:00" },
      "scheduledAt",
      en.admin.errors.scheduleInvalid,
    ],
    [
      "a schedule in the past",
      { scheduledAt: "2001-01-01T09:00:00.000Z" },
      "scheduledAt",
      en.admin.errors.scheduleInPast,
    ],
    [
      "an svg cover",
      { coverImage: cover(author, "Ab3dEf6hIj9kLm0n", "svg") },
      "coverImage",
      en.admin.errors.coverInvalid,
    ],
  ])("refuses %s", (_name, change, field, message) => {
    const result = parsePostInput(form({ ...valid, ...change }), author, en.admin.errors);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual({ [field]: message });
  });

  it("accepts the limits exactly", () => {
    const result = parsePostInput(
      form({ ...valid, title: "t".repeat(200), excerpt: "e".repeat(500), content: "c".repeat(200_000) }),
      author,
      en.admin.errors,
    );
    expect(result.ok).toBe(true);
  });

  it("reports every bad field at once, in the reader's language", () => {
    const result = parsePostInput(form({ title: "", slug: "", content: "", lang: "pt" }), author, pt.admin.errors);
    expect(result).toEqual({
      ok: false,
      errors: { title: "Informe o título.", slug: "Informe o slug.", content: "Escreva o conteúdo." },
    });
  });

  it("makes typed tags slugs, keeps their order and drops repeats", () => {
    const data = form({ ...valid, lang: "en" });
    data.append("tags", " Node JS , Programação");
    data.append("tags", "node-js");
    data.append("tags", "");
    data.append("tags", "Docker");
    const result = parsePostInput(data, author, en.admin.errors);
    expect(result).toMatchObject({ ok: true, value: { lang: "en", tags: ["node-js", "programacao", "docker"] } });
  });

  it("reads a schedule ahead of the request as a UTC time", () => {
    const now = new Date("2030-01-01T12:00:00.000Z");
    const data = form({ ...valid, scheduledAt: "2030-01-01T09:30:00.000-03:00" });
    expect(parsePostInput(data, author, en.admin.errors, now)).toMatchObject({
      ok: true,
      value: { scheduledAt: new Date("2030-01-01T12:30:00.000Z") },
    });
    // Less than 30 seconds ahead would be in the past by the time it is stored.
    const tooSoon = form({ ...valid, scheduledAt: "2030-01-01T12:00:10.000Z" });
    expect(parsePostInput(tooSoon, author, en.admin.errors, now)).toMatchObject({
      ok: false,
      errors: { scheduledAt: en.admin.errors.scheduleInPast },
    });
  });

  it("accepts ten tags of 40 characters and a translation id", () => {
    const tags = Array.from({ length: 10 }, (_, index) => `${index}`.padEnd(40, "x")).join(",");
    const translationOf = "11111111-2222-4333-8444-555555555555";
    const result = parsePostInput(form({ ...valid, tags, translationOf }), author, en.admin.errors);
    expect(result).toMatchObject({ ok: true, value: { translationOf } });
    if (result.ok) expect(result.value.tags).toHaveLength(10);
  });

  describe("the cover's words", () => {
    it("keeps a description and a caption on one line, within their limits, with a cover", () => {
      const result = parsePostInput(
        form({
          ...valid,
          coverImage: cover(author),
          coverAlt: " Ponte  Maurício de Nassau\nao entardecer ",
          coverCaption: "Foto:\tAna Lima",
        }),
        author,
        pt.admin.errors,
      );
      expect(result).toMatchObject({
        ok: true,
        value: { coverAlt: "Ponte Maurício de Nassau ao entardecer", coverCaption: "Foto: Ana Lima" },
      });
    });

    it("leaves them out when the form did not send them (what is stored stays), and empties them as null", () => {
      const absent = parsePostInput(form({ ...valid, coverImage: cover(author) }), author, pt.admin.errors);
      expect(absent.ok && "coverAlt" in absent.value).toBe(false);
      const emptied = parsePostInput(
        form({ ...valid, coverImage: cover(author), coverAlt: "  ", coverCaption: "" }),
        author,
        pt.admin.errors,
      );
      expect(emptied).toMatchObject({ ok: true, value: { coverAlt: null, coverCaption: null } });
    });

    it("drops them with the cover", () => {
      const result = parsePostInput(
        form({ ...valid, coverAlt: "Recife", coverCaption: "Foto" }),
        author,
        en.admin.errors,
      );
      expect(result).toMatchObject({ ok: true, value: { coverImage: null, coverAlt: null, coverCaption: null } });
    });

    it.each([
      [
        "pt",
        pt,
        "A descrição da capa pode ter no máximo 300 caracteres.",
        "A legenda da capa pode ter no máximo 300 caracteres.",
      ],
      [
        "en",
        en,
        "The cover description can be at most 300 characters.",
        "The cover caption can be at most 300 characters.",
      ],
    ] as const)("refuses words too long, in %s", (_lang, dictionary, altMessage, captionMessage) => {
      const result = parsePostInput(
        form({ ...valid, coverImage: cover(author), coverAlt: "a".repeat(301), coverCaption: "b".repeat(301) }),
        author,
        dictionary.admin.errors,
      );
      expect(result).toEqual({ ok: false, errors: { coverAlt: altMessage, coverCaption: captionMessage } });
      const longest = parsePostInput(
        form({ ...valid, coverImage: cover(author), coverAlt: "a".repeat(300), coverCaption: "b".repeat(300) }),
        author,
        dictionary.admin.errors,
      );
      expect(longest.ok).toBe(true);
    });
  });
});

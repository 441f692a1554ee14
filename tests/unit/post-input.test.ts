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

const valid = { title: "Hello", slug: "hello", content: "Body", excerpt: "", coverImage: "" };

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
    const result = parsePostInput(form({ title: "", slug: "", content: "" }), author, pt.admin.errors);
    expect(result).toEqual({
      ok: false,
      errors: { title: "Informe o título.", slug: "Informe o slug.", content: "Escreva o conteúdo." },
    });
  });
});

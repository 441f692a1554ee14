import { describe, expect, it } from "vitest";
import { parseSearchQuery, plainQuery, SEARCH_QUERY_MAX_LENGTH, snippetHtml } from "~/lib/search-query.ts";

describe("parseSearchQuery", () => {
  it.each([null, undefined, "", "   ", "\t\n", "\u0000", "\u0000\u0001\u007f", "\u200b\u200d\ufeff", "\uE000\uE001"])(
    "%j is empty",
    (raw) => {
      expect(parseSearchQuery(raw)).toEqual({ status: "empty", text: "" });
    },
  );

  it.each([
    ["programação", "programação", ["programação"]],
    ["  Programação   web  ", "Programação web", ["Programação", "web"]],
    ["deploy Deploy DEPLOY", "deploy Deploy DEPLOY", ["deploy"]],
    ["a\u0000b", "a b", ["a", "b"]],
    ["line\nbreak\ttab", "line break tab", ["line", "break", "tab"]],
    ["zero\u200bwidth", "zerowidth", ["zerowidth"]],
    ["\uE000mark\uE001", "mark", ["mark"]],
    ["ｆｕｌｌ ｗｉｄｔｈ", "full width", ["full", "width"]],
    ["node.js c++", "node.js c++", ["node.js", "c++"]],
    ['"quoted phrase"', '"quoted phrase"', ['"quoted', 'phrase"']],
    ["a & b | !c", "a & b | !c", ["a", "b", "!c"]],
    ["foo:* (bar)", "foo:* (bar)", ["foo:*", "(bar)"]],
    ["🙂", "🙂", []],
    ["🙂 café", "🙂 café", ["café"]],
    ["&|!():*", "&|!():*", []],
    ["\uD800alone", "alone", ["alone"]],
    ["alone\uDC00", "alone", ["alone"]],
    ["half\uD83D pair", "half pair", ["half", "pair"]],
    ["%E0%A4%A", "%E0%A4%A", ["%E0%A4%A"]],
  ])("%j reads as %j with terms %j", (raw, text, terms) => {
    expect(parseSearchQuery(raw)).toEqual({ status: "ok", text, terms });
  });

  it("keeps a pair of surrogates (an emoji) whole", () => {
    expect(parseSearchQuery("\uD83D\uDE42 ok")).toEqual({ status: "ok", text: "\uD83D\uDE42 ok", terms: ["ok"] });
  });

  it(`accepts ${SEARCH_QUERY_MAX_LENGTH} characters and refuses more, counting an emoji as one`, () => {
    expect(parseSearchQuery("a".repeat(SEARCH_QUERY_MAX_LENGTH)).status).toBe("ok");
    expect(parseSearchQuery("🙂".repeat(SEARCH_QUERY_MAX_LENGTH)).status).toBe("ok");
    const long = parseSearchQuery(`${"a".repeat(SEARCH_QUERY_MAX_LENGTH)}b`);
    expect(long).toEqual({ status: "too-long", text: "a".repeat(SEARCH_QUERY_MAX_LENGTH) });
    const huge = parseSearchQuery("🙂".repeat(10_000));
    expect(huge.status).toBe("too-long");
    expect([...huge.text]).toHaveLength(SEARCH_QUERY_MAX_LENGTH);
  });

  it("measures the length after cleaning, so padding does not count", () => {
    expect(parseSearchQuery(` ${" ".repeat(500)}deploy${"\u0000".repeat(500)} `)).toEqual({
      status: "ok",
      text: "deploy",
      terms: ["deploy"],
    });
  });
});

describe("snippetHtml", () => {
  it.each([
    ["plain text", "plain text"],
    ["  two\n\nparagraphs\t and  spaces ", "two paragraphs and spaces"],
    ["\uE000match\uE001 and \uE000another\uE001", "<mark>match</mark> and <mark>another</mark>"],
    ["<script>alert('x')</script>", "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"],
    ['a & b "c"', "a &amp; b &quot;c&quot;"],
    ["\uE000<b>\uE001", "<mark>&lt;b&gt;</mark>"],
    ["<mark>fake</mark>", "&lt;mark&gt;fake&lt;/mark&gt;"],
    ["stray \uE000start", "stray start"],
    ["stray end\uE001", "stray end"],
    ["\uE000\uE000nested\uE001\uE001", "<mark>nested</mark>"],
    ["\uE001reversed\uE000", "reversed"],
  ])("%j -> %j", (marked, html) => {
    expect(snippetHtml(marked)).toBe(html);
  });
});

describe("plainQuery", () => {
  it("turns what PostgreSQL refuses in a string into spaces, and keeps the rest as typed", () => {
    expect(plainQuery("  um\u0000rascunho\t\n ", 200)).toBe("um rascunho");
    expect(plainQuery("a\uD800b", 200)).toBe("a b");
    expect(plainQuery("Programação 100%", 200)).toBe("Programação 100%");
    expect(plainQuery(null, 200)).toBe("");
  });

  it("cuts at the limit in characters, never inside one", () => {
    expect(plainQuery("😀😀😀", 2)).toBe("😀😀");
    expect(plainQuery("ab cd", 3)).toBe("ab");
  });
});

import { describe, expect, it } from "vitest";
import { staticArticles } from "~/content/articles.ts";
import { action as preview } from "~/routes/admin-blog-preview.ts";
import { checkMarkdown, renderMarkdown } from "~/server/blog/markdown.server.ts";
import {
  CONTAINERS_PER_LINE,
  containersOf,
  MARKS_PER_BLOCK,
  markdownHazards,
} from "~/server/blog/markdown-guard.server.ts";

/** A paragraph with `count` marks that the parser would try to match, none of which ever closes. */
const crowded = (count: number) => "a* ".repeat(count).trim();

describe("text the parser can take as it is", () => {
  it("finds nothing in any article of the site", () => {
    for (const article of staticArticles) {
      for (const lang of ["pt", "en"] as const) {
        expect({ id: article.id, lang, hazards: markdownHazards(article.body[lang]) }).toEqual({
          id: article.id,
          lang,
          hazards: [],
        });
      }
    }
  });

  it("allows a paragraph its limit of marks, and counts no code", () => {
    const atLimit = `${crowded(MARKS_PER_BLOCK / 2)} ${"a\\] &amp; ".repeat(MARKS_PER_BLOCK / 4)}`;
    const code = `\`\`\`c\n${"*p = *q;\n".repeat(MARKS_PER_BLOCK)}\`\`\``;
    const inline = `Texto ${"`a*b` ".repeat(MARKS_PER_BLOCK)}`;
    const indented = `    ${"_".repeat(MARKS_PER_BLOCK * 2)}`;
    // A table's cells are read one by one: each holds a few marks, the table thousands.
    const table = `| a | b |\n|---|---|\n${"| *x* | [y] |\n".repeat(MARKS_PER_BLOCK)}`;
    // A line to fill in is one mark, written or escaped, as a converted HTML page writes it.
    const form = "Nome: ______ Data: \\_\\_\\_\\_\\_\\_ Local: **____**\n".repeat(MARKS_PER_BLOCK / 6);
    for (const text of [atLimit, code, inline, indented, table, form]) expect(markdownHazards(text)).toEqual([]);
    expect(markdownHazards(`${atLimit} *`)).toEqual([{ kind: "marks", line: 1 }]);
  });

  it("reads a line's lists and quotes as an upper bound of how deep it goes", () => {
    expect(containersOf("texto")).toBe(0);
    expect(containersOf("> citação")).toBe(1);
    expect(containersOf("> - 1. texto")).toBe(3);
    expect(containersOf("    - item")).toBe(3);
    expect(containersOf("1.5 milhão")).toBe(0);
    expect(containersOf("-não é lista")).toBe(0);
    // Indentation alone opens nothing: code indented deep is not nesting.
    expect(containersOf(`${" ".repeat(400)}código`)).toBe(0);
    expect(containersOf(`${" ".repeat(200)}- item`)).toBe(101);
    expect(markdownHazards(`${"  ".repeat(CONTAINERS_PER_LINE)}- fundo`)).toEqual([{ kind: "nesting", line: 1 }]);
    expect(markdownHazards(`${"> ".repeat(CONTAINERS_PER_LINE)}fundo`)).toEqual([]);
  });
});

describe("text the parser would spend minutes on", () => {
  it("shows a text with a crowded paragraph as plain text, escaped, without a word lost", () => {
    const text = `# Título *ok*\n\nUm <b>bom</b> [link](/blog).\n\n${crowded(MARKS_PER_BLOCK + 1)}\nfim & pronto`;
    expect(markdownHazards(text)).toEqual([{ kind: "marks", line: 5 }]);
    const { html, words } = renderMarkdown(text, "pt");
    expect(html).toBe(
      `<p># Título *ok*</p>\n<p>Um &lt;b&gt;bom&lt;/b&gt; [link](/blog).</p>\n<p>${crowded(MARKS_PER_BLOCK + 1)}<br>\nfim &amp; pronto</p>`,
    );
    expect(words).toBe(3 + 3 + (MARKS_PER_BLOCK + 1) + 3);
    // An import is refused with it, and is not told what the sanitizer would remove from a text it will not keep.
    expect(checkMarkdown(`${text}\n\n<script>x()</script>`)).toEqual({
      removed: [],
      hazard: { kind: "marks", line: 5 },
    });
  });

  it("finds crowded headings, quotes and table cells, each at its own line", () => {
    const text = [
      "Título",
      `${"_a ".repeat(MARKS_PER_BLOCK + 1)}`,
      "===",
      "",
      `> ${"[".repeat(MARKS_PER_BLOCK + 1)}`,
      "",
      "| a |",
      "|---|",
      `| ${"~a ".repeat(MARKS_PER_BLOCK + 1)} |`,
    ].join("\n");
    expect(markdownHazards(text)).toEqual([
      { kind: "marks", line: 1 },
      { kind: "marks", line: 5 },
      { kind: "marks", line: 9 },
    ]);
  });

  it("shows nesting too deep to parse as plain text, escaped, without a word lost", () => {
    const deep = `Antes <b>x</b>\n\n${"- ".repeat(CONTAINERS_PER_LINE + 1)}fundo & *raso*\n${"> ".repeat(5000)}fim`;
    expect(markdownHazards(deep)).toEqual([{ kind: "nesting", line: 3 }]);
    const { html, words } = renderMarkdown(deep, "en");
    expect(html).toBe(
      `<p>Antes &lt;b&gt;x&lt;/b&gt;</p>\n<p>${"- ".repeat(CONTAINERS_PER_LINE + 1)}fundo &amp; *raso*<br>\n${"&gt; ".repeat(5000)}fim</p>`,
    );
    expect(words).toBe(3 + CONTAINERS_PER_LINE + 1 + 3 + 5000);
    expect(checkMarkdown(deep)).toEqual({ removed: [], hazard: { kind: "nesting", line: 3 } });
  });

  it("renders every crafted text about as fast as prose of the same size", () => {
    const size = 60_000;
    const prose = "Um parágrafo com *ênfase*, **força**, `código` e [um link](/blog) no meio.\n\n";
    const crafted: Record<string, string> = {
      // Each took from seconds to minutes, or threw, before: the parser walks back over every mark for each one.
      "closers never opened": "a* ".repeat(size / 3),
      "emphasis that opens and closes": "*a".repeat(size / 2),
      "underscores and tildes": "a_ ~a ".repeat(size / 6),
      "closing brackets": "a]".repeat(size / 2),
      "bracket pairs": "[a]".repeat(size / 3),
      "escapes between words": "a\\] ".repeat(size / 4),
      "emphasis nested": `${"*a ".repeat(size / 6)}b${" a*".repeat(size / 6)}`,
      "lists on one line": `${"- ".repeat(size / 2)}a`,
      "quotes on one line": `${"> ".repeat(size / 2)}a`,
      "ordered lists on one line": `${"1. ".repeat(size / 3)}a`,
    };
    const timed = (text: string) => {
      const start = performance.now();
      renderMarkdown(text, "pt");
      return performance.now() - start;
    };
    timed(prose);
    const plain = timed(prose.repeat(Math.ceil(size / prose.length)));
    for (const [label, text] of Object.entries(crafted)) {
      const ms = timed(text);
      expect({ label, slow: ms > Math.max(10 * plain, 500) }).toEqual({ label, slow: false });
    }
  });

  it("is shown by the desk's preview as plain text, with nothing said removed, without parsing it as Markdown", async () => {
    const form = new FormData();
    form.set("content", `${"*a".repeat(50_000)} <b>x</b>`);
    const request = new Request("http://localhost/admin/blog/preview?lang=pt", { method: "POST", body: form });
    // Parsed as Markdown with its HTML kept, the text alone took 29 s.
    const answer = (await (await preview({ request } as never)).json()) as { html: string; removed: string[] };
    expect(answer).toEqual({ html: `<p>${"*a".repeat(50_000)} &lt;b&gt;x&lt;/b&gt;</p>`, removed: [] });
  });
});

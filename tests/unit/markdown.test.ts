import { describe, expect, it } from "vitest";
import { readingMinutes, renderMarkdown } from "~/server/blog/markdown.server.ts";

const html = (markdown: string) => renderMarkdown(markdown, "en").html;

/** Attribute names of every tag in serialized HTML (values are always double-quoted and escaped). */
function attributeNames(markup: string): string[] {
  const names: string[] = [];
  for (const tag of markup.matchAll(/<[a-z][a-z0-9]*((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>/gi)) {
    for (const attribute of (tag[1] ?? "").matchAll(/\s([^\s=>]+)(?:="[^"]*")?/g)) names.push(attribute[1] ?? "");
  }
  return names;
}

describe("renderMarkdown neutralizes hostile input", () => {
  it.each([
    ["a script tag", "<script>alert(1)</script>"],
    ["a script inside a paragraph", "hello <script>alert(1)</script> world"],
    ["an event handler on raw HTML", '<img src="x" onerror="alert(1)">'],
    ["an event handler on a div", '<div onmouseover="alert(1)">hover</div>'],
    ["an iframe", '<iframe src="https://evil.example"></iframe>'],
    ["a style tag", "<style>body{display:none}</style>"],
    ["a javascript: link", "[click](javascript:alert(1))"],
    ["an encoded javascript: link", "[click](jav&#x61;script:alert(1))"],
    ["a mixed-case javascript: link", "[click](JaVaScRiPt:alert(1))"],
    ["a javascript: autolink", "<javascript:alert(1)>"],
    ["a data: link", "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["a data: image", "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)"],
    ["a vbscript: link", "[x](vbscript:msgbox(1))"],
    ["an svg with onload", '<svg onload="alert(1)"></svg>'],
    ["a form", '<form action="https://evil.example"><input name="password"></form>'],
    ["an object", '<object data="evil.swf"></object>'],
    ["a link reference with javascript:", "[x][1]\n\n[1]: javascript:alert(1)"],
    ["an image title breaking out", '![a](https://x.example/a.png "title\\" onerror=\\"alert(1)")'],
  ])("%s", (_name, markdown) => {
    const out = html(markdown);
    expect(out).not.toMatch(/<script|<iframe|<style|<object|<form|<svg/i);
    expect(attributeNames(out).filter((name) => /^on/i.test(name))).toEqual([]);
    expect(out).not.toMatch(/(href|src)="\s*(javascript|data|vbscript):/i);
  });
});

describe("renderMarkdown renders ordinary Markdown", () => {
  it.each([
    ["a heading", "## Setup", "<h2>Setup</h2>"],
    ["emphasis", "**bold** and _italic_", "<p><strong>bold</strong> and <em>italic</em></p>"],
    ["an unordered list", "- a\n- b", "<ul>\n<li>a</li>\n<li>b</li>\n</ul>"],
    ["an ordered list", "1. one\n2. two", "<ol>\n<li>one</li>\n<li>two</li>\n</ol>"],
    ["inline code", "use `npm test`", "<code>npm test</code>"],
    ["a blockquote", "> quoted", "<blockquote>\n<p>quoted</p>\n</blockquote>"],
    ["a same-site link", "[about](/about)", '<a href="/about">about</a>'],
    ["a strikethrough", "~~old~~", "<del>old</del>"],
  ])("%s", (_name, markdown, expected) => {
    expect(html(markdown)).toContain(expected);
  });

  it("opens external links in a new tab without an opener", () => {
    expect(html("[docs](https://react.dev)")).toContain(
      '<a href="https://react.dev" target="_blank" rel="noopener noreferrer">docs</a>',
    );
  });

  it("renders tables inside a scrolling box, a region named in the reader's language", () => {
    const out = html("| a | b |\n| - | - |\n| 1 | 2 |");
    expect(out).toMatch(
      /<div class="table-scroll" tabindex="0" role="region" aria-label="Scrollable table"><table>[\s\S]*<th>a<\/th>[\s\S]*<td>2<\/td>[\s\S]*<\/table><\/div>/,
    );
    expect(renderMarkdown("| a |\n| - |\n| 1 |", "pt").html).toContain('aria-label="Tabela com rolagem"');
  });

  it("names task-list boxes, done or to do", () => {
    const out = html("- [x] shipped\n- [ ] next");
    expect(out).toContain('<input type="checkbox" checked disabled aria-label="Done">');
    expect(out).toContain('<input type="checkbox" disabled aria-label="To do">');
  });

  it("lazy-loads images and keeps their alt text", () => {
    expect(html("![A cat](/images/cat.png)")).toContain(
      '<img src="/images/cat.png" alt="A cat" loading="lazy" decoding="async">',
    );
  });

  it("links an image kept on another site, which the page could not show, by its alt text or file name", () => {
    expect(html("![A cat](https://example.com/cat.png)")).toBe(
      '<p><a href="https://example.com/cat.png" target="_blank" rel="noopener noreferrer" class="foreign-image">Image on another site: A cat</a></p>',
    );
    expect(
      renderMarkdown("![](https://blog.example/wp-content/uploads/2019/05/ca%C3%A7a.jpg?w=800)", "pt").html,
    ).toContain(">Imagem em outro site: caça.jpg</a>");
    expect(html("![](//cdn.example/x/)")).toContain('<a href="//cdn.example/x/" target="_blank"');
    expect(html("[![A cat](https://example.com/cat.png) *e*](/blog)")).toBe(
      '<p><a href="/blog">Image on another site: A cat <em>e</em></a></p>',
    );
  });

  it("highlights fenced code on the server and adds a labelled copy button", () => {
    const out = html("```ts\nconst answer: number = 42;\n```");
    expect(out).toContain(
      '<div class="code-block"><button type="button" class="copy-code" data-copy-code="">Copy</button>',
    );
    expect(out).toContain('<code class="hljs language-ts">');
    expect(out).toContain('<span class="hljs-keyword">const</span>');
    expect(renderMarkdown("```\nplain\n```", "pt").html).toContain(">Copiar</button>");
  });

  it("leaves code of an unknown language unhighlighted but escaped", () => {
    const out = html("```brainfuck\n<script>++</script>\n```");
    expect(out).toContain("&#x3C;script>++&#x3C;/script>");
    expect(out).not.toContain("<script>");
  });
});

describe("reading time", () => {
  it.each([
    [0, 1],
    [1, 1],
    [200, 1],
    [201, 2],
    [1000, 5],
  ])("%i words take %i min", (words, minutes) => {
    expect(readingMinutes(words)).toBe(minutes);
  });

  it("counts the words of the rendered text", () => {
    expect(renderMarkdown("one two **three**", "en").words).toBe(3);
  });
});

describe("uploaded images in the text", () => {
  const user = "0b7c9a52-1f2e-4c3d-9a8b-7c6d5e4f3a2b";
  it("carry their size, load lazily and offer phones their small copy", () => {
    const src = `/uploads/blog-images/${user}/Ab3dEf6hIj9kLm0nOp1qRs-1600x900.png`;
    const { html } = renderMarkdown(`![Um gráfico](${src})`, "pt");
    expect(html).toContain(`src="${src}"`);
    expect(html).toContain('alt="Um gráfico"');
    expect(html).toContain('width="1600"');
    expect(html).toContain('height="900"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain(`srcset="${src.replace(".png", "-640w.webp")} 640w, ${src} 1600w"`);
    expect(html).toContain('sizes="(min-width: 768px) 720px, 100vw"');
  });

  it("leave a narrow image and any other image without a small copy", () => {
    const narrow = `/uploads/blog-images/${user}/Ab3dEf6hIj9kLm0nOp1qRs-320x200.webp`;
    expect(renderMarkdown(`![x](${narrow})`, "en").html).not.toContain("srcset");
    expect(renderMarkdown(`![x](${narrow})`, "en").html).toContain('width="320"');
    const other = renderMarkdown("![x](/images/a-1600x900.png)", "en").html;
    expect(other).not.toContain("width=");
    expect(other).not.toContain("srcset");
  });
});

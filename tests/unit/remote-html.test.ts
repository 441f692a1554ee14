import { describe, expect, it } from "vitest";
import { activeContentIn, sanitizeRemoteHtml } from "../../app/server/responses/sanitize.server.ts";

describe("a reply's HTML from another server", () => {
  it.each([
    "<p>Oi <script>alert(1)</script></p>",
    "<p>Oi</p><SCRIPT src=//x.example/a.js></SCRIPT>",
    "<style>body{display:none}</style><p>Oi</p>",
    '<p>Oi <img src=x onerror="alert(1)"></p>',
    "<p>Oi <svg/onload=alert(1)></svg></p>",
    '<p onclick="x()"> </p>',
    '<p>Oi <a href="javascript:alert(1)">link</a></p>',
    "<p>Oi <a href=' JavaScript:alert(1)'>link</a></p>",
    '<p style="position:fixed;inset:0">Oi</p>',
    '<iframe src="https://x.example"></iframe>',
  ])("with scripts, styles or handlers is found out: %s", (html) => {
    expect(activeContentIn(html)).toBe(true);
  });

  it.each([
    "<p>Oi, <strong>ótimo</strong> texto!</p>",
    '<p>Veja <a href="https://mastodon.example/@ana" class="mention">@ana</a> e <code>&lt;script&gt;alert(1)&lt;/script&gt;</code></p>',
    "<p>Sobre o onclick= e o style= em JavaScript: nada a temer</p>",
    '<p><a href="https://x.example/javascript:notes">notas</a></p>',
    "<pre><code>&lt;style&gt;body{}&lt;/style&gt;</code></pre>",
  ])("as Mastodon sends it, with a snippet pasted as text, is not: %s", (html) => {
    expect(activeContentIn(html)).toBe(false);
  });

  it("is kept without anything that runs, whatever it carries", async () => {
    const html = await sanitizeRemoteHtml(
      '<p>Oi <script>alert(1)</script><a href="javascript:alert(1)">a</a> <b onclick="x()">b</b></p>',
      "pt",
    );
    expect(html).not.toMatch(/script|javascript:|onclick/i);
    expect(html).toContain("Oi");
  });

  it("is shown as plain text when it nests thousands deep or would keep the parser for seconds", async () => {
    const quotes = await sanitizeRemoteHtml(`${"<blockquote>".repeat(5000)}fundo${"</blockquote>".repeat(5000)}`, "pt");
    expect(quotes).toMatch(/^<p>(&gt; )+fundo<\/p>$/);
    const lists = await sanitizeRemoteHtml(`${"<ul><li>".repeat(3000)}item${"</li></ul>".repeat(3000)}`, "en");
    expect(lists).toContain("item</p>");
    // Literal marks come escaped from the conversion; shown as text, the escapes are not.
    const marks = await sanitizeRemoteHtml(`<p>${"a] *b ".repeat(2000)}</p>`, "pt");
    expect(marks).toBe(`<p>${"a] *b ".repeat(2000).trim()}</p>`);
  });
});

import { describe, expect, it } from "vitest";
import { staticArticles } from "~/content/articles.ts";
import { staticArticleIds } from "~/content/ids.ts";
import { languages } from "~/i18n/paths.ts";
import { renderMarkdown } from "~/server/blog/markdown.server.ts";
import { excerptOf, listPublicPosts } from "~/server/blog/public-posts.server.ts";

describe("the static articles", () => {
  it("are the specification's five, each in both languages", () => {
    expect(staticArticles.map((article) => article.id)).toEqual([...staticArticleIds]);
  });

  it("have distinct publication days", () => {
    const dates = staticArticles.map((article) => article.date);
    expect(new Set(dates).size).toBe(dates.length);
  });

  for (const article of staticArticles) {
    for (const lang of languages) {
      it(`${article.id} (${lang}) renders with headings, highlighted code and no title of its own`, () => {
        const { html, words } = renderMarkdown(article.body[lang], lang);
        expect(words).toBeGreaterThan(500);
        expect(html).not.toContain("<h1");
        expect((html.match(/<h2>/g) ?? []).length).toBeGreaterThanOrEqual(3);
        expect((html.match(/class="code-block"/g) ?? []).length).toBeGreaterThanOrEqual(2);
        expect(html).toContain('class="hljs-');
      });
    }

    it(`${article.id} has the same sections in both languages`, () => {
      const headings = (markdown: string) => markdown.split("\n").filter((line) => /^#{2,3} /.test(line)).length;
      expect(headings(article.body.en)).toBe(headings(article.body.pt));
    });
  }
});

describe("the static articles' tags and covers", () => {
  it("speak the page's language, at the specification's addresses", async () => {
    const [pt, en] = await Promise.all([listPublicPosts(undefined, "pt"), listPublicPosts(undefined, "en")]);
    const cloud = (posts: typeof pt) => posts.find((post) => post.slug === "cloud-solutions");
    expect(cloud(pt)?.tagNames).toMatchObject({ cloud: "Nuvem", docker: "Docker" });
    expect(cloud(en)?.tagNames).toMatchObject({ cloud: "Cloud", docker: "Docker" });
    for (const post of [...pt, ...en]) {
      for (const tag of post.tags) expect(post.tagNames?.[tag], `${post.slug} ${tag}`).toBeTruthy();
    }
    // The tags' and articles' addresses are the same in both languages.
    expect(cloud(pt)?.tags).toEqual(cloud(en)?.tags);
    expect(pt.map((post) => post.slug).sort()).toEqual([...staticArticleIds].sort());
    // Each language has its own cover, whose words are written in that language.
    expect(cloud(pt)?.picture?.src).toMatch(/\/pt\/cloud-solutions-1200/);
    expect(cloud(en)?.picture?.src).toMatch(/\/en\/cloud-solutions-1200/);
    const words = staticArticles.find((article) => article.id === "cloud-solutions")?.cover.title;
    expect(words).toEqual({ pt: "Nuvem", en: "Cloud" });
  });
});

describe("excerptOf", () => {
  it.each([
    [{ excerpt: "Given excerpt", content: "Body" }, "Given excerpt"],
    [{ excerpt: "   ", content: "## Title\n\nSome **bold** and _it_ text." }, "Title. Some bold and it text."],
    [
      { excerpt: null, content: "- item one\n- item two\n\n> quoted full-stack" },
      "item one. item two. quoted full-stack",
    ],
    [
      { excerpt: null, content: "See [the docs](https://x.dev) and ![img](a.png)\n\n```ts\ncode()\n```" },
      "See the docs and",
    ],
    [{ excerpt: null, content: "word ".repeat(100) }, `${"word ".repeat(36).trim()}…`],
    [
      {
        excerpt: null,
        content:
          '<div class="intro" onclick="x()">Olá &amp; bem-vindo</div>\n<iframe src="https://x.dev"></iframe>\n\nTexto <b>forte</b>.',
      },
      "Olá & bem-vindo. Texto forte.",
    ],
    [{ excerpt: null, content: "<!-- nota -->\n<script>alert(1)</script>a < b e c > d" }, "a < b e c > d"],
  ])("%j -> %j", (post, expected) => {
    expect(excerptOf(post)).toBe(expected);
  });
});

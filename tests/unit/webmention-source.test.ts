/**
 * What the site reads of a webmention's source page: whether it links to
 * the post, and its title and author from an h-entry, as plain text.
 */
import { describe, expect, it } from "vitest";
import { linksTo, plainText, sourceDetails, TITLE_MAX } from "../../app/server/webmention/source-page.server.ts";

const target = "https://site.example/blog/um-post";
const source = "https://other.example/notes/1";
const html = (body: string, head = "<title>Page title</title>") =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe("whether the source links to the target", () => {
  it("counts a link, an image or a media source whose address resolves to the target, fragment aside", () => {
    expect(linksTo(html(`<a href="${target}">x</a>`), "text/html", source, target)).toBe(true);
    expect(linksTo(html(`<a href="${target}#comments">x</a>`), "text/html", source, target)).toBe(true);
    expect(linksTo(html(`<img src="${target}" alt="">`), "text/html", source, target)).toBe(true);
    expect(linksTo(html('<a href="/blog/um-post">x</a>'), "text/html", "https://site.example/elsewhere", target)).toBe(
      true,
    );
  });

  it("does not count a comment, escaped markup, the text alone, another post or a prefix of the address", () => {
    for (const body of [
      `<!-- <a href="${target}">x</a> -->`,
      `&lt;a href="${target}"&gt;`,
      `<p>${target}</p>`,
      '<a href="https://site.example/blog/other">x</a>',
      `<a href="${target}-2">x</a>`,
      `<script>var a = '<a href="${target}">'</script>`,
    ]) {
      expect(linksTo(html(body), "text/html", source, target), body).toBe(false);
    }
  });

  it("reads a source that is not HTML as text containing the address", () => {
    expect(linksTo(`see ${target} there`, "text/plain", source, target)).toBe(true);
    expect(linksTo("nothing", "application/json", source, target)).toBe(false);
  });
});

describe("the source's title and author", () => {
  it("come from its h-entry: name, and the author's name, photo and address, made absolute", () => {
    const page = html(`
      <article class="h-entry">
        <h1 class="p-name">A reply to the post</h1>
        <span class="p-author h-card"><img class="u-photo" src="/me.jpg" alt=""> <a class="p-name u-url" href="/about">Ana Souza</a></span>
        <div class="e-content">I liked <a href="${target}">this post</a>.</div>
      </article>`);
    expect(sourceDetails(page, "text/html; charset=utf-8", source)).toEqual({
      title: "A reply to the post",
      excerpt: "I liked this post.",
      authorName: "Ana Souza",
      authorPhoto: "https://other.example/me.jpg",
      authorUrl: "https://other.example/about",
    });
  });

  it("give a note without a name its text instead of a title", () => {
    const page = html(`<div class="h-entry"><p class="e-content">Short note about <a href="${target}">it</a></p>
      <span class="p-author">Bia</span></div>`);
    expect(sourceDetails(page, "text/html", source)).toEqual({ excerpt: "Short note about it", authorName: "Bia" });
  });

  it("keep a script in a title as nothing but text, and clip long titles", () => {
    const page = html(
      `<div class="h-entry"><h1 class="p-name">Hi<script>alert(1)</script> <b>there</b></h1><p class="e-content">x</p></div>`,
    );
    expect(sourceDetails(page, "text/html", source).title).toBe("Hi there");
    const titled = html("<p>no entry</p>", `<title>&lt;script&gt;alert(1)&lt;/script&gt;${"x".repeat(400)}</title>`);
    const title = sourceDetails(titled, "text/html", source).title ?? "";
    expect(title).not.toMatch(/<script/);
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX);
  });

  it("fall back to the page's title without an h-entry, and to nothing for a page without a body", () => {
    expect(sourceDetails(html("<p>plain page</p>"), "text/html", source)).toEqual({ title: "Page title" });
    expect(sourceDetails("<html><head><title>T</title></head></html>", "text/html", source)).toEqual({ title: "T" });
    expect(sourceDetails("not html at all", "text/plain", source)).toEqual({});
  });

  it("keep no address that is not http(s)", () => {
    const page = html(
      `<div class="h-entry"><p class="e-content">x</p><a class="p-author h-card" href="javascript:alert(1)"><img class="u-photo" src="data:image/png;base64,AA" alt="">Eve</a></div>`,
    );
    expect(sourceDetails(page, "text/html", source)).toEqual({ excerpt: "x", authorName: "Eve" });
  });

  it("plain text is one line without markup or control characters", () => {
    expect(plainText("a\n\t<i>b</i>\u0007 c", 50)).toBe("a b c");
    expect(plainText("   ", 50)).toBeUndefined();
    expect(plainText("abcdef", 4)).toBe("abc…");
  });
});

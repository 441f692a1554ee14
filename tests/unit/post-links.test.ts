import { describe, expect, it } from "vitest";
import { newAddress, type PostAddresses, rewritePostLinks, siteHost } from "~/server/transfer/post-links.server.ts";

const addresses: PostAddresses = {
  hosts: new Set(["blog.example"]),
  paths: new Map([
    ["/2019/05/ola", "/blog/ola"],
    ["/?p=42", "/blog/ola"],
    ["/en/hello", "/en/blog/hello"],
    ["/café", "/blog/cafe"],
  ]),
};

describe("links of imported posts to each other", () => {
  it("lead from any way the old site wrote an address to the new one, the fragment kept", () => {
    expect(newAddress("https://blog.example/2019/05/ola/", addresses)).toBe("/blog/ola");
    expect(newAddress("http://WWW.blog.example/2019/05/ola#fim", addresses)).toBe("/blog/ola#fim");
    expect(newAddress("/2019/05/ola/", addresses)).toBe("/blog/ola");
    expect(newAddress("/?p=42", addresses)).toBe("/blog/ola");
    expect(newAddress("/index.php?p=42", addresses)).toBe("/blog/ola");
    expect(newAddress("/caf%C3%A9/", addresses)).toBe("/blog/cafe");
    expect(newAddress("/en/hello", addresses)).toBe("/en/blog/hello");
    expect(siteHost("WWW.Blog.Example")).toBe("blog.example");
  });

  it("leave every other link as written", () => {
    for (const link of [
      "https://other.example/2019/05/ola/",
      "https://blog.example/2020/01/gone/",
      "//blog.example/2019/05/ola/",
      "2019/05/ola",
      "mailto:ana@blog.example",
      "#fim",
      "/",
    ]) {
      expect({ link, to: newAddress(link, addresses) }).toEqual({ link, to: undefined });
    }
  });

  it("rewrites inline links and reference definitions in a text, nothing else", () => {
    const text = [
      "Veja [o post](https://blog.example/2019/05/ola/ 'título') e [este](< /?p=42 >).",
      "",
      "[ref]: http://blog.example/en/hello",
      "Texto que fala de /2019/05/ola/ sem link, e <https://blog.example/2019/05/ola/>.",
      "[fora](https://other.example/2019/05/ola/)",
    ].join("\n");
    expect(rewritePostLinks(text, addresses)).toBe(
      [
        "Veja [o post](/blog/ola 'título') e [este](< /?p=42 >).",
        "",
        "[ref]: /en/blog/hello",
        "Texto que fala de /2019/05/ola/ sem link, e <https://blog.example/2019/05/ola/>.",
        "[fora](https://other.example/2019/05/ola/)",
      ].join("\n"),
    );
    expect(rewritePostLinks(text, { hosts: new Set(), paths: new Map() })).toBe(text);
  });

  it("reads a crafted text in time in line with its length", () => {
    const timed = (text: string) => {
      const start = performance.now();
      rewritePostLinks(text, addresses);
      return performance.now() - start;
    };
    const plain = timed("palavra ".repeat(25_000));
    for (const text of [
      "](".repeat(100_000),
      "](/".repeat(70_000),
      "[".repeat(200_000),
      `${"[a]:".repeat(50_000)}\n`,
    ]) {
      expect(timed(text)).toBeLessThan(Math.max(20 * plain, 200));
    }
  });
});

import { describe, expect, it } from "vitest";
import { floorFileOf, stripScripts } from "../../bench/floor.ts";

describe("the floor's HTML: a page without its JavaScript", () => {
  it.each([
    ['<script type="module" src="/assets/entry.js"></script>', ""],
    ["<script>window.__rr = {};</script>", ""],
    ['<script type="text/x-held-module" data-src="/assets/e.js">import("/assets/e.js");</script>', ""],
    ['<script type="application/ld+json">{"@type":"Person"}</script>', ""],
    ['<SCRIPT nonce="n">\nvar a = "</p>";\n</SCRIPT >', ""],
    ['<link rel="modulepreload" href="/assets/a.js"/>', ""],
    ['<link href="/assets/a.js" rel="held-modulepreload">', ""],
    ['<link rel="stylesheet" href="/assets/app.css"/>', '<link rel="stylesheet" href="/assets/app.css"/>'],
    [
      '<link rel="preload" as="font" href="/fonts/inter.woff2" crossorigin=""/>',
      '<link rel="preload" as="font" href="/fonts/inter.woff2" crossorigin=""/>',
    ],
    ["<p>script</p><noscript>x</noscript>", "<p>script</p><noscript>x</noscript>"],
  ])("%s", (html, stripped) => {
    expect(stripScripts(html)).toBe(stripped);
  });

  it("keeps the page around the scripts as it was, marked painted so that every picture shows", () => {
    const page =
      '<html><head><link rel="stylesheet" href="/a.css"><link rel="modulepreload" href="/b.js"><script>1</script></head>' +
      '<body><h1>Olá</h1><img src="/c.webp" fetchpriority="high"><script type="module" src="/d.js"></script></body></html>';
    expect(stripScripts(page)).toBe(
      '<html data-painted=""><head><link rel="stylesheet" href="/a.css"></head><body><h1>Olá</h1><img src="/c.webp" fetchpriority="high"></body></html>',
    );
  });

  it("writes each page where the build keeps it", () => {
    expect(floorFileOf("/")).toBe("index.html");
    expect(floorFileOf("/en/about")).toBe("en/about/index.html");
    expect(floorFileOf("/projects/site-da-família")).toBe("projects/site-da-fam%C3%ADlia/index.html");
  });
});

import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { HELD_CLASSIC_SCRIPT_TYPE, HELD_PRELOAD_REL, HELD_SCRIPT_TYPE } from "~/first-paint/held-hydration.ts";
import { finishPageHtml, finishPageHtmlStream, siteIconLink, svgDataUrl } from "~/first-paint/page-html.server.ts";

// The shape React Router's <Scripts> renders, with the tags around it that must stay as they are.
const page = [
  '<!DOCTYPE html><html lang="pt-BR"><head><meta charSet="utf-8"/>',
  '<link rel="preload" href="/assets/inter.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>',
  '<link rel="stylesheet" href="/assets/root.css"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="abc=="/>',
  '<link rel="modulepreload" href="/assets/framework.js" nonce="abc=="/>',
  '<script nonce="abc==" data-at-once="">(function(){document.documentElement.dataset.x="é→"})()</script>',
  '<script type="application/ld+json">{"name":"Rafael Werneck · Recife"}</script>',
  "</head><body><main><p>Olá, mundo: 1 &lt; 2 &gt; 0</p></main>",
  '<script nonce="abc==">window.__reactRouterContext = {"a":1};</script>',
  '<script nonce="abc==" type="module" async="">import * as route0 from "/assets/root.js";\nif (1 < 2) import("/assets/entry.client.js");</script>',
  "</body></html>",
].join("");

const finished = page
  .replace("<head>", `<head>${siteIconLink}`)
  .replace(
    'rel="modulepreload" href="/assets/entry.client.js"',
    `rel="${HELD_PRELOAD_REL}" href="/assets/entry.client.js"`,
  )
  .replace('rel="modulepreload" href="/assets/framework.js"', `rel="${HELD_PRELOAD_REL}" href="/assets/framework.js"`)
  .replace(
    '<script nonce="abc==">window.__reactRouterContext',
    `<script type="${HELD_CLASSIC_SCRIPT_TYPE}" nonce="abc==">window.__reactRouterContext`,
  )
  .replace('type="module" async=""', `type="${HELD_SCRIPT_TYPE}"`);

const hold = { holdHydration: true };

function streamed(chunks: Array<string | Buffer>, options = hold): Promise<string> {
  return text(Readable.from(chunks).pipe(finishPageHtmlStream(options)));
}

describe("finishPageHtml", () => {
  it("adds the site icon and holds back exactly the module preloads, the module script and the hydration's inline scripts", () => {
    expect(finishPageHtml(page, hold)).toBe(finished);
  });

  it("only adds the site icon to a page that hydrates at once", () => {
    expect(finishPageHtml(page, { holdHydration: false })).toBe(page.replace("<head>", `<head>${siteIconLink}`));
  });

  it("adds the icon to the document's head only", () => {
    expect(finishPageHtml("<header><p>head</p></header>", hold)).toBe("<header><p>head</p></header>");
  });

  it.each([
    ['<link rel="modulepreload" href="/a.js"/>', `<link rel="${HELD_PRELOAD_REL}" href="/a.js"/>`],
    ['<link href="/a.js" rel="modulepreload">', `<link href="/a.js" rel="${HELD_PRELOAD_REL}">`],
    ['<script type="module" src="/a.js"></script>', `<script type="${HELD_SCRIPT_TYPE}" data-src="/a.js"></script>`],
    ['<script async type="module">', `<script type="${HELD_SCRIPT_TYPE}">`],
    ['<script>$RC("B:0","S:0")</script>', `<script type="${HELD_CLASSIC_SCRIPT_TYPE}">$RC("B:0","S:0")</script>`],
    ['<script id="_R_">', `<script type="${HELD_CLASSIC_SCRIPT_TYPE}" id="_R_">`],
    ['<script nonce="n" data-at-once="">', '<script nonce="n" data-at-once="">'],
    ['<script src="/assets/page.js">', '<script src="/assets/page.js">'],
    ['<script type="text/javascript" async src="/a.js">', '<script type="text/javascript" async src="/a.js">'],
    ['<link rel="preload" href="/a.js" as="script"/>', '<link rel="preload" href="/a.js" as="script"/>'],
    ['<link rel="stylesheet" href="/modulepreload.css"/>', '<link rel="stylesheet" href="/modulepreload.css"/>'],
    [
      '<script type="text/javascript">var type="module"</script>',
      '<script type="text/javascript">var type="module"</script>',
    ],
    ['<p>rel="modulepreload" and type="module" as text</p>', '<p>rel="modulepreload" and type="module" as text</p>'],
    ["", ""],
  ])("%s", (input, expected) => {
    expect(finishPageHtml(input, hold)).toBe(expected);
  });

  it("writes React Router's indented route manifest compact, and leaves one it cannot read as it is", () => {
    const manifest = {
      entry: { module: "/assets/entry.client.js", imports: ["/a.js"] },
      routes: { root: { id: "root" } },
    };
    const script = (json: string) =>
      `<script type="module">import * as route0 from "/r.js";\n  window.__reactRouterManifest = ${json};\n  window.__reactRouterRouteModules = {"root":route0};</script>`;
    expect(finishPageHtml(script(JSON.stringify(manifest, null, 2)), { holdHydration: false })).toBe(
      script(JSON.stringify(manifest)),
    );
    const unreadable = script('{\n  "entry": {\n  "module": \n}');
    expect(finishPageHtml(unreadable, { holdHydration: false })).toBe(unreadable);
  });
});

describe("the site icon", () => {
  it("is the favicon as a data URL an attribute can hold", () => {
    const url = siteIconLink.match(/href="([^"]*)"/)?.[1] ?? "";
    expect(url.startsWith("data:image/svg+xml,")).toBe(true);
    expect(url).not.toMatch(/[<>"#\s]/);
    expect(decodeURIComponent(url.slice("data:image/svg+xml,".length))).toContain("viewBox='0 0 64 64'");
  });

  it.each([
    ['<svg a="1">#x</svg>', "data:image/svg+xml,%3Csvg%20a='1'%3E%23x%3C/svg%3E"],
    [`<svg a="1">it's</svg>`, "data:image/svg+xml,%3Csvg%20a=%221%22%3Eit's%3C/svg%3E"],
    ["<svg>\n  <g/>\n</svg>\n", "data:image/svg+xml,%3Csvg%3E%20%3Cg/%3E%20%3C/svg%3E"],
    ["<svg>100%</svg>", "data:image/svg+xml,%3Csvg%3E100%25%3C/svg%3E"],
  ])("svgDataUrl(%j)", (svg, expected) => {
    expect(svgDataUrl(svg)).toBe(expected);
  });
});

describe("finishPageHtmlStream", () => {
  it("gives the same page whatever the chunk boundaries, including inside a tag or a character", async () => {
    const bytes = Buffer.from(page, "utf8");
    for (let cut = 1; cut < bytes.length; cut += 7) {
      expect(await streamed([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(finished);
    }
  });

  it("passes each finished part on without waiting for the end", async () => {
    const stream = finishPageHtmlStream(hold);
    const out: string[] = [];
    stream.on("data", (chunk: Buffer) => out.push(chunk.toString()));
    stream.write(Buffer.from("<html><body><p>first</p><link rel="));
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.join("")).toBe("<html><body><p>first</p>");
    stream.end(Buffer.from('"modulepreload" href="/a.js"/></body></html>'));
    await new Promise((resolve) => stream.on("end", resolve));
    expect(out.join("")).toBe(`<html><body><p>first</p><link rel="${HELD_PRELOAD_REL}" href="/a.js"/></body></html>`);
  });

  it("keeps text that ends with an unfinished '<'", async () => {
    expect(await streamed(["<p>a ", "<", " b</p>"])).toBe("<p>a < b</p>");
    expect(await streamed(["if (a <"])).toBe("if (a <");
  });
});

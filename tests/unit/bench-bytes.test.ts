import { describe, expect, it } from "vitest";
import { assetsInHtml } from "../../bench/bytes.ts";

describe("the bench's count of what a page's HTML loads before any interaction", () => {
  it.each([
    ['<script type="module" src="/assets/a.js"></script>', ["/assets/a.js"], []],
    ['<link rel="modulepreload" href="/assets/a.js"/>', ["/assets/a.js"], []],
    ['<script src="/assets/enhance-x.js" defer=""></script>', ["/assets/enhance-x.js"], []],
    ['<script type="module">import("/assets/entry.js");</script>', ["/assets/entry.js"], []],
    // Held until the first interaction: not loaded before it.
    ['<link rel="held-modulepreload" href="/assets/a.js"/>', [], []],
    ['<script type="text/x-held-module">import("/assets/entry.js");</script>', [], []],
    ['<script type="text/x-held-module" data-src="/assets/entry.js"></script>', [], []],
    ['<link rel="stylesheet" href="/assets/a.css"/>', [], ["/assets/a.css"]],
    ['<link rel="preload" href="/assets/font.woff2" as="font"/>', [], []],
    ['<link rel="icon" href="/favicon.svg"/>', [], []],
  ])("%s", (html, scripts, styles) => {
    expect(assetsInHtml(html)).toEqual({ scripts, styles });
  });
});

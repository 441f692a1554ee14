import { describe, expect, it } from "vitest";
import { assetsInHtml } from "../../bench/bytes.ts";

describe("the bench's count of what a page's HTML names", () => {
  it.each([
    ['<script type="module" src="/assets/a.js"></script>', ["/assets/a.js"], []],
    ['<link rel="modulepreload" href="/assets/a.js"/>', ["/assets/a.js"], []],
    ['<link rel="held-modulepreload" href="/assets/a.js"/>', ["/assets/a.js"], []],
    ['<script type="held-module">import("/assets/entry.js");</script>', ["/assets/entry.js"], []],
    ['<link rel="stylesheet" href="/assets/a.css"/>', [], ["/assets/a.css"]],
    ['<link rel="preload" href="/assets/font.woff2" as="font"/>', [], []],
    ['<link rel="icon" href="/favicon.svg"/>', [], []],
  ])("%s", (html, scripts, styles) => {
    expect(assetsInHtml(html)).toEqual({ scripts, styles });
  });
});

import { describe, expect, it } from "vitest";
import siteSpriteUrl from "~/assets/icons.svg?url";
import { INLINE_ICON_PREFIX, InlineIcons, symbolsOf } from "~/first-paint/inline-icons.server.ts";
import { finishPageHtml } from "~/first-paint/page-html.server.ts";

const sprite =
  '<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true">' +
  '<symbol id="sun" viewBox="0 0 24 24"><circle cx="12" cy="12" r="4"/></symbol>' +
  '<symbol id="brand-github" viewBox="0 0 24 24"><path d="M12 .3a12 12 0 0 0-3.8 23.4"/></symbol>' +
  '<symbol id="menu" viewBox="0 0 24 24"><path d="M4 6h16"/></symbol></svg>';
const url = "/assets/icons-abc.svg";
const icon = (id: string) => `<svg viewBox="0 0 24 24" aria-hidden="true"><use href="${url}#${id}"></use></svg>`;
const inPage = (id: string) =>
  `<svg viewBox="0 0 24 24" aria-hidden="true"><use href="#${INLINE_ICON_PREFIX}${id}"></use></svg>`;

describe("symbolsOf", () => {
  it("reads each symbol, its id prefixed", () => {
    const symbols = symbolsOf(sprite);
    expect([...symbols.keys()]).toEqual(["sun", "brand-github", "menu"]);
    expect(symbols.get("sun")).toBe(
      `<symbol id="${INLINE_ICON_PREFIX}sun" viewBox="0 0 24 24"><circle cx="12" cy="12" r="4"/></symbol>`,
    );
  });
});

describe("a page's icons drawn from the page", () => {
  const page = (body: string) => `<html><head></head><body>${body}</body></html>`;

  it("points each reference into the page and writes the symbols used, each once, before </body>", () => {
    const icons = new InlineIcons(url, symbolsOf(sprite));
    const html = finishPageHtml(page(`<p>${icon("sun")}${icon("brand-github")}${icon("sun")}</p>`), {
      holdHydration: true,
      inlineIcons: icons,
    });
    const symbols = symbolsOf(sprite);
    expect(html).toContain(`<p>${inPage("sun")}${inPage("brand-github")}${inPage("sun")}</p>`);
    expect(html).toContain(
      `<div hidden><svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true">${symbols.get("sun")}${symbols.get("brand-github")}</svg></div></body>`,
    );
    expect(html).not.toContain(symbols.get("menu"));
    expect(html).not.toContain(url);
  });

  it("leaves references to other files, unknown symbols and pages without icons alone", () => {
    const icons = new InlineIcons(url, symbolsOf(sprite));
    const other =
      '<svg><use href="/assets/other.svg#sun"></use></svg><svg><use href="/assets/icons-abc.svg#nope"></use></svg>';
    expect(finishPageHtml(page(other), { holdHydration: false, inlineIcons: icons })).toContain(
      `<body>${other}</body>`,
    );
  });

  it("changes nothing without inlineIcons (development)", () => {
    const html = page(`<p>${icon("sun")}</p>`);
    expect(finishPageHtml(html, { holdHydration: false })).toContain(`<body><p>${icon("sun")}</p></body>`);
  });

  it("draws from the site's own sprite by default", () => {
    const icons = new InlineIcons();
    expect(icons.takeSymbols()).toBe("");
    expect(icons.reference(`<use href="${siteSpriteUrl}#chevron-down">`)).toBe(
      `<use href="#${INLINE_ICON_PREFIX}chevron-down">`,
    );
    // The symbol carries the icons' stroke style, so the pages' <svg> elements need not.
    expect(icons.takeSymbols()).toContain(
      `<symbol id="${INLINE_ICON_PREFIX}chevron-down" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">`,
    );
  });
});

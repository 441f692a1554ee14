import { describe, expect, it } from "vitest";
import {
  BAD_REQUEST_CSP,
  badRequestPage,
  checkRequestTarget,
  hasControlCharacter,
} from "../../http-server/request-guard.ts";
import { inlineStyleHashes } from "../../http-server/static-pages.ts";

describe("checkRequestTarget", () => {
  it.each([
    ["/", "ok"],
    ["/en", "ok"],
    ["/blog/bot-discord", "ok"],
    ["/en/blog/bot-discord.data?_routes=en%3Aarticle", "ok"],
    ["/blog/tag/discord", "ok"],
    ["/blog/search?q=docker%20compose", "ok"],
    ["/blog/search?q=programa%C3%A7%C3%A3o", "ok"],
    // Query strings are the routes' own: the search answers any text.
    ["/blog/search?q=%00", "ok"],
    ["/projects/site-da-fam%C3%ADlia-werneck", "ok"],
    ["/og/blog/bot-discord/0123456789ab.png", "ok"],
    ["/og/en/blog/bot-discord/0123456789ab.png", "ok"],
    ["/uploads/covers/a.webp", "ok"],
    // Malformed: refused with 400 before any route.
    ["/blog/%", "malformed"],
    ["/blog/%E0%A4%A", "malformed"],
    ["/blog/%FF", "malformed"],
    [`/blog/${"a".repeat(2000)}`, "malformed"],
    ["*", "malformed"],
    // Shaped like a route whose parameter cannot exist, or holding a control character:
    // the not-found page, without a lookup.
    ["/blog/%00", "not-found"],
    ["/en/blog/%00.data", "not-found"],
    ["/blog/a%0d%0ab", "not-found"],
    ["/about%7F", "not-found"],
    ["/blog/a%C2%85b", "not-found"],
    ["/blog/Bot-Discord", "not-found"],
    ["/blog/..", "not-found"],
    ["/en/blog/a_b.data", "not-found"],
    [`/blog/${"a".repeat(121)}`, "not-found"],
    [`/blog/tag/${"a".repeat(41)}`, "not-found"],
    ["/blog/tag/Docker", "not-found"],
    ["/og/blog/bot-discord/version.png", "not-found"],
    ["/og/blog/%C3%A9/0123456789ab.png", "not-found"],
  ] as const)("%s is %s", (target, verdict) => {
    expect(checkRequestTarget(target)).toBe(verdict);
  });

  it("leaves the blog's fixed pages to their routes", () => {
    expect(checkRequestTarget("/blog/search")).toBe("ok");
    expect(checkRequestTarget("/blog/tag")).toBe("ok");
  });
});

describe("hasControlCharacter", () => {
  it("finds C0, DEL and C1 characters and nothing else", () => {
    expect(["\u0000", "a\nb", "\u007f", "\u0085"].map(hasControlCharacter)).toEqual([true, true, true, true]);
    expect(["família", "ação ✓", " ~"].map(hasControlCharacter)).toEqual([false, false, false]);
  });
});

describe("badRequestPage", () => {
  it("is allowed its inline styles by their hash, and nothing more", () => {
    for (const lang of ["pt", "en"] as const) {
      const [hash] = inlineStyleHashes(badRequestPage(lang));
      expect(BAD_REQUEST_CSP).toContain(`style-src ${hash};`);
    }
    expect(BAD_REQUEST_CSP).toMatch(/^default-src 'none'; /);
    expect(BAD_REQUEST_CSP).not.toContain("unsafe");
  });

  it("speaks the visitor's language and links home in it", () => {
    expect(badRequestPage("pt")).toContain('<html lang="pt-BR">');
    expect(badRequestPage("pt")).toContain("Endereço inválido");
    expect(badRequestPage("en")).toContain("Invalid address");
    expect(badRequestPage("en")).toContain('<a href="/en">');
  });
});

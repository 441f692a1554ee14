import { describe, expect, it } from "vitest";
import { langFromPath, langFromQuery, localizePath, stripLang, switchLangPath } from "~/i18n/paths.ts";
import { canonicalPath } from "~/lib/seo.ts";
import { prerenderPaths, publicPaths } from "~/routing/pages.ts";

describe("langFromPath", () => {
  it.each([
    ["/", "pt"],
    ["/about", "pt"],
    ["/en", "en"],
    ["/en/", "en"],
    ["/en/about", "en"],
    ["/english", "pt"],
    ["/blog/en", "pt"],
    ["/en.data", "en"],
    ["/en/blog.data", "en"],
    ["/_.data", "pt"],
    ["/en/_.data", "en"],
    ["/about.data", "pt"],
  ])("%s is %s", (path, lang) => {
    expect(langFromPath(path)).toBe(lang);
  });
});

describe("localizePath", () => {
  it.each([
    ["/", "pt", "/"],
    ["/", "en", "/en"],
    ["/about", "en", "/en/about"],
    ["/about", "pt", "/about"],
    ["/career#partnerships", "en", "/en/career#partnerships"],
    ["/?q=1", "en", "/en?q=1"],
    ["/#top", "en", "/en#top"],
  ] as const)("%s in %s is %s", (path, lang, expected) => {
    expect(localizePath(path, lang)).toBe(expected);
  });

  it("refuses relative paths", () => {
    expect(() => localizePath("about", "en")).toThrow(/absolute/);
  });
});

describe("stripLang and switchLangPath", () => {
  it.each([
    ["/en", "/"],
    ["/en/", "/"],
    ["/en/blog/bot-discord", "/blog/bot-discord"],
    ["/blog", "/blog"],
    ["/", "/"],
  ])("stripLang(%s) = %s", (path, expected) => {
    expect(stripLang(path)).toBe(expected);
  });

  it.each([
    ["/about", "en", "/en/about"],
    ["/en/about", "pt", "/about"],
    ["/en", "pt", "/"],
    ["/", "en", "/en"],
    ["/en/about", "en", "/en/about"],
  ] as const)("switchLangPath(%s, %s) = %s", (path, lang, expected) => {
    expect(switchLangPath(path, lang)).toBe(expected);
  });
});

describe("canonicalPath", () => {
  it.each([
    ["/", "/"],
    ["/about/", "/about"],
    ["/en/", "/en"],
    ["/en/about", "/en/about"],
  ])("%s -> %s", (path, expected) => {
    expect(canonicalPath(path)).toBe(expected);
  });
});

describe("the route table", () => {
  it("lists every public page of the specification", () => {
    for (const path of [
      "/",
      "/about",
      "/career",
      "/companies",
      "/companies/cheetah-network",
      "/companies/werneck-group",
      "/projects",
      "/projects/site-da-família-werneck",
      "/services",
      "/services/consulting",
      "/certificates",
      "/contact",
      "/recommendations",
      "/course",
      "/discord",
      "/blog",
      "/blog/bot-discord",
    ]) {
      expect(publicPaths).toContain(path);
    }
    expect(publicPaths).not.toContain("/admin/blog");
  });

  it("prerenders every public page in both languages, except the database-backed blog", () => {
    const paths = prerenderPaths();
    const blogPaths = publicPaths.filter((path) => path.startsWith("/blog"));
    expect(blogPaths.length).toBeGreaterThan(0);
    expect(paths).toHaveLength((publicPaths.length - blogPaths.length) * 2);
    expect(paths).toContain("/en");
    expect(paths).toContain("/en/services/web-development");
    expect(paths.some((path) => path.includes("/blog"))).toBe(false);
  });
});

describe("langFromQuery", () => {
  it.each([
    ["https://x.dev/admin/blog/upload?lang=en", "en"],
    ["https://x.dev/admin/blog/upload?lang=pt", "pt"],
    ["https://x.dev/admin/blog/upload", "pt"],
    ["https://x.dev/admin/blog/upload?lang=fr", "pt"],
    ["https://x.dev/admin/blog/upload?lang=EN", "pt"],
  ] as const)("%s is %s", (url, lang) => {
    expect(langFromQuery(url)).toBe(lang);
  });
});

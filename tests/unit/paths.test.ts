import { describe, expect, it } from "vitest";
import {
  langFromPath,
  langFromQuery,
  localizePath,
  otherSlugPaths,
  pathWithItsOwnSlug,
  stripLang,
  switchLangPath,
} from "~/i18n/paths.ts";
import { stringAreasFor } from "~/i18n/registry.ts";
import { absoluteUrl, canonicalPath, seo } from "~/lib/seo.ts";
import { prerenderPaths, publicPaths } from "~/routing/pages.ts";
import { inBothLanguages } from "~/server/blog/feeds.server.ts";

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
    ["/privacidade", "pt", "/privacidade"],
    ["/privacidade", "en", "/en/privacy"],
    ["/privacidade#newsletter", "en", "/en/privacy#newsletter"],
    ["/privacidade?x=1", "en", "/en/privacy?x=1"],
    ["/privacidade/x", "en", "/en/privacy/x"],
    ["/privacidades", "en", "/en/privacidades"],
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
    ["/en/privacy", "/privacidade"],
    ["/en/privacy#rights", "/privacidade#rights"],
    ["/en/privacy-x", "/privacy-x"],
    ["/privacidade", "/privacidade"],
  ])("stripLang(%s) = %s", (path, expected) => {
    expect(stripLang(path)).toBe(expected);
  });

  it.each([
    ["/about", "en", "/en/about"],
    ["/en/about", "pt", "/about"],
    ["/en", "pt", "/"],
    ["/", "en", "/en"],
    ["/en/about", "en", "/en/about"],
    ["/privacidade", "en", "/en/privacy"],
    ["/en/privacy", "pt", "/privacidade"],
    ["/en/privacy", "en", "/en/privacy"],
    ["/privacidade", "pt", "/privacidade"],
  ] as const)("switchLangPath(%s, %s) = %s", (path, lang, expected) => {
    expect(switchLangPath(path, lang)).toBe(expected);
  });
});

describe("a translated slug under the other language", () => {
  it.each([
    ["/privacy", "/privacidade"],
    ["/en/privacidade", "/en/privacy"],
    ["/privacidade", undefined],
    ["/en/privacy", undefined],
    ["/about", undefined],
    ["/en/about", undefined],
  ])("%s leads to %s", (path, expected) => {
    expect(pathWithItsOwnSlug(path)).toBe(expected);
  });

  it("is mounted for each translated page, in both languages, and names no page", () => {
    const paths = otherSlugPaths();
    expect(paths).toEqual([
      { lang: "pt", path: "/privacy" },
      { lang: "en", path: "/en/privacidade" },
    ]);
    for (const { path } of paths) expect(prerenderPaths()).not.toContain(path);
  });
});

describe("a page with a translated slug", () => {
  const linkOf = (tags: ReturnType<typeof seo>, attributes: Record<string, string>) =>
    (tags as Record<string, unknown>[]).find((tag) =>
      Object.entries(attributes).every(([name, value]) => tag[name] === value),
    )?.href;

  it("names its own address as canonical and the other language's as alternate, in either language", () => {
    for (const pathname of ["/privacidade", "/en/privacy"]) {
      const tags = seo({ pathname, title: "Privacy", description: "What the site stores." });
      expect(linkOf(tags, { rel: "canonical" })).toBe(absoluteUrl(pathname));
      expect(linkOf(tags, { rel: "alternate", hrefLang: "pt-BR" })).toBe(absoluteUrl("/privacidade"));
      expect(linkOf(tags, { rel: "alternate", hrefLang: "en" })).toBe(absoluteUrl("/en/privacy"));
      expect(linkOf(tags, { rel: "alternate", hrefLang: "x-default" })).toBe(absoluteUrl("/privacidade"));
    }
  });

  it("is one sitemap entry with both addresses, and loads the same strings in both", () => {
    expect(inBothLanguages("/privacidade").paths).toEqual({ pt: "/privacidade", en: "/en/privacy" });
    expect(stringAreasFor("/en/privacy")).toEqual(stringAreasFor("/privacidade"));
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
      "/privacidade",
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
    expect(paths).toContain("/privacidade");
    expect(paths).toContain("/en/privacy");
    expect(paths).not.toContain("/en/privacidade");
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

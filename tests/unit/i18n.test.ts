import { describe, expect, it } from "vitest";
import { en } from "~/i18n/en.ts";
import { format } from "~/i18n/index.ts";
import { pt } from "~/i18n/pt.ts";

type Tree = { [key: string]: string | Tree };

/** Every leaf of a dictionary as "a.b.c" -> value. */
function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("dictionaries", () => {
  const ptLeaves = leaves(pt as Tree);
  const enLeaves = leaves(en as Tree);

  it("have exactly the same keys", () => {
    expect([...enLeaves.keys()].sort()).toEqual([...ptLeaves.keys()].sort());
  });

  it.each([
    ["pt", ptLeaves],
    ["en", enLeaves],
  ])("%s has no empty string", (_lang, dictionary) => {
    const empty = [...dictionary].filter(([, value]) => value.trim() === "").map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it("use the same placeholders in both languages", () => {
    const mismatched = [...ptLeaves]
      .filter(([key, value]) => placeholders(value).join() !== placeholders(enLeaves.get(key) ?? "").join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it("carry the specification's fixed strings", () => {
    expect(en.notFound.heading).toBe("Oops! Page not found");
    expect(en.notFound.returnHome).toBe("Return to Home");
    expect(pt.header.logout).toBe("Sair");
    expect(pt.pages.adminBlog.title).toBe("Gerenciar posts");
  });
});

describe("format", () => {
  it.each([
    ["Page '{x}' not found", { x: "foo" }, "Page 'foo' not found"],
    ["© {year} Someone", { year: 2026 }, "© 2026 Someone"],
    ["{a} and {a}", { a: "1" }, "1 and 1"],
    ["{missing} stays", {}, "{missing} stays"],
    ["no placeholders", { x: "y" }, "no placeholders"],
  ])("format(%j, %j) = %j", (template, values, expected) => {
    expect(format(template, values)).toBe(expected);
  });
});

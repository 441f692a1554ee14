import { describe, expect, it } from "vitest";
import { complete } from "~/lib/terminal/complete.ts";

describe("complete", () => {
  it.each([
    ["he", "pt", "help", []],
    ["wh", "en", "whoami", []],
    ["so", "pt", "sobre", []],
    ["ab", "en", "about", []],
    ["ab", "pt", "ab", []],
    ["pro", "en", "projects", []],
    ["pro", "pt", "projetos", []],
    ["op", "en", "open ", []],
    ["c", "pt", "c", ["contato", "certificados", "clear", "cd"]],
    ["co", "en", "co", ["contact", "companies"]],
    ["com", "en", "companies", []],
    ["CLE", "en", "clear", []],
    ["open pro", "pt", "open projetos", []],
    ["open pro", "en", "open projects", []],
    ["open c", "en", "open c", ["contact", "companies", "certificates"]],
    ["open ce", "pt", "open certificados", []],
    ["cd /p", "pt", "cd /projetos", []],
    ["cd /p", "en", "cd /projects", []],
    ["cd /b", "pt", "cd /blog", []],
    ["cd bl", "en", "cd blog", []],
    ["cd /c", "en", "cd /c", ["/contact", "/companies", "/certificates"]],
    ["cd so", "pt", "cd sobre", []],
    ["xyz", "en", "xyz", []],
    ["open zzz", "en", "open zzz", []],
    ["blog extra", "en", "blog extra", []],
  ] as const)("%j (%s) -> %j", (input, lang, value, options) => {
    expect(complete(input, lang)).toEqual({ value, options });
  });
});

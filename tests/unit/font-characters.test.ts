import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { characters, unicodeRange } from "../../tools/build/font-characters.ts";

const appDir = path.resolve(import.meta.dirname, "../../app");

function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return textFiles(file);
    return /\.(tsx?|md)$/.test(entry.name) ? [file] : [];
  });
}

describe("the subset fonts", () => {
  it("keep every character the site's texts and components use", () => {
    const kept = new Set(characters);
    const missing = new Map<string, string>();
    for (const file of textFiles(appDir)) {
      for (const char of readFileSync(file, "utf8")) {
        if (char === "\n" || char === "\r" || char === "\t" || kept.has(char)) continue;
        missing.set(char, path.relative(appDir, file));
      }
    }
    expect(Object.fromEntries(missing)).toEqual({});
  });

  it("are declared for exactly those characters, so no other reaches for them", () => {
    const css = readFileSync(path.join(appDir, "styles/app.css"), "utf8");
    const declared = [...css.matchAll(/unicode-range:\s*([^;]+);/g)].map((match) =>
      (match[1] ?? "").replace(/\s+/g, " ").trim(),
    );
    expect(declared).toEqual([unicodeRange(characters), unicodeRange(characters)]);
  });

  it("leave the text font small enough for a phone's first round trip beside two other requests", () => {
    // 10,220 bytes with three requests in flight (docs/decisions/034-a-text-font-in-one-round-trip.md),
    // of which the server's response headers take about 550.
    const bytes = statSync(path.join(appDir, "assets/fonts/inter-latin-wght.woff2")).size;
    expect(bytes).toBeLessThanOrEqual(9_600);
  });
});

describe("unicodeRange", () => {
  it.each([
    ["a", "U+0061"],
    ["abc", "U+0061-0063"],
    ["cab", "U+0061-0063"],
    ["aac", "U+0061, U+0063"],
    ["é→", "U+00E9, U+2192"],
    ["", ""],
  ])("names %j as %s", (chars, expected) => {
    expect(unicodeRange(chars)).toBe(expected);
  });
});

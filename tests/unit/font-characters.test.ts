import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { characters } from "../../tools/font-characters.ts";

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
});

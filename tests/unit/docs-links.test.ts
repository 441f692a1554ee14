/**
 * Every link of the README and the guides resolves: a relative link names a
 * file or folder of the repository, and a `#fragment` a heading of its page
 * (as GitHub makes anchors of headings). Outside links are not followed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function markdownFiles(): string[] {
  const files = ["README.md"];
  for (const entry of readdirSync(path.join(root, "docs"), { recursive: true, encoding: "utf8" }))
    if (entry.endsWith(".md")) files.push(path.join("docs", entry));
  for (const entry of readdirSync(path.join(root, "app"), { recursive: true, encoding: "utf8" }))
    if (entry.endsWith("README.md")) files.push(path.join("app", entry));
  return files;
}

/** The text outside fenced code blocks. */
const outsideFences = (markdown: string) => markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, "");

/** The text outside code, fenced or inline, where a link is a link. */
const prose = (markdown: string) => outsideFences(markdown).replace(/`[^`\n]*`/g, "");

/**
 * The anchors GitHub gives a page's headings: lower case, punctuation other
 * than hyphens dropped, spaces as hyphens, a repeated one numbered.
 * @example anchors("# Quick start\n## Quick start") // Set { "quick-start", "quick-start-1" }
 */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading = ""] of outsideFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/<[^>]+>/g, "");
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** The links of a page, as written: `[text](target)` and `<a href>`, images included. */
function links(markdown: string): string[] {
  const text = prose(markdown);
  return [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? ""),
    ...[...text.matchAll(/\b(?:href|src)="([^"]+)"/g)].map((m) => m[1] ?? ""),
  ];
}

describe("the documentation's links", () => {
  const files = markdownFiles();

  it("finds the README and the guides", () => {
    expect(files).toContain("README.md");
    expect(files).toContain(path.join("docs", "architecture.md"));
    expect(files).toContain(path.join("docs", "decisions", "README.md"));
  });

  it("anchors follow GitHub's rule", () => {
    expect([...anchors("# Quick start\n## Backups and restore\n## Quick start\n## `npm test`: layers")]).toEqual([
      "quick-start",
      "backups-and-restore",
      "quick-start-1",
      "npm-test-layers",
    ]);
  });

  for (const file of files) {
    it(`every relative link of ${file} resolves`, () => {
      const markdown = readFileSync(path.join(root, file), "utf8");
      const broken: string[] = [];
      for (const link of links(markdown)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:, file: …
        const [target = "", fragment] = link.split("#");
        const resolved = target === "" ? path.join(root, file) : path.resolve(root, path.dirname(file), target);
        if (!resolved.startsWith(root) || !existsSync(resolved)) {
          broken.push(`${link}: no such file`);
          continue;
        }
        if (fragment && statSync(resolved).isFile() && resolved.endsWith(".md")) {
          if (!anchors(readFileSync(resolved, "utf8")).has(decodeURIComponent(fragment).toLowerCase()))
            broken.push(`${link}: no such heading`);
        }
      }
      expect(broken, broken.join("\n")).toEqual([]);
    });
  }
});

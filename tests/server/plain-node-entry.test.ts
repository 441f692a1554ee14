import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** The app modules the server's own files import: `npm run dev` loads them in plain Node, without Vite's `~`. */
function appModulesOfServer(): string[] {
  const files = readdirSync(path.join(root, "http-server")).filter((name) => name.endsWith(".ts"));
  const modules = new Set<string>();
  for (const file of files) {
    const source = readFileSync(path.join(root, "http-server", file), "utf8");
    for (const [, specifier] of source.matchAll(/^import [^;]*? from "(\.\.\/app\/[^"]+)";/gms)) {
      if (specifier) modules.add(`./${specifier.slice(3)}`);
    }
  }
  return [...modules].sort();
}

describe("the server's entry in plain Node", () => {
  it("finds the app modules the server imports", () => {
    expect(appModulesOfServer()).toContain("./app/server/blog/schedule.server.ts");
  });

  it("loads every one of them without Vite, as the development server does", () => {
    const code = appModulesOfServer()
      .map((module) => `await import(${JSON.stringify(module)});`)
      .join("\n");
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", code], { cwd: root, encoding: "utf8" });
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.status).toBe(0);
  });
});

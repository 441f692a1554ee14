import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** The folders of the server's own files, outside the app. */
const SERVER_FOLDERS = ["runtime", "http-server", "backups", "config"];

/**
 * The server's files that development loads through Vite's module graph, as the app's routes are (they read the
 * app's posts, whose static articles and pictures Vite finds with `import.meta.glob`): `http-server/app.ts` and
 * `runtime/serve.ts` import them with `vite.ssrLoadModule` under `npm run dev`, and a build bundles them.
 */
const LOADED_THROUGH_VITE = new Set(["http-server/federation.ts"]);

/** The app modules the server's own files import: `npm run dev` loads them in plain Node, without Vite's `~`. */
function appModulesOfServer(): string[] {
  const modules = new Set<string>();
  for (const folder of SERVER_FOLDERS) {
    for (const file of readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })) {
      if (!file.endsWith(".ts") || LOADED_THROUGH_VITE.has(path.join(folder, file))) continue;
      const source = readFileSync(path.join(root, folder, file), "utf8");
      for (const [, specifier] of source.matchAll(/^import [^;]*? from "((?:\.\.\/)+app\/[^"]+)";/gms)) {
        if (specifier)
          modules.add(`./${path.relative(root, path.resolve(root, folder, path.dirname(file), specifier))}`);
      }
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

/**
 * What the production server loads as it starts: every module its entry
 * reaches by a static import, with the React Router build's (the root, the
 * document's render and every route module) and the modules the start always
 * loads by a dynamic import (the fediverse's start and doorway). Fedify, about
 * 50 MB of a process's memory, loads on first use only, and the Markdown
 * renderer with the first post that needs it (decision 095).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseAst } from "rolldown/parseAst";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The files and packages a source imports for their values (type-only imports are erased; dynamic ones wait). */
function staticImports(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const ast = parseAst(text, { lang: file.endsWith(".tsx") ? "tsx" : "ts" }, file);
  const specifiers: string[] = [];
  for (const node of ast.body) {
    if (node.type === "ImportDeclaration" && node.importKind !== "type") specifiers.push(node.source.value);
    if ((node.type === "ExportNamedDeclaration" || node.type === "ExportAllDeclaration") && node.source)
      if (node.exportKind !== "type") specifiers.push(node.source.value);
  }
  return specifiers.map((specifier) => resolve(file, specifier));
}

/** A relative or `~/` specifier as a file of the repository; a package as its name (`@scope/name`). */
function resolve(from: string, specifier: string): string {
  const local = specifier.startsWith("~/")
    ? path.join("app", specifier.slice(2))
    : specifier.startsWith(".")
      ? path.join(path.dirname(from), specifier)
      : undefined;
  if (local === undefined) {
    const parts = specifier.split("/");
    return `package:${specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]}`;
  }
  const bare = local.replace(/\?.*$/, "");
  for (const candidate of [bare, `${bare}.ts`, `${bare}.tsx`, path.join(bare, "index.ts")])
    if (/\.(ts|tsx)$/.test(candidate) && existsSync(path.join(root, candidate))) return candidate;
  return `asset:${bare}`;
}

/** Every module reached from `entries` by static imports, each with the chain that reached it first. */
function reached(entries: string[]): Map<string, string[]> {
  const chains = new Map(entries.map((entry) => [entry, [entry]]));
  const queue = [...entries];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (!/\.(ts|tsx)$/.test(file)) continue;
    for (const next of staticImports(file)) {
      if (chains.has(next)) continue;
      chains.set(next, [...(chains.get(file) ?? []), next]);
      queue.push(next);
    }
  }
  return chains;
}

const routeModules = readdirSync(path.join(root, "app/routes"))
  .filter((name) => /\.(ts|tsx)$/.test(name))
  .map((name) => `app/routes/${name}`);

/** The server's own graph: its entry, and what its start always imports. */
const SERVER_ENTRIES = ["runtime/main.ts", "app/server/fediverse/start.server.ts", "http-server/federation.ts"];
/** React Router's build, loaded whole at start. */
const APP_ENTRIES = ["app/root.tsx", "app/entry.server.tsx", ...routeModules];

const found = (chains: Map<string, string[]>, match: (module: string) => boolean) =>
  [...chains].filter(([module]) => match(module)).map(([, chain]) => chain.join(" -> "));

describe("what the server loads as it starts", () => {
  it("follows imports for their values only", () => {
    const chains = reached(["app/server/fediverse/start.server.ts"]);
    // Its worker is imported; the federation it makes on first use is not.
    expect(chains.has("app/server/fediverse/worker.server.ts")).toBe(true);
    expect(chains.has("app/server/fediverse/federation.server.ts")).toBe(false);
    // A type-only import (the federation's type, the sending's options) is no edge.
    expect(chains.has("app/server/fediverse/types.server.ts")).toBe(false);
    expect(chains.has("app/server/fediverse/sending.server.ts")).toBe(false);
    expect(chains.has("package:@fedify/fedify")).toBe(false);
  });

  it("has no Fedify: the federation is made on first use", () => {
    const fedify = (module: string) => module.startsWith("package:@fedify/");
    expect(found(reached(SERVER_ENTRIES), fedify)).toEqual([]);
    expect(found(reached(APP_ENTRIES), fedify)).toEqual([]);
  });

  it("has no Markdown renderer: the first post rendered or told of loads it", () => {
    const renderer = (module: string) => module === "app/server/blog/markdown.server.ts";
    expect(found(reached(SERVER_ENTRIES), renderer)).toEqual([]);
    expect(found(reached(APP_ENTRIES), renderer)).toEqual([]);
    // The guard is light (micromark only) and stays.
    expect(reached(APP_ENTRIES).has("app/server/blog/markdown-guard.server.ts")).toBe(true);
  });
});

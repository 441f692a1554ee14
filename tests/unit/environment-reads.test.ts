/**
 * The environment is read in config/ only, through the schema that the
 * guide is written from: elsewhere `process.env` is handed on whole to a
 * child process (`{ ...process.env, X: y }`, `env: process.env`, a default
 * parameter passed to a reader in config/), never read a variable at a time.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const FOLDERS = ["app", "http-server", "runtime", "backups", "bench", "tools"];
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

/**
 * The reads of single variables in a source text, as `line: code`. Allowed:
 * the environment spread into another (`...process.env`), handed on as a
 * value (followed by `,`, `)` or `}`), and PATH, the system's search path,
 * handed on to a child with the project's tools in front of it.
 */
function environmentReads(text: string): string[] {
  return text.split("\n").flatMap((line, index) => {
    const uses = [...line.matchAll(/(\.\.\.)?\bprocess\.env\b(?!\.PATH\b)(\s*[,)}])?/g)];
    return uses.some((use) => !use[1] && !use[2]) ? [`${index + 1}: ${line.trim()}`] : [];
  });
}

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.parentPath.includes("node_modules"))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

describe("reading the environment", () => {
  it("tells a read from the environment handed on", () => {
    expect(
      environmentReads(
        [
          "const port = process.env.PORT;",
          'const port = process.env["PORT"];',
          "const { PORT } = process.env;",
          "const env = process.env;",
          "spawn(command, args, { env: { ...process.env, PORT: '1' } });",
          "spawn(command, args, { env: process.env });",
          "start(name, nginx, args, process.env);",
          "function serveCommand(env: NodeJS.ProcessEnv = process.env) {",
          "const path = bin + ':' + (process.env.PATH ?? '');",
        ].join("\n"),
      ),
    ).toEqual([
      "1: const port = process.env.PORT;",
      '2: const port = process.env["PORT"];',
      "3: const { PORT } = process.env;",
      "4: const env = process.env;",
    ]);
  });

  it(`happens in config/ only, not in ${FOLDERS.join("/, ")}/`, () => {
    const reads = FOLDERS.flatMap(sources).flatMap((file) =>
      environmentReads(readFileSync(path.join(root, file), "utf8")).map((read) => `${file}:${read}`),
    );
    expect(reads, "read the variable through a schema of config/ (docs/configuration.md)").toEqual([]);
  });
});

/**
 * `npm run test:changed`: the tests the working tree's changes touch, for the
 * edit loop. The unit and server tests that import a changed file (Vitest's
 * `--changed`, through its module graph), then the browser specs whose
 * imports reach a changed file (their own imports, followed file to file), on
 * a fresh build. Nothing changed, nothing runs.
 *
 *   npm run test:changed            against the last commit
 *   npm run test:changed -- main    against another commit or branch
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = process.cwd();
const since = process.argv[2] ?? "HEAD";

/** Files changed since `since`, staged or not, and new files git does not ignore, relative to the root. */
function changedFiles(): Set<string> {
  const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).split("\n").filter(Boolean);
  return new Set([...git("diff", "--name-only", since), ...git("ls-files", "--others", "--exclude-standard")]);
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** The project files a module imports, resolved as TypeScript resolves them here (relative, and `~/` for app/). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? "";
    const base = specifier.startsWith("~/")
      ? path.join("app", specifier.slice(2))
      : specifier.startsWith(".")
        ? path.join(path.dirname(file), specifier)
        : undefined;
    if (!base) continue;
    const clean = base.split("?")[0] ?? base;
    for (const candidate of [clean, `${clean}.ts`, `${clean}.tsx`, path.join(clean, "index.ts")])
      if (existsSync(path.join(root, candidate)) && statSync(path.join(root, candidate)).isFile()) {
        found.push(path.normalize(candidate));
        break;
      }
  }
  return found;
}

/** Whether `file` or anything it imports, followed all the way, is among `changed`. */
function reaches(file: string, changed: Set<string>, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  if (changed.has(file)) return true;
  return importsOf(file).some((imported) => reaches(imported, changed, seen));
}

function specsUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return specsUnder(relative);
    return entry.name.endsWith(".spec.ts") ? [relative] : [];
  });
}

function run(command: string, args: string[]): number {
  console.log(`> ${command} ${args.join(" ")}`);
  return spawnSync(command, args, { stdio: "inherit" }).status ?? 1;
}

const changed = changedFiles();
if (changed.size === 0) {
  console.log(`Nothing changed since ${since}: no test to run.`);
  process.exit(0);
}
console.log(`Changed since ${since}: ${[...changed].join(", ")}`);
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
let status = run(bin("vitest"), ["run", "--changed", since, "--passWithNoTests"]);
const specs = specsUnder("tests/e2e").filter((spec) => reaches(spec, changed));
if (specs.length === 0) console.log("No browser spec imports a changed file.");
else if (status === 0) {
  console.log(`Browser specs that import a changed file: ${specs.join(", ")}`);
  status = run(process.execPath, ["tools/build/build.ts"]) || run(bin("playwright"), ["test", ...specs]);
}
process.exit(status);

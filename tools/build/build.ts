/**
 * `npm run build`: a complete new build beside the live one, then one atomic
 * switch. BUILD_DIR (default `build`) is a symbolic link to the newest
 * complete build, `{BUILD_DIR}-generations/{time}`. React Router builds into a
 * new generation directory; only when it has finished (prerendered pages,
 * compressed copies, link-preview images, compiled server) does the link move,
 * by renaming a new link over it, which is atomic. Until then `BUILD_DIR` is
 * the last complete build, whatever fails or stops the build half-way.
 *
 * A server already running keeps its own generation: Node resolves the link
 * when it loads the server, so the chunks it loads later come from the same
 * build, and the server reads its client files at start. The newest
 * KEPT_GENERATIONS stay, so servers started on the last few builds keep
 * working until they are restarted. See docs/decisions/020-hardening.md.
 */
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSettingsOrExit } from "../../config/config.ts";

/** Complete builds kept: the live one and the ones before it, for servers still running them. */
export const KEPT_GENERATIONS = 3;

/** The directory holding a build link's generations. */
export const generationsDir = (buildDir: string) => `${buildDir.replace(/[\\/]+$/, "")}-generations`;

/** A sortable name for a generation started at `time`. */
export function generationName(time: Date): string {
  return time.toISOString().replace(/[-:]/g, "").replace(".", "-");
}

/**
 * Points `link` at `target` atomically: a new link made beside it is renamed
 * over it. A real directory at `link` (a build made before generations) is
 * moved into the generations first, which is the one moment with no build.
 */
export function switchBuild(link: string, target: string): void {
  const relative = path.relative(path.dirname(path.resolve(link)), path.resolve(target));
  if (existsSync(link) && !lstatSync(link).isSymbolicLink()) {
    const aside = path.join(generationsDir(link), `${generationName(new Date(0))}-before-generations`);
    rmSync(aside, { recursive: true, force: true });
    renameSync(link, aside);
  }
  const next = `${link}.next-${process.pid}`;
  rmSync(next, { force: true });
  symlinkSync(relative, next, "dir");
  renameSync(next, link);
}

/** The generation a link points at, or undefined. */
export function currentGeneration(link: string): string | undefined {
  try {
    return path.resolve(path.dirname(path.resolve(link)), readlinkSync(link));
  } catch {
    return undefined;
  }
}

/**
 * Removes generations older than the newest `keep`, never the live one.
 * @returns the generations removed.
 */
export function pruneGenerations(link: string, keep = KEPT_GENERATIONS): string[] {
  const dir = generationsDir(link);
  if (!existsSync(dir)) return [];
  const live = currentGeneration(link);
  const generations = readdirSync(dir)
    .sort()
    .reverse()
    .map((name) => path.join(dir, name));
  const removed = generations.slice(keep).filter((generation) => path.resolve(generation) !== live);
  for (const generation of removed) rmSync(generation, { recursive: true, force: true });
  return removed;
}

function main() {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  // A wrong BUILD_DIR or PUBLIC_URL stops here, before anything is built.
  const link = buildSettingsOrExit().buildDir;
  const generation = path.join(generationsDir(link), generationName(new Date()));
  mkdirSync(generationsDir(link), { recursive: true });
  const result = spawnSync(path.join(root, "node_modules", ".bin", "react-router"), ["build"], {
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR: generation },
  });
  if (result.status !== 0) {
    rmSync(generation, { recursive: true, force: true });
    console.error(`The build failed; ${link} still holds the last complete build.`);
    process.exit(result.status ?? 1);
  }
  switchBuild(link, generation);
  const removed = pruneGenerations(link);
  console.info(
    `${link} → ${path.relative(process.cwd(), generation)}` +
      (removed.length > 0 ? `; removed ${removed.length} older build${removed.length === 1 ? "" : "s"}` : ""),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();

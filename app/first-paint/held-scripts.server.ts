/**
 * Prerendered pages send their held hydration data as a file, not inside the
 * page. On a page to read, the inline scripts React and React Router write
 * for hydration (the router's context and loader data, React's streaming
 * runtime, scroll restoration) are held until the first interaction
 * (decision 031), yet they were still bytes of the document: 2.4 KB of the
 * home page's 12.9 KB compressed, and a CSP hash each in its header. A phone
 * gets the first 14,600 bytes of a response in its first round trip and
 * waits a round trip for the rest (decision 032). After prerendering, each
 * page's held classic scripts become one file in `assets/`, named by its
 * content, and its held module script another; the page keeps each script
 * element, emptied, in its place (React hydrates those React Router
 * rendered), the first classic one and the module naming their file
 * (`data-src`). The page script loads them on the first
 * interaction, the module once the classic file has run, so the order is
 * the one the page had.
 *
 * Pages rendered per request keep their held scripts inline: nothing writes
 * files for them.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { HELD_CLASSIC_SCRIPT_TYPE, HELD_SCRIPT_TYPE } from "./held-hydration.ts";

const HELD = new RegExp(`<script type="${HELD_CLASSIC_SCRIPT_TYPE}"[^>]*>([\\s\\S]*?)</script>`, "g");
const HELD_MODULE = new RegExp(`<script\\b[^>]*\\btype="${HELD_SCRIPT_TYPE}"[^>]*>([\\s\\S]*?)</script>`);

export interface HeldFile {
  /** The file's name in `assets/`, from its content. */
  file: string;
  code: string;
}

export interface MovedScripts {
  /** The page with a held script naming each file instead of the code. */
  html: string;
  /** The held classic scripts' code in the page's order, then the module script's. */
  files: HeldFile[];
}

function heldFile(code: string): HeldFile {
  return { file: `held-${createHash("sha256").update(code).digest("base64url").slice(0, 12)}.js`, code };
}

/**
 * The page's held classic scripts as one file, its held module script as
 * another, and the page naming them; undefined when it holds no classic
 * script (a page that hydrates at once).
 * @example moveHeldScripts('<p>a</p><script type="text/x-held-script">x=1</script>')?.files[0]?.file // "held-….js"
 */
export function moveHeldScripts(html: string): MovedScripts | undefined {
  const bodies = [...html.matchAll(HELD)].map((match) => match[1] ?? "").filter((body) => body.trim() !== "");
  if (bodies.length === 0) return undefined;
  // Each was a script of its own: a statement never runs on into the next one.
  const classic = heldFile(`${bodies.join("\n;\n")}\n`);
  // Every script stays, emptied, where it was: React hydrates the ones React Router
  // rendered as elements, and a missing one would make it render the page again.
  let first = true;
  let moved = html.replace(HELD, () => {
    const src = first ? ` data-src="/assets/${classic.file}"` : "";
    first = false;
    return `<script type="${HELD_CLASSIC_SCRIPT_TYPE}"${src}></script>`;
  });
  const files = [classic];
  const module = HELD_MODULE.exec(moved);
  if (module?.[1]?.trim()) {
    const file = heldFile(module[1]);
    moved = moved.replace(module[0], `<script type="${HELD_SCRIPT_TYPE}" data-src="/assets/${file.file}"></script>`);
    files.push(file);
  }
  return { html: moved, files };
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Moves the held scripts of every prerendered page in `clientDir` to `clientDir/assets`; how many pages and bytes moved. */
export async function moveHeldScriptsOut(clientDir: string): Promise<{ pages: number; bytes: number }> {
  let pages = 0;
  let bytes = 0;
  for (const file of await htmlFiles(clientDir)) {
    const moved = moveHeldScripts(await readFile(file, "utf8"));
    if (!moved) continue;
    for (const held of moved.files) {
      await writeFile(path.join(clientDir, "assets", held.file), held.code);
      bytes += Buffer.byteLength(held.code);
    }
    await writeFile(file, moved.html);
    pages += 1;
  }
  return { pages, bytes };
}

/**
 * What an upload holds, told by its content: this site's archive (a zip
 * with `archive.json`), a Ghost export (JSON with `db[0].data.posts`), a
 * WordPress export (XML with the `wp:` namespace), or Markdown files with
 * front matter, alone or in a zip with their images. A problem that stops
 * reading it (malformed JSON or XML, an unsafe zip) comes back as the
 * source's only problem, so the dry run shows it like any other. Each text
 * file (the export, `archive.json`, a post) is read whole, and its text and
 * what it parses to take several times its size in memory (a 58 MB WXR
 * peaked at 490 MB above the start, a 57 MB Ghost JSON at 540 MB): past
 * `documentBytes` it is refused by its size, before a byte is read.
 */
import { ARCHIVE_INDEX } from "./archive-format.server.ts";
import { ghostData, readGhost } from "./ghost-source.server.ts";
import { ImportError, type ParsedSource } from "./import-types.server.ts";
import { readMarkdownTree } from "./markdown-source.server.ts";
import { type SourceTree, sniff } from "./source-files.server.ts";

export interface ReadLimits {
  /** Largest text file read whole: the server's (the admin's upload); the command line lifts it. */
  documentBytes: number;
}

export const READ_LIMITS: ReadLimits = { documentBytes: 64 * 1024 ** 2 };

const size = (bytes: number) =>
  bytes < 1024 ** 2 ? `${Math.ceil(bytes / 1024)} KB` : `${Math.ceil(bytes / 1024 ** 2)} MB`;

/** The tree, its files over the limit refused when read (the readers read text files only). */
function bounded(tree: SourceTree, limits: ReadLimits): SourceTree {
  const sizes = new Map(tree.files.map((file) => [file.path, file.size]));
  const check = (path: string) => {
    const bytes = sizes.get(path) ?? 0;
    if (bytes <= limits.documentBytes) return;
    const values = { size: size(bytes), max: size(limits.documentBytes) };
    throw new ImportError({ file: path, code: "document-too-large", values });
  };
  return {
    ...tree,
    async read(path) {
      check(path);
      return tree.read(path);
    },
    chunks(path) {
      check(path);
      return tree.chunks(path);
    },
  };
}

/** A file's first bytes, reading no more of it. */
async function headOf(tree: SourceTree, path: string, length: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let read = 0;
  for await (const chunk of tree.chunks(path)) {
    parts.push(chunk);
    read += chunk.length;
    if (read >= length) break;
  }
  return Buffer.concat(parts).subarray(0, length);
}

/** The JSON of an export, or its fault with its line; the text is let go once parsed. */
async function readJson(tree: SourceTree, path: string): Promise<unknown> {
  const text = (await tree.read(path)).toString("utf8").replace(/^\uFEFF/, "");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ImportError({
      file: path,
      line: jsonErrorLine(text, error),
      code: "malformed-json",
      values: { detail: error instanceof Error ? error.message : String(error) },
    });
  }
}

import { isWxr, readWordPress } from "./wordpress-source.server.ts";

/**
 * The line of a JSON syntax error. V8 names no position any more, only the
 * text around it (`Unexpected token '}', ..."posts": [}\n  ]..." is not
 * valid JSON`, ten characters before the error when cut): found in the file.
 */
function jsonErrorLine(text: string, error: unknown): number | undefined {
  const message = error instanceof Error ? error.message : "";
  const line = /line (\d+)/.exec(message);
  if (line) return Number(line[1]);
  const position = /position (\d+)/.exec(message);
  if (position) return text.slice(0, Number(position[1])).split("\n").length;
  const around = /"([\s\S]*)" is not valid JSON$/.exec(message)?.[1];
  if (around === undefined) return undefined;
  const cutBefore = around.startsWith("...");
  const snippet = around.replace(/^\.\.\./, "").replace(/\.\.\.$/, "");
  const at = text.indexOf(snippet);
  if (at === -1) return undefined;
  return text.slice(0, at + (cutBefore ? Math.min(10, snippet.length) : 0)).split("\n").length;
}

/** The one file of the upload that is an export of another engine, by its first bytes. */
async function exportFile(tree: SourceTree): Promise<{ path: string; kind: "json" | "xml" } | undefined> {
  const candidates =
    tree.container === "file" ? tree.files : tree.files.filter((file) => /\.(?:json|xml)$/i.test(file.path));
  for (const file of candidates) {
    if (/(?:^|\/)(?:package(?:-lock)?|tsconfig|hugo|config|manifest)\.json$/i.test(file.path)) continue;
    const head = await headOf(tree, file.path, 512);
    const kind = sniff(head);
    if (kind === "json" || kind === "xml") return { path: file.path, kind };
    // One Markdown file is a folder of one post; anything else alone is nothing to import.
    if (tree.container === "file" && kind !== "text") {
      throw new ImportError({ file: file.path, code: "unknown-file" });
    }
  }
  return undefined;
}

async function readOrProblem(tree: SourceTree, now: Date): Promise<ParsedSource> {
  const paths = new Set(tree.files.map((file) => file.path));
  if (paths.has(ARCHIVE_INDEX)) return readMarkdownTree(tree, now);
  const found = await exportFile(tree);
  if (found?.kind === "json") {
    const data = ghostData(await readJson(tree, found.path));
    if (data) return readGhost(data, found.path, paths, now);
    if (tree.container === "file") throw new ImportError({ file: found.path, code: "unknown-file" });
  } else if (found) {
    // A WordPress export is read as it comes, an item at a time.
    if (isWxr((await headOf(tree, found.path, 8192)).toString("utf8"))) {
      return readWordPress(tree.chunks(found.path), found.path, paths, now);
    }
    if (tree.container === "file") throw new ImportError({ file: found.path, code: "unknown-file" });
  }
  const markdown = await readMarkdownTree(tree, now);
  if (markdown.posts.length === 0 && markdown.problems.length === 0) {
    throw new ImportError({ file: tree.files[0]?.path ?? "", code: "nothing-to-import" });
  }
  return markdown;
}

/**
 * Every post of the upload and every problem met, never throwing for the
 * upload's own faults.
 */
export async function readSource(
  tree: SourceTree,
  now = new Date(),
  limits: ReadLimits = READ_LIMITS,
): Promise<ParsedSource> {
  try {
    return await readOrProblem(bounded(tree, limits), now);
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    return { kind: "markdown", posts: [], problems: [error.problem], notes: [] };
  }
}

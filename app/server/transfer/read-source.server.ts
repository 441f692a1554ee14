/**
 * What an upload holds, told by its content: this site's archive (a zip
 * with `archive.json`), a Ghost export (JSON with `db[0].data.posts`), a
 * WordPress export (XML with the `wp:` namespace), or Markdown files with
 * front matter, alone or in a zip with their images. A problem that stops
 * reading it (malformed JSON or XML, an unsafe zip) comes back as the
 * source's only problem, so the dry run shows it like any other. The
 * exports are read as they come: a WXR an item at a time, a Ghost JSON and
 * `archive.json` a post at a time (json-stream.server.ts); each post goes
 * to a sink as it is made, kept in memory (`readSource`) or spooled to disk
 * (`spoolSource`, the admin's and the command line's). A text file past
 * `documentBytes` is refused by its size, before a byte is read.
 */
import { ARCHIVE_INDEX } from "./archive-format.server.ts";
import { ghostData, readGhostPosts } from "./ghost-source.server.ts";
import { arraySink, ImportError, type ParsedSource, type PostSink, type SpooledSource } from "./import-types.server.ts";
import { jsonPieces } from "./json-stream.server.ts";
import { readMarkdownTreeInto } from "./markdown-source.server.ts";
import { PostSpool } from "./post-spool.server.ts";
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

/** Where Ghost keeps its posts: `db[0].data.posts`, or `data.posts` in an export cut down by hand. */
const GHOST_POSTS = [
  ["db", "0", "data", "posts"],
  ["data", "posts"],
] as const;

import { isWxr, readWordPressInto } from "./wordpress-source.server.ts";

/**
 * The upload's files that may be an export of another engine, by their
 * first bytes: JSON and XML, those of a site's own settings and hidden
 * folders left out.
 */
async function* exportFiles(tree: SourceTree): AsyncGenerator<{ path: string; kind: "json" | "xml" }> {
  const candidates =
    tree.container === "file" ? tree.files : tree.files.filter((file) => /\.(?:json|xml)$/i.test(file.path));
  for (const file of candidates) {
    if (/(?:^|\/)(?:package(?:-lock)?|tsconfig|hugo|config|manifest)\.json$/i.test(file.path)) continue;
    if (tree.container !== "file" && file.path.split("/").some((part) => part.startsWith("."))) continue;
    const head = await headOf(tree, file.path, 512);
    const kind = sniff(head);
    if (kind === "json" || kind === "xml") yield { path: file.path, kind };
    // One Markdown file is a folder of one post; anything else alone is nothing to import.
    else if (tree.container === "file" && kind !== "text") {
      throw new ImportError({ file: file.path, code: "unknown-file" });
    }
  }
}

const MARKDOWN_FILE = /\.(?:md|mdx|markdown)$/i;

async function readOrProblem(tree: SourceTree, now: Date, sink: PostSink): Promise<Omit<ParsedSource, "posts">> {
  const paths = new Set(tree.files.map((file) => file.path));
  if (paths.has(ARCHIVE_INDEX)) return readMarkdownTreeInto(tree, now, sink);
  // In a folder of Markdown, a JSON or XML file that is not an export (a theme's data, an editor's settings) is
  // one of the site's files, not its posts: it is passed over, malformed or not.
  const markdownSite = tree.container !== "file" && tree.files.some((file) => MARKDOWN_FILE.test(file.path));
  for await (const found of exportFiles(tree)) {
    if (found.kind === "json") {
      // A JSON export is read twice as it comes: its rest (tags, settings) first, then its posts one at a time.
      let rest: unknown;
      try {
        for await (const piece of jsonPieces(tree.chunks(found.path), found.path, GHOST_POSTS, { elements: false })) {
          if (piece.kind === "rest") rest = piece.value;
        }
      } catch (error) {
        if (markdownSite && error instanceof ImportError && error.problem.code === "malformed-json") continue;
        throw error;
      }
      const data = ghostData(rest);
      if (data) {
        // The posts of the data ghostData took (db[0]'s when there is one), not another's.
        const where = (rest as { db?: unknown[] }).db?.[0] ? [GHOST_POSTS[0]] : [GHOST_POSTS[1]];
        const elements = async function* () {
          for await (const piece of jsonPieces(tree.chunks(found.path), found.path, where)) {
            if (piece.kind === "element") yield piece;
          }
        };
        return readGhostPosts(data, elements(), found.path, paths, now, sink);
      }
      if (tree.container === "file") throw new ImportError({ file: found.path, code: "unknown-file" });
    } else {
      // A WordPress export is read as it comes, an item at a time.
      if (isWxr((await headOf(tree, found.path, 8192)).toString("utf8"))) {
        return readWordPressInto(tree.chunks(found.path), found.path, paths, now, sink);
      }
      if (tree.container === "file") throw new ImportError({ file: found.path, code: "unknown-file" });
    }
  }
  let made = 0;
  const counting: PostSink = {
    add: (post) => {
      made += 1;
      sink.add(post);
    },
    revise: (change) => sink.revise(change),
  };
  const markdown = await readMarkdownTreeInto(tree, now, counting);
  if (made === 0 && markdown.problems.length === 0) {
    throw new ImportError({ file: tree.files[0]?.path ?? "", code: "nothing-to-import" });
  }
  return markdown;
}

/**
 * Every post of the upload and every problem met, never throwing for the
 * upload's own faults: the posts kept in memory (the tests, the export's
 * round trip).
 */
export async function readSource(
  tree: SourceTree,
  now = new Date(),
  limits: ReadLimits = READ_LIMITS,
): Promise<ParsedSource> {
  const sink = arraySink();
  try {
    return { ...(await readOrProblem(bounded(tree, limits), now, sink)), posts: sink.posts };
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    return { kind: "markdown", posts: [], problems: [error.problem], notes: [] };
  }
}

/**
 * The same, each post's texts spooled to disk as it is read (post-spool.server.ts):
 * memory holds none of the posts, each pass reads them back. Closed by its caller.
 */
export async function spoolSource(
  tree: SourceTree,
  now = new Date(),
  limits: ReadLimits = READ_LIMITS,
  onRead?: (posts: number) => void,
): Promise<SpooledSource> {
  const spool = new PostSpool(onRead);
  const spooled = (read: Omit<ParsedSource, "posts">): SpooledSource => ({
    ...read,
    count: spool.count,
    summaries: () => spool.summaries(),
    texts: () => spool.texts(),
    close: () => spool.close(),
  });
  try {
    return spooled(await readOrProblem(bounded(tree, limits), now, spool));
  } catch (error) {
    if (!(error instanceof ImportError)) {
      spool.close();
      throw error;
    }
    spool.clear();
    return spooled({ kind: "markdown", problems: [error.problem], notes: [] });
  }
}

/**
 * The import's fixtures as a test needs them (tests/fixtures/import/): a
 * folder copied where the test may add to it, with the images its posts
 * name made on the fly (no binary fixtures), and zips written from a list of
 * entries, hostile ones included.
 */
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "vitest";
import yazl from "yazl";
import {
  ImportError,
  type ImportedPost,
  type ParsedSource,
  type PostSummary,
} from "../../app/server/transfer/import-types.server.ts";
import { readSource, spoolSource } from "../../app/server/transfer/read-source.server.ts";
import { openSource } from "../../app/server/transfer/source-files.server.ts";
import { solidPng } from "./images.ts";

export const IMPORT_FIXTURES = path.resolve(import.meta.dirname, "../fixtures/import");

/**
 * An upload read as the admin's route reads it, whole and then spooled to
 * disk as the admin and the command line import it, failing unless both give
 * the same posts, problems and notes in the same order; a refusal of the
 * whole file is its one problem.
 */
export async function readUpload(location: string, now: Date, name?: string): Promise<ParsedSource> {
  let tree: Awaited<ReturnType<typeof openSource>>;
  try {
    tree = await openSource(location, name);
  } catch (error) {
    if (error instanceof ImportError) return { kind: "markdown", posts: [], problems: [error.problem], notes: [] };
    throw error;
  }
  try {
    const whole = await readSource(tree, now);
    const spooled = await spoolSource(tree, now);
    try {
      const posts: ImportedPost[] = [];
      for await (const post of spooled.texts()) posts.push(post);
      expect(posts).toEqual(whole.posts);
      expect(spooled.count).toBe(posts.length);
      const summaries: PostSummary[] = [];
      for await (const summary of spooled.summaries()) summaries.push(summary);
      expect(summaries).toHaveLength(posts.length);
      for (const [i, summary] of summaries.entries()) expect(posts[i]).toMatchObject(summary);
      expect(summaries.some((summary) => "content" in summary || "revisions" in summary)).toBe(false);
      expect(spooled.problems).toEqual(whole.problems);
      expect(spooled.notes).toEqual(whole.notes);
    } finally {
      spooled.close();
    }
    return whole;
  } finally {
    tree.close();
  }
}

/** The images each fixture's posts name, by their path in the folder. */
export const FIXTURE_IMAGES: Record<string, readonly string[]> = {
  "hugo-bilingual": ["content/posts/ola-mundo/capa.png", "static/images/diagrama.png"],
  jekyll: ["assets/foto.png"],
};

/** A copy of a fixture folder in a temporary folder, with its images. */
export async function fixtureFolder(name: string): Promise<string> {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "import-fixture-")), name);
  cpSync(path.join(IMPORT_FIXTURES, name), dir, { recursive: true });
  for (const [i, image] of (FIXTURE_IMAGES[name] ?? []).entries()) {
    mkdirSync(path.dirname(path.join(dir, image)), { recursive: true });
    writeFileSync(path.join(dir, image), await solidPng(["#b45309", "#1d4ed8", "#15803d"][i % 3], 40, 30));
  }
  return dir;
}

/** A fixture file's text. */
export const fixtureText = (name: string) => readFile(path.join(IMPORT_FIXTURES, name), "utf8");

/**
 * A zip of these entries, written to a temporary file. A name starting with
 * `!` is written as given after the zip is made (yazl refuses `../` and
 * absolute names, as it should): same length as the placeholder it replaces.
 */
export async function zipFile(entries: Record<string, Buffer | string>, name = "upload.zip"): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "import-zip-")), name);
  writeFileSync(file, await zipBytes(entries));
  return file;
}

/** The bytes of a zip of these entries (see zipFile for the hostile names). */
export async function zipBytes(entries: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const hostile: [string, string][] = [];
  for (const [entry, content] of Object.entries(entries)) {
    let written = entry;
    if (entry.startsWith("!")) {
      const wanted = entry.slice(1);
      written = wanted.replace(/[^a-z0-9]/gi, "x");
      hostile.push([written, wanted]);
    }
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), written);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  let bytes = Buffer.concat(chunks);
  for (const [placeholder, wanted] of hostile) {
    bytes = Buffer.from(bytes.toString("latin1").split(placeholder).join(wanted), "latin1");
  }
  return bytes;
}

/** A zip of a folder's files (as a person zips a Hugo site). */
export async function zipFolder(dir: string, prefix = ""): Promise<string> {
  const { readdirSync, statSync, readFileSync } = await import("node:fs");
  const entries: Record<string, Buffer> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) walk(full);
      else entries[`${prefix}${path.relative(dir, full).split(path.sep).join("/")}`] = readFileSync(full);
    }
  };
  walk(dir);
  return zipFile(entries);
}

/**
 * Files an import is sent, good and hostile, each small enough to post: the
 * fixtures of every source, this site's archive shape, and what a hostile or
 * careless upload holds (a zip bomb, entries that climb out or are absolute,
 * a cut zip, entities, malformed XML, JSON and front matter, a Ghost export
 * with fields of the wrong type). The fuzz posts them as they are and mutated.
 */
export async function importSamples(): Promise<Buffer[]> {
  const [wordpress, ghost4, ghost5] = await Promise.all(
    ["wordpress.xml", "ghost-4.json", "ghost-5.json"].map((name) => readFile(path.join(IMPORT_FIXTURES, name))),
  );
  const post = "---\ntitle: Olá\nlang: pt\ndate: 2021-07-04\n---\nTexto com <script>alert(1)</script>.";
  const archive = await zipBytes({
    "archive.json": JSON.stringify({ format: "blog-archive", version: 1, posts: [{ lang: "xx", slug: 5 }] }),
    "pt/ola/index.md": post,
  });
  const wholeZip = await zipBytes({ "content/posts/ola.md": post, "content/posts/ola.en.md": post });
  return [
    wordpress as Buffer,
    ghost4 as Buffer,
    ghost5 as Buffer,
    Buffer.from(post),
    archive,
    wholeZip,
    wholeZip.subarray(0, Math.floor(wholeZip.length / 2)),
    await zipBytes({ "post.md": post, "zeros.md": Buffer.alloc(8 * 1024 * 1024) }),
    await zipBytes({ "ok.md": post, "!../../etc/evil.md": "x" }),
    await zipBytes({ "!/tmp/evil.md": post }),
    await zipBytes({ "export.xml": (wordpress as Buffer).subarray(0, 3000) }),
    Buffer.from(
      '<?xml version="1.0"?>\n<!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>\n<rss xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>&b;</title></channel></rss>',
    ),
    Buffer.from('<rss xmlns:wp="http://wordpress.org/export/1.2/"><channel><item><title>a</item></channel>'),
    Buffer.from('{"db":[{"data":{"posts":"x","tags":[null],"posts_tags":[{"post_id":{}}]}}]}'),
    Buffer.from(
      '{"db":[{"data":{"posts":[{"id":1,"title":5,"slug":["a"],"html":{},"status":"published","published_at":"nunca"}]}}]}',
    ),
    Buffer.from('{"db":[{"data":{"posts":[}]}'),
    Buffer.from("+++\ntitle = [\n+++\nTexto"),
    Buffer.from("---\ntitle: [unclosed\n---\nTexto"),
  ];
}

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
import yazl from "yazl";
import { solidPng } from "./images.ts";

export const IMPORT_FIXTURES = path.resolve(import.meta.dirname, "../fixtures/import");

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
  const file = path.join(mkdtempSync(path.join(tmpdir(), "import-zip-")), name);
  writeFileSync(file, bytes);
  return file;
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

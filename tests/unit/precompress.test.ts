import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isTextFile, precompressDirectory } from "../../tools/build/precompress.ts";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "precompress-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const repetitive = (line: string, times: number) => Array.from({ length: times }, (_, i) => `${line} ${i}\n`).join("");

async function put(relative: string, content: string | Buffer) {
  const file = path.join(dir, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

async function listing(): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe("isTextFile", () => {
  it.each([
    ["index.html", true],
    ["assets/app-1a2b.css", true],
    ["assets/root-1a2b.js", true],
    ["worker.mjs", true],
    ["favicon.svg", true],
    ["sitemap.xml", true],
    ["robots.txt", true],
    ["manifest.json", true],
    ["site.webmanifest", true],
    ["projects/atendefly.data", true],
    ["PAGE.HTML", true],
    ["assets/photo.webp", false],
    ["assets/photo.avif", false],
    ["assets/inter.woff2", false],
    ["index.html.br", false],
    ["index.html.gz", false],
  ])("%s -> %s", (file, expected) => {
    expect(isTextFile(file)).toBe(expected);
  });
});

describe("precompressDirectory", () => {
  it("writes .br and .gz copies that decode to the original, for text files only", async () => {
    const html = `<!doctype html><html><body>${repetitive("<p>Olá, Recife</p>", 400)}</body></html>`;
    const script = repetitive("export const value = 'the same line again';", 300);
    const image = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251));
    await put("about/index.html", html);
    await put("assets/root-1a2b.js", script);
    await put("projects/site-da-fam%C3%ADlia-werneck.data", repetitive('["loader data"]', 100));
    await put("assets/photo.webp", image);

    const summary = await precompressDirectory(dir, { concurrency: 2 });

    expect(await listing()).toEqual([
      "about/index.html",
      "about/index.html.br",
      "about/index.html.gz",
      "assets/photo.webp",
      "assets/root-1a2b.js",
      "assets/root-1a2b.js.br",
      "assets/root-1a2b.js.gz",
      "projects/site-da-fam%C3%ADlia-werneck.data",
      "projects/site-da-fam%C3%ADlia-werneck.data.br",
      "projects/site-da-fam%C3%ADlia-werneck.data.gz",
    ]);
    for (const file of ["about/index.html", "assets/root-1a2b.js", "projects/site-da-fam%C3%ADlia-werneck.data"]) {
      const original = await readFile(path.join(dir, file));
      const br = await readFile(path.join(dir, `${file}.br`));
      const gz = await readFile(path.join(dir, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(original), file).toBe(true);
      expect(gunzipSync(gz).equals(original), file).toBe(true);
      expect(br.length).toBeLessThan(original.length);
      expect(gz.length).toBeLessThan(original.length);
    }
    expect(summary).toMatchObject({ files: 3, brotliFiles: 3, gzipFiles: 3 });
  });

  it("uses brotli's best quality and gzip's best level", async () => {
    const text = repetitive("a sentence that repeats with a changing number", 2000);
    await put("page.txt", text);
    await precompressDirectory(dir);
    const best = brotliCompressSync(text, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    });
    expect((await readFile(path.join(dir, "page.txt.br"))).equals(best)).toBe(true);
    expect((await readFile(path.join(dir, "page.txt.gz"))).equals(gzipSync(text, { level: 9 }))).toBe(true);
  });

  it("skips a copy that is not smaller and removes an old one", async () => {
    await put("tiny.txt", "ok");
    await put("tiny.txt.br", "stale copy from an earlier build");
    await put("tiny.txt.gz", "stale copy from an earlier build");
    const summary = await precompressDirectory(dir);
    expect(await listing()).toEqual(["tiny.txt"]);
    expect(summary).toMatchObject({ files: 1, brotliFiles: 0, gzipFiles: 0 });
  });

  it("replaces the copies of a file that changed", async () => {
    await put("notes.txt", repetitive("first version", 200));
    await precompressDirectory(dir);
    const second = repetitive("second version", 300);
    await put("notes.txt", second);
    await precompressDirectory(dir);
    expect(brotliDecompressSync(await readFile(path.join(dir, "notes.txt.br"))).toString()).toBe(second);
    expect(gunzipSync(await readFile(path.join(dir, "notes.txt.gz"))).toString()).toBe(second);
  });
});

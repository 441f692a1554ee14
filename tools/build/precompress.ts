/**
 * Writes brotli (`.br`, quality 11) and gzip (`.gz`, level 9) copies beside
 * every text file of a directory, so the server sends compressed static files
 * without compressing them per request. Runs at the end of `react-router
 * build` (the `buildEnd` hook in react-router.config.ts).
 */
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliMax, CODING_SUFFIX, gzipMax } from "../../http-server/accept-encoding.ts";

/** File types worth compressing; images and fonts are compressed already. */
export const TEXT_EXTENSIONS: ReadonlySet<string> = new Set([
  ".html",
  ".css",
  ".js",
  ".mjs",
  ".svg",
  ".xml",
  ".txt",
  ".json",
  ".webmanifest",
  // React Router's loader data of prerendered pages.
  ".data",
]);

export interface PrecompressSummary {
  /** Text files found. */
  files: number;
  /** Bytes of those files. */
  bytes: number;
  brotliFiles: number;
  brotliBytes: number;
  gzipFiles: number;
  gzipBytes: number;
  ms: number;
}

/**
 * zlib's async calls run on libuv's thread pool (4 threads unless
 * UV_THREADPOOL_SIZE says otherwise); more files in flight only queue.
 */
function defaultConcurrency(): number {
  return Math.max(1, Math.min(4, os.availableParallelism()));
}

/** Runs `work` on every item, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export function isTextFile(file: string): boolean {
  return TEXT_EXTENSIONS.has(path.extname(file).toLowerCase());
}

/**
 * Compresses every text file under `dir`. A copy that is not smaller than
 * its original is not written (and an old one is removed), so the server
 * never sends a compressed body larger than the plain one.
 */
export async function precompressDirectory(
  dir: string,
  options: { concurrency?: number } = {},
): Promise<PrecompressSummary> {
  const started = performance.now();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && isTextFile(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const summary: PrecompressSummary = {
    files: files.length,
    bytes: 0,
    brotliFiles: 0,
    brotliBytes: 0,
    gzipFiles: 0,
    gzipBytes: 0,
    ms: 0,
  };
  const keepIfSmaller = async (file: string, original: Buffer, compressed: Buffer, suffix: string) => {
    const target = file + suffix;
    if (compressed.length >= original.length) {
      await rm(target, { force: true });
      return false;
    }
    await writeFile(target, compressed);
    return true;
  };
  await eachLimited(files, options.concurrency ?? defaultConcurrency(), async (file) => {
    const original = await readFile(file);
    const [br, gz] = await Promise.all([brotliMax(original), gzipMax(original)]);
    summary.bytes += original.length;
    if (await keepIfSmaller(file, original, br, CODING_SUFFIX.br)) {
      summary.brotliFiles++;
      summary.brotliBytes += br.length;
    }
    if (await keepIfSmaller(file, original, gz, CODING_SUFFIX.gzip)) {
      summary.gzipFiles++;
      summary.gzipBytes += gz.length;
    }
  });
  summary.ms = performance.now() - started;
  return summary;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

/** One line for the build log. */
export function describeSummary(summary: PrecompressSummary): string {
  return (
    `Precompressed ${summary.files} text files (${kib(summary.bytes)}): ` +
    `${summary.brotliFiles} .br (${kib(summary.brotliBytes)}), ${summary.gzipFiles} .gz (${kib(summary.gzipBytes)}) ` +
    `in ${(summary.ms / 1000).toFixed(1)} s`
  );
}

/**
 * An upload to import, written to a file of its own as it arrives (a zip is
 * read from its end, so it must lie somewhere), never held in memory, and
 * removed once the import is done with it. Its bytes are counted as they
 * come: past the limit the writing stops and nothing is kept.
 */
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

export class UploadTooLarge extends Error {}

/** A name for the upload's file: its last segment, letters, digits, dots, dashes and underscores only. */
export function uploadName(given: string | null): string {
  const base = (given ?? "").split(/[/\\]/).pop() ?? "";
  const name = base.replace(/[^\p{L}\p{N}._-]+/gu, "_").slice(-100);
  // "." and ".." name the folder the file is written in, not a file.
  return /^\.*$/.test(name) ? "upload" : name;
}

/**
 * Writes the body to a temporary file and runs `use` on it and its size;
 * the file goes when `use` settles, unless `use` moved it. Throws UploadTooLarge past `maxBytes`.
 */
export async function withUploadedFile<T>(
  body: ReadableStream<Uint8Array>,
  name: string,
  maxBytes: number,
  use: (file: string, size: number) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "blog-import-"));
  try {
    const file = path.join(dir, name);
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(received > maxBytes ? new UploadTooLarge() : null, chunk);
      },
    });
    await pipeline(
      Readable.fromWeb(body as import("node:stream/web").ReadableStream),
      counter,
      createWriteStream(file),
    );
    return await use(file, received);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A file to import posted by a plain form (`multipart/form-data`), when the
 * page's script is not running: read as it arrives, its one file written to
 * a temporary file, never the whole body in memory. Its few text fields are kept, each and all bounded.
 * Past the limits, or when the body is not the form it claims to be, it
 * throws; the file goes when `use` settles.
 */
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { UploadTooLarge, uploadName } from "./upload.server.ts";

/** A body that is not the multipart form it claims to be. */
export class UnreadableForm extends Error {}

export interface PostedFile {
  /** Where it lies while `use` runs. */
  path: string;
  /** Its name as the browser gave it, made safe (uploadName). */
  name: string;
  size: number;
}

export interface PostedForm {
  fields: Map<string, string>;
  /** The form's one file; absent when the field was left empty. */
  file?: PostedFile | undefined;
}

const FIELD_BYTES = 4096;
const FIELDS = 20;
const HEAD_BYTES = 8192;
const CRLF = Buffer.from("\r\n");
const HEAD_END = Buffer.from("\r\n\r\n");

/** The boundary of a `multipart/form-data` type, or undefined. */
export function formBoundary(contentType: string | null): string | undefined {
  const match = /^multipart\/form-data\s*;(?:.*;)?\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(
    contentType ?? "",
  );
  return match?.[1] ?? match?.[2];
}

/** A part's name and, for a file, its file name, from its headers. */
function disposition(head: string): { name: string; filename?: string | undefined } {
  const line = head.split("\r\n").find((header) => /^content-disposition:/i.test(header)) ?? "";
  if (!/^content-disposition:\s*form-data\b/i.test(line)) throw new UnreadableForm();
  const name = /;\s*name="([^"]*)"/i.exec(line)?.[1];
  if (name === undefined) throw new UnreadableForm();
  const filename = /;\s*filename="([^"]*)"/i.exec(line)?.[1];
  return { name, filename };
}

/**
 * Reads the form and runs `use` on it.
 * @example await withPostedForm(request.body, boundary, MAX_IMPORT_BYTES, async ({ fields, file }) => …)
 */
export async function withPostedForm<T>(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  maxBytes: number,
  use: (form: PostedForm) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "blog-import-"));
  try {
    const form = await readForm(body, boundary, maxBytes, dir);
    return await use(form);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Writes a chunk, waiting when the file's buffer is full. */
function write(stream: WriteStream, chunk: Buffer): Promise<void> | undefined {
  if (stream.write(chunk)) return undefined;
  return new Promise((resolve, reject) => {
    stream.once("drain", resolve);
    stream.once("error", reject);
  });
}

function close(stream: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once("error", reject);
    stream.end(resolve);
  });
}

async function readForm(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  maxBytes: number,
  dir: string,
): Promise<PostedForm> {
  // Every delimiter is CRLF, "--", the boundary; the first may open the body, so the body is read after a CRLF.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const fields = new Map<string, string>();
  let file: PostedForm["file"];
  let pending: Buffer = Buffer.from(CRLF);
  let state: "preamble" | "after-delimiter" | "head" | "part" | "done" = "preamble";
  let part: { name: string; filename?: string | undefined; chunks: Buffer[]; size: number } | undefined;
  let out: { stream: WriteStream; size: number; path: string } | undefined;
  let received = 0;

  /** Bytes of the part being read: a field's kept, a file's written. */
  const take = async (bytes: Buffer) => {
    if (!part || bytes.length === 0) return;
    part.size += bytes.length;
    if (out) {
      out.size += bytes.length;
      await write(out.stream, bytes);
    } else if (part.filename === undefined) {
      if (part.size > FIELD_BYTES) throw new UnreadableForm();
      part.chunks.push(bytes);
    }
  };
  /** The part ends at a delimiter. */
  const finish = async () => {
    if (!part) return;
    if (out) {
      await close(out.stream);
      if (out.size > 0) file = { path: out.path, name: uploadName(part.filename ?? null), size: out.size };
      out = undefined;
    } else if (part.filename === undefined) {
      fields.set(part.name, Buffer.concat(part.chunks).toString("utf8"));
    }
    part = undefined;
  };

  try {
    const reader = body.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      received += value.length;
      if (received > maxBytes) throw new UploadTooLarge();
      pending = pending.length ? Buffer.concat([pending, value]) : Buffer.from(value);
      // Each round consumes what it can and leaves what may be the start of a delimiter or a header.
      for (let progressed = true; progressed && state !== "done"; ) {
        progressed = false;
        if (state === "preamble" || state === "part") {
          const at = pending.indexOf(delimiter);
          if (at === -1) {
            // What cannot hold a whole delimiter's start is the part's (the preamble's is dropped).
            const keep = Math.min(pending.length, delimiter.length - 1);
            if (state === "part") await take(pending.subarray(0, pending.length - keep));
            pending = pending.subarray(pending.length - keep);
            continue;
          }
          if (state === "part") {
            await take(pending.subarray(0, at));
            await finish();
          }
          pending = pending.subarray(at + delimiter.length);
          state = "after-delimiter";
          progressed = true;
        } else if (state === "after-delimiter") {
          if (pending.length < 2) continue;
          if (pending[0] === 0x2d && pending[1] === 0x2d) {
            state = "done";
            continue;
          }
          // Transport padding (spaces, tabs) may follow a delimiter before its CRLF.
          const lineEnd = pending.indexOf(CRLF);
          if (lineEnd === -1) {
            if (pending.length > 256) throw new UnreadableForm();
            continue;
          }
          if (pending.subarray(0, lineEnd).some((byte) => byte !== 0x20 && byte !== 0x09)) throw new UnreadableForm();
          pending = pending.subarray(lineEnd + 2);
          state = "head";
          progressed = true;
        } else if (state === "head") {
          const end = pending.indexOf(HEAD_END);
          if (end === -1) {
            if (pending.length > HEAD_BYTES) throw new UnreadableForm();
            continue;
          }
          const { name, filename } = disposition(pending.subarray(0, end).toString("utf8"));
          if (fields.size >= FIELDS) throw new UnreadableForm();
          part = { name, filename, chunks: [], size: 0 };
          if (filename !== undefined) {
            // One file per form: a second is refused rather than kept.
            if (file) throw new UnreadableForm();
            const where = path.join(dir, "upload");
            out = { stream: createWriteStream(where), size: 0, path: where };
          }
          pending = pending.subarray(end + HEAD_END.length);
          state = "part";
          progressed = true;
        }
      }
      if (state === "done") {
        await reader.cancel().catch(() => undefined);
        break;
      }
    }
  } finally {
    if (out) await close(out.stream).catch(() => undefined);
  }
  if (state !== "done") throw new UnreadableForm();
  return { fields, file };
}

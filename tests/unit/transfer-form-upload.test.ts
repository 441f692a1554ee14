/**
 * The import's plain form, read as it arrives: the same fields and file
 * (bytes and fingerprint) whatever the sizes of the chunks the body comes
 * in, even one byte at a time and with the boundary's own bytes in the
 * file; an empty file field is no file; a body cut short, a second file, a
 * field too long or a body over the limit are refused; nothing stays on disk.
 * An upload's name is its last segment, never a folder.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import {
  formBoundary,
  type PostedForm,
  UnreadableForm,
  withPostedForm,
} from "../../app/server/transfer/form-upload.server.ts";
import { UploadTooLarge, uploadName } from "../../app/server/transfer/upload.server.ts";

const BOUNDARY = "----formboundaryX7";

/** A multipart body as a browser writes it. */
function multipart(parts: { name: string; value: Buffer | string; filename?: string }[], boundary = BOUNDARY): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename === undefined ? "" : `; filename="${part.filename}"\r\nContent-Type: application/zip`;
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n\r\n`));
    pieces.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from("\r\n"));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(pieces);
}

/** The body as a stream of chunks of `size` bytes. */
function chunked(bytes: Buffer, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(new Uint8Array(bytes.subarray(at, at + size)));
      at += size;
    },
  });
}

/** What `use` saw: the fields, and the file's name, bytes and size read while it lay on disk. */
async function read(body: Buffer, size: number, maxBytes = 10 * 1024 * 1024) {
  let where = "";
  const seen = await withPostedForm(chunked(body, size), BOUNDARY, maxBytes, async (form: PostedForm) => {
    where = form.file?.path ?? "";
    return {
      fields: Object.fromEntries(form.fields),
      file: form.file && { name: form.file.name, bytes: await readFile(form.file.path), size: form.file.size },
    };
  });
  if (where) expect(existsSync(where), "the file is removed once used").toBe(false);
  return seen;
}

describe("the import's plain form", () => {
  const content = Buffer.concat([randomBytes(3000), Buffer.from(`\r\n--${BOUNDARY.slice(0, 8)}`), randomBytes(500)]);
  const body = multipart([
    { name: "intent", value: "check-import" },
    { name: "file", value: content, filename: "meu blog.zip" },
    { name: "clash", value: "rename" },
  ]);

  it("reads the same fields and file whatever the chunks", async () => {
    for (const size of [1, 2, 7, 61, 1024, body.length]) {
      const seen = await read(body, size);
      expect(seen.fields, `chunks of ${size}`).toEqual({ intent: "check-import", clash: "rename" });
      expect(seen.file?.name).toBe("meu_blog.zip");
      expect(seen.file?.bytes.equals(content), `chunks of ${size}`).toBe(true);
      expect(seen.file?.size).toBe(content.length);
    }
  });

  it("takes an empty file field for no file", async () => {
    const seen = await read(
      multipart([
        { name: "file", value: "", filename: "" },
        { name: "intent", value: "x" },
      ]),
      5,
    );
    expect(seen).toEqual({ fields: { intent: "x" }, file: undefined });
  });

  it("refuses a body cut short, a second file, a long field and a body over the limit", async () => {
    await expect(read(body.subarray(0, body.length - 10), 100)).rejects.toBeInstanceOf(UnreadableForm);
    await expect(read(Buffer.from("not a form at all"), 100)).rejects.toBeInstanceOf(UnreadableForm);
    const twoFiles = multipart([
      { name: "file", value: "a", filename: "a.md" },
      { name: "file", value: "b", filename: "b.md" },
    ]);
    await expect(read(twoFiles, 100)).rejects.toBeInstanceOf(UnreadableForm);
    await expect(read(multipart([{ name: "intent", value: "x".repeat(5000) }]), 100)).rejects.toBeInstanceOf(
      UnreadableForm,
    );
    await expect(read(body, 1024, 2000)).rejects.toBeInstanceOf(UploadTooLarge);
  });

  it("finds the boundary in the form's type, quoted or not", () => {
    expect(formBoundary(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(formBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe("a b");
    expect(formBoundary("application/x-www-form-urlencoded")).toBeUndefined();
    expect(formBoundary(null)).toBeUndefined();
  });
});

describe("an upload's name", () => {
  it("is its last segment in safe characters, never the folder it is written in", () => {
    expect(uploadName("meu blog.zip")).toBe("meu_blog.zip");
    expect(uploadName("../../etc/passwd")).toBe("passwd");
    expect(uploadName("C:\\export\\wordpress.xml")).toBe("wordpress.xml");
    for (const folder of ["..", ".", "a/..", "", null]) expect(uploadName(folder)).toBe("upload");
  });
});

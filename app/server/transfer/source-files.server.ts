/**
 * The files of an upload, whatever it came as: a zip, a folder (the command
 * line) or one file (a Ghost JSON, a WordPress XML). What a file is comes
 * from its first bytes, never its name. A zip is read from its central
 * directory and each entry on demand, with limits on its entries, their
 * sizes and their compression ratio, and no entry may climb out of the
 * archive (`../`) or name an absolute path.
 */
import { createReadStream } from "node:fs";
import { open, readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import yauzl from "yauzl";
import { ImportError } from "./import-types.server.ts";

export interface SourceFile {
  /** Relative, with `/` between folders. */
  path: string;
  size: number;
}

export interface SourceTree {
  /** What the upload was. */
  container: "zip" | "folder" | "file";
  files: SourceFile[];
  read(path: string): Promise<Buffer>;
  /** The file's bytes as they are read, for a reader that keeps a part at a time. */
  chunks(path: string): AsyncIterable<Buffer>;
  close(): void;
}

/** Bounds of what a zip may unpack to. */
export interface ZipLimits {
  entries: number;
  /** All entries together, uncompressed. */
  totalBytes: number;
  /** One entry, uncompressed. */
  entryBytes: number;
  /** Uncompressed size over compressed size, for entries past 1 MB. */
  ratio: number;
}

export const ZIP_LIMITS: ZipLimits = {
  entries: 100_000,
  totalBytes: 8 * 1024 ** 3,
  entryBytes: 256 * 1024 ** 2,
  ratio: 200,
};

/** What the first bytes say a file is. */
export type Sniffed = "zip" | "json" | "xml" | "text" | "unknown";

/**
 * @example sniff(Buffer.from("PK\x03\x04…")) // "zip"
 * @example sniff(Buffer.from("\uFEFF  {\"db\": …")) // "json"
 */
export function sniff(head: Buffer): Sniffed {
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) return "zip";
  // An empty zip is its end record alone.
  if (head.length >= 4 && head.readUInt32LE(0) === 0x06054b50) return "zip";
  const text = head
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (text.startsWith("{") || text.startsWith("[")) return "json";
  if (text.startsWith("<")) return "xml";
  if (head.includes(0)) return "unknown";
  return text.length > 0 ? "text" : "unknown";
}

/** A path inside an upload that stays inside it: relative, no `..`, no drive, no backslash. */
export function isSafeEntryPath(name: string): boolean {
  if (!name || name.startsWith("/") || name.includes("\\") || /^[A-Za-z]:/.test(name) || name.includes("\0")) {
    return false;
  }
  return !name.split("/").some((segment) => segment === "..");
}

async function firstBytes(file: string, length = 512): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Every file of a folder, hidden ones and symbolic links left out. */
async function folderTree(root: string): Promise<SourceTree> {
  const files: SourceFile[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".")) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        files.push({ path: path.relative(root, full).split(path.sep).join("/"), size: (await stat(full)).size });
      }
    }
  };
  await walk(root);
  files.sort((a, b) => a.path.localeCompare(b.path));
  const known = new Set(files.map((file) => file.path));
  return {
    container: "folder",
    files,
    read: (name) => {
      if (!known.has(name)) throw new Error(`No file ${name} in the folder`);
      return readFile(path.join(root, name));
    },
    chunks: (name) => {
      if (!known.has(name)) throw new Error(`No file ${name} in the folder`);
      return createReadStream(path.join(root, name));
    },
    close: () => {},
  };
}

/** Where an entry of a zip lies and how it is stored: the fields of yauzl's Entry its reading reads. */
type Place = Pick<
  yauzl.Entry,
  "relativeOffsetOfLocalHeader" | "compressedSize" | "uncompressedSize" | "compressionMethod" | "generalPurposeBitFlag"
>;

/** Code page 437's characters from 0x80 up: the names of a zip whose writer said nothing of UTF-8, as the format says. */
const CP437_HIGH =
  "\u00c7\u00fc\u00e9\u00e2\u00e4\u00e0\u00e5\u00e7\u00ea\u00eb\u00e8\u00ef\u00ee\u00ec\u00c4\u00c5" +
  "\u00c9\u00e6\u00c6\u00f4\u00f6\u00f2\u00fb\u00f9\u00ff\u00d6\u00dc\u00a2\u00a3\u00a5\u20a7\u0192" +
  "\u00e1\u00ed\u00f3\u00fa\u00f1\u00d1\u00aa\u00ba\u00bf\u2310\u00ac\u00bd\u00bc\u00a1\u00ab\u00bb" +
  "\u2591\u2592\u2593\u2502\u2524\u2561\u2562\u2556\u2555\u2563\u2551\u2557\u255d\u255c\u255b\u2510" +
  "\u2514\u2534\u252c\u251c\u2500\u253c\u255e\u255f\u255a\u2554\u2569\u2566\u2560\u2550\u256c\u2567" +
  "\u2568\u2564\u2565\u2559\u2558\u2552\u2553\u256b\u256a\u2518\u250c\u2588\u2584\u258c\u2590\u2580" +
  "\u03b1\u00df\u0393\u03c0\u03a3\u03c3\u00b5\u03c4\u03a6\u0398\u03a9\u03b4\u221e\u03c6\u03b5\u2229" +
  "\u2261\u00b1\u2265\u2264\u2320\u2321\u00f7\u2248\u00b0\u2219\u00b7\u221a\u207f\u00b2\u25a0\u00a0";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * An entry's name: UTF-8 when its flag says so or its Unicode Path field
 * (0x7075) gives it, else UTF-8 when its bytes are valid UTF-8 (Linux's
 * `zip` writes UTF-8 names without the flag), else code page 437.
 */
function entryName(entry: yauzl.Entry): string {
  const raw = entry.fileName as unknown as Buffer;
  let name: string | undefined;
  if (entry.generalPurposeBitFlag & 0x800) name = raw.toString("utf8");
  else {
    const unicodePath = entry.extraFields.find((field) => field.id === 0x7075);
    if (unicodePath && unicodePath.data.length > 5 && unicodePath.data[0] === 1) {
      const crc = unicodePath.data.readUInt32LE(1);
      if (typeof zlib.crc32 !== "function" || zlib.crc32(raw) === crc) {
        name = unicodePath.data.subarray(5).toString("utf8");
      }
    }
    if (name === undefined) {
      try {
        name = strictUtf8.decode(raw);
      } catch {
        name = [...raw].map((byte) => (byte < 0x80 ? String.fromCharCode(byte) : CP437_HIGH[byte - 0x80])).join("");
      }
    }
  }
  return name.normalize("NFC");
}

async function zipTree(file: string, limits: ZipLimits): Promise<SourceTree> {
  let zip: yauzl.ZipFile;
  try {
    // Names are checked here, with the entry's name in the problem, not by yauzl's own refusal.
    zip = await yauzl.openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: true,
    });
  } catch {
    throw new ImportError({ file: path.basename(file), code: "bad-zip" });
  }
  // What reading an entry needs, not yauzl's whole Entry (its header's fields, buffers and extra fields: about
  // 1 KB of heap each with its name, 25 MB for a blog of 5,000 posts with 20,000 images, against 5 MB; decision 089).
  const entries = new Map<string, Place>();
  const files: SourceFile[] = [];
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      const name = entryName(entry);
      if (!isSafeEntryPath(name)) throw new ImportError({ file: name, code: "unsafe-path" });
      if (name.endsWith("/")) continue;
      if (entries.size >= limits.entries) {
        throw new ImportError({ file: name, code: "too-many-files", values: { max: String(limits.entries) } });
      }
      if (entry.isEncrypted()) throw new ImportError({ file: name, code: "bad-zip" });
      const size = entry.uncompressedSize;
      total += size;
      const tooDense = size > 1024 ** 2 && size > entry.compressedSize * limits.ratio;
      if (size > limits.entryBytes || total > limits.totalBytes || tooDense) {
        throw new ImportError({ file: name, code: "zip-bomb" });
      }
      // Folders of macOS's resource forks, hidden files and hidden folders (`.git/`, `.vscode/`) are no one's
      // posts, as the folder's walk leaves them out.
      if (name.startsWith("__MACOSX/") || name.split("/").some((part) => part.startsWith("."))) continue;
      entries.set(name, {
        relativeOffsetOfLocalHeader: entry.relativeOffsetOfLocalHeader,
        compressedSize: entry.compressedSize,
        uncompressedSize: entry.uncompressedSize,
        compressionMethod: entry.compressionMethod,
        generalPurposeBitFlag: entry.generalPurposeBitFlag,
      });
      files.push({ path: name, size });
    }
  } catch (error) {
    zip.close();
    if (error instanceof ImportError) throw error;
    throw new ImportError({ file: path.basename(file), code: "bad-zip" });
  }
  files.sort((a, b) => a.path.localeCompare(b.path));
  async function* entryChunks(name: string): AsyncIterable<Buffer> {
    const place = entries.get(name);
    if (!place) throw new Error(`No entry ${name} in the zip`);
    const stream = await zip.openReadStreamPromise(Object.assign(new yauzl.Entry(), place));
    let read = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      read += chunk.length;
      // validateEntrySizes stops a lying header at its declared size; this is the bound of that size.
      if (read > limits.entryBytes) throw new ImportError({ file: name, code: "zip-bomb" });
      yield chunk;
    }
  }
  return {
    container: "zip",
    files,
    async read(name) {
      const chunks: Buffer[] = [];
      for await (const chunk of entryChunks(name)) chunks.push(chunk);
      return Buffer.concat(chunks);
    },
    chunks: entryChunks,
    close: () => zip.close(),
  };
}

/**
 * The upload at `location` as files: a folder, a zip, or one JSON or XML
 * file (as `name`, the name it was uploaded as).
 */
export async function openSource(location: string, name = path.basename(location), limits = ZIP_LIMITS) {
  const info = await stat(location);
  if (info.isDirectory()) return folderTree(location);
  const kind = sniff(await firstBytes(location));
  if (kind === "zip") return zipTree(location, limits);
  if (kind === "json" || kind === "xml" || kind === "text") {
    const single: SourceTree = {
      container: "file",
      files: [{ path: name, size: info.size }],
      read: () => readFile(location),
      chunks: () => createReadStream(location),
      close: () => {},
    };
    return single;
  }
  throw new ImportError({ file: name, code: "unknown-file" });
}

/**
 * The backup file: one POSIX tar archive (ustar, with a PAX header for a name
 * longer than ustar holds), so `tar -tf` lists it and `tar -xf` unpacks it
 * with nothing of this project at hand. Members, in this order:
 *
 * 1. the data (`database.tar.gz` or `database.pgdump`, `uploads/{key}`…);
 * 2. `manifest.json`: what the backup is, and the name, size and SHA-256 of
 *    every member before it, in order;
 * 3. `checksum`: `sha256 {hex}\n`, the SHA-256 of every byte of the file
 *    before this member's header;
 *
 * then tar's end (two zero blocks) and nothing more. Written in one pass
 * (each member's hash as it goes by, the whole file's hash as it is
 * written), so a backup can be streamed; checked in one pass too, and a file
 * cut short, with a byte changed, or with anything after its end is refused.
 * Nothing is compressed here: the database dumps and the images are already.
 * See docs/decisions/025-backups.md.
 */
import { createHash, type Hash } from "node:crypto";
import { open } from "node:fs/promises";

const BLOCK = 512;
/** Tar's end: two blocks of zeros. */
const END_BLOCKS = 2;
export const MANIFEST_MEMBER = "manifest.json";
export const CHECKSUM_MEMBER = "checksum";
/** Largest size written in ustar's 11 octal digits; larger ones use GNU's base-256 form. */
const MAX_OCTAL_SIZE = 8 ** 11 - 1;
const READ_CHUNK = 1024 * 1024;

/** One member as the manifest lists it. */
export interface MemberDigest {
  name: string;
  size: number;
  sha256: string;
}

/** A member found in a checked file: where its bytes are. */
export interface MemberLocation extends MemberDigest {
  offset: number;
}

/** A backup file that is cut short, changed, or not a backup at all. */
export class BackupFileError extends Error {}

/** Where the archive's bytes go: a file, a socket. Resolves when the bytes may be reused. */
export type ArchiveSink = (chunk: Uint8Array) => Promise<void>;

function writeText(block: Uint8Array, offset: number, length: number, text: string) {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length > length) throw new Error(`Tar header field too long: ${text}`);
  block.set(bytes, offset);
}

function writeOctal(block: Uint8Array, offset: number, length: number, value: number) {
  writeText(block, offset, length, `${value.toString(8).padStart(length - 1, "0")}\0`);
}

function writeSize(block: Uint8Array, value: number) {
  if (value <= MAX_OCTAL_SIZE) return writeOctal(block, 124, 12, value);
  // GNU base-256: the first byte's high bit set, the number big-endian in the rest.
  let rest = BigInt(value);
  for (let index = 135; index > 124; index--) {
    block[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  block[124] = 0x80;
}

function headerChecksum(block: Uint8Array): number {
  let sum = 0;
  for (let index = 0; index < BLOCK; index++) sum += index >= 148 && index < 156 ? 0x20 : (block[index] ?? 0);
  return sum;
}

/** A ustar header block for a regular file (or, with type `x`, a PAX extended header). */
function header(name: string, size: number, mtime: Date, type: "0" | "x"): Uint8Array {
  const block = new Uint8Array(BLOCK);
  writeText(block, 0, 100, name);
  writeOctal(block, 100, 8, 0o600);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeSize(block, size);
  writeOctal(block, 136, 12, Math.floor(mtime.getTime() / 1000));
  writeText(block, 156, 1, type);
  writeText(block, 257, 6, "ustar\0");
  writeText(block, 263, 2, "00");
  writeText(block, 148, 8, `${headerChecksum(block).toString(8).padStart(6, "0")}\0 `);
  return block;
}

/** A PAX record `{length} path={name}\n`, whose length counts itself. */
function paxPath(name: string): Uint8Array {
  const body = ` path=${name}\n`;
  const bodyLength = Buffer.byteLength(body);
  let length = bodyLength + 1;
  while (String(length).length + bodyLength !== length) length = String(length).length + bodyLength;
  return Buffer.from(`${length}${body}`, "utf8");
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/**
 * Writes a backup archive member by member. Every byte goes through `sink`
 * and the whole-file hash; `finish` adds the manifest and the checksum.
 */
export class BackupArchiveWriter {
  readonly #sink: ArchiveSink;
  readonly #whole = createHash("sha256");
  readonly #members: MemberDigest[] = [];
  readonly #names = new Set<string>();
  #bytes = 0;
  #finished = false;

  constructor(sink: ArchiveSink) {
    this.#sink = sink;
  }

  /** Bytes written so far. */
  get bytes(): number {
    return this.#bytes;
  }

  async #write(chunk: Uint8Array, hashes: Hash[] = []) {
    if (chunk.byteLength === 0) return;
    this.#whole.update(chunk);
    for (const hash of hashes) hash.update(chunk);
    this.#bytes += chunk.byteLength;
    await this.#sink(chunk);
  }

  async #header(name: string, size: number, mtime: Date) {
    if (Buffer.byteLength(name) > 100) {
      const record = paxPath(name);
      await this.#write(header("PaxHeader", record.byteLength, mtime, "x"));
      await this.#write(record);
      await this.#write(new Uint8Array(padding(record.byteLength)));
    }
    await this.#write(header(Buffer.byteLength(name) > 100 ? name.slice(0, 99) : name, size, mtime, "0"));
  }

  /**
   * Adds a member of `size` bytes, given whole or as chunks; a source that
   * gives another number of bytes fails the backup.
   */
  async add(
    name: string,
    size: number,
    data: Uint8Array | Uint8Array[] | AsyncIterable<Uint8Array>,
    mtime = new Date(),
  ) {
    if (this.#finished) throw new Error("The backup archive is finished");
    if (this.#names.has(name) || name === MANIFEST_MEMBER || name === CHECKSUM_MEMBER)
      throw new Error(`Backup member ${name} is written twice`);
    this.#names.add(name);
    await this.#header(name, size, mtime);
    const hash = createHash("sha256");
    let written = 0;
    const chunks = data instanceof Uint8Array ? [data] : data;
    for await (const chunk of chunks) {
      written += chunk.byteLength;
      if (written > size) throw new Error(`Backup member ${name} is larger than the ${size} bytes announced`);
      await this.#write(chunk, [hash]);
    }
    if (written !== size) throw new Error(`Backup member ${name} has ${written} bytes, not the ${size} announced`);
    await this.#write(new Uint8Array(padding(size)));
    this.#members.push({ name, size, sha256: hash.digest("hex") });
  }

  /** Adds `manifest.json` (the given fields and `members`), the checksum and tar's end. */
  async finish(manifest: object): Promise<{ sha256: string; bytes: number; members: MemberDigest[] }> {
    const members = [...this.#members];
    const json = Buffer.from(`${JSON.stringify({ ...manifest, members }, null, 2)}\n`, "utf8");
    const now = new Date();
    await this.#header(MANIFEST_MEMBER, json.byteLength, now);
    await this.#write(json);
    await this.#write(new Uint8Array(padding(json.byteLength)));
    this.#finished = true;
    const sha256 = this.#whole.copy().digest("hex");
    const line = Buffer.from(`sha256 ${sha256}\n`, "utf8");
    await this.#write(header(CHECKSUM_MEMBER, line.byteLength, now, "0"));
    await this.#write(line);
    await this.#write(new Uint8Array(padding(line.byteLength) + END_BLOCKS * BLOCK));
    return { sha256, bytes: this.#bytes, members };
  }
}

function readText(block: Uint8Array, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return Buffer.from(end === -1 ? field : field.subarray(0, end)).toString("utf8");
}

function readNumber(block: Uint8Array, offset: number, length: number): number {
  if (((block[offset] ?? 0) & 0x80) !== 0) {
    let value = BigInt((block[offset] ?? 0) & 0x7f);
    for (let index = offset + 1; index < offset + length; index++) value = (value << 8n) | BigInt(block[index] ?? 0);
    return Number(value);
  }
  const text = readText(block, offset, length).trim();
  if (!/^[0-7]+$/.test(text)) return Number.NaN;
  return Number.parseInt(text, 8);
}

/** What a checked backup holds: its manifest (as written) and where each member is. */
export interface CheckedArchive {
  manifest: Record<string, unknown>;
  members: MemberLocation[];
  sha256: string;
  bytes: number;
}

/**
 * Reads a backup file through once and checks all of it: every header, every
 * member against the manifest's SHA-256, the whole file against its checksum,
 * and that it ends where tar's end says. Memory holds one chunk, whatever
 * the file's size.
 * @throws BackupFileError saying what is wrong, in one line
 */
export async function checkBackupFile(file: string): Promise<CheckedArchive> {
  const handle = await open(file, "r").catch((error: NodeJS.ErrnoException) => {
    throw new BackupFileError(
      error.code === "ENOENT" ? `there is no file ${file}` : `${file} cannot be read (${error.code})`,
    );
  });
  try {
    const { size: fileSize } = await handle.stat();
    const whole = createHash("sha256");
    const block = new Uint8Array(BLOCK);
    let position = 0;
    const truncated = (what: string) => new BackupFileError(`it is truncated: it ends at byte ${fileSize}, ${what}`);
    const readExactly = async (target: Uint8Array, what: string) => {
      if (position + target.byteLength > fileSize) throw truncated(what);
      const { bytesRead } = await handle.read(target, 0, target.byteLength, position);
      if (bytesRead !== target.byteLength) throw truncated(what);
      position += bytesRead;
      return target;
    };
    const members: MemberLocation[] = [];
    let pendingName: string | undefined;
    let manifestText: string | undefined;
    for (;;) {
      const headerAt = position;
      await readExactly(block, "before its checksum");
      if (block.every((byte) => byte === 0))
        throw new BackupFileError("it ends before its checksum (tar's end came first)");
      const stored = readNumber(block, 148, 8);
      if (stored !== headerChecksum(block))
        throw new BackupFileError(`the member header at byte ${headerAt} is damaged`);
      const size = readNumber(block, 124, 12);
      const type = readText(block, 156, 1) || "0";
      if (!Number.isSafeInteger(size) || size < 0)
        throw new BackupFileError(`the member header at byte ${headerAt} has no valid size`);
      const name = pendingName ?? readText(block, 0, 100);
      pendingName = undefined;
      if (type === "0" && name === CHECKSUM_MEMBER) {
        const expected = whole.digest("hex");
        const line = Buffer.from(await readExactly(new Uint8Array(size), "inside its checksum")).toString("utf8");
        const match = /^sha256 ([0-9a-f]{64})\n$/.exec(line);
        if (!match) throw new BackupFileError("its checksum member is damaged");
        const ending = await readExactly(new Uint8Array(padding(size) + END_BLOCKS * BLOCK), "inside tar's end");
        if (!ending.every((byte) => byte === 0)) throw new BackupFileError("tar's end after its checksum is damaged");
        if (position !== fileSize) throw new BackupFileError(`it has ${fileSize - position} bytes after its end`);
        if (match[1] !== expected) {
          // Name the changed member when the manifest still reads; else the whole file's checksum says it.
          if (manifestText !== undefined) {
            const listed = (() => {
              try {
                return parseManifest(manifestText).members;
              } catch {
                return undefined;
              }
            })();
            if (listed) checkMembers(members, listed);
          }
          throw new BackupFileError("its checksum does not match its contents (a byte was changed)");
        }
        if (manifestText === undefined) throw new BackupFileError("it has no manifest");
        const manifest = parseManifest(manifestText);
        checkMembers(members, manifest.members);
        return { manifest, members, sha256: expected, bytes: fileSize };
      }
      whole.update(block);
      const data = { offset: position, hash: createHash("sha256") };
      let remaining = size;
      const chunk = new Uint8Array(Math.min(READ_CHUNK, Math.max(size, 1)));
      const kept: Uint8Array[] = [];
      const keep = type === "x" || name === MANIFEST_MEMBER;
      while (remaining > 0) {
        const part = chunk.subarray(0, Math.min(remaining, chunk.byteLength));
        await readExactly(part, `inside member ${name}`);
        whole.update(part);
        data.hash.update(part);
        if (keep) kept.push(Uint8Array.from(part));
        remaining -= part.byteLength;
      }
      const pad = await readExactly(new Uint8Array(padding(size)), `inside member ${name}`);
      whole.update(pad);
      if (type === "x") {
        const match = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(Buffer.concat(kept).toString("utf8"));
        if (!match?.[1]) throw new BackupFileError(`the extended header at byte ${headerAt} names no path`);
        pendingName = match[1];
        continue;
      }
      if (type !== "0") throw new BackupFileError(`member ${name} is not a regular file (type ${type})`);
      if (name === MANIFEST_MEMBER) {
        manifestText = Buffer.concat(kept).toString("utf8");
        continue;
      }
      if (manifestText !== undefined) throw new BackupFileError(`member ${name} comes after the manifest`);
      members.push({ name, size, offset: data.offset, sha256: data.hash.digest("hex") });
    }
  } finally {
    await handle.close();
  }
}

function parseManifest(text: string): Record<string, unknown> & { members: MemberDigest[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupFileError("its manifest is not JSON");
  }
  if (typeof value !== "object" || value === null || !Array.isArray((value as { members?: unknown }).members))
    throw new BackupFileError("its manifest lists no members");
  return value as Record<string, unknown> & { members: MemberDigest[] };
}

function checkMembers(found: MemberLocation[], listed: MemberDigest[]) {
  if (found.length !== listed.length)
    throw new BackupFileError(`it holds ${found.length} members where its manifest lists ${listed.length}`);
  found.forEach((member, index) => {
    const entry = listed[index];
    if (!entry || entry.name !== member.name || entry.size !== member.size)
      throw new BackupFileError(`member ${member.name} is not the one its manifest lists`);
    if (entry.sha256 !== member.sha256)
      throw new BackupFileError(`member ${member.name} does not match its SHA-256 (a byte was changed)`);
  });
}

/** A member's bytes from a checked file (`checkBackupFile` gives its offset and size). */
export async function readMember(file: string, member: MemberLocation): Promise<Uint8Array> {
  const handle = await open(file, "r");
  try {
    const data = new Uint8Array(member.size);
    const { bytesRead } = await handle.read(data, 0, member.size, member.offset);
    if (bytesRead !== member.size) throw new BackupFileError(`member ${member.name} is cut short`);
    return data;
  } finally {
    await handle.close();
  }
}

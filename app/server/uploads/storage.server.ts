/**
 * Where uploaded and generated files live (blog covers at
 * `blog-images/{userId}/{random}.{ext}`, link-preview images at
 * `og-images/{postId}/{version}.png`). The app talks to this interface only;
 * the driver is chosen by STORAGE_DRIVER: local disk (the default), the
 * database (`postgres`, PGlite or PostgreSQL) or an S3-compatible bucket
 * (`s3`). Every driver's objects are served by this site at `/uploads/{key}`
 * (`server/uploads.ts`), so URLs stored in posts never name a driver.
 *
 * Every key and prefix is checked here, before any driver sees it.
 * See docs/decisions/021-shared-storage-and-several-servers.md.
 */
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Database } from "../db/client.server.ts";

export interface StoredObject {
  key: string;
  /** Last modification time. */
  modifiedAt: Date;
  /** Size in bytes. */
  size: number;
}

/** An object read back with what serving it needs. */
export interface ObjectBody extends StoredObject {
  data: Uint8Array;
  /** Derived from the key's extension when the object was written. */
  contentType: string;
  /** A validator for conditional requests (quoted, possibly weak). */
  etag: string;
}

export type StorageDriverName = "disk" | "postgres" | "s3";

export interface ObjectStorage {
  readonly driver: StorageDriverName;
  put(key: string, data: Uint8Array): Promise<void>;
  /** The object's bytes, or undefined when there is none under the key. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** The object with its type, size, time and ETag, or undefined when there is none. */
  read(key: string): Promise<ObjectBody | undefined>;
  delete(key: string): Promise<void>;
  /** Every object under the prefix (a folder such as `blog-images`; `""` lists everything). */
  list(prefix: string): Promise<StoredObject[]>;
  /** The URL the site serves the object at. */
  publicUrl(key: string): string;
  /** The key behind a public URL of this storage, or undefined for any other URL. */
  keyFromPublicUrl(url: string): string | undefined;
}

/** What a driver implements; keys and prefixes reach it already checked. */
export interface StorageDriver {
  readonly driver: StorageDriverName;
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  read(key: string): Promise<ObjectBody | undefined>;
  delete(key: string): Promise<void>;
  /** Objects whose key starts with `prefix` (`""` or a folder ending in `/`). */
  list(prefix: string): Promise<StoredObject[]>;
}

/** Path under which the server serves stored objects. */
export const UPLOADS_URL_PREFIX = "/uploads/";

const SAFE_KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)*$/;
/** Longest key accepted (S3 allows 1024 bytes; ours are under 100). */
const MAX_KEY_LENGTH = 512;

/** Whether a key may name an object: letters, digits, `_-.` and `/` between segments, no dot segments. */
export function isSafeKey(key: string): boolean {
  return (
    key.length <= MAX_KEY_LENGTH && SAFE_KEY.test(key) && !key.split("/").some((part) => part === "." || part === "..")
  );
}

function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

const CONTENT_TYPES: Record<string, string> = {
  avif: "image/avif",
  gif: "image/gif",
  jpeg: "image/jpeg",
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

/** The type an object is stored and served with, from its key's extension. */
export function contentTypeForKey(key: string): string {
  const extension = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? "application/octet-stream";
}

/** A weak validator from size and time, the form Express gives files. */
export function weakEtag(size: number, modifiedAt: Date): string {
  return `W/"${size.toString(16)}-${modifiedAt.getTime().toString(16)}"`;
}

/** Wraps a driver with the checks and URL mapping every driver shares. */
export function storageFrom(driver: StorageDriver): ObjectStorage {
  const folder = (prefix: string) => {
    const trimmed = prefix.replace(/\/+$/, "");
    if (trimmed === "") return "";
    assertSafeKey(trimmed);
    return `${trimmed}/`;
  };
  return {
    driver: driver.driver,
    async put(key, data) {
      assertSafeKey(key);
      await driver.put(key, data, contentTypeForKey(key));
    },
    async get(key) {
      assertSafeKey(key);
      return (await driver.read(key))?.data;
    },
    async read(key) {
      assertSafeKey(key);
      return driver.read(key);
    },
    async delete(key) {
      assertSafeKey(key);
      await driver.delete(key);
    },
    async list(prefix) {
      // A bucket may hold other objects too: only keys the site could have written are its own.
      return (await driver.list(folder(prefix))).filter((object) => isSafeKey(object.key));
    },
    publicUrl(key) {
      assertSafeKey(key);
      return `${UPLOADS_URL_PREFIX}${key}`;
    },
    keyFromPublicUrl(url) {
      if (!url.startsWith(UPLOADS_URL_PREFIX)) return undefined;
      const key = url.slice(UPLOADS_URL_PREFIX.length);
      return isSafeKey(key) ? key : undefined;
    },
  };
}

/** Files under one directory (`DATA_DIR/uploads`): one server, or a directory every server mounts. */
export function localDiskStorage(root: string): ObjectStorage {
  const fileOf = (key: string) => path.join(root, ...key.split("/"));
  return storageFrom({
    driver: "disk",
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, data);
      await rename(partial, file);
    },
    async read(key) {
      const file = fileOf(key);
      try {
        const [data, info] = await Promise.all([readFile(file), stat(file)]);
        return {
          key,
          data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
          size: data.byteLength,
          modifiedAt: info.mtime,
          contentType: contentTypeForKey(key),
          etag: weakEtag(data.byteLength, info.mtime),
        };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async list(prefix) {
      const dir = prefix === "" ? root : fileOf(prefix.slice(0, -1));
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
      const objects: StoredObject[] = [];
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith(".partial")) continue;
        const full = path.join(entry.parentPath, entry.name);
        const key = path.relative(root, full).split(path.sep).join("/");
        if (!isSafeKey(key)) continue;
        const info = await stat(full).catch(() => undefined);
        if (info) objects.push({ key, modifiedAt: info.mtime, size: info.size });
      }
      return objects;
    },
  });
}

/** Settings of an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO…). */
export interface S3Settings {
  /** Origin of the service, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://127.0.0.1:9000`. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `{endpoint}/{bucket}/{key}` instead of `{bucket}.{endpoint host}/{key}` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
}

export type StorageSettings =
  | { driver: "disk"; root: string }
  | { driver: "postgres" }
  | ({ driver: "s3" } & S3Settings);

/**
 * The storage the settings name. The database and S3 drivers load with the
 * first use of their engine, like the database drivers.
 */
export async function openStorage(settings: StorageSettings, db?: Database): Promise<ObjectStorage> {
  switch (settings.driver) {
    case "disk":
      return localDiskStorage(settings.root);
    case "postgres": {
      if (!db) throw new Error("The postgres storage driver needs the open database");
      const { databaseStorage } = await import("./database-storage.server.ts");
      return databaseStorage(db);
    }
    case "s3": {
      const { s3Storage } = await import("./s3-storage.server.ts");
      return s3Storage(settings);
    }
  }
}

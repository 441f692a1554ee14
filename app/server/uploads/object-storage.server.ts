/**
 * What every storage driver is to the app: the interface, its checks of keys
 * and content types, and the settings that choose a driver. The drivers
 * (disk in storage.server.ts, database-storage.server.ts, s3-storage.server.ts)
 * build on this module; storage.server.ts opens the one the settings name.
 */
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

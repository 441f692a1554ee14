/**
 * Where uploaded files live. The app talks to this interface only, so local
 * disk (the default) can be swapped for an S3-compatible bucket without
 * touching routes. Keys look like `blog-images/{userId}/{random}.{ext}`.
 */
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

export interface StoredObject {
  key: string;
  /** Last modification time. */
  modifiedAt: Date;
}

export interface ObjectStorage {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The object's bytes, or undefined when there is none under the key. */
  get(key: string): Promise<Uint8Array | undefined>;
  delete(key: string): Promise<void>;
  /** Every object whose key starts with the prefix. */
  list(prefix: string): Promise<StoredObject[]>;
  /** The URL the site serves the object at. */
  publicUrl(key: string): string;
  /** The key behind a public URL of this storage, or undefined for any other URL. */
  keyFromPublicUrl(url: string): string | undefined;
}

/** Path under which the server serves local uploads. */
export const UPLOADS_URL_PREFIX = "/uploads/";

const SAFE_KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)*$/;

function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

/** Files under one directory, served by the Node server at `/uploads/{key}`. */
export function localDiskStorage(root: string): ObjectStorage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, data);
      await rename(partial, file);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(fileOf(key)));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "ENOTDIR") return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async list(prefix) {
      const dir = fileOf(prefix.replace(/\/+$/, ""));
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
      const objects: StoredObject[] = [];
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith(".partial")) continue;
        const full = path.join(entry.parentPath, entry.name);
        const key = path.relative(root, full).split(path.sep).join("/");
        objects.push({ key, modifiedAt: (await stat(full)).mtime });
      }
      return objects;
    },
    publicUrl(key) {
      assertSafeKey(key);
      return `${UPLOADS_URL_PREFIX}${key}`;
    },
    keyFromPublicUrl(url) {
      if (!url.startsWith(UPLOADS_URL_PREFIX)) return undefined;
      const key = url.slice(UPLOADS_URL_PREFIX.length);
      try {
        assertSafeKey(key);
      } catch {
        return undefined;
      }
      return key;
    },
  };
}

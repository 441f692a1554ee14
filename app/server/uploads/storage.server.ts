/**
 * Where uploaded and generated files live (blog covers at
 * `blog-images/{userId}/{random}.{ext}`, link-preview images at
 * `og-images/{postId}/{version}.png`). The app talks to this interface only;
 * the driver is chosen by STORAGE_DRIVER: local disk (the default), the
 * database (`postgres`, PGlite or PostgreSQL) or an S3-compatible bucket
 * (`s3`). Every driver's objects are served by this site at `/uploads/{key}`
 * (`http-server/uploads.ts`), so URLs stored in posts never name a driver.
 *
 * Every key and prefix is checked before any driver sees it
 * (`object-storage.server.ts`, which this module re-exports). See docs/decisions/021-shared-storage-and-several-servers.md.
 */
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Database } from "../db/client.server.ts";
import {
  contentTypeForKey,
  isSafeKey,
  type ObjectStorage,
  type StorageSettings,
  type StoredObject,
  storageFrom,
  weakEtag,
} from "./object-storage.server.ts";

export * from "./object-storage.server.ts";

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

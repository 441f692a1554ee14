/**
 * One suite for every storage driver: local disk, the database (PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set) and S3 (an S3-protocol server
 * started on loopback). Each must keep bytes exactly, list by folder, refuse
 * unsafe keys before touching anything, and be served the same way at
 * `/uploads/{key}`.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepOrphanCovers } from "../../app/server/blog/covers.server.ts";
import { sweepOgImages } from "../../app/server/blog/og-images.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import { databaseStorage } from "../../app/server/uploads/database-storage.server.ts";
import { s3Storage } from "../../app/server/uploads/s3-storage.server.ts";
import { localDiskStorage, type ObjectStorage } from "../../app/server/uploads/storage.server.ts";
import { serveUploads, UPLOAD_CACHE_CONTROL } from "../../http-server/uploads.ts";
import { limit } from "../harness/host-speed.ts";
import { engines } from "./helpers/databases.ts";
import { startTestS3, type TestS3 } from "./helpers/s3.ts";

interface Driver {
  name: string;
  skip: string | undefined;
  open(): Promise<{ storage: ObjectStorage; close(): Promise<void> }>;
}

const drivers: Driver[] = [
  {
    name: "disk",
    skip: undefined,
    async open() {
      const root = mkdtempSync(path.join(tmpdir(), "portfolio-storage-"));
      return { storage: localDiskStorage(root), close: async () => rmSync(root, { recursive: true, force: true }) };
    },
  },
  ...engines.map(
    (engine): Driver => ({
      name: `postgres (${engine.name})`,
      skip: engine.skip,
      async open() {
        const database: OpenDatabase = await engine.open();
        return { storage: databaseStorage(database.db), close: () => database.close() };
      },
    }),
  ),
  {
    name: "s3",
    skip: undefined,
    async open() {
      const s3: TestS3 = await startTestS3();
      return { storage: s3Storage(s3.settings), close: () => s3.close() };
    },
  },
];

// The clean-up reads the posts from a database: one, with no posts, for every driver's test.
let sweepDatabase: Promise<OpenDatabase> | undefined;
const databaseForSweeps = () => {
  sweepDatabase ??= (engines[0] as (typeof engines)[number]).open();
  return sweepDatabase;
};
afterAll(async () => (await sweepDatabase)?.close(), 60_000);

const UNSAFE_KEYS = ["../outside.txt", "og-images/../../outside.txt", "/etc/passwd", "a\0b", "", "a/./b", "a//b"];
const bytes = (storage: Uint8Array | undefined) => Array.from(storage ?? []);

for (const driver of drivers) {
  describe.skipIf(driver.skip)(
    `storage driver: ${driver.name}${driver.skip ? ` — SKIPPED: ${driver.skip}` : ""}`,
    () => {
      let storage: ObjectStorage;
      let close: () => Promise<void>;
      beforeAll(async () => {
        ({ storage, close } = await driver.open());
      }, limit(60_000));
      afterAll(async () => close?.());

      it("gets back exactly the bytes it put, with type, size and ETag; undefined for a key it does not hold", async () => {
        const every = new Uint8Array(256).map((_, index) => index);
        await storage.put("og-images/post/abc.png", every);
        expect(bytes(await storage.get("og-images/post/abc.png"))).toEqual(bytes(every));
        const object = await storage.read("og-images/post/abc.png");
        expect(object).toMatchObject({ key: "og-images/post/abc.png", size: 256, contentType: "image/png" });
        expect(object?.etag).toMatch(/^(W\/)?".+"$/);
        expect(Math.abs((object?.modifiedAt.getTime() ?? 0) - Date.now())).toBeLessThan(10 * 60_000);

        const large = new Uint8Array(randomBytes(300 * 1024));
        await storage.put("blog-images/u1/large.webp", large);
        expect(Buffer.compare(Buffer.from((await storage.get("blog-images/u1/large.webp")) ?? []), large)).toBe(0);
        expect((await storage.read("blog-images/u1/large.webp"))?.contentType).toBe("image/webp");

        expect(await storage.get("og-images/post/other.png")).toBeUndefined();
        expect(await storage.read("og-images/missing/abc.png")).toBeUndefined();
        // A key under what is an object: nothing there either.
        expect(await storage.get("og-images/post/abc.png/inner")).toBeUndefined();
      });

      it("sees a put replace the bytes, and a delete remove them (deleting twice is fine)", async () => {
        await storage.put("og-images/post/replaced.png", new Uint8Array([1]));
        await storage.put("og-images/post/replaced.png", new Uint8Array([2, 3]));
        expect(bytes(await storage.get("og-images/post/replaced.png"))).toEqual([2, 3]);
        expect((await storage.read("og-images/post/replaced.png"))?.size).toBe(2);
        await storage.delete("og-images/post/replaced.png");
        expect(await storage.get("og-images/post/replaced.png")).toBeUndefined();
        await storage.delete("og-images/post/replaced.png");
      });

      it("lists a folder's objects with their sizes, and nothing of a folder that merely starts alike", async () => {
        await storage.put("blog-images/u2/b.jpg", new Uint8Array([9, 9, 9]));
        await storage.put("blog-images-old/u3/c.gif", new Uint8Array([7]));
        const covers = await storage.list("blog-images");
        expect(covers.map((object) => object.key).sort()).toEqual([
          "blog-images/u1/large.webp",
          "blog-images/u2/b.jpg",
        ]);
        expect(covers.find((object) => object.key === "blog-images/u2/b.jpg")?.size).toBe(3);
        expect((await storage.list("blog-images/")).length).toBe(2);
        expect((await storage.list("blog-images/u2")).map((object) => object.key)).toEqual(["blog-images/u2/b.jpg"]);
        expect(await storage.list("nothing-here")).toEqual([]);
        const all = (await storage.list("")).map((object) => object.key).sort();
        expect(all).toEqual([
          "blog-images-old/u3/c.gif",
          "blog-images/u1/large.webp",
          "blog-images/u2/b.jpg",
          "og-images/post/abc.png",
        ]);
        for (const object of await storage.list("")) expect(object.modifiedAt).toBeInstanceOf(Date);
      });

      it("refuses unsafe keys in every method", async () => {
        for (const key of UNSAFE_KEYS) {
          await expect(storage.get(key)).rejects.toThrow(/Unsafe storage key/);
          await expect(storage.read(key)).rejects.toThrow(/Unsafe storage key/);
          await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow(/Unsafe storage key/);
          await expect(storage.delete(key)).rejects.toThrow(/Unsafe storage key/);
          if (key !== "") await expect(storage.list(key)).rejects.toThrow(/Unsafe storage key/);
        }
      });

      it(
        "is cleaned up by the same rules: covers no post uses once a day old, previews of no published post",
        async () => {
          const { db } = await databaseForSweeps();
          await storage.put("blog-images/sweep/orphan.webp", new Uint8Array([1]));
          await storage.put("og-images/00000000-0000-4000-8000-000000000000/0123456789ab.png", new Uint8Array([2]));
          // Fresh: a cover uploaded for a form still open is kept.
          expect(await sweepOrphanCovers(db, storage)).toBe(0);
          const inTwoDays = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
          const covers = (await storage.list("blog-images")).length;
          expect(await sweepOrphanCovers(db, storage, inTwoDays)).toBe(covers);
          expect(await storage.list("blog-images")).toEqual([]);
          const previews = (await storage.list("og-images")).length;
          expect(previews).toBe(2);
          expect(await sweepOgImages(db, storage)).toBe(previews);
          expect(await storage.list("og-images")).toEqual([]);
          // Put back what the serving tests below read.
          await storage.put(
            "og-images/post/abc.png",
            new Uint8Array(256).map((_, index) => index),
          );
          await storage.put("blog-images/u2/b.jpg", new Uint8Array([9, 9, 9]));
        },
        limit(60_000),
      );

      it("maps keys to /uploads/ URLs and back, and no other URL", () => {
        expect(storage.publicUrl("blog-images/u1/x.webp")).toBe("/uploads/blog-images/u1/x.webp");
        expect(storage.keyFromPublicUrl("/uploads/blog-images/u1/x.webp")).toBe("blog-images/u1/x.webp");
        for (const url of ["https://example.com/x.webp", "/uploads/../../etc/passwd", "/other/a.png"]) {
          expect(storage.keyFromPublicUrl(url)).toBeUndefined();
        }
      });

      describe("served at /uploads/{key}", () => {
        let origin: string;
        let server: ReturnType<ReturnType<typeof express>["listen"]>;
        const lookups: string[] = [];
        beforeAll(async () => {
          const app = express();
          const watched: ObjectStorage = {
            ...storage,
            read: (key) => {
              lookups.push(key);
              return storage.read(key);
            },
          };
          app.use(
            "/uploads",
            serveUploads(() => watched),
          );
          app.use((_req, res) => res.status(418).end());
          server = app.listen(0, "127.0.0.1");
          await new Promise((resolve) => server.once("listening", resolve));
          origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        });
        afterAll(() => new Promise((resolve) => server.close(resolve)));

        it("answers an object with its type, length, immutable caching and an ETag that gives 304", async () => {
          const response = await fetch(`${origin}/uploads/og-images/post/abc.png`);
          expect(response.status).toBe(200);
          expect(response.headers.get("content-type")).toBe("image/png");
          expect(response.headers.get("cache-control")).toBe(UPLOAD_CACHE_CONTROL);
          expect(response.headers.get("content-length")).toBe("256");
          expect(bytes(new Uint8Array(await response.arrayBuffer()))).toEqual(
            bytes(new Uint8Array(256).map((_, i) => i)),
          );
          const etag = response.headers.get("etag") ?? "";
          expect(etag).not.toBe("");
          const again = await fetch(`${origin}/uploads/og-images/post/abc.png`, { headers: { "If-None-Match": etag } });
          expect(again.status).toBe(304);
          const head = await fetch(`${origin}/uploads/blog-images/u2/b.jpg`, { method: "HEAD" });
          expect(head.status).toBe(200);
          expect(head.headers.get("content-type")).toBe("image/jpeg");
          expect(head.headers.get("content-length")).toBe("3");
        });

        it("answers 404 for an unknown key, and for a malformed one without looking it up", async () => {
          const unknown = await fetch(`${origin}/uploads/og-images/post/unknown.png`);
          expect(unknown.status).toBe(404);
          expect(unknown.headers.get("cache-control")).toBe("no-cache");
          lookups.length = 0;
          for (const bad of ["..%2F..%2Fetc%2Fpasswd", "og-images/%00.png", "%E0%A4%A", "a/.hidden/..%2F..%2Fx", ""]) {
            expect((await fetch(`${origin}/uploads/${bad}`)).status, bad).toBe(404);
          }
          expect(lookups).toEqual([]);
          // Other methods are not its business.
          expect((await fetch(`${origin}/uploads/og-images/post/abc.png`, { method: "POST" })).status).toBe(418);
        });
      });
    },
  );
}

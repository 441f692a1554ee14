import { mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadedImage } from "../../app/lib/uploaded-image.ts";
import { upsertGitHubUser } from "../../app/server/auth/users.server.ts";
import { removeCover, saveCover, sweepOrphanCovers } from "../../app/server/blog/covers.server.ts";
import { createPost, updatePost } from "../../app/server/blog/posts.server.ts";
import { processCoverImage } from "../../app/server/uploads/cover-image.server.ts";
import { localDiskStorage } from "../../app/server/uploads/storage.server.ts";
import { limit } from "../harness/host-speed.ts";
import { pngClaiming } from "../helpers/images.ts";
import { engines } from "./helpers/databases.ts";

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();

describe("processCoverImage", () => {
  it.each([
    ["plain text", Buffer.from("just some text, not an image")],
    ["a text file renamed .png", Buffer.from("PNG? no. hello world ".repeat(20))],
    [
      "an SVG",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'),
    ],
    ["a PDF", Buffer.from("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF")],
    ["an HTML page", Buffer.from("<!doctype html><script>alert(1)</script>")],
  ])("refuses %s by its bytes", async (_name, bytes) => {
    expect(await processCoverImage(bytes)).toEqual({ ok: false, reason: "type" });
  });

  it("refuses an empty file and one over 5 MB", async () => {
    expect(await processCoverImage(new Uint8Array())).toEqual({ ok: false, reason: "empty" });
    expect(await processCoverImage(new Uint8Array(5 * 1024 * 1024 + 1))).toEqual({ ok: false, reason: "too-large" });
  });

  it("refuses an image claiming more pixels than allowed", async () => {
    expect(await processCoverImage(pngClaiming(30_000, 30_000))).toEqual({ ok: false, reason: "dimensions" });
  });

  it("refuses a truncated image", async () => {
    const bytes = await png(64, 64);
    expect(await processCoverImage(bytes.subarray(0, 60))).toMatchObject({ ok: false });
  });

  it("re-encodes an accepted image, applying orientation and dropping metadata", async () => {
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#ff0000" } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "secret-owner", Artist: "someone" } } })
      .toBuffer();
    const result = await processCoverImage(photo);
    expect(result).toMatchObject({ ok: true, extension: "jpg", width: 200, height: 300 });
    if (!result.ok) return;
    const meta = await sharp(result.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(result.data.includes(Buffer.from("secret-owner"))).toBe(false);
  });

  it.each([
    ["png", () => png(40, 30)],
    [
      "webp",
      () =>
        sharp({ create: { width: 40, height: 30, channels: 3, background: "#00f" } })
          .webp()
          .toBuffer(),
    ],
    [
      "gif",
      () =>
        sharp({ create: { width: 40, height: 30, channels: 3, background: "#0f0" } })
          .gif()
          .toBuffer(),
    ],
    [
      "avif",
      () =>
        sharp({ create: { width: 40, height: 30, channels: 3, background: "#f0f" } })
          .avif()
          .toBuffer(),
    ],
  ])("keeps %s as %s", async (extension, make) => {
    expect(await processCoverImage(await make())).toMatchObject({ ok: true, extension, width: 40, height: 30 });
  });

  it("caps the stored size", async () => {
    const result = await processCoverImage(await png(4000, 1000));
    expect(result).toMatchObject({ ok: true, width: 2400, height: 600 });
  });
});

describe("cover files", () => {
  const engine = engines[0];
  let root: string;
  let close: () => Promise<void>;
  let db: Awaited<ReturnType<NonNullable<typeof engine>["open"]>>["db"];
  let authorId: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "portfolio-uploads-"));
    const opened = await engines[0]?.open();
    if (!opened) throw new Error("no database engine");
    ({ db, close } = opened);
    authorId = (await upsertGitHubUser(db, { githubId: 9, login: "ana", name: null, avatarUrl: null, email: null })).id;
  }, limit(60_000));
  afterAll(async () => {
    await close?.();
    rmSync(root, { recursive: true, force: true });
  });

  const files = () => readdirSync(root, { recursive: true }).filter((name) => String(name).includes("."));

  it("stores an accepted image at blog-images/{userId}/{random}-{width}x{height}.{extension}", async () => {
    const storage = localDiskStorage(root);
    const saved = await saveCover(storage, authorId, await png(50, 40));
    expect(saved).toMatchObject({ ok: true, width: 50, height: 40 });
    if (!saved.ok) return;
    expect(saved.url).toMatch(new RegExp(`^/uploads/blog-images/${authorId}/[A-Za-z0-9_]{22}-50x40\\.png$`));
    // Narrower than a phone's copy would be: none is made.
    expect(files()).toEqual([path.join("blog-images", authorId, path.basename(saved.url))]);
    await removeCover(storage, saved.url);
    expect(files()).toEqual([]);
  });

  it("keeps a phone-sized WebP copy of a wide image, named after it, and removes both together", async () => {
    const storage = localDiskStorage(root);
    const saved = await saveCover(storage, authorId, await png(1600, 900));
    if (!saved.ok) throw new Error("upload failed");
    const phone = uploadedImage(saved.url)?.phoneSrc ?? "";
    expect(phone).toBe(saved.url.replace(/\.png$/, "-640w.webp"));
    const copy = await sharp(path.join(root, phone.replace("/uploads/", ""))).metadata();
    expect([copy.format, copy.width, copy.height]).toEqual(["webp", 640, 360]);
    await removeCover(storage, saved.url);
    expect(files()).toEqual([]);
  });

  it("stores nothing for a refused upload", async () => {
    const storage = localDiskStorage(root);
    expect(await saveCover(storage, authorId, Buffer.from("<svg></svg>"))).toEqual({ ok: false, reason: "type" });
    expect(files()).toEqual([]);
  });

  it("never deletes outside the bucket", async () => {
    const storage = localDiskStorage(root);
    await expect(removeCover(storage, "/uploads/../../etc/passwd")).resolves.toBeUndefined();
    await expect(removeCover(storage, "https://elsewhere.example/x.png")).resolves.toBeUndefined();
  });

  it("sweeps day-old covers that no post uses, and keeps the rest", async () => {
    const storage = localDiskStorage(root);
    const used = await saveCover(storage, authorId, await png(20, 20));
    const orphanOld = await saveCover(storage, authorId, await png(21, 21));
    const orphanNew = await saveCover(storage, authorId, await png(22, 22));
    if (!used.ok || !orphanOld.ok || !orphanNew.ok) throw new Error("uploads failed");
    await createPost(db, authorId, {
      title: "T",
      slug: "with-cover",
      content: "x",
      excerpt: null,
      coverImage: used.url,
      published: false,
      lang: "pt",
      tags: [],
      translationOf: null,
      scheduledAt: null,
    });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    for (const url of [used.url, orphanOld.url])
      utimesSync(path.join(root, url.replace("/uploads/", "")), twoDaysAgo, twoDaysAgo);
    expect(await sweepOrphanCovers(db, storage)).toBe(1);
    const left = files().map((name) => path.basename(String(name)));
    expect(left).toContain(path.basename(used.url));
    expect(left).toContain(path.basename(orphanNew.url));
    expect(left).not.toContain(path.basename(orphanOld.url));
  });

  it("keeps day-old images the text of a post or a revision shows, with their phone copies", async () => {
    const storage = localDiskStorage(root);
    const inText = await saveCover(storage, authorId, await png(900, 500));
    const inRevision = await saveCover(storage, authorId, await png(901, 500));
    const unused = await saveCover(storage, authorId, await png(902, 500));
    if (!inText.ok || !inRevision.ok || !unused.ok) throw new Error("uploads failed");
    const input = {
      title: "T",
      excerpt: null,
      coverImage: null,
      published: false,
      lang: "pt" as const,
      tags: [],
      translationOf: null,
      scheduledAt: null,
    };
    const post = await createPost(db, authorId, {
      ...input,
      slug: "with-images",
      content: `![a](${inText.url})\n\n![b](${inRevision.url})`,
    });
    if (post.status !== "saved") throw new Error("post not saved");
    // The second image leaves the text; only the first revision still shows it.
    await updatePost(
      db,
      authorId,
      post.post.id,
      { ...input, slug: "with-images", content: `![a](${inText.url})` },
      post.post.updatedAt,
    );
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    for (const name of files()) utimesSync(path.join(root, String(name)), twoDaysAgo, twoDaysAgo);
    await sweepOrphanCovers(db, storage);
    const left = files().map((name) => path.basename(String(name)));
    for (const url of [inText.url, inRevision.url]) {
      expect(left).toContain(path.basename(url));
      expect(left).toContain(path.basename(uploadedImage(url)?.phoneSrc ?? ""));
    }
    expect(left).not.toContain(path.basename(unused.url));
    expect(left).not.toContain(path.basename(uploadedImage(unused.url)?.phoneSrc ?? ""));
  });
});

/**
 * Link-preview images: their URLs and versions (app/lib/og-image.ts), the
 * drawing (real PNGs read back with sharp), the store that answers image
 * URLs for published posts and keeps what it draws, and the clean-up. The
 * store's tests run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findStaticArticle } from "../../app/content/articles.ts";
import {
  OG_IMAGE_DESIGN,
  OG_IMAGE_HEIGHT,
  OG_IMAGE_WIDTH,
  type OgImagePost,
  ogImageFor,
  ogImageMeta,
  ogImagePath,
  ogImageVersion,
  publicationDay,
  shortHash,
} from "../../app/lib/og-image.ts";
import {
  drawableText,
  drawOgImage,
  type OgDrawing,
  paletteFrom,
  parseUnicodeRanges,
} from "../../app/server/blog/og-image-draw.server.ts";
import {
  createOgImageStore,
  OG_IMAGE_BUCKET,
  type OgImageAnswer,
  ogImageResponse,
  parseOgImageRequest,
  STATIC_COVER_DIR,
  staticArticleOgPost,
  staticCoverFile,
  sweepOgImages,
} from "../../app/server/blog/og-images.server.ts";
import { isCacheablePageUrl } from "../../app/server/blog/page-cache.server.ts";
import type { Database } from "../../app/server/db/client.server.ts";
import { blogs, users } from "../../app/server/db/schema.ts";
import { localDiskStorage } from "../../app/server/uploads/storage.server.ts";
import { loadStaticSite } from "../../http-server/static-files.ts";
import { limit } from "../harness/host-speed.ts";
import { engines, engineTitle } from "./helpers/databases.ts";

const article = findStaticArticle("bot-discord");
if (!article) throw new Error("the static article bot-discord is missing");

const post = (extra: Partial<OgImagePost> = {}): OgImagePost => ({
  lang: "pt",
  slug: "meu-post",
  title: "Um título",
  tags: ["node-js", "react"],
  publishedAt: "2026-03-05T10:00:00.000Z",
  cover: "/uploads/blog-images/u/abc.webp",
  ...extra,
});

const metadata = (png: Uint8Array) => sharp(png).metadata();
/** Mean of each channel over the whole image. */
const meanColour = async (png: Uint8Array) => (await sharp(png).stats()).channels.slice(0, 3).map((c) => c.mean);

describe("image URLs and versions", () => {
  it("names a static article's image per language, with its size, type and alt text", () => {
    const pt = ogImageFor(staticArticleOgPost(article, "pt"));
    const en = ogImageFor(staticArticleOgPost(article, "en"));
    expect(pt.path).toMatch(/^\/og\/blog\/bot-discord\/[0-9a-f]{12}\.png$/);
    expect(en.path).toMatch(/^\/og\/en\/blog\/bot-discord\/[0-9a-f]{12}\.png$/);
    expect(pt.path.split("/").at(-1)).not.toBe(en.path.split("/").at(-1));
    expect(pt.url).toMatch(/^https?:\/\/[^/]+\/og\/blog\/bot-discord\//);
    expect(pt).toMatchObject({ width: 1200, height: 630, type: "image/png" });
    expect(pt.alt).toBe("Capa do artigo: Como criar um bot para Discord");
    expect(en.alt).toBe("Cover of the article: How to build a Discord bot");
  });

  it("finds a static article by its slug, so the page need not say so", () => {
    const fromPage = { ...staticArticleOgPost(article, "en"), staticId: undefined, cover: "/assets/x-1200-abc.webp" };
    expect(ogImageVersion(fromPage)).toBe(ogImageVersion(staticArticleOgPost(article, "en")));
  });

  it("gives the meta tags of og:image and the Twitter card", () => {
    const image = ogImageFor(post());
    expect(ogImageMeta(post())).toEqual([
      { property: "og:image", content: image.url },
      { property: "og:image:width", content: "1200" },
      { property: "og:image:height", content: "630" },
      { property: "og:image:alt", content: "Capa do artigo: Um título" },
      { property: "og:image:type", content: "image/png" },
      { name: "twitter:image", content: image.url },
      { name: "twitter:image:alt", content: "Capa do artigo: Um título" },
    ]);
  });

  it("changes the version when what is drawn changes, and only then", () => {
    const base = ogImageVersion(post());
    expect(ogImageVersion(post())).toBe(base);
    // Drawn: title, tags (and their order), day, cover, language.
    for (const changed of [
      post({ title: "Outro título" }),
      post({ tags: ["node-js"] }),
      post({ tags: ["react", "node-js"] }),
      post({ publishedAt: "2026-03-06T10:00:00.000Z" }),
      post({ cover: "/uploads/blog-images/u/other.webp" }),
      post({ cover: undefined }),
      post({ lang: "en" }),
    ]) {
      expect(ogImageVersion(changed)).not.toBe(base);
    }
    // Not drawn: the slug, the time of day, a Date instead of its ISO string, a null cover for none.
    expect(ogImageVersion(post({ slug: "renamed" }))).toBe(base);
    expect(ogImageVersion(post({ publishedAt: "2026-03-05T23:59:00.000Z" }))).toBe(base);
    expect(ogImageVersion(post({ publishedAt: new Date("2026-03-05T10:00:00.000Z") }))).toBe(base);
    expect(ogImageVersion(post({ cover: null }))).toBe(ogImageVersion(post({ cover: undefined })));
  });

  it("hashes the same everywhere, in 16 hex digits", () => {
    expect(shortHash("")).toBe("488bdcb81aee8d83");
    expect(shortHash("a")).not.toBe(shortHash("b"));
    expect(publicationDay("not a date")).toBe("");
    expect(ogImagePath("en", "a-b", "0123456789ab")).toBe("/og/en/blog/a-b/0123456789ab.png");
  });

  it.each([
    ["a NUL byte", "bot\0discord", "0123456789ab.png"],
    ["a dot segment", "..", "0123456789ab.png"],
    ["a slash", "a/b", "0123456789ab.png"],
    ["upper case", "Bot-Discord", "0123456789ab.png"],
    ["a long slug", "a".repeat(121), "0123456789ab.png"],
    ["a short version", "bot-discord", "0123.png"],
    ["another extension", "bot-discord", "0123456789ab.webp"],
    ["a NUL in the version", "bot-discord", "0123456789a\0.png"],
    ["upper-case hex", "bot-discord", "0123456789AB.png"],
  ])("refuses a URL with %s before any lookup", (_name, slug, file) => {
    expect(parseOgImageRequest({ lang: "pt", slug, file })).toBeUndefined();
  });

  it("loads in Node without Vite, as the development server's entry imports it", () => {
    const code =
      "const m = await import('./app/server/blog/og-images.server.ts'); if (!m.sweepOgImages) process.exit(2);";
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8" });
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.status).toBe(0);
  });

  it("keeps image URLs out of the page cache", () => {
    expect(isCacheablePageUrl("/og/blog/bot-discord/0123456789ab.png")).toBe(false);
    expect(isCacheablePageUrl("/og/en/blog/bot-discord/0123456789ab.png")).toBe(false);
  });
});

describe("responses", () => {
  it("sends an image for a year, immutable; redirects and 404s revalidate", async () => {
    const image = ogImageResponse({ kind: "image", body: new Uint8Array([1, 2, 3]), version: "0123456789ab" });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(image.headers.get("content-length")).toBe("3");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    const head = ogImageResponse({ kind: "image", body: new Uint8Array([1, 2, 3]), version: "0123456789ab" }, "HEAD");
    expect(head.headers.get("content-length")).toBe("3");
    expect(await head.text()).toBe("");
    const moved = ogImageResponse({ kind: "redirect", location: "/og/blog/a/0123456789ab.png" });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe("/og/blog/a/0123456789ab.png");
    expect(moved.headers.get("cache-control")).toBe("no-cache");
    const missing = ogImageResponse({ kind: "not-found" });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-cache");
  });

  it("serves the build's images as immutable static files", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "portfolio-og-static-"));
    try {
      const file = path.join(dir, "og", "en", "blog", "bot-discord", "0123456789ab.png");
      const { mkdirSync, writeFileSync } = await import("node:fs");
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, new Uint8Array([137, 80, 78, 71]));
      const site = await loadStaticSite(dir);
      const entry = site.entries.get("/og/en/blog/bot-discord/0123456789ab.png");
      expect(entry?.identity.headers).toMatchObject({
        "Content-Type": "image/png",
        "Cache-Control": "public, max-age=31536000, immutable",
      });
      expect(entry?.encodings).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("drawing", () => {
  const coverOf = (id: string) =>
    new Uint8Array(readFileSync(path.join(process.cwd(), STATIC_COVER_DIR, staticCoverFile(id, "pt"))));

  it("uses the site's dark theme tokens; a change to them needs a new design version", () => {
    const palette = paletteFrom(readFileSync(path.join(process.cwd(), "app/styles/app.css"), "utf8"));
    // Changing a colour below changes every image: raise OG_IMAGE_DESIGN with it, so each gets a new URL.
    expect({ design: OG_IMAGE_DESIGN, palette }).toEqual({
      design: 2,
      palette: {
        bg: "#09090b",
        surface: "#111114",
        line: "#27272a",
        fg: "#f4f4f5",
        fgMuted: "#a7a7af",
        accent: "#2dd4bf",
        accentStrong: "#5eead4",
        accentFg: "#042f2e",
        accent2: "#38bdf8",
      },
    });
    expect(() => paletteFrom(":root { --bg: #fff; }")).toThrow(/--bg/);
  });

  it("leaves out what the fonts cannot draw", () => {
    const ranges = parseUnicodeRanges("U+0000-00FF,U+0131,U+0152-0153");
    expect(ranges).toEqual([
      [0, 255],
      [305, 305],
      [338, 339],
    ]);
    expect(drawableText("Olá 🚀 mundo 漢字 çœ\u0000\u200b!", ranges)).toBe("Olá mundo çœ!");
    expect(drawableText("🚀🚀", ranges)).toBe("");
    // A letter outside the fonts, drawn as its base letter.
    expect(drawableText("Việt Nam", ranges)).toBe("Viet Nam");
  });

  it(
    "draws a static article 1200 × 630, differently in each language",
    async () => {
      const cover = coverOf("bot-discord");
      const pt = await drawOgImage({ ...staticArticleOgPost(article, "pt"), cover });
      const en = await drawOgImage({ ...staticArticleOgPost(article, "en"), cover });
      for (const png of [pt, en]) {
        expect(await metadata(png)).toMatchObject({ format: "png", width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT });
      }
      expect(Buffer.from(pt).equals(Buffer.from(en))).toBe(false);
    },
    limit(30_000),
  );

  it(
    "draws the cover as the background",
    async () => {
      const drawing: OgDrawing = { lang: "en", title: "Colours", tags: ["a"], publishedAt: "2026-01-02T00:00:00Z" };
      const red = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#ff2020" } })
        .jpeg()
        .toBuffer();
      const plain = await meanColour(await drawOgImage(drawing));
      const covered = await meanColour(await drawOgImage({ ...drawing, cover: new Uint8Array(red) }));
      const [plainRed = 0, plainGreen = 0] = plain;
      const [coveredRed = 0, coveredGreen = 0] = covered;
      // Red shows through the darkening; the plain card is near-neutral.
      expect(coveredRed - coveredGreen).toBeGreaterThan(plainRed - plainGreen + 30);
    },
    limit(30_000),
  );

  it(
    "draws titles with emoji, other scripts and control characters, and a cover it cannot read",
    async () => {
      for (const title of [
        "Deploy 🚀 em produção ✨",
        "漢字のタイトル",
        "🎉🎉🎉",
        "tab\tand\u0000nul",
        "Łódź, Việt Nam",
      ]) {
        const png = await drawOgImage({ lang: "pt", title, tags: ["emoji-🚀", "ok"], publishedAt: "2026-01-02" });
        expect(await metadata(png)).toMatchObject({ width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT });
      }
      const broken = await drawOgImage({
        lang: "en",
        title: "Broken cover",
        tags: [],
        publishedAt: "2026-01-02",
        cover: new Uint8Array([1, 2, 3]),
      });
      expect(await metadata(broken)).toMatchObject({ width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT });
    },
    limit(30_000),
  );
});

/** A stand-in for the drawing: counts calls, remembers what it was given, takes a little while. */
function countingDraw() {
  const calls: OgDrawing[] = [];
  const draw = async (drawing: OgDrawing) => {
    calls.push(drawing);
    await new Promise((resolve) => setTimeout(resolve, 20));
    return new Uint8Array(Buffer.from(`png:${drawing.lang}:${drawing.title}:${drawing.cover?.length ?? 0}`));
  };
  return { calls, draw };
}

const text = (answer: OgImageAnswer) => (answer.kind === "image" ? Buffer.from(answer.body).toString() : answer.kind);

for (const engine of engines) {
  describe.skipIf(engine.skip)(`the image store (${engineTitle(engine)})`, () => {
    let db: Database;
    let close: () => Promise<void>;
    let root: string;
    let authorId: string;
    beforeAll(async () => {
      ({ db, close } = await engine.open());
      root = mkdtempSync(path.join(tmpdir(), "portfolio-og-"));
      const [author] = await db.insert(users).values({ githubId: 77, login: "ana" }).returning();
      if (!author) throw new Error("no author");
      authorId = author.id;
    }, limit(60_000));
    afterAll(async () => {
      await close?.();
      rmSync(root, { recursive: true, force: true });
    });

    let count = 0;
    const insertPost = async (values: Partial<typeof blogs.$inferInsert> = {}) => {
      count += 1;
      const [row] = await db
        .insert(blogs)
        .values({
          title: `Post ${count}`,
          slug: `post-${count}`,
          content: "Body",
          authorId,
          lang: "pt",
          tags: ["node-js"],
          published: true,
          publishedAt: new Date("2026-02-03T10:00:00Z"),
          ...values,
        })
        .returning();
      if (!row) throw new Error("no post");
      return row;
    };
    const ogPost = (row: typeof blogs.$inferSelect): OgImagePost => ({
      lang: row.lang === "en" ? "en" : "pt",
      slug: row.slug,
      title: row.title,
      tags: row.tags,
      publishedAt: row.publishedAt ?? row.createdAt,
      cover: row.coverImage,
    });
    const fileOf = (path: string) => path.split("/").at(-1) ?? "";

    it("draws a published post's image on the first request, keeps it, and reads it back later", async () => {
      const storage = localDiskStorage(root);
      const cover = new Uint8Array([9, 8, 7, 6]);
      await storage.put(`blog-images/${authorId}/cover.webp`, cover);
      const row = await insertPost({ coverImage: storage.publicUrl(`blog-images/${authorId}/cover.webp`) });
      const { calls, draw } = countingDraw();
      const store = createOgImageStore({ db, storage, draw });
      const version = ogImageVersion(ogPost(row));
      const request = { lang: "pt" as const, slug: row.slug, file: `${version}.png` };
      const first = await store.answer(request);
      expect(first).toMatchObject({ kind: "image", version });
      expect(text(first)).toBe(`png:pt:${row.title}:4`);
      expect(calls).toHaveLength(1);
      expect(Array.from(calls[0]?.cover ?? [])).toEqual([9, 8, 7, 6]);
      expect(calls[0]).toMatchObject({ lang: "pt", title: row.title, tags: ["node-js"] });
      expect(await storage.get(`${OG_IMAGE_BUCKET}/${row.id}/${version}.png`)).toBeDefined();
      // A new store (a restarted server) finds it in the storage.
      const later = createOgImageStore({ db, storage, draw });
      expect(text(await later.answer(request))).toBe(`png:pt:${row.title}:4`);
      expect(calls).toHaveLength(1);
    });

    it("draws once for simultaneous first requests", async () => {
      const storage = localDiskStorage(root);
      const row = await insertPost();
      const { calls, draw } = countingDraw();
      const store = createOgImageStore({ db, storage, draw });
      const request = { lang: "pt" as const, slug: row.slug, file: `${ogImageVersion(ogPost(row))}.png` };
      const answers = await Promise.all([store.answer(request), store.answer(request), store.answer(request)]);
      expect(answers.map((answer) => answer.kind)).toEqual(["image", "image", "image"]);
      expect(calls).toHaveLength(1);
    });

    it("redirects an outdated version to the current one, and gives 404 for unknown posts and drafts", async () => {
      const storage = localDiskStorage(root);
      const { calls, draw } = countingDraw();
      const store = createOgImageStore({ db, storage, draw });
      const row = await insertPost({ lang: "en", tags: ["a", "b"] });
      const old = ogImageVersion(ogPost(row));
      const [edited] = await db.update(blogs).set({ title: "A new title" }).where(eq(blogs.id, row.id)).returning();
      if (!edited) throw new Error("no post");
      const current = ogImageVersion(ogPost(edited));
      expect(current).not.toBe(old);
      expect(await store.answer({ lang: "en", slug: row.slug, file: `${old}.png` })).toEqual({
        kind: "redirect",
        location: `/og/en/blog/${row.slug}/${current}.png`,
      });
      // Well-formed but never a version of the post: the current one too.
      expect(await store.answer({ lang: "en", slug: row.slug, file: "000000000000.png" })).toMatchObject({
        kind: "redirect",
      });
      // The same slug in the other language is another post: none here.
      expect(await store.answer({ lang: "pt", slug: row.slug, file: `${current}.png` })).toEqual({ kind: "not-found" });
      expect(await store.answer({ lang: "en", slug: "no-such-post", file: `${current}.png` })).toEqual({
        kind: "not-found",
      });
      const draft = await insertPost({ published: false, publishedAt: null });
      const draftVersion = ogImageVersion({ ...ogPost(draft), publishedAt: draft.createdAt });
      expect(await store.answer({ lang: "pt", slug: draft.slug, file: `${draftVersion}.png` })).toEqual({
        kind: "not-found",
      });
      // Unpublished after its image was drawn: gone too.
      const request = { lang: "en" as const, slug: row.slug, file: `${current}.png` };
      expect(await store.answer(request)).toMatchObject({ kind: "image" });
      await db.update(blogs).set({ published: false }).where(eq(blogs.id, row.id));
      expect(await store.answer(request)).toEqual({ kind: "not-found" });
      expect(calls).toHaveLength(1);
    });

    it("answers a malformed URL without asking the database", async () => {
      const untouchable = new Proxy({} as Database, {
        get() {
          throw new Error("the database was asked");
        },
      });
      const store = createOgImageStore({ db: untouchable, storage: localDiskStorage(root), draw: countingDraw().draw });
      for (const [slug, file] of [
        ["bot\0discord", "0123456789ab.png"],
        ["post-1", "0123456789ab.png\0"],
        ["post-1", "../../etc/passwd"],
        ["%00", "0123456789ab.png"],
      ] as const) {
        expect(await store.answer({ lang: "pt", slug, file })).toEqual({ kind: "not-found" });
      }
    });

    it("answers for the static articles from their data, with their generated cover", async () => {
      const { calls, draw } = countingDraw();
      const store = createOgImageStore({ db, storage: localDiskStorage(root), draw });
      const en = ogImageFor(staticArticleOgPost(article, "en"));
      expect(await store.answer({ lang: "en", slug: "bot-discord", file: fileOf(en.path) })).toMatchObject({
        kind: "image",
      });
      expect(calls[0]).toMatchObject({ lang: "en", title: "How to build a Discord bot" });
      expect(calls[0]?.cover?.length).toBeGreaterThan(1000);
      expect(await store.answer({ lang: "pt", slug: "bot-discord", file: fileOf(en.path) })).toEqual({
        kind: "redirect",
        location: ogImageFor(staticArticleOgPost(article, "pt")).path,
      });
    });

    it("sweeps older versions and the images of deleted and unpublished posts, never a current one", async () => {
      const storage = localDiskStorage(root);
      for (const object of await storage.list(OG_IMAGE_BUCKET)) await storage.delete(object.key);
      const { draw } = countingDraw();
      const store = createOgImageStore({ db, storage, draw });
      const kept = await insertPost({ title: "Kept" });
      const edited = await insertPost({ title: "Before" });
      const deleted = await insertPost({ title: "Deleted" });
      const hidden = await insertPost({ title: "Hidden" });
      const draw1 = async (row: typeof blogs.$inferSelect) => {
        const version = ogImageVersion(ogPost(row));
        await store.answer({ lang: "pt", slug: row.slug, file: `${version}.png` });
        return `${OG_IMAGE_BUCKET}/${row.id}/${version}.png`;
      };
      const keptKey = await draw1(kept);
      const oldKey = await draw1(edited);
      const deletedKey = await draw1(deleted);
      const hiddenKey = await draw1(hidden);
      const [after] = await db.update(blogs).set({ title: "After" }).where(eq(blogs.id, edited.id)).returning();
      if (!after) throw new Error("no post");
      const newKey = await draw1(after);
      const staticKey = `${OG_IMAGE_BUCKET}/static/bot-discord/${ogImageVersion(staticArticleOgPost(article, "pt"))}.png`;
      await storage.put(staticKey, new Uint8Array([1]));
      await storage.put(`${OG_IMAGE_BUCKET}/static/bot-discord/000000000000.png`, new Uint8Array([1]));
      await db.delete(blogs).where(eq(blogs.id, deleted.id));
      await db.update(blogs).set({ published: false }).where(eq(blogs.id, hidden.id));

      expect(await sweepOgImages(db, storage)).toBe(4);
      const left = (await storage.list(OG_IMAGE_BUCKET)).map((object) => object.key).sort();
      expect(left).toEqual([keptKey, newKey, staticKey].sort());
      expect(left).not.toContain(oldKey);
      expect(left).not.toContain(deletedKey);
      expect(left).not.toContain(hiddenKey);
      // Nothing else to do the next time; covers are not its business.
      await storage.put(`blog-images/${authorId}/other.webp`, new Uint8Array([1]));
      expect(await sweepOgImages(db, storage)).toBe(0);
      expect(await storage.get(`blog-images/${authorId}/other.webp`)).toBeDefined();
    });
  });
}

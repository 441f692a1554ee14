/**
 * Link-preview images of the blog's posts, one per post and language, at
 * `/og/blog/{slug}/{version}.png` and `/og/en/blog/{slug}/{version}.png`
 * (`app/lib/og-image.ts` names them).
 *
 * - The static articles' images are drawn at build time into the client
 *   build (`tools/build/og-images.ts`) and served as files; this module answers for
 *   them only where the build has none (development).
 * - A published post's image is drawn on its first request, kept in the
 *   object storage at `og-images/{postId}/{version}.png` and read from there
 *   afterwards. Simultaneous first requests share one drawing.
 * - A version that is not the post's current one redirects (302) to the
 *   current one, so a preview cached by another site still finds an image;
 *   an unknown post, a draft or a malformed URL is a 404, and a malformed
 *   URL never reaches the database.
 * - The clean-up (`sweepOgImages`, with the covers' sweep) removes every
 *   stored image that is not the current version of a published post.
 *
 * Imports are relative and the static articles' data is read as JSON:
 * `npm run dev` runs the server's entry, which imports this module for the
 * clean-up, as TypeScript in Node, without Vite's alias or glob imports.
 *
 * See docs/decisions/018-link-preview-images.md.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import articlesData from "../../content/articles/meta.json" with { type: "json" };
import type { StaticArticle } from "../../content/articles.ts";
import { type Lang, languages } from "../../i18n/paths.ts";
import {
  OG_VERSION_PATTERN,
  type OgImagePost,
  ogImagePath,
  ogImageVersion,
  staticArticleTags,
} from "../../lib/og-image.ts";
import { singleton } from "../../lib/singleton.ts";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "../../lib/slugify.ts";
import type { Database } from "../db/client.server.ts";
import { blogs } from "../db/schema.ts";
import type { ObjectStorage } from "../uploads/storage.server.ts";
import type { OgDrawing } from "./og-image-draw.server.ts";
import { publicNow } from "./visibility.server.ts";

/** Where the images live in the object storage. */
export const OG_IMAGE_BUCKET = "og-images";

/** Headers of an image: its URL names its content, so it never changes. */
export const OG_IMAGE_HEADERS = {
  "Content-Type": "image/png",
  "Cache-Control": "public, max-age=31536000, immutable",
} as const;

/** Redirects and 404s may change with the next edit or publication: caches ask again. */
const REVALIDATE = "no-cache";

/** The generated covers of the static articles, one folder per language, drawn beneath their previews. */
export const STATIC_COVER_DIR = path.join("app", "assets", "images", "blog");

/** The file of a static article's widest cover in a language, under `STATIC_COVER_DIR`. */
export const staticCoverFile = (articleId: string, lang: Lang) => path.join(lang, `${articleId}-1200.webp`);

export type OgImageAnswer =
  | { kind: "image"; body: Uint8Array; version: string }
  | { kind: "redirect"; location: string }
  | { kind: "not-found" };

export interface OgImageRequest {
  lang: Lang;
  /** The slug segment of the URL, as routed (decoded). */
  slug: string;
  /** The last segment: `{version}.png`. */
  file: string;
}

/**
 * The slug and version an image URL asks for, or undefined when it cannot
 * name one (anything but a slug's characters, a malformed version, NUL bytes).
 * @example parseOgImageRequest({ lang: "pt", slug: "bot-discord", file: "0123456789ab.png" }) // { lang: "pt", slug: "bot-discord", version: "0123456789ab" }
 */
export function parseOgImageRequest(
  request: OgImageRequest,
): { lang: Lang; slug: string; version: string } | undefined {
  const { lang, slug, file } = request;
  if (slug.length > SLUG_MAX_LENGTH || !SLUG_PATTERN.test(slug)) return undefined;
  if (!file.endsWith(".png")) return undefined;
  const version = file.slice(0, -".png".length);
  if (!OG_VERSION_PATTERN.test(version)) return undefined;
  return { lang, slug, version };
}

/** What a static article's image is drawn from, in a language. */
export function staticArticleOgPost(article: StaticArticleData, lang: Lang): OgImagePost {
  return {
    lang,
    slug: article.id,
    title: article.title[lang],
    // The tags' names in the image's language, drawn as hashtags.
    tags: staticArticleTags(lang, article.tags),
    publishedAt: `${article.date}T12:00:00.000Z`,
    staticId: article.id,
  };
}

interface PublishedRow {
  id: string;
  lang: string;
  slug: string;
  title: string;
  tags: string[];
  publishedAt: Date | null;
  createdAt: Date;
  coverImage: string | null;
}

const publishedColumns = {
  id: blogs.id,
  lang: blogs.lang,
  slug: blogs.slug,
  title: blogs.title,
  tags: blogs.tags,
  publishedAt: blogs.publishedAt,
  createdAt: blogs.createdAt,
  coverImage: blogs.coverImage,
};

/** What a database post's image is drawn from (the date is its first publication, as its page shows). */
function databaseOgPost(row: PublishedRow, lang: Lang): OgImagePost {
  return {
    lang,
    slug: row.slug,
    title: row.title,
    tags: row.tags,
    publishedAt: row.publishedAt ?? row.createdAt,
    cover: row.coverImage,
  };
}

/** The published post of a language at a slug (drafts are not there). */
async function findPublished(db: Database, lang: Lang, slug: string): Promise<PublishedRow | undefined> {
  const [row] = await db
    .select(publishedColumns)
    .from(blogs)
    .where(and(eq(blogs.lang, lang), eq(blogs.slug, slug), publicNow))
    .limit(1);
  return row;
}

/** What a static article's image is drawn from (`app/content/articles/meta.json`, checked by `articles.ts`). */
export type StaticArticleData = Pick<StaticArticle, "id" | "date" | "tags" | "title">;

const staticArticles: readonly StaticArticleData[] = articlesData as StaticArticleData[];
const findStaticArticle = (slug: string) => staticArticles.find((article) => article.id === slug);

const postKey = (postId: string, version: string) => `${OG_IMAGE_BUCKET}/${postId}/${version}.png`;
const staticKey = (articleId: string, version: string) => `${OG_IMAGE_BUCKET}/static/${articleId}/${version}.png`;

export interface OgImageStoreOptions {
  db: Database;
  storage: ObjectStorage;
  /** Draws one image; the real drawing by default (satori and sharp load with the first). */
  draw?: (drawing: OgDrawing) => Promise<Uint8Array>;
  /** The directory the static articles' covers are read from; `STATIC_COVER_DIR` of the working directory by default. */
  staticCoverDir?: string;
}

export interface OgImageStore {
  /** The answer to a request for an image URL. */
  answer(request: OgImageRequest): Promise<OgImageAnswer>;
}

async function drawWithLibraries(drawing: OgDrawing): Promise<Uint8Array> {
  const { drawOgImage } = await import("./og-image-draw.server.ts");
  return drawOgImage(drawing);
}

export function createOgImageStore(options: OgImageStoreOptions): OgImageStore {
  const { db, storage } = options;
  const draw = options.draw ?? drawWithLibraries;
  const coverDir = options.staticCoverDir ?? path.join(process.cwd(), STATIC_COVER_DIR);
  const drawing = new Map<string, Promise<Uint8Array>>();

  /** The stored image under a key, or a new one drawn, stored and returned; one drawing per key at a time. */
  function storedOrDrawn(key: string, make: () => Promise<OgDrawing>): Promise<Uint8Array> {
    const pending = drawing.get(key);
    if (pending) return pending;
    const work = (async () => {
      const stored = await storage.get(key);
      if (stored) return stored;
      const png = await draw(await make());
      await storage.put(key, png);
      return png;
    })().finally(() => drawing.delete(key));
    drawing.set(key, work);
    return work;
  }

  /** The bytes of an uploaded cover of ours; none for a URL elsewhere (never fetched) or a file gone. */
  async function uploadedCover(url: string | null | undefined): Promise<Uint8Array | undefined> {
    const key = url ? storage.keyFromPublicUrl(url) : undefined;
    return key ? storage.get(key) : undefined;
  }

  async function staticCover(articleId: string, lang: Lang): Promise<Uint8Array | undefined> {
    try {
      return new Uint8Array(await readFile(path.join(coverDir, staticCoverFile(articleId, lang))));
    } catch {
      return undefined;
    }
  }

  return {
    async answer(request) {
      const wanted = parseOgImageRequest(request);
      if (!wanted) return { kind: "not-found" };
      const { lang, slug, version } = wanted;
      const article = findStaticArticle(slug);
      const row = article ? undefined : await findPublished(db, lang, slug);
      const post = article ? staticArticleOgPost(article, lang) : row ? databaseOgPost(row, lang) : undefined;
      if (!post) return { kind: "not-found" };
      const current = ogImageVersion(post);
      if (version !== current) return { kind: "redirect", location: ogImagePath(lang, post.slug, current) };
      const make = async (): Promise<OgDrawing> => ({
        lang,
        title: post.title,
        tags: post.tags,
        publishedAt: post.publishedAt,
        cover: article ? await staticCover(article.id, lang) : await uploadedCover(row?.coverImage),
      });
      const key = article ? staticKey(article.id, current) : postKey(row?.id ?? "", current);
      return { kind: "image", body: await storedOrDrawn(key, make), version: current };
    },
  };
}

/** The HTTP response of an answer. */
export function ogImageResponse(answer: OgImageAnswer, method = "GET"): Response {
  switch (answer.kind) {
    case "image":
      return new Response(method === "HEAD" ? null : (answer.body as Uint8Array<ArrayBuffer>), {
        headers: {
          ...OG_IMAGE_HEADERS,
          "Content-Length": String(answer.body.byteLength),
          ETag: `"${answer.version}"`,
        },
      });
    case "redirect":
      return new Response(null, {
        status: 302,
        headers: { Location: answer.location, "Cache-Control": REVALIDATE },
      });
    case "not-found":
      return new Response("Not found", {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": REVALIDATE },
      });
  }
}

/**
 * Removes the stored images that are not the current version of a published
 * post or of a static article: older versions, and the images of posts
 * deleted or unpublished. Lists the storage before reading the posts, so an
 * image drawn meanwhile is not in the list and a version current when the
 * posts are read is kept. Returns how many were removed.
 */
export async function sweepOgImages(db: Database, storage: ObjectStorage): Promise<number> {
  const objects = await storage.list(OG_IMAGE_BUCKET);
  if (objects.length === 0) return 0;
  const current = new Set<string>();
  for (const article of staticArticles) {
    for (const lang of languages)
      current.add(staticKey(article.id, ogImageVersion(staticArticleOgPost(article, lang))));
  }
  const rows = await db.select(publishedColumns).from(blogs).where(publicNow);
  for (const row of rows) {
    const lang = row.lang === "en" ? "en" : "pt";
    current.add(postKey(row.id, ogImageVersion(databaseOgPost(row, lang))));
  }
  let removed = 0;
  for (const object of objects) {
    if (current.has(object.key)) continue;
    await storage.delete(object.key);
    removed += 1;
  }
  return removed;
}

const holder = singleton(
  "ogImageStore",
  (): { held?: { db: Database; storage: ObjectStorage; store: OgImageStore } } => ({}),
);

/** The process's store for its database and storage (one, so simultaneous requests share drawings). */
export function ogImageStoreFor(db: Database, storage: ObjectStorage): OgImageStore {
  const { held } = holder;
  if (held && held.db === db && held.storage === storage) return held.store;
  const store = createOgImageStore({ db, storage });
  holder.held = { db, storage, store };
  return store;
}

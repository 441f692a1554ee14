/**
 * Writes the blog's archive (archive-format.server.ts) as a zip stream: an
 * author's posts, or every author's for the operator. Posts are read a page
 * at a time, and each image only when the zip reaches it, at the pace its
 * reader takes the bytes; the next page waits for the last image of the one
 * before. Only the index (`archive.json`) is kept until the end.
 */
import { Readable } from "node:stream";
import { and, asc, eq, gt, inArray, isNull, or, type SQL } from "drizzle-orm";
import { stringify } from "yaml";
import yazl from "yazl";
import { isLang, type Lang } from "../../i18n/paths.ts";
import { uploadedImageKeys } from "../../lib/uploaded-image.ts";
import type { Database } from "../db/client.server.ts";
import { type Blog, blogs, blogTags, postRedirects, postRevisions, users } from "../db/schema.ts";
import type { ObjectStorage } from "../uploads/storage.server.ts";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_INDEX,
  ARCHIVE_VERSION,
  type ArchiveFrontMatter,
  type ArchiveIndex,
  type ArchivePost,
  type ArchiveTag,
  archiveStatus,
  postFolder,
  zonedTime,
} from "./archive-format.server.ts";

/** Whose posts: one author's (the admin's export), or everyone's (the operator's command). */
export type ExportScope = { authorId: string } | { everyone: true };

const PAGE = 100;

/** The Markdown file of a post: YAML front matter, then the text. */
export function postMarkdown(front: ArchiveFrontMatter, body: string): string {
  const defined = Object.fromEntries(Object.entries(front).filter(([, value]) => value !== undefined));
  return `---\n${stringify(defined, { lineWidth: 0 })}---\n\n${body.endsWith("\n") ? body : `${body}\n`}`;
}

/** The file name an image takes beside its post: numbered in the order the post first shows it. */
class ImageNames {
  readonly byKey = new Map<string, string>();
  readonly storage: ObjectStorage;
  constructor(storage: ObjectStorage) {
    this.storage = storage;
  }

  /** The relative name of an uploaded image's URL, or the URL itself when it is not one of ours. */
  nameOf(url: string): string {
    const key = this.storage.keyFromPublicUrl(url);
    if (!key) return url;
    let name = this.byKey.get(key);
    if (!name) {
      name = `image-${this.byKey.size + 1}${key.slice(key.lastIndexOf("."))}`;
      this.byKey.set(key, name);
    }
    return name;
  }

  /** The text with each uploaded image's URL made its name beside the post. */
  rewrite(markdown: string): string {
    let text = markdown;
    for (const key of uploadedImageKeys(markdown)) {
      const url = this.storage.publicUrl(key);
      text = text.split(url).join(this.nameOf(url));
    }
    return text;
  }
}

/** The tags' names of both languages, with their links, sorted: the index's `tags`. */
async function archiveTags(db: Database, used: ReadonlySet<string>): Promise<ArchiveTag[]> {
  const rows = await db.select().from(blogTags).orderBy(asc(blogTags.lang), asc(blogTags.slug));
  return rows
    .filter((row) => isLang(row.lang) && used.has(`${row.lang}/${row.slug}`))
    .map((row) => ({
      lang: row.lang as Lang,
      slug: row.slug,
      name: row.name,
      ...(row.translationGroup ? { translationKey: row.translationGroup } : {}),
    }));
}

/** What is in an export: for the command's last line and the tests. */
export interface ExportSummary {
  posts: number;
  images: number;
  missingImages: string[];
}

/**
 * The archive as a stream of zip bytes. `done` settles when the last entry is
 * queued, with what went in.
 */
export function exportArchive(
  db: Database,
  storage: ObjectStorage,
  scope: ExportScope,
  now = new Date(),
): { stream: Readable; done: Promise<ExportSummary> } {
  const zip = new yazl.ZipFile();
  const done = fill(zip, db, storage, scope, now).catch((error: unknown) => {
    zip.outputStream.emit("error", error);
    throw error;
  });
  // The stream's reader sees the failure; `done` is for those who wait on it.
  done.catch(() => {});
  return { stream: zip.outputStream as Readable, done };
}

async function fill(
  zip: yazl.ZipFile,
  db: Database,
  storage: ObjectStorage,
  scope: ExportScope,
  now: Date,
): Promise<ExportSummary> {
  const index: ArchiveIndex = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: zonedTime(now),
    authors: [],
    tags: [],
    posts: [],
  };
  const summary: ExportSummary = { posts: 0, images: 0, missingImages: [] };
  const authors = new Set<string>();
  const usedTags = new Set<string>();
  const tagNames = new Map<string, string>();
  for (const row of await db.select().from(blogTags)) tagNames.set(`${row.lang}/${row.slug}`, row.name);
  const own: SQL | undefined = "authorId" in scope ? eq(blogs.authorId, scope.authorId) : undefined;

  let after: { lang: string; slug: string } | undefined;
  let pageReached: Promise<void> | undefined;
  for (;;) {
    const cursor = after
      ? or(gt(blogs.lang, after.lang), and(eq(blogs.lang, after.lang), gt(blogs.slug, after.slug)))
      : undefined;
    const page = await db
      .select({ post: blogs, login: users.login })
      .from(blogs)
      .innerJoin(users, eq(users.id, blogs.authorId))
      .where(and(own, cursor))
      .orderBy(asc(blogs.lang), asc(blogs.slug))
      .limit(PAGE);
    if (page.length === 0) break;
    const ids = page.map(({ post }) => post.id);
    const [revisions, redirects] = await Promise.all([
      db
        .select()
        .from(postRevisions)
        .where(inArray(postRevisions.postId, ids))
        .orderBy(asc(postRevisions.createdAt), asc(postRevisions.id)),
      db.select().from(postRedirects).where(inArray(postRedirects.postId, ids)).orderBy(asc(postRedirects.path)),
    ]);
    for (const { post, login } of page) {
      authors.add(login);
      for (const tag of post.tags) usedTags.add(`${post.lang}/${tag}`);
      const context = {
        names: tagNames,
        revisions: revisions.filter((revision) => revision.postId === post.id),
        redirects: redirects.filter((redirect) => redirect.postId === post.id),
        now,
        summary,
        lastEntry: undefined as Promise<void> | undefined,
      };
      index.posts.push(await addPost(zip, storage, post, login, context));
      if (context.lastEntry) pageReached = context.lastEntry;
    }
    // The next page waits until the zip has reached this one's last image: what waits stays one page.
    await pageReached;
    const last = page.at(-1)?.post;
    if (!last || page.length < PAGE) break;
    after = { lang: last.lang, slug: last.slug };
  }
  index.authors = [...authors].sort();
  index.tags = await archiveTags(db, usedTags);
  // The old addresses of tags' pages and feeds: the author's own, or every one for the operator.
  const siteRedirects = await db
    .select()
    .from(postRedirects)
    .where(
      and(isNull(postRedirects.postId), "authorId" in scope ? eq(postRedirects.authorId, scope.authorId) : undefined),
    )
    .orderBy(asc(postRedirects.path));
  index.redirects = siteRedirects.map((row) => ({
    path: row.path,
    lang: row.lang as Lang,
    ...(row.tag ? { tag: row.tag } : {}),
    source: row.source,
    created: zonedTime(row.createdAt),
  }));
  zip.addBuffer(Buffer.from(`${JSON.stringify(index, null, 2)}\n`), ARCHIVE_INDEX, { mtime: now });
  // The summary is complete once the last image was read: when the zip has ended.
  const ended = new Promise<void>((resolve) => zip.outputStream.on("end", () => resolve()));
  zip.end();
  await ended;
  return summary;
}

async function addPost(
  zip: yazl.ZipFile,
  storage: ObjectStorage,
  post: Blog,
  login: string,
  context: {
    names: ReadonlyMap<string, string>;
    revisions: (typeof postRevisions.$inferSelect)[];
    redirects: (typeof postRedirects.$inferSelect)[];
    now: Date;
    summary: ExportSummary;
    /** Settles when the zip starts writing the last image queued. */
    lastEntry?: Promise<void> | undefined;
  },
): Promise<ArchivePost> {
  const lang = post.lang as Lang;
  const folder = postFolder(lang, post.slug);
  const images = new ImageNames(storage);
  const cover = post.coverImage ? images.nameOf(post.coverImage) : undefined;
  const body = images.rewrite(post.content);
  const front: ArchiveFrontMatter = {
    title: post.title,
    slug: post.slug,
    lang,
    translationKey: post.translationGroup ?? undefined,
    status: archiveStatus(post, context.now),
    draft: !post.published,
    date: post.publishedAt ? zonedTime(post.publishedAt) : undefined,
    created: zonedTime(post.createdAt),
    lastmod: zonedTime(post.updatedAt),
    edited: post.editedAt ? zonedTime(post.editedAt) : undefined,
    trashed: post.deletedAt ? zonedTime(post.deletedAt) : undefined,
    author: login,
    tags: post.tags.map((slug) => context.names.get(`${lang}/${slug}`) ?? slug),
    summary: post.excerpt ?? undefined,
    description: post.seoDescription ?? undefined,
    socialTitle: post.socialTitle ?? undefined,
    socialDescription: post.socialDescription ?? undefined,
    cover,
    coverAlt: (cover && post.coverAlt) || undefined,
    coverCaption: (cover && post.coverCaption) || undefined,
  };
  const revisions = context.revisions.map((revision) => ({
    kind: revision.kind,
    title: revision.title,
    slug: revision.slug,
    excerpt: revision.excerpt,
    content: images.rewrite(revision.content),
    cover: revision.coverImage ? images.nameOf(revision.coverImage) : null,
    ...(revision.coverAlt ? { coverAlt: revision.coverAlt } : {}),
    ...(revision.coverCaption ? { coverCaption: revision.coverCaption } : {}),
    tags: revision.tags,
    lang: revision.lang as Lang,
    changed: revision.changed,
    linesAdded: revision.linesAdded,
    linesRemoved: revision.linesRemoved,
    created: zonedTime(revision.createdAt),
  }));
  const file = `${folder}/index.md`;
  zip.addBuffer(Buffer.from(postMarkdown(front, body)), file, { mtime: post.updatedAt });
  for (const [key, name] of images.byKey) {
    // Read when the zip reaches it, not now: one image in memory at a time, at the reader's pace.
    // Images are compressed already: stored as they are.
    const reached = new Promise<void>((resolve) => {
      zip.addReadStreamLazy(`${folder}/${name}`, { mtime: post.updatedAt, compress: false }, (callback) => {
        resolve();
        storage.get(key).then(
          (bytes) => {
            if (bytes) context.summary.images += 1;
            else context.summary.missingImages.push(`${folder}/${name}`);
            callback(null, Readable.from(bytes ? [Buffer.from(bytes)] : []));
          },
          (error: unknown) => callback(error, Readable.from([])),
        );
      });
    });
    context.lastEntry = reached;
  }
  context.summary.posts += 1;
  return {
    file,
    tags: post.tags,
    revisions,
    redirects: context.redirects.map((redirect) => ({
      path: redirect.path,
      source: redirect.source,
      created: zonedTime(redirect.createdAt),
    })),
  };
}

/**
 * An import, in two steps (docs/decisions/067-an-archive-a-writer-can-read.md):
 * the dry run says what the upload holds and what would happen to it
 * (posts, languages, translations linked, slugs that clash, HTML removed,
 * images missing, problems), writing nothing; the import itself writes it
 * all in one transaction, or nothing. Imported posts keep their dates and
 * state, belong to the author who imports them, and are never announced:
 * each public one is listed as published without mailing in the same
 * transaction, so the newsletter never takes it (an import is not a
 * publication). Images are stored before the transaction and removed again
 * if it fails; every row is made before it too, so the transaction only
 * writes (docs/decisions/086-an-import-whose-transaction-only-writes.md).
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, like, or, sql } from "drizzle-orm";
import type { Lang } from "../../i18n/paths.ts";
import { postPath as sitePostPath } from "../../lib/blog-paths.ts";
import { freeSlug } from "../../lib/slugify.ts";
import { removeCover, saveCover } from "../blog/covers.server.ts";
import { CONTAINERS_PER_LINE, MARKS_PER_BLOCK } from "../blog/markdown-guard.server.ts";
import { invalidatePublicPages } from "../blog/page-cache.server.ts";
import { reservedSlugs } from "../blog/posts.server.ts";
import { summarizeChange, versionOf } from "../blog/revisions.server.ts";
import { saveTagNames } from "../blog/tags.server.ts";
import type { Database, Transaction } from "../db/client.server.ts";
import {
  blogs,
  blogTags,
  fediversePosts,
  newsletterPosts,
  postRevisions,
  users,
  webmentionPosts,
} from "../db/schema.ts";
import { logError } from "../log.server.ts";
import type { ObjectStorage } from "../uploads/storage.server.ts";
import { readDate } from "./dates.server.ts";
import {
  type AnySource,
  type ImageRef,
  type ImportedPost,
  type ImportNote,
  type ImportProblem,
  LIST_SHOWN,
  leftOut,
  type PostSummary,
  postSummaries,
  postTexts,
  type SourceKind,
} from "./import-types.server.ts";
import { type PostAddresses, rewritePostLinks, siteHost } from "./post-links.server.ts";
import { PreparedBatches } from "./prepared-batches.server.ts";
import {
  addRedirects,
  isSitePath,
  oldPathKey,
  postPath,
  type RedirectRow,
  type RedirectSource,
} from "./redirects.server.ts";
import { fillSearchDocuments, searchAfterImport } from "./search-after-import.server.ts";
import type { SourceTree } from "./source-files.server.ts";

/** What to do with a post whose slug another post of its language has: chosen once for the whole import. */
export type ClashChoice = "skip" | "rename" | "replace";
export const CLASH_CHOICES: readonly ClashChoice[] = ["skip", "rename", "replace"];

export type PostStatus = "draft" | "published" | "scheduled" | "trashed";

export interface PlannedPost {
  file: string;
  line?: number;
  title: string;
  slug: string;
  lang: Lang;
  status: PostStatus;
}

/**
 * The dry run's lists are its report: each shows its first `LIST_SHOWN`
 * items, and `more` counts those left out, so a list that grows with the
 * archive (a missing image in every post) costs the same memory and page at
 * any size while its count stays exact.
 */
export type PlanList = "translations" | "clashes" | "removed" | "missingImages" | "notes" | "problems";

export interface ImportPlan {
  kind: SourceKind;
  /**
   * How many posts the upload holds, then by status and by language: counted,
   * not listed (docs/decisions/089-an-import-that-holds-keys-not-posts.md).
   */
  posts: number;
  statuses: Record<PostStatus, number>;
  byLang: Record<Lang, number>;
  /** Pairs linked as translations of each other. */
  translations: { pt: string; en: string }[];
  /** Posts whose slug an existing post of their language has. */
  clashes: (PlannedPost & { yours: boolean })[];
  removed: (PlannedPost & { items: string[] })[];
  missingImages: (PlannedPost & { address: string })[];
  images: number;
  oldAddresses: number;
  notes: ImportNote[];
  problems: ImportProblem[];
  /** Items of each list past its first `LIST_SHOWN`, left out of it. */
  more: Record<PlanList, number>;
}

const statusOf = (post: PostSummary, now: Date): PostStatus =>
  post.trashedAt
    ? "trashed"
    : post.draft
      ? "draft"
      : post.publishedAt && post.publishedAt.getTime() > now.getTime()
        ? "scheduled"
        : "published";

const planned = (post: PostSummary, now: Date): PlannedPost => ({
  file: post.origin.file,
  ...(post.origin.line ? { line: post.origin.line } : {}),
  title: post.title,
  slug: post.slug,
  lang: post.lang,
  status: statusOf(post, now),
});

/** A list of the report: its first `LIST_SHOWN` items kept, every item counted. */
class Shown<T> {
  readonly items: T[] = [];
  total = 0;
  push(item: T | (() => T)): void {
    this.total += 1;
    if (this.items.length < LIST_SHOWN) this.items.push(typeof item === "function" ? (item as () => T)() : item);
  }
  get more(): number {
    return this.total - this.items.length;
  }
}

/** The posts in runs of `size`: a run's slugs are looked up in one statement. */
async function* runsOf<T>(items: AsyncIterable<T>, size = 500): AsyncIterable<T[]> {
  let run: T[] = [];
  for await (const item of items) {
    run.push(item);
    if (run.length < size) continue;
    yield run;
    run = [];
  }
  if (run.length > 0) yield run;
}

/** Existing posts holding a run's slugs: `{lang}/{slug}` to whether the author owns it. */
async function existingSlugs(db: Database, posts: readonly PostSummary[], authorId: string) {
  const found = new Map<string, boolean>();
  const slugs = [...new Set(posts.map((post) => post.slug))];
  const rows = await db
    .select({ lang: blogs.lang, slug: blogs.slug, authorId: blogs.authorId })
    .from(blogs)
    .where(inArray(blogs.slug, slugs));
  for (const row of rows) found.set(`${row.lang}/${row.slug}`, row.authorId === authorId);
  return found;
}

/**
 * What must be compared across the posts, and only that: each post's
 * language and slug, and its translation key and language, to the post's
 * place in the source (docs/decisions/089). Nothing else of a post is held.
 */
class CrossKeys {
  /** `{lang}/{slug}` to the first post with it. */
  readonly slugs = new Map<string, number>();
  /** `{lang}/{translationKey}` to the first post with it, in the order the keys came. */
  readonly translations = new Map<string, number>();

  /** Adds a post's keys; answers the first post that had either, when it is a duplicate. */
  add(post: PostSummary, index: number): { slug?: number; translation?: number } {
    const found: { slug?: number; translation?: number } = {};
    const slugKey = `${post.lang}/${post.slug}`;
    const first = this.slugs.get(slugKey);
    if (first === undefined) this.slugs.set(slugKey, index);
    else found.slug = first;
    if (post.translationKey) {
      const key = `${post.lang}/${post.translationKey}`;
      const other = this.translations.get(key);
      if (other === undefined) this.translations.set(key, index);
      else found.translation = other;
    }
    return found;
  }

  /** The translation keys held by a post of each language, in the order the keys came. */
  pairs(): string[] {
    const pairs: string[] = [];
    for (const key of this.translations.keys()) {
      if (!key.startsWith("pt/")) continue;
      const translationKey = key.slice(3);
      if (this.translations.has(`en/${translationKey}`)) pairs.push(translationKey);
    }
    // In the order a pair's first post came, as the source lists them.
    const first = (key: string) =>
      Math.min(this.translations.get(`pt/${key}`) ?? 0, this.translations.get(`en/${key}`) ?? 0);
    return pairs.sort((a, b) => first(a) - first(b));
  }
}

/** The dry run: what the import would do, writing nothing. */
export async function planImport(
  db: Database,
  source: AnySource,
  authorId: string,
  now = new Date(),
): Promise<ImportPlan> {
  const byLang: Record<Lang, number> = { pt: 0, en: 0 };
  const statuses: Record<PostStatus, number> = { draft: 0, published: 0, scheduled: 0, trashed: 0 };
  const problems = new Shown<ImportProblem>();
  for (const problem of source.problems) problems.push(problem);
  problems.total += leftOut(source.problems);
  const notes = new Shown<ImportNote>();
  for (const note of source.notes) notes.push(note);
  notes.total += leftOut(source.notes);
  const clashes = new Shown<PlannedPost & { yours: boolean }>();
  const removed = new Shown<PlannedPost & { items: string[] }>();
  const missingImages = new Shown<PlannedPost & { address: string }>();
  // Duplicates name the file of the post they repeat, found once the pass is over.
  const others: { problem: ImportProblem; other: number }[] = [];
  const keys = new CrossKeys();
  const counted = new Set<string>();
  let posts = 0;
  let images = 0;
  let oldAddresses = 0;
  for await (const run of runsOf(postSummaries(source))) {
    const existing = await existingSlugs(db, run, authorId);
    for (const post of run) {
      const index = posts;
      posts += 1;
      const status = statusOf(post, now);
      statuses[status] += 1;
      byLang[post.lang] += 1;
      const entry = () => planned(post, now);
      const duplicate = keys.add(post, index);
      if (duplicate.slug !== undefined) {
        problems.push(() => {
          const problem: ImportProblem = {
            ...post.origin,
            code: "duplicate-slug",
            values: { slug: post.slug, lang: post.lang },
          };
          others.push({ problem, other: duplicate.slug as number });
          return problem;
        });
      }
      if (duplicate.translation !== undefined) {
        problems.push(() => {
          const problem: ImportProblem = {
            ...post.origin,
            code: "duplicate-translation",
            values: { key: post.translationKey ?? "", lang: post.lang },
          };
          others.push({ problem, other: duplicate.translation as number });
          return problem;
        });
      }
      if (post.hazard) {
        const { kind, line } = post.hazard;
        problems.push({
          ...post.origin,
          code: kind === "marks" ? "too-many-marks" : "too-deep",
          values: {
            title: post.title,
            line: String(line),
            max: String(kind === "marks" ? MARKS_PER_BLOCK : CONTAINERS_PER_LINE),
          },
        });
      }
      const yours = existing.get(`${post.lang}/${post.slug}`);
      if (yours !== undefined || reservedSlugs.has(post.slug))
        clashes.push(() => ({ ...entry(), yours: yours === true }));
      if (post.removed.length > 0) removed.push(() => ({ ...entry(), items: post.removed }));
      const missing = new Set<string>();
      for (const image of imagesOf(post)) {
        if (!image.file) {
          // A cover that is in the text too is one image missing, not two.
          if (!missing.has(image.original)) missingImages.push(() => ({ ...entry(), address: image.original }));
          missing.add(image.original);
        } else if (!counted.has(image.file)) {
          counted.add(image.file);
          images += 1;
        }
      }
      // The old addresses that will be stored, as the import keeps them: valid, not a page of the site nor the
      // post's own address, each once.
      for (const old of post.redirects?.map((redirect) => redirect.path) ?? post.oldPaths) {
        const key = oldPathKey(old);
        if (!key || key === postPath(post.lang, post.slug) || isSitePath(key) || counted.has(`old:${key}`)) continue;
        counted.add(`old:${key}`);
        oldAddresses += 1;
      }
    }
  }
  // The old site's tags' pages and feeds, after the posts' addresses, which keep a path both name.
  for (const row of siteRedirectRows(source, authorId, now)) {
    if (counted.has(`old:${row.path}`)) continue;
    counted.add(`old:${row.path}`);
    oldAddresses += 1;
  }
  counted.clear();
  // The pairs' titles, and the files the duplicates repeat, read in a second pass: only the ones shown.
  const pairKeys = keys.pairs();
  const shownPairs = new Map(pairKeys.slice(0, LIST_SHOWN).map((key) => [key, { pt: "", en: "" }]));
  const wanted = new Map<number, ImportProblem[]>();
  for (const { problem, other } of others) wanted.set(other, [...(wanted.get(other) ?? []), problem]);
  if (shownPairs.size > 0 || wanted.size > 0) {
    let index = 0;
    for await (const post of postSummaries(source)) {
      const pair = post.translationKey ? shownPairs.get(post.translationKey) : undefined;
      if (pair) pair[post.lang] = post.title;
      for (const problem of wanted.get(index) ?? []) {
        const { file, line } = post.origin;
        problem.values = { ...problem.values, other: file, ...(line ? { otherLine: String(line) } : {}) };
      }
      index += 1;
    }
  }
  return {
    kind: source.kind,
    posts,
    statuses,
    byLang,
    translations: [...shownPairs.values()],
    clashes: clashes.items,
    removed: removed.items,
    missingImages: missingImages.items,
    images,
    oldAddresses,
    notes: notes.items,
    problems: problems.items,
    more: {
      translations: pairKeys.length - shownPairs.size,
      clashes: clashes.more,
      removed: removed.more,
      missingImages: missingImages.more,
      notes: notes.more,
      problems: problems.more,
    },
  };
}

const imagesOf = (post: PostSummary): ImageRef[] => [...(post.cover ? [post.cover] : []), ...post.images];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The text with an image's address replaced where it is an image's or a link's target. */
function replaceAddress(markdown: string, from: string, to: string): string {
  const target = escapeRegExp(from);
  return markdown
    .replace(new RegExp(`(\\]\\(\\s*<?)${target}(?=[>)\\s])`, "g"), `$1${to}`)
    .replace(new RegExp(`(\\bsrc=["'])${target}(?=["'])`, "g"), `$1${to}`);
}

export interface ImportProgress {
  /** Reading: the file read again for its import, posts so far of the dry run's count. */
  phase: "reading" | "images" | "posts" | "search";
  done: number;
  total: number;
}

export interface ImportResult {
  imported: number;
  skipped: number;
  renamed: number;
  replaced: number;
  images: number;
  redirects: number;
}

export class ImportRefused extends Error {
  readonly plan: ImportPlan;
  constructor(plan: ImportPlan) {
    super(`The import has ${plan.problems.length} problem(s)`);
    this.plan = plan;
  }
}

/** Posts (and revisions) written by one statement. */
const BATCH = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The import's own groups' ids: the archive's when no post or tag has them yet (a round trip keeps them). */
async function groupIds(
  tx: Transaction,
  keys: readonly string[],
  table: "posts" | "tags",
): Promise<Map<string, string>> {
  const uuids = keys.filter((key) => UUID.test(key));
  const used = new Set<string>();
  if (uuids.length > 0) {
    const column = table === "posts" ? blogs.translationGroup : blogTags.translationGroup;
    const rows = await tx
      .select({ group: column })
      .from(table === "posts" ? blogs : blogTags)
      .where(inArray(column, uuids));
    for (const row of rows) if (row.group) used.add(row.group);
  }
  return new Map(keys.map((key) => [key, UUID.test(key) && !used.has(key) ? key : randomUUID()]));
}

/** A post's rows as the transaction writes them, made before it: all but the ids the database gives. */
interface PreparedPost {
  file: string;
  lang: Lang;
  values: Omit<typeof blogs.$inferInsert, "authorId" | "translationGroup">;
  translationKey: string | null;
  revisions: Omit<typeof postRevisions.$inferInsert, "postId">[];
  redirects: Omit<RedirectRow, "postId" | "lang">[];
}

/** A post's row, revisions and old addresses, its images' addresses rewritten to where they were stored. */
function preparePost(
  post: ImportedPost,
  slug: string,
  context: {
    urlOf: (image: ImageRef | undefined | null) => string | null;
    /** Where the import's posts answer now, for their links to each other. */
    addresses: PostAddresses;
    sourceKind: SourceKind;
    /** Old addresses already given to a post of this import: each leads to one. */
    taken: Set<string>;
    now: Date;
  },
): PreparedPost {
  const { urlOf, addresses, taken, now } = context;
  let content = rewritePostLinks(post.content, addresses);
  for (const image of post.images) {
    const url = urlOf(image);
    if (url) content = replaceAddress(content, image.original, url);
  }
  const coverImage = urlOf(post.cover);
  const values = {
    title: post.title,
    slug,
    content,
    excerpt: post.excerpt,
    coverImage,
    // The words of a cover that did not come are left out with it.
    coverAlt: (coverImage && post.coverAlt) || null,
    coverCaption: (coverImage && post.coverCaption) || null,
    published: !post.draft,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
    lang: post.lang,
    tags: post.tags.map((tag) => tag.slug),
    publishedAt: post.publishedAt,
    editedAt: post.editedAt,
    deletedAt: post.trashedAt,
    seoDescription: post.seoDescription,
    socialTitle: post.socialTitle,
    socialDescription: post.socialDescription,
  };
  const revisions: PreparedPost["revisions"] = [];
  if (post.revisions) {
    const images = new Map(post.images.map((image) => [image.original, urlOf(image)]));
    if (post.cover) images.set(post.cover.original, urlOf(post.cover));
    const rewrite = (text: string) => {
      let out = rewritePostLinks(text, addresses);
      for (const [fromAddress, to] of images) if (to) out = replaceAddress(out, fromAddress, to);
      return out;
    };
    for (const revision of post.revisions) {
      revisions.push({
        kind: revision.kind,
        title: revision.title,
        slug: revision.slug,
        excerpt: revision.excerpt,
        content: rewrite(revision.content),
        coverImage: revision.cover ? (images.get(revision.cover) ?? null) : null,
        // The words of a cover that did not come are left out with it.
        coverAlt: revision.cover && images.get(revision.cover) ? (revision.coverAlt ?? null) : null,
        coverCaption: revision.cover && images.get(revision.cover) ? (revision.coverCaption ?? null) : null,
        tags: revision.tags,
        lang: revision.lang,
        changed: revision.changed,
        linesAdded: revision.linesAdded,
        linesRemoved: revision.linesRemoved,
        createdAt: readDate(revision.created) ?? now,
      });
    }
  } else {
    // The post's first revision, as its first save would record it.
    const version = versionOf(values);
    revisions.push({
      kind: values.published ? "publish" : "save",
      ...version,
      ...summarizeChange(undefined, version),
      createdAt: post.updatedAt,
    });
  }
  const own = postPath(post.lang, slug);
  const paths = post.redirects
    ? post.redirects.map((redirect) => ({
        path: redirect.path,
        source: redirect.source as RedirectSource,
        created: redirect.created,
      }))
    : post.oldPaths.map((path) => ({ path, source: context.sourceKind as RedirectSource, created: now }));
  const redirects: PreparedPost["redirects"] = [];
  for (const old of paths) {
    const key = oldPathKey(old.path);
    if (!key || key === own || isSitePath(key) || taken.has(key)) continue;
    taken.add(key);
    redirects.push({ path: key, source: old.source, createdAt: old.created });
  }
  return {
    file: post.origin.file,
    lang: post.lang,
    values,
    translationKey: post.translationKey ?? null,
    revisions,
    redirects,
  };
}

export interface ApplyOptions {
  clash: ClashChoice;
  /** The site's public address (PUBLIC_URL): the imported posts' addresses, as the fediverse and webmentions know them. */
  publicUrl: string;
  onProgress?: (progress: ImportProgress) => void;
  now?: Date;
}

/**
 * Imports the upload's posts for the author, in one transaction. Refused
 * (ImportRefused, nothing written) while the dry run has problems.
 */
export async function applyImport(
  db: Database,
  storage: ObjectStorage,
  tree: SourceTree,
  source: AnySource,
  authorId: string,
  options: ApplyOptions,
): Promise<ImportResult> {
  const now = options.now ?? new Date();
  const plan = await planImport(db, source, authorId, now);
  if (plan.problems.length > 0) throw new ImportRefused(plan);
  const result: ImportResult = { imported: 0, skipped: 0, renamed: 0, replaced: 0, images: 0, redirects: 0 };

  // Which posts go in, under which slug, and which existing posts they replace, in a pass over the posts that
  // keeps their keys only (decision 089): a post left out of `slugOf` goes in under its own slug; `null` skips it.
  // A renamed post's slug must miss the import's own: those are read only when a post may be renamed.
  const imported = new Set<string>();
  if (plan.clashes.length > 0) {
    for await (const post of postSummaries(source)) imported.add(`${post.lang}/${post.slug}`);
  }
  const taken = (lang: string, slug: string) => imported.has(`${lang}/${slug}`) || reservedSlugs.has(slug);
  const renamedTo = new Set<string>();
  const slugOf = new Map<number, string | null>();
  const replacing: { lang: string; slug: string }[] = [];
  // The files of the posts that go in, each once (stored below), their translation keys, and their tags' names.
  const stored = new Map<string, string | null>();
  const newPaths = new Map<string, string>();
  const languages = new Map<string, number>();
  const tagNames: Record<Lang, Record<string, string>> = { pt: {}, en: {} };
  let chosen = 0;
  let index = -1;
  for await (const run of runsOf(postSummaries(source))) {
    const existing = await existingSlugs(db, run, authorId);
    for (const post of run) {
      index += 1;
      const yours = existing.get(`${post.lang}/${post.slug}`);
      const reserved = reservedSlugs.has(post.slug);
      if (yours !== undefined || reserved) {
        if (options.clash === "skip" && !reserved) {
          result.skipped += 1;
          slugOf.set(index, null);
          continue;
        }
        if (options.clash === "replace" && yours === true && !reserved) {
          replacing.push({ lang: post.lang, slug: post.slug });
          result.replaced += 1;
        } else {
          const base = post.slug.slice(0, 110);
          const numbered = await db
            .select({ slug: blogs.slug })
            .from(blogs)
            .where(and(eq(blogs.lang, post.lang), like(blogs.slug, `${base}-%`)));
          const there = new Set(numbered.map((row) => row.slug));
          const slug = freeSlug(
            post.slug,
            (candidate) =>
              there.has(candidate) || taken(post.lang, candidate) || renamedTo.has(`${post.lang}/${candidate}`),
          );
          renamedTo.add(`${post.lang}/${slug}`);
          result.renamed += 1;
          slugOf.set(index, slug);
        }
      }
      chosen += 1;
      // Where the post answers now, by each of its old addresses (and, renamed, by the address it came with, which
      // the import's own links use: this site's archive, a Hugo `ref`): the first post to claim one keeps it.
      const path = postPath(post.lang, slugOf.get(index) ?? post.slug);
      const renamedFrom = slugOf.has(index) ? [postPath(post.lang, post.slug)] : [];
      // This site's own archive keeps its texts as they were written (its round trip gives the same archive).
      const olds = source.kind === "archive" ? [] : (post.redirects?.map((redirect) => redirect.path) ?? post.oldPaths);
      for (const old of [...olds, ...renamedFrom]) {
        const key = oldPathKey(old);
        if (key && !newPaths.has(key)) newPaths.set(key, path);
      }
      for (const image of imagesOf(post)) if (image.file) stored.set(image.file, null);
      if (post.translationKey) {
        const langs = languages.get(post.translationKey) ?? 0;
        languages.set(post.translationKey, langs | (post.lang === "pt" ? 1 : 2));
      }
      for (const tag of post.tags) tagNames[post.lang][tag.slug] ??= tag.name;
    }
  }
  imported.clear();
  renamedTo.clear();
  // The translation keys a post of each language goes in with.
  const pairs = new Set<string>();
  for (const [key, langs] of languages) if (langs === 3) pairs.add(key);
  languages.clear();

  // Images first, outside the transaction: each file of the upload stored once.
  let storing = 0;
  for (const file of stored.keys()) {
    const saved = await saveCover(storage, authorId, new Uint8Array(await tree.read(file)));
    stored.set(file, saved.ok ? saved.url : null);
    if (saved.ok) result.images += 1;
    storing += 1;
    options.onProgress?.({ phase: "images", done: storing, total: stored.size });
  }
  const urlOf = (image: ImageRef | undefined | null) => (image?.file ? (stored.get(image.file) ?? null) : null);
  const hosts = (source.origins ?? []).flatMap((origin) => URL.parse(origin)?.host ?? []).map(siteHost);
  const addresses: PostAddresses = { hosts: new Set(hosts), paths: newPaths };

  // Every row made before the transaction (decision 086): the posts' texts read back, their images' addresses
  // rewritten, their revisions and old addresses made, a batch at a time to a file the transaction then writes.
  const prepared = new PreparedBatches<PreparedPost[]>();
  try {
    let batch: PreparedPost[] = [];
    // Old addresses already given to a post of the batch; the database keeps the first of any other (decision 089).
    let taken = new Set<string>();
    let index = 0;
    for await (const post of postTexts(source)) {
      const slug = slugOf.has(index) ? slugOf.get(index) : post.slug;
      index += 1;
      if (slug === null || slug === undefined) continue;
      batch.push(preparePost(post, slug, { urlOf, addresses, sourceKind: source.kind, taken, now }));
      if (batch.length < BATCH) continue;
      prepared.add(batch);
      batch = [];
      taken = new Set();
    }
    if (batch.length > 0) prepared.add(batch);

    // The transaction only writes: a statement for a batch's rows, their revisions, and their marks.
    await db.transaction(async (tx) => {
      options.onProgress?.({ phase: "posts", done: 0, total: chosen });
      // The search index's documents of these posts are made after the transaction, a few at a time.
      await searchAfterImport(tx);
      const leftGroups: string[] = [];
      if (replacing.length > 0) {
        const replaced = await tx
          .delete(blogs)
          .where(
            and(
              eq(blogs.authorId, authorId),
              or(...replacing.map(({ lang, slug }) => and(eq(blogs.lang, lang), eq(blogs.slug, slug)))),
            ),
          )
          .returning({ group: blogs.translationGroup });
        for (const { group } of replaced) if (group) leftGroups.push(group);
      }
      const groups = await groupIds(tx, [...pairs], "posts");
      await importTagNames(tx, source, tagNames);
      for await (const posts of prepared.read()) {
        const rows = await tx
          .insert(blogs)
          .values(
            posts.map(({ values, translationKey }) => ({
              ...values,
              authorId,
              translationGroup:
                (translationKey && pairs.has(translationKey) ? groups.get(translationKey) : null) ?? null,
            })),
          )
          .returning();
        // A language and a slug name one row: the rows are matched to their posts by it, whatever their order.
        const rowOf = new Map(rows.map((row) => [`${row.lang}/${row.slug}`, row]));
        const revisions: (typeof postRevisions.$inferInsert)[] = [];
        const redirects: RedirectRow[] = [];
        for (const post of posts) {
          const row = rowOf.get(`${post.values.lang}/${post.values.slug}`);
          if (!row) throw new Error(`Inserting ${post.file} returned no row`);
          for (const revision of post.revisions) revisions.push({ ...revision, postId: row.id });
          for (const old of post.redirects) redirects.push({ ...old, postId: row.id, lang: post.lang });
        }
        for (let at = 0; at < revisions.length; at += BATCH) {
          await tx.insert(postRevisions).values(revisions.slice(at, at + BATCH));
        }
        // A batch's old addresses with it: nothing of the import is held until the transaction's end.
        for (let at = 0; at < redirects.length; at += 500)
          result.redirects += await addRedirects(tx, redirects.slice(at, at + 500));
        // An import is not a publication: a public or scheduled post is listed as never to be mailed, as told to
        // the fediverse already and as having sent its webmentions, each for the version it comes with. An edit
        // the author makes later is federated and mentioned as any edit is.
        const announced = rows.filter((row) => row.published);
        if (announced.length > 0) {
          const told = announced.map((row) => ({
            postId: row.id,
            lang: row.lang,
            address: new URL(sitePostPath({ lang: row.lang as Lang, slug: row.slug }), options.publicUrl).href,
            version: row.editedAt ?? row.publishedAt ?? row.createdAt,
          }));
          await tx
            .insert(fediversePosts)
            .values(
              told.map(({ postId, lang, address, version }) => ({
                postId,
                lang,
                objectUrl: address,
                state: "published",
                version,
                changedAt: now,
              })),
            )
            .onConflictDoNothing();
          await tx
            .insert(webmentionPosts)
            .values(told.map(({ postId, address, version }) => ({ postId, version, source: address, queuedAt: now })))
            .onConflictDoNothing();
          await tx
            .insert(newsletterPosts)
            .values(
              announced.map((row) => ({
                postId: row.id,
                issue: `post:${row.translationGroup ?? row.id}`,
                skipped: true,
              })),
            )
            .onConflictDoNothing();
        }
        result.imported += rows.length;
        options.onProgress?.({ phase: "posts", done: result.imported, total: chosen });
      }
      // The old site's tags' pages and feeds, once its posts hold theirs: a tag's only when a post that came has it.
      const siteRows = siteRedirectRows(source, authorId, now).filter(
        (row) => !("tag" in row) || row.tag === null || tagNames[row.lang][row.tag] !== undefined,
      );
      for (let at = 0; at < siteRows.length; at += 500)
        result.redirects += await addRedirects(tx, siteRows.slice(at, at + 500));
      // A replaced post's translation left alone is linked to nothing any more.
      if (leftGroups.length > 0) {
        await tx
          .update(blogs)
          .set({ translationGroup: null, updatedAt: now })
          .where(
            and(
              inArray(blogs.translationGroup, leftGroups),
              sql`(select count(*) from ${blogs} b where b.translation_group = ${blogs.translationGroup}) = 1`,
            ),
          );
      }
    });
  } catch (error) {
    for (const url of stored.values()) if (url) await removeCover(storage, url).catch(() => {});
    throw error;
  } finally {
    prepared.close();
  }
  // The posts are written: their search documents, outside the transaction, a few posts to a statement. Should
  // that fail, the import stands, and the next start makes what is missing.
  await fillSearchDocuments(db, undefined, (done, total) =>
    options.onProgress?.({ phase: "search", done, total }),
  ).catch((error: unknown) => logError("Making the imported posts' search documents failed:", error));
  invalidatePublicPages();
  return result;
}

/** The source's old addresses of tags' pages and feeds as they are stored: valid, no page of the site's. */
function siteRedirectRows(source: AnySource, authorId: string, now: Date): RedirectRow[] {
  const rows: RedirectRow[] = [];
  for (const old of source.siteAddresses ?? []) {
    const path = oldPathKey(old.path);
    if (!path || isSitePath(path)) continue;
    rows.push({
      path,
      lang: old.lang,
      tag: old.tag ?? null,
      authorId,
      source: (old.source ?? source.kind) as RedirectSource,
      createdAt: old.created ?? now,
    });
  }
  return rows;
}

/**
 * The tags' names: the archive's, in both languages with their links; any
 * other source's, as the author's form would save them (the first name each
 * tag's slug came with in the posts imported).
 */
async function importTagNames(
  tx: Transaction,
  source: AnySource,
  names: Record<Lang, Record<string, string>>,
): Promise<void> {
  for (const lang of ["pt", "en"] as const) await saveTagNames(tx, lang, names[lang]);
  if (!source.tags) return;
  const keys = [...new Set(source.tags.flatMap((tag) => (tag.translationKey ? [tag.translationKey] : [])))];
  const groups = await groupIds(tx, keys, "tags");
  for (const tag of source.tags) {
    const group = tag.translationKey ? groups.get(tag.translationKey) : undefined;
    await tx
      .insert(blogTags)
      .values({ lang: tag.lang, slug: tag.slug, name: tag.name, translationGroup: group ?? null })
      .onConflictDoUpdate({
        target: [blogTags.lang, blogTags.slug],
        set: { name: tag.name, ...(group ? { translationGroup: group } : {}) },
      });
  }
}

/** The login of an author, for the command line's `--author`. */
export async function authorByLogin(db: Database, login: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.login, login));
  return row?.id;
}

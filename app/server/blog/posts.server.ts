/**
 * Blog posts in the database. Every author-facing function takes the
 * author's id and scopes its query by it: another author's post is, to these
 * functions, a post that does not exist.
 *
 * A post is written in one language. Posts that translate each other share a
 * `translation_group`; the unique index on (group, language) keeps it to one
 * translation per language even when two saves race.
 */

import { randomUUID } from "node:crypto";
import { and, arrayContains, asc, count, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Lang } from "~/i18n";
import type { PostInput } from "~/lib/post-input.ts";
import { staticArticleIds } from "../../content/ids.ts";
import { keepsCoverWords } from "../../lib/post-actions.ts";
import type { Database, Transaction } from "../db/client.server.ts";
import { pgErrorCode, UNIQUE_VIOLATION } from "../db/errors.server.ts";
import { type Blog, blogs, postRevisions } from "../db/schema.ts";
import { skipNewsletter } from "../newsletter/publish-choice.server.ts";
import { invalidatePublicPages } from "./page-cache.server.ts";
import { coversInRevisions, recordRevision, versionOf } from "./revisions.server.ts";
import { saveTagNames, tagNamesFor } from "./tags.server.ts";
import { publicNow } from "./visibility.server.ts";

export { nextScheduledPublication } from "./visibility.server.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs and forms; anything that is not a UUID cannot name a post. */
export function isPostId(id: string): boolean {
  return UUID.test(id);
}

/** Whether a post is scheduled: published, with its publication still ahead. */
export function isScheduled(post: Pick<Blog, "published" | "publishedAt">, now = new Date()): boolean {
  return post.published && post.publishedAt !== null && post.publishedAt.getTime() > now.getTime();
}

/** Why a translation link was refused. */
export type TranslationProblem =
  /** Not one of the author's posts (or no post at all). */
  | "translation-not-found"
  /** The chosen post is in the same language as this one, or is this one. */
  | "translation-same-lang"
  /** The chosen post already has another translation in this post's language. */
  | "translation-taken";

export type SaveResult =
  /** `pending`: an autosave of a published post, kept aside until the author updates it. */
  | { status: "saved"; post: Blog; replacedCover: string | null; pending?: boolean }
  | { status: "slug-taken" }
  | { status: "not-found" }
  | { status: "stale"; current: Blog }
  /** A post readers can already see cannot be scheduled. */
  | { status: "already-public" }
  | { status: TranslationProblem };

/** The author's posts, newest first; those in the trash are listed by the trash (trash.server.ts). */
export function listOwnPosts(db: Database, authorId: string): Promise<Blog[]> {
  return db
    .select()
    .from(blogs)
    .where(and(eq(blogs.authorId, authorId), isNull(blogs.deletedAt)))
    .orderBy(desc(blogs.createdAt), desc(blogs.id));
}

/** One of the author's posts, or undefined (another author's, or in the trash). */
export async function findOwnPost(db: Database, authorId: string, id: string): Promise<Blog | undefined> {
  if (!isPostId(id)) return undefined;
  const [post] = await db
    .select()
    .from(blogs)
    .where(and(eq(blogs.id, id), eq(blogs.authorId, authorId), isNull(blogs.deletedAt)));
  return post;
}

/**
 * Addresses a post may not take: a static article already lives at
 * `/blog/{id}` in both languages, and `/blog/search`, `/blog/tag/…` and
 * `/blog/preview/…` (a shared draft) are pages.
 */
export const reservedSlugs: ReadonlySet<string> = new Set<string>([...staticArticleIds, "search", "tag", "preview"]);

class Refused extends Error {
  readonly status: TranslationProblem;
  constructor(status: TranslationProblem) {
    super(status);
    this.status = status;
  }
}

/**
 * The translation group the post `id` (in `lang`) joins to be linked to the
 * author's post `translationOf`, giving that post a group first if it has
 * none. Refuses another author's post, a post of the same language and a
 * post that already has a translation in `lang`.
 */
async function groupForLink(
  tx: Transaction,
  authorId: string,
  id: string | undefined,
  lang: Lang,
  translationOf: string,
): Promise<string> {
  const [target] = await tx
    .select()
    .from(blogs)
    .where(and(eq(blogs.id, translationOf), eq(blogs.authorId, authorId), isNull(blogs.deletedAt)))
    .for("update");
  if (!target) throw new Refused("translation-not-found");
  if (target.id === id || target.lang === lang) throw new Refused("translation-same-lang");
  if (target.translationGroup) {
    const [other] = await tx
      .select({ id: blogs.id })
      .from(blogs)
      .where(and(eq(blogs.translationGroup, target.translationGroup), eq(blogs.lang, lang)));
    if (other && other.id !== id) throw new Refused("translation-taken");
    return target.translationGroup;
  }
  const group = randomUUID();
  // The other post changed too (its translation): a new `updated_at` tells its open editors and other servers.
  await tx.update(blogs).set({ translationGroup: group, updatedAt: new Date() }).where(eq(blogs.id, target.id));
  return group;
}

/** After a post leaves a group, a member left alone is no longer linked to anything. */
async function dissolveIfAlone(tx: Transaction, group: string | null): Promise<void> {
  if (!group) return;
  const members = await tx.select({ id: blogs.id }).from(blogs).where(eq(blogs.translationGroup, group));
  const [alone] = members;
  if (members.length === 1 && alone) {
    await tx.update(blogs).set({ translationGroup: null, updatedAt: new Date() }).where(eq(blogs.id, alone.id));
  }
}

/**
 * The author's post, locked for this transaction, if it is still the version
 * the editor loaded (`expectedUpdatedAt`): a second tab's stale form must not
 * silently overwrite the first one's save.
 */
async function lockOwnPost(
  tx: Transaction,
  authorId: string,
  id: string,
  expectedUpdatedAt: Date,
): Promise<{ status: "current"; post: Blog } | { status: "not-found" } | { status: "stale"; current: Blog }> {
  // A post in the trash is restored before it is edited again: until then it is none to save.
  const [post] = await tx
    .select()
    .from(blogs)
    .where(and(eq(blogs.id, id), eq(blogs.authorId, authorId), isNull(blogs.deletedAt)))
    .for("update");
  if (!post) return { status: "not-found" };
  if (post.updatedAt.getTime() !== expectedUpdatedAt.getTime()) return { status: "stale", current: post };
  return { status: "current", post };
}

/** Whether another post of the language has the slug already. */
async function slugTaken(tx: Transaction, lang: string, slug: string, exceptId: string): Promise<boolean> {
  const [clash] = await tx
    .select({ id: blogs.id })
    .from(blogs)
    .where(and(eq(blogs.lang, lang), eq(blogs.slug, slug), ne(blogs.id, exceptId)));
  return clash !== undefined;
}

/** Runs a save, turning the refusals and unique violations it meets into results. */
async function saving(write: () => Promise<SaveResult>): Promise<SaveResult> {
  try {
    const result = await write();
    // After the commit: a page rendered from the old rows until now must not be kept.
    if (result.status === "saved") {
      invalidatePublicPages();
    }
    return result;
  } catch (error) {
    if (error instanceof Refused) return { status: error.status };
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      const constraint = (error as { cause?: { constraint?: string } }).cause?.constraint;
      return { status: constraint === "blogs_translation_lang_unique" ? "translation-taken" : "slug-taken" };
    }
    throw error;
  }
}

/** What a save writes besides the author's fields. */
function stored(input: PostInput) {
  const { translationOf: _link, scheduledAt: _at, tagNames: _names, ...given } = input;
  // Without a cover there is nothing to describe: its words go with it.
  const fields = input.coverImage ? given : { ...given, coverAlt: null, coverCaption: null };
  // A scheduled post is published from its time on: until then `publicNow` keeps it out of sight.
  return input.scheduledAt ? { ...fields, published: true } : fields;
}

/**
 * A save the author asked for, or one the editor made by itself a few
 * seconds after typing. An autosave never publishes: it saves a draft as a
 * draft, and keeps a published (or scheduled) post's changes aside.
 */
export type SaveMode = "save" | "autosave";

/** What a save does besides the post. */
export interface SaveOptions {
  /**
   * The author chose to publish (or schedule) without mailing: the post is
   * listed as such in the same transaction, so the newsletter never takes it.
   */
  skipNewsletter?: boolean;
  /** The author put a published post's changes live ("Atualizar publicação"): its revision says so. */
  updatesPublication?: boolean;
}

/** Creates a post for the author, linked to its translation when the input names one. */
export function createPost(
  db: Database,
  authorId: string,
  given: PostInput,
  mode: SaveMode = "save",
  options: SaveOptions = {},
): Promise<SaveResult> {
  const input = mode === "autosave" ? { ...given, published: false, scheduledAt: null } : given;
  if (reservedSlugs.has(input.slug)) return Promise.resolve({ status: "slug-taken" });
  return saving(() =>
    db.transaction(async (tx) => {
      const translationGroup = input.translationOf
        ? await groupForLink(tx, authorId, undefined, input.lang, input.translationOf)
        : null;
      const [post] = await tx
        .insert(blogs)
        .values({
          ...stored(input),
          authorId,
          translationGroup,
          publishedAt: input.scheduledAt ?? (input.published ? new Date() : null),
        })
        .returning();
      if (!post) throw new Error("Inserting a post returned no row");
      await saveTagNames(tx, input.lang, input.tagNames ?? {});
      await recordRevision(
        tx,
        post.id,
        versionOf(post),
        mode === "autosave" ? "autosave" : input.scheduledAt ? "schedule" : input.published ? "publish" : "save",
      );
      if (options.skipNewsletter && post.published) await skipNewsletter(tx, post.id);
      return { status: "saved", post, replacedCover: null };
    }),
  );
}

/**
 * When the post is (or will be) first published after this save: its
 * scheduled time; the first publication, kept through unpublishing; now, for
 * a post published for the first time or taken off its schedule to go out at
 * once; none for a draft that was only scheduled.
 */
function publicationTime(current: Blog, input: PostInput, now: Date): Date | null {
  if (input.scheduledAt) return input.scheduledAt;
  if (isScheduled(current, now)) return input.published ? now : null;
  return current.publishedAt ?? (input.published ? now : null);
}

/** Whether a save changes what readers of the post see. */
function changesText(current: Blog, input: PostInput): boolean {
  return (
    current.title !== input.title ||
    current.slug !== input.slug ||
    current.content !== input.content ||
    current.excerpt !== input.excerpt ||
    current.coverImage !== input.coverImage ||
    (input.coverAlt !== undefined && current.coverAlt !== input.coverAlt) ||
    (input.coverCaption !== undefined && current.coverCaption !== input.coverCaption) ||
    current.lang !== input.lang ||
    current.tags.join(",") !== input.tags.join(",")
  );
}

/**
 * Updates one of the author's posts, unless it changed since the editor
 * loaded it (`expectedUpdatedAt`): a second tab's stale form must not
 * silently overwrite the first one's save. The first publication is
 * remembered; a change of text after it is the post's edit time.
 */
export function updatePost(
  db: Database,
  authorId: string,
  id: string,
  given: PostInput,
  expectedUpdatedAt: Date,
  mode: SaveMode = "save",
  options: SaveOptions = {},
): Promise<SaveResult> {
  const input = mode === "autosave" ? { ...given, published: false, scheduledAt: null } : given;
  if (!isPostId(id)) return Promise.resolve({ status: "not-found" });
  if (reservedSlugs.has(input.slug)) return Promise.resolve({ status: "slug-taken" });
  return saving(() =>
    db.transaction(async (tx) => {
      const locked = await lockOwnPost(tx, authorId, id, expectedUpdatedAt);
      if (locked.status !== "current") return locked;
      const current = locked.post;
      if (await slugTaken(tx, input.lang, input.slug, id)) return { status: "slug-taken" } as const;
      if (mode === "autosave" && current.published) return keepPending(tx, current, input);

      // No translation named: the post is unlinked (its former translation stays as it is).
      const translationGroup = input.translationOf
        ? await groupForLink(tx, authorId, id, input.lang, input.translationOf)
        : null;
      const now = new Date();
      const wasPublic = current.published && current.publishedAt !== null && !isScheduled(current, now);
      if (input.scheduledAt && wasPublic) return { status: "already-public" } as const;
      // Millisecond precision, so the editor's copy of this value compares exactly next time.
      const [post] = await tx
        .update(blogs)
        .set({
          ...stored(input),
          translationGroup,
          updatedAt: now,
          publishedAt: publicationTime(current, input, now),
          editedAt: wasPublic && changesText(current, input) ? now : current.editedAt,
        })
        .where(eq(blogs.id, id))
        .returning();
      if (!post) throw new Error(`Updating post ${id} returned no row`);
      await saveTagNames(tx, input.lang, input.tagNames ?? {});
      await recordRevision(
        tx,
        post.id,
        versionOf(post),
        mode === "autosave"
          ? "autosave"
          : input.scheduledAt
            ? "schedule"
            : input.published && !wasPublic
              ? "publish"
              : // A post readers see, saved through its publishing control: its published version changed.
                input.published && wasPublic && options.updatesPublication
                ? "update"
                : "save",
      );
      if (options.skipNewsletter && post.published) await skipNewsletter(tx, post.id);
      if (current.translationGroup && current.translationGroup !== translationGroup) {
        await dissolveIfAlone(tx, current.translationGroup);
      }
      const replacedCover = current.coverImage && current.coverImage !== post.coverImage ? current.coverImage : null;
      return { status: "saved", post, replacedCover } as const;
    }),
  );
}

/**
 * An autosave of a published or scheduled post: readers keep the post as it
 * is; the changes wait in an autosave revision until the author's next save
 * publishes them. The post's `updated_at` moves, so another tab's save of
 * the older version is refused as stale, like any other.
 */
async function keepPending(tx: Transaction, current: Blog, input: PostInput): Promise<SaveResult> {
  const now = new Date();
  const [post] = await tx.update(blogs).set({ updatedAt: now }).where(eq(blogs.id, current.id)).returning();
  if (!post) throw new Error(`Autosaving post ${current.id} returned no row`);
  const { title, slug, excerpt, content, coverImage, tags, lang } = input;
  const word = (given: string | null | undefined, stored: string | null) =>
    coverImage ? (given === undefined ? stored : given) : null;
  const coverAlt = word(input.coverAlt, current.coverAlt);
  const coverCaption = word(input.coverCaption, current.coverCaption);
  const version = { title, slug, excerpt, content, coverImage, coverAlt, coverCaption, tags, lang };
  await recordRevision(tx, post.id, version, "autosave", now);
  return { status: "saved", post, replacedCover: null, pending: true };
}

/** Deletes one of the author's posts; returns it, or undefined if the author has no such post. */
export async function deletePost(db: Database, authorId: string, id: string): Promise<Blog | undefined> {
  if (!isPostId(id)) return undefined;
  const post = await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(blogs)
      .where(and(eq(blogs.id, id), eq(blogs.authorId, authorId)))
      .returning();
    if (deleted) await dissolveIfAlone(tx, deleted.translationGroup);
    return deleted;
  });
  if (post) invalidatePublicPages();
  return post;
}

/**
 * Whether any post other than `exceptId` still shows this cover (a
 * translation may share it), or a revision holds it for a restore.
 */
export async function coverInUse(db: Database, url: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(blogs)
    .where(exceptId ? and(eq(blogs.coverImage, url), ne(blogs.id, exceptId)) : eq(blogs.coverImage, url));
  return (row?.n ?? 0) > 0 || (await coversInRevisions(db, [url])).size > 0;
}

/**
 * Puts one of the post's revisions back: its title, slug, excerpt, content,
 * cover, tags and language, as a new save of the post (a new revision of
 * kind "restore"; nothing is overwritten). The post keeps its publication
 * state; a change of language unlinks its translation. The same stale-edit
 * guard as a save applies.
 */
export function restoreRevision(
  db: Database,
  authorId: string,
  id: string,
  revisionId: string,
  expectedUpdatedAt: Date,
): Promise<SaveResult> {
  if (!isPostId(id) || !isPostId(revisionId)) return Promise.resolve({ status: "not-found" });
  return saving(() =>
    db.transaction(async (tx) => {
      const locked = await lockOwnPost(tx, authorId, id, expectedUpdatedAt);
      if (locked.status !== "current") return locked;
      const current = locked.post;
      const [revision] = await tx
        .select()
        .from(postRevisions)
        .where(and(eq(postRevisions.id, revisionId), eq(postRevisions.postId, id)));
      if (!revision) return { status: "not-found" } as const;
      if (await slugTaken(tx, revision.lang, revision.slug, id)) return { status: "slug-taken" } as const;
      const now = new Date();
      const wasPublic = current.published && current.publishedAt !== null && !isScheduled(current, now);
      const [post] = await tx
        .update(blogs)
        .set({
          ...versionOf(revision),
          ...(keepsCoverWords(revision, current)
            ? { coverAlt: current.coverAlt, coverCaption: current.coverCaption }
            : {}),
          translationGroup: revision.lang === current.lang ? current.translationGroup : null,
          updatedAt: now,
          editedAt: wasPublic ? now : current.editedAt,
        })
        .where(eq(blogs.id, id))
        .returning();
      if (!post) throw new Error(`Restoring post ${id} returned no row`);
      await recordRevision(tx, post.id, versionOf(post), "restore");
      if (current.translationGroup && !post.translationGroup) await dissolveIfAlone(tx, current.translationGroup);
      const replacedCover = current.coverImage && current.coverImage !== post.coverImage ? current.coverImage : null;
      return { status: "saved", post, replacedCover } as const;
    }),
  );
}

/** Published posts of one language for the public blog, newest publication first. Drafts never leave this module. */
export function listPublishedPosts(db: Database, lang: Lang): Promise<Blog[]> {
  return db
    .select()
    .from(blogs)
    .where(and(publicNow, eq(blogs.lang, lang)))
    .orderBy(desc(blogs.publishedAt), desc(blogs.id));
}

/** A published post of one language by its slug, or undefined (unknown, other language or draft). */
export async function findPublishedPost(db: Database, lang: Lang, slug: string): Promise<Blog | undefined> {
  const [post] = await db
    .select()
    .from(blogs)
    .where(and(eq(blogs.lang, lang), eq(blogs.slug, slug), publicNow));
  return post;
}

/** The published posts of a translation group, one per language. */
export function publishedTranslations(db: Database, group: string): Promise<Blog[]> {
  return db
    .select()
    .from(blogs)
    .where(and(eq(blogs.translationGroup, group), publicNow));
}

/** The translation of each post in `posts` (by post id), any state, for the admin list. */
export async function translationsOf(db: Database, posts: readonly Blog[]): Promise<Map<string, Blog>> {
  const groups = [...new Set(posts.map((post) => post.translationGroup).filter((group) => group !== null))];
  const result = new Map<string, Blog>();
  if (groups.length === 0) return result;
  const members = await db.select().from(blogs).where(inArray(blogs.translationGroup, groups));
  for (const post of posts) {
    const other = members.find((member) => member.translationGroup === post.translationGroup && member.id !== post.id);
    if (other) result.set(post.id, other);
  }
  return result;
}

/**
 * Tags already used in a language, most used first, by their names:
 * suggestions for the author's form. Published posts and the author's own
 * drafts; never the tags of another author's drafts.
 */
export async function tagsInUse(db: Database, authorId: string, lang: Lang): Promise<string[]> {
  const tag = sql<string>`unnest(${blogs.tags})`.as("tag");
  const rows = await db
    .select({ tag })
    .from(blogs)
    .where(and(eq(blogs.lang, lang), isNull(blogs.deletedAt), or(publicNow, eq(blogs.authorId, authorId))));
  const counts = new Map<string, number>();
  for (const { tag: name } of rows) counts.set(name, (counts.get(name) ?? 0) + 1);
  const slugs = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
  const names = await tagNamesFor(db, lang, slugs);
  return slugs.map((slug) => names[slug] ?? slug);
}

/** Published posts of a language with a tag, newest publication first. */
export function listPublishedPostsWithTag(db: Database, lang: Lang, tag: string): Promise<Blog[]> {
  return db
    .select()
    .from(blogs)
    .where(and(publicNow, eq(blogs.lang, lang), arrayContains(blogs.tags, [tag])))
    .orderBy(desc(blogs.publishedAt), asc(blogs.id));
}

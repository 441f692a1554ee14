/**
 * The author's posts as the admin's list shows them: filtered by status,
 * language, tag and words of the title, newest first, 50 a page, each with
 * its status in the editor's words (a published post's autosaved changes
 * included), its dates and its public address when readers can see it. The
 * filters come from the page's address (a plain GET form), so any view can
 * be linked to and works without scripts.
 */
import { and, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { isLang, type Lang } from "~/i18n/paths.ts";
import { postPath } from "~/lib/blog-paths.ts";
import { plainQuery } from "~/lib/search-query.ts";
import { SLUG_PATTERN } from "~/lib/slugify.ts";
import type { Database } from "../db/client.server.ts";
import { type Blog, blogs } from "../db/schema.ts";
import { pendingVersions } from "./revisions.server.ts";
import { namesInOtherLanguage, tagNamesFor } from "./tags.server.ts";
import { countTrash } from "./trash.server.ts";
import { publicNow } from "./visibility.server.ts";

/** Posts a page of the list shows. */
export const POSTS_PER_PAGE = 50;
const QUERY_MAX_LENGTH = 100;

export const POST_STATUSES = ["draft", "published", "pending", "scheduled"] as const;
/** A post's state in the editor's words: a draft, published (with changes not published yet: pending), scheduled. */
export type PostStatus = (typeof POST_STATUSES)[number];

export interface ListFilters {
  status?: PostStatus;
  lang?: Lang;
  /** A tag's slug. */
  tag?: string;
  /** Words of the title. */
  q?: string;
  /** From 1. */
  page: number;
}

/**
 * The filters of a list's address; anything that is not one is ignored.
 * @example readListFilters(new URLSearchParams("status=draft&lang=en&page=2")) // { status: "draft", lang: "en", page: 2 }
 */
export function readListFilters(params: URLSearchParams): ListFilters {
  const status = params.get("status") ?? "";
  const lang = params.get("lang") ?? "";
  const tag = (params.get("tag") ?? "").trim();
  const q = plainQuery(params.get("q"), QUERY_MAX_LENGTH);
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    ...((POST_STATUSES as readonly string[]).includes(status) ? { status: status as PostStatus } : {}),
    ...(isLang(lang) ? { lang } : {}),
    ...(tag && SLUG_PATTERN.test(tag) && tag.length <= 40 ? { tag } : {}),
    ...(q ? { q } : {}),
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/** One row of the list. */
export interface ListedPost {
  id: string;
  /** The title the editor opens with: a published post's autosaved one, when it has one. */
  title: string;
  lang: Lang;
  status: PostStatus;
  /** When a scheduled post goes out (ISO). */
  scheduledAt?: string;
  createdAt: string;
  /** The first publication of a post readers see (ISO). */
  publishedAt?: string;
  /** The last save (ISO). */
  updatedAt: string;
  /** Its public address, while readers can see it. */
  publicPath?: string;
  /** Its tags by name. */
  tags: string[];
  /** What its translation's tags start as: each tag's name in the other language, when it has one. */
  translatedTags: string[];
}

export interface PostListPage {
  posts: ListedPost[];
  /** Posts matching the filters, on every page. */
  total: number;
  page: number;
  pages: number;
  filters: ListFilters;
  /** Every tag of the author's posts, to filter by: its slug and name. */
  tagOptions: { slug: string; name: string }[];
  /** How many of the author's posts are in the trash. */
  trashed: number;
}

// The newest revision of a published post is an autosave: it has changes readers do not see yet.
const hasPending = sql`(select r.kind from post_revisions r where r.post_id = ${blogs.id} order by r.created_at desc, r.id desc limit 1) = 'autosave'`;
const scheduled = sql`(${blogs.published} and ${blogs.publishedAt} > now())`;

function statusCondition(status: PostStatus): SQL {
  switch (status) {
    case "draft":
      return eq(blogs.published, false);
    case "published":
      return sql`(${blogs.published} and not ${scheduled})`;
    case "pending":
      return sql`(${blogs.published} and ${hasPending})`;
    case "scheduled":
      return scheduled;
  }
}

/** `%`, `_` and `\` typed in the box are letters, not a pattern's. */
const likePattern = (words: string) => `%${words.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function statusOf(post: Blog, pending: boolean, now: Date): PostStatus {
  if (!post.published) return "draft";
  if (post.publishedAt && post.publishedAt.getTime() > now.getTime()) return "scheduled";
  return pending ? "pending" : "published";
}

/** One page of the author's posts with the filters, newest first. */
export async function listPostsPage(
  db: Database,
  authorId: string,
  filters: ListFilters,
  now = new Date(),
): Promise<PostListPage> {
  const where = and(
    eq(blogs.authorId, authorId),
    isNull(blogs.deletedAt),
    filters.status ? statusCondition(filters.status) : undefined,
    filters.lang ? eq(blogs.lang, filters.lang) : undefined,
    filters.tag ? sql`${blogs.tags} @> array[${filters.tag}]::text[]` : undefined,
    filters.q ? sql`public.unaccent(${blogs.title}) ilike public.unaccent(${likePattern(filters.q)})` : undefined,
  );
  const [counted] = await db.select({ n: count() }).from(blogs).where(where);
  const total = counted?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / POSTS_PER_PAGE));
  const page = Math.min(filters.page, pages);
  const rows = await db
    .select({ post: blogs, isPublic: sql<boolean>`${publicNow}` })
    .from(blogs)
    .where(where)
    .orderBy(desc(blogs.createdAt), desc(blogs.id))
    .limit(POSTS_PER_PAGE)
    .offset((page - 1) * POSTS_PER_PAGE);
  const pending = await pendingVersions(
    db,
    rows.filter((row) => row.post.published).map((row) => row.post.id),
  );
  // The tags each row shows are its pending version's, when it has one.
  const shown = rows.map((row) => ({ lang: row.post.lang, tags: (pending.get(row.post.id) ?? row.post).tags }));
  const tagsOf = (lang: Lang) => shown.filter((row) => row.lang === lang).flatMap((row) => row.tags);
  const names = { pt: await tagNamesFor(db, "pt", tagsOf("pt")), en: await tagNamesFor(db, "en", tagsOf("en")) };
  const otherNames = {
    pt: await namesInOtherLanguage(db, "pt", "en", tagsOf("pt")),
    en: await namesInOtherLanguage(db, "en", "pt", tagsOf("en")),
  };
  const posts = rows.map(({ post, isPublic }): ListedPost => {
    const version = pending.get(post.id) ?? post;
    const lang: Lang = isLang(post.lang) ? post.lang : "pt";
    const status = statusOf(post, pending.has(post.id), now);
    return {
      id: post.id,
      title: version.title,
      lang,
      status,
      ...(status === "scheduled" && post.publishedAt ? { scheduledAt: post.publishedAt.toISOString() } : {}),
      createdAt: post.createdAt.toISOString(),
      ...(isPublic && post.publishedAt ? { publishedAt: post.publishedAt.toISOString() } : {}),
      updatedAt: post.updatedAt.toISOString(),
      ...(isPublic ? { publicPath: postPath({ lang, slug: post.slug }) } : {}),
      tags: version.tags.map((tag) => names[lang][tag] ?? tag),
      translatedTags: version.tags.map((tag) => otherNames[lang][tag] ?? names[lang][tag] ?? tag),
    };
  });
  return {
    posts,
    total,
    page,
    pages,
    filters: { ...filters, page },
    tagOptions: await tagOptions(db, authorId),
    trashed: await countTrash(db, authorId),
  };
}

/** The tags of the author's posts (outside the trash), by name: the choices of the tag filter. */
async function tagOptions(db: Database, authorId: string): Promise<{ slug: string; name: string }[]> {
  const tag = sql<string>`unnest(${blogs.tags})`.as("tag");
  const used = await db
    .selectDistinct({ tag, lang: blogs.lang })
    .from(blogs)
    .where(and(eq(blogs.authorId, authorId), isNull(blogs.deletedAt)));
  const bySlug = new Map<string, string>();
  for (const lang of ["pt", "en"] as const) {
    const slugs = used.filter((row) => row.lang === lang).map((row) => row.tag);
    const named = await tagNamesFor(db, lang, slugs);
    for (const slug of slugs) if (!bySlug.has(slug) || named[slug]) bySlug.set(slug, named[slug] ?? slug);
  }
  return [...bySlug.entries()].map(([slug, name]) => ({ slug, name })).sort((a, b) => a.name.localeCompare(b.name));
}

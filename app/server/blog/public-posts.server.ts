/**
 * What the public blog shows: the static articles and the posts authors
 * publish in the admin, in one list, newest first, in the reader's language.
 * Published posts are read from the database on every request, so publishing,
 * editing or unpublishing shows at once; drafts never appear.
 */

import { findStaticArticle, staticArticles } from "~/content/articles.ts";
import { type Picture, picture } from "~/content/images.ts";
import { tr } from "~/content/localized.ts";
import type { Lang } from "~/i18n";
import type { Blog } from "../db/schema.ts";
import { servicesIfReady } from "../services.server.ts";
import { findPublishedPost, listPublishedPosts } from "./posts.server.ts";
import { readingMinutes } from "./reading-time.server.ts";
import { renderCached } from "./render-cache.server.ts";

export interface PostSummary {
  /** The last segment of the post's URL (`/blog/{slug}`). */
  slug: string;
  title: string;
  excerpt: string;
  /** Publication time, ISO 8601. */
  publishedAt: string;
  tags: string[];
  /** Cover image URL (an upload), if the post has one. */
  cover?: string;
  /** Generated responsive cover of a static article. */
  picture?: Picture;
}

export interface PostPage extends PostSummary {
  html: string;
  readingMinutes: number;
  /** The next older and next newer posts, for reading on. */
  older?: Pick<PostSummary, "slug" | "title">;
  newer?: Pick<PostSummary, "slug" | "title">;
}

function staticSummaries(lang: Lang): PostSummary[] {
  return staticArticles.map((article) => ({
    slug: article.id,
    title: tr(article.title, lang),
    excerpt: tr(article.excerpt, lang),
    publishedAt: `${article.date}T12:00:00.000Z`,
    tags: [...article.tags],
    picture: picture(`blog/${article.id}`),
  }));
}

const EXCERPT_FALLBACK_LENGTH = 180;

/**
 * A post's excerpt, or the start of its text when it has none.
 * @example excerptOf({ excerpt: null, content: "## Hi\n\nSome **bold** text" }) // "Hi Some bold text"
 */
export function excerptOf(post: Pick<Blog, "excerpt" | "content">): string {
  if (post.excerpt?.trim()) return post.excerpt.trim();
  const text = post.content
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s*(?:#{1,6}|>|[-*+]|\d+\.)\s+/gm, " ")
    .replace(/[*_`~|]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > EXCERPT_FALLBACK_LENGTH ? `${text.slice(0, EXCERPT_FALLBACK_LENGTH - 1).trimEnd()}…` : text;
}

function databaseSummary(post: Blog): PostSummary {
  return {
    slug: post.slug,
    title: post.title,
    excerpt: excerptOf(post),
    publishedAt: post.createdAt.toISOString(),
    tags: [],
    ...(post.coverImage ? { cover: post.coverImage } : {}),
  };
}

/** Posts published in the admin; none while the server's database is not open (the build). */
async function publishedFromDatabase(): Promise<Blog[]> {
  const app = servicesIfReady();
  return app ? listPublishedPosts(app.db) : [];
}

/** Every public post, newest first. */
export async function listPublicPosts(lang: Lang): Promise<PostSummary[]> {
  const published = (await publishedFromDatabase()).map(databaseSummary);
  return [...staticSummaries(lang), ...published].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
}

/** One public post with its rendered body, or undefined when there is none (or it is a draft). */
export async function getPublicPost(slug: string, lang: Lang): Promise<PostPage | undefined> {
  const article = findStaticArticle(slug);
  const app = servicesIfReady();
  const stored = article || !app ? undefined : await findPublishedPost(app.db, slug);
  const markdown = article ? tr(article.body, lang) : stored?.content;
  if (markdown === undefined) return undefined;
  const list = await listPublicPosts(lang);
  const index = list.findIndex((post) => post.slug === slug);
  const summary = list[index] ?? (stored ? databaseSummary(stored) : undefined);
  if (!summary) return undefined;
  const version = article ? `static:${article.id}` : `db:${stored?.id}:${stored?.updatedAt.getTime()}`;
  const rendered = await renderCached(version, markdown, lang);
  const newer = index > 0 ? list[index - 1] : undefined;
  const older = index >= 0 ? list[index + 1] : undefined;
  return {
    ...summary,
    html: rendered.html,
    readingMinutes: readingMinutes(rendered.words),
    ...(newer ? { newer: { slug: newer.slug, title: newer.title } } : {}),
    ...(older ? { older: { slug: older.slug, title: older.title } } : {}),
  };
}

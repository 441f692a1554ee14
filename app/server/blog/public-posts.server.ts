/**
 * What the public blog shows: the static articles and, later merged in, the
 * posts authors publish. One list, newest first, in the reader's language.
 */

import { findStaticArticle, staticArticles } from "~/content/articles.ts";
import { tr } from "~/content/localized.ts";
import type { Lang } from "~/i18n";
import { readingMinutes, renderMarkdown } from "./markdown.server.ts";

export interface PostSummary {
  /** The last segment of the post's URL (`/blog/{slug}`). */
  slug: string;
  title: string;
  excerpt: string;
  /** Publication time, ISO 8601. */
  publishedAt: string;
  tags: string[];
  /** Cover image URL, if the post has one. */
  cover?: string;
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
  }));
}

/** Every public post, newest first. */
export async function listPublicPosts(lang: Lang): Promise<PostSummary[]> {
  return staticSummaries(lang).sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
}

/** One public post with its rendered body, or undefined when there is none (or it is a draft). */
export async function getPublicPost(slug: string, lang: Lang): Promise<PostPage | undefined> {
  const article = findStaticArticle(slug);
  if (!article) return undefined;
  const list = await listPublicPosts(lang);
  const index = list.findIndex((post) => post.slug === slug);
  const summary = list[index];
  if (!summary) return undefined;
  const rendered = renderMarkdown(tr(article.body, lang), lang);
  const newer = list[index - 1];
  const older = list[index + 1];
  return {
    ...summary,
    html: rendered.html,
    readingMinutes: readingMinutes(rendered.words),
    ...(newer ? { newer: { slug: newer.slug, title: newer.title } } : {}),
    ...(older ? { older: { slug: older.slug, title: older.title } } : {}),
  };
}

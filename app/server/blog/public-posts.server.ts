/**
 * What the public blog shows: the static articles (in both languages) and
 * the posts authors publish in the admin (each in its own language), in one
 * list per language, newest publication first.
 * Published posts are read from the database on every request, so publishing,
 * editing or unpublishing shows at once; drafts never appear.
 */

import { articleTagNamesFor } from "~/content/article-tags.ts";
import { findStaticArticle, type StaticArticle, staticArticles } from "~/content/articles.ts";
import { type Picture, picture } from "~/content/images.ts";
import { tr } from "~/content/localized.ts";
import { isLang, type Lang, languages } from "~/i18n/paths.ts";
import { postPath } from "~/lib/blog-paths.ts";
import type { Database } from "../db/client.server.ts";
import type { Blog } from "../db/schema.ts";
import { excerptOf } from "./excerpt.server.ts";
import {
  findPublishedPost,
  listPublishedPosts,
  listPublishedPostsWithTag,
  publishedTranslations,
} from "./posts.server.ts";
import { readingMinutes } from "./reading-time.server.ts";
import { renderCached } from "./render-cache.server.ts";
import { type TagNames, tagInOtherLanguage, tagNamesFor } from "./tags.server.ts";

export interface PostSummary {
  /** A static article's id, or a database post's uuid. */
  id: string;
  /** The language the post is written in: it lives under that language's `/blog`. */
  lang: Lang;
  /** The last segment of the post's URL (`/blog/{slug}`). */
  slug: string;
  title: string;
  excerpt: string;
  /** First publication, ISO 8601. */
  publishedAt: string;
  /** The last change readers can see after the first publication, ISO 8601; absent when none. */
  editedAt?: string;
  /** Tag slugs. */
  tags: string[];
  /** The names of those tags that have one ("Programação Funcional"); absent when none has. */
  tagNames?: TagNames;
  /** Cover image URL (an upload), if the post has one. */
  cover?: string;
  /** Generated responsive cover of a static article. */
  picture?: Picture;
}

/** The same post in the other language. */
export interface Translation {
  lang: Lang;
  slug: string;
  title: string;
}

export interface PostPage extends PostSummary {
  html: string;
  readingMinutes: number;
  /** The next older and next newer posts of the language, for reading on. */
  older?: Pick<PostSummary, "slug" | "title">;
  newer?: Pick<PostSummary, "slug" | "title">;
  /** The published translation, when there is one. */
  translation?: Translation;
  /** The post's own description for search engines and its link preview's title and description, when written. */
  seoDescription?: string;
  socialTitle?: string;
  socialDescription?: string;
  /** The cover's description and caption, when written. */
  coverAlt?: string;
  coverCaption?: string;
}

export { excerptOf };

const otherLang = (lang: Lang): Lang => (lang === "pt" ? "en" : "pt");

function staticSummary(article: StaticArticle, lang: Lang): PostSummary {
  return {
    id: article.id,
    lang,
    slug: article.id,
    title: tr(article.title, lang),
    excerpt: tr(article.excerpt, lang),
    publishedAt: `${article.date}T12:00:00.000Z`,
    tags: [...article.tags],
    picture: picture(`blog/${lang}/${article.id}`),
  };
}

function databaseSummary(post: Blog): PostSummary {
  return {
    id: post.id,
    lang: isLang(post.lang) ? post.lang : "pt",
    slug: post.slug,
    title: post.title,
    excerpt: excerptOf(post),
    publishedAt: (post.publishedAt ?? post.createdAt).toISOString(),
    ...(post.editedAt ? { editedAt: post.editedAt.toISOString() } : {}),
    tags: post.tags,
    ...(post.coverImage ? { cover: post.coverImage } : {}),
  };
}

const newestFirst = (a: PostSummary, b: PostSummary) =>
  b.publishedAt.localeCompare(a.publishedAt) || a.slug.localeCompare(b.slug);

/**
 * The summaries with the names of their tags: the static articles' names
 * (`app/content/article-tags.ts`), and those authors gave, read in one query,
 * which win; a summary whose tags have no names is left as it is (its page
 * carries nothing more).
 */
export async function withTagNames(db: Database | undefined, lang: Lang, posts: PostSummary[]): Promise<PostSummary[]> {
  const tags = posts.flatMap((post) => post.tags);
  const names = { ...articleTagNamesFor(lang, tags), ...(db ? await tagNamesFor(db, lang, tags) : {}) };
  if (Object.keys(names).length === 0) return posts;
  return posts.map((post) => {
    const own = Object.fromEntries(post.tags.flatMap((tag) => (names[tag] ? [[tag, names[tag]]] : [])));
    return Object.keys(own).length > 0 ? { ...post, tagNames: own } : post;
  });
}

/** Every public post of a language, newest publication first. */
export async function listPublicPosts(db: Database | undefined, lang: Lang): Promise<PostSummary[]> {
  const published = db ? (await listPublishedPosts(db, lang)).map(databaseSummary) : [];
  const posts = [...staticArticles.map((article) => staticSummary(article, lang)), ...published].sort(newestFirst);
  return withTagNames(db, lang, posts);
}

/**
 * The public posts of a language with a tag, newest first; empty when no
 * post of that language has it.
 */
export async function listPublicPostsWithTag(
  db: Database | undefined,
  lang: Lang,
  tag: string,
): Promise<PostSummary[]> {
  const published = db ? (await listPublishedPostsWithTag(db, lang, tag)).map(databaseSummary) : [];
  const articles = staticArticles.filter((article) => article.tags.includes(tag));
  const posts = [...articles.map((article) => staticSummary(article, lang)), ...published].sort(newestFirst);
  return withTagNames(db, lang, posts);
}

/** A tag's page: its posts, its name when it has one, and its page in the other language when there is one. */
export interface PublicTagPage {
  posts: PostSummary[];
  name?: string;
  /** The slug of the same tag in the other language (its translation, or the same slug) when posts there have it. */
  otherSlug?: string;
}

/** The page of a language's tag, or undefined when no public post of that language has it. */
export async function publicTagPage(
  db: Database | undefined,
  lang: Lang,
  tag: string,
): Promise<PublicTagPage | undefined> {
  const posts = await listPublicPostsWithTag(db, lang, tag);
  if (posts.length === 0) return undefined;
  const other = otherLang(lang);
  const translated = db ? await tagInOtherLanguage(db, tag, lang, other) : undefined;
  const candidates = [...new Set([...(translated ? [translated.slug] : []), tag])];
  let otherSlug: string | undefined;
  for (const slug of candidates) {
    if ((await listPublicPostsWithTag(db, other, slug)).length > 0) {
      otherSlug = slug;
      break;
    }
  }
  const name = posts.find((post) => post.tagNames?.[tag])?.tagNames?.[tag];
  return { posts, ...(name ? { name } : {}), ...(otherSlug ? { otherSlug } : {}) };
}

/** The published post of the same translation group in the other language. */
async function databaseTranslation(db: Database, post: Blog): Promise<Translation | undefined> {
  if (!post.translationGroup) return undefined;
  const other = (await publishedTranslations(db, post.translationGroup)).find((member) => member.id !== post.id);
  return other && isLang(other.lang) ? { lang: other.lang, slug: other.slug, title: other.title } : undefined;
}

/** One public post with its rendered body, or undefined when the language has none at this slug (or it is a draft). */
export async function getPublicPost(db: Database | undefined, slug: string, lang: Lang): Promise<PostPage | undefined> {
  const article = findStaticArticle(slug);
  const stored = article || !db ? undefined : await findPublishedPost(db, lang, slug);
  let summary: PostSummary;
  let markdown: string;
  let translation: Translation | undefined;
  if (article) {
    summary = staticSummary(article, lang);
    markdown = tr(article.body, lang);
    translation = { lang: otherLang(lang), slug: article.id, title: tr(article.title, otherLang(lang)) };
  } else if (stored && db) {
    summary = databaseSummary(stored);
    markdown = stored.content;
    translation = await databaseTranslation(db, stored);
  } else {
    return undefined;
  }
  const list = await listPublicPosts(db, lang);
  const index = list.findIndex((post) => post.slug === slug);
  const listed = list[index];
  if (listed?.tagNames) summary = { ...summary, tagNames: listed.tagNames };
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
    ...(translation ? { translation } : {}),
    ...(stored?.seoDescription ? { seoDescription: stored.seoDescription } : {}),
    ...(stored?.socialTitle ? { socialTitle: stored.socialTitle } : {}),
    ...(stored?.socialDescription ? { socialDescription: stored.socialDescription } : {}),
    ...(stored?.coverImage && stored.coverAlt ? { coverAlt: stored.coverAlt } : {}),
    ...(stored?.coverImage && stored.coverCaption ? { coverCaption: stored.coverCaption } : {}),
  };
}

/**
 * Where a reader who asked for `/{lang}/blog/{slug}` should go when that
 * language has no such post but the other language does: to its translation
 * when it has one, otherwise to the post itself (the one URL its text lives
 * at), with the reader told it exists only in that language.
 */
export type OtherLanguagePost = { kind: "translation"; path: string } | { kind: "only-in"; lang: Lang; path: string };

export async function findInOtherLanguage(
  db: Database | undefined,
  slug: string,
  lang: Lang,
): Promise<OtherLanguagePost | undefined> {
  if (!db) return undefined;
  const other = otherLang(lang);
  const post = await findPublishedPost(db, other, slug);
  if (!post) return undefined;
  const translation = await databaseTranslation(db, post);
  if (translation?.lang === lang) return { kind: "translation", path: postPath(translation) };
  return { kind: "only-in", lang: other, path: postPath({ lang: other, slug: post.slug }) };
}

/** One entry per post for the sitemap: its path in each language it is published in, and its last change. */
export interface PostSitemapEntry {
  paths: Partial<Record<Lang, string>>;
  lastModified: string;
}

/** The public posts for the sitemap: static articles in both languages, linked translations together. */
export async function sitemapPosts(db: Database | undefined): Promise<PostSitemapEntry[]> {
  const entries: PostSitemapEntry[] = staticArticles.map((article) => ({
    paths: Object.fromEntries(languages.map((lang) => [lang, postPath({ lang, slug: article.id })])),
    lastModified: `${article.date}T12:00:00.000Z`,
  }));
  if (!db) return entries;
  const posts = (await Promise.all(languages.map((lang) => listPublishedPosts(db, lang)))).flat();
  const byGroup = new Map<string, PostSitemapEntry>();
  for (const post of posts) {
    const summary = databaseSummary(post);
    const lastModified = summary.editedAt ?? summary.publishedAt;
    const existing = post.translationGroup ? byGroup.get(post.translationGroup) : undefined;
    if (existing) {
      existing.paths[summary.lang] = postPath(summary);
      if (lastModified > existing.lastModified) existing.lastModified = lastModified;
      continue;
    }
    const entry: PostSitemapEntry = { paths: { [summary.lang]: postPath(summary) }, lastModified };
    entries.push(entry);
    if (post.translationGroup) byGroup.set(post.translationGroup, entry);
  }
  return entries;
}

/** Every tag of a language's public posts, for the sitemap. */
export async function publicTags(db: Database | undefined, lang: Lang): Promise<string[]> {
  const tags = new Set((await listPublicPosts(db, lang)).flatMap((post) => post.tags));
  return [...tags].sort();
}

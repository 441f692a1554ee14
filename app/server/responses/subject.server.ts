/**
 * What a response answers (decision 080): a post of the database, by its id, or one of the static articles
 * shipped with the site in one language. A static article is written in both languages at two addresses
 * (`/blog/{id}`, `/en/blog/{id}`), each an Article of its own, so each language's address has its own responses,
 * as a post and its translation do.
 */
import { and, eq, isNull, type SQL } from "drizzle-orm";
import { findStaticArticle } from "../../content/articles.ts";
import type { StaticArticleId } from "../../content/ids.ts";
import { tr } from "../../content/localized.ts";
import { isLang, type Lang } from "../../i18n/paths.ts";
import { findPublishedPost } from "../blog/posts.server.ts";
import type { Database } from "../db/client.server.ts";
import type { responses, webmentionsReceived } from "../db/schema.ts";

export type ResponseSubject = { postId: string } | { articleId: StaticArticleId; lang: Lang };

/** The columns a subject is stored in, on `responses` and `webmentions_received`. */
export interface SubjectColumns {
  postId: string | null;
  articleId: string | null;
  articleLang: string | null;
}

export function subjectColumns(subject: ResponseSubject): SubjectColumns {
  return "postId" in subject
    ? { postId: subject.postId, articleId: null, articleLang: null }
    : { postId: null, articleId: subject.articleId, articleLang: subject.lang };
}

/** The subject a stored row names, undefined when it names none the site has (a static article since removed). */
export function subjectOfRow(row: SubjectColumns): ResponseSubject | undefined {
  if (row.postId) return { postId: row.postId };
  const article = row.articleId ? findStaticArticle(row.articleId) : undefined;
  return article && row.articleLang && isLang(row.articleLang)
    ? { articleId: article.id, lang: row.articleLang }
    : undefined;
}

/** The subject of a public post as `getPublicPost` gives it: a static article's id is its slug, in the page's language. */
export function subjectOfPost(post: { id: string; lang: Lang }): ResponseSubject {
  const article = findStaticArticle(post.id);
  return article ? { articleId: article.id, lang: post.lang } : { postId: post.id };
}

/** The rows of `table` about `subject`. */
export function subjectIs(table: typeof responses | typeof webmentionsReceived, subject: ResponseSubject): SQL {
  if ("postId" in subject) return eq(table.postId, subject.postId);
  return and(isNull(table.postId), eq(table.articleId, subject.articleId), eq(table.articleLang, subject.lang)) as SQL;
}

/** A subject's post as a page of the site names it: title, slug and language. */
export interface SubjectPost {
  subject: ResponseSubject;
  lang: Lang;
  slug: string;
  title: string;
}

/** What a post address (`/blog/{slug}`, `/en/blog/{slug}`) names, if readers see it now: a static article or a post. */
export async function subjectAt(db: Database, lang: Lang, slug: string): Promise<SubjectPost | undefined> {
  const article = findStaticArticle(slug);
  if (article)
    return { subject: { articleId: article.id, lang }, lang, slug: article.id, title: tr(article.title, lang) };
  const post = await findPublishedPost(db, lang, slug);
  if (!post) return undefined;
  return {
    subject: { postId: post.id },
    lang: isLang(post.lang) ? post.lang : "pt",
    slug: post.slug,
    title: post.title,
  };
}

/** A static article's title and slug for a listed response (the database's posts come from its join). */
export function staticPostOf(row: SubjectColumns): Pick<SubjectPost, "lang" | "slug" | "title"> | undefined {
  const subject = subjectOfRow(row);
  if (!subject || "postId" in subject) return undefined;
  const article = findStaticArticle(subject.articleId);
  return article ? { lang: subject.lang, slug: article.id, title: tr(article.title, subject.lang) } : undefined;
}

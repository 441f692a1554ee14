/**
 * What a response answers (decision 080): a post of the database, by its id, or one of the static articles
 * shipped with the site in one language. A static article is written in both languages at two addresses
 * (`/blog/{id}`, `/en/blog/{id}`), each an Article of its own, so each language's address has its own responses,
 * as a post and its translation do. Only the articles' ids are read here (`app/content/ids.ts`): their texts load
 * where a page or a list needs them (`subject-lookup.server.ts`), so the test harness can store responses too.
 */
import { and, eq, isNull, type SQL } from "drizzle-orm";
import { type StaticArticleId, staticArticleIds } from "../../content/ids.ts";
import { isLang, type Lang } from "../../i18n/paths.ts";
import type { responses, webmentionsReceived } from "../db/schema.ts";

export type ResponseSubject = { postId: string } | { articleId: StaticArticleId; lang: Lang };

/** The columns a subject is stored in, on `responses` and `webmentions_received`. */
export interface SubjectColumns {
  postId: string | null;
  articleId: string | null;
  articleLang: string | null;
}

/** Whether `id` is a static article's (a database post's id is a uuid). */
export function isStaticArticleId(id: string): id is StaticArticleId {
  return (staticArticleIds as readonly string[]).includes(id);
}

export function subjectColumns(subject: ResponseSubject): SubjectColumns {
  return "postId" in subject
    ? { postId: subject.postId, articleId: null, articleLang: null }
    : { postId: null, articleId: subject.articleId, articleLang: subject.lang };
}

/** The subject a stored row names, undefined when it names none the site has (a static article since removed). */
export function subjectOfRow(row: SubjectColumns): ResponseSubject | undefined {
  if (row.postId) return { postId: row.postId };
  const { articleId, articleLang } = row;
  return articleId && isStaticArticleId(articleId) && articleLang && isLang(articleLang)
    ? { articleId, lang: articleLang }
    : undefined;
}

/** The subject of a public post as `getPublicPost` gives it: a static article's id is its slug, in the page's language. */
export function subjectOfPost(post: { id: string; lang: Lang }): ResponseSubject {
  return isStaticArticleId(post.id) ? { articleId: post.id, lang: post.lang } : { postId: post.id };
}

/** The rows of `table` about `subject`. */
export function subjectIs(table: typeof responses | typeof webmentionsReceived, subject: ResponseSubject): SQL {
  if ("postId" in subject) return eq(table.postId, subject.postId);
  return and(isNull(table.postId), eq(table.articleId, subject.articleId), eq(table.articleLang, subject.lang)) as SQL;
}

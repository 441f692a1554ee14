/**
 * The subjects of responses as the site's pages know them (decision 080): which one a post address names, and a
 * static article's title for the lists that show it. Apart from `subject.server.ts`, whose callers include the
 * test harness: this reads the articles' texts and the database's posts.
 */
import { findStaticArticle } from "../../content/articles.ts";
import { tr } from "../../content/localized.ts";
import type { Lang } from "../../i18n/paths.ts";
import { findPublishedPost } from "../blog/posts.server.ts";
import type { Database } from "../db/client.server.ts";
import { postAddress } from "../fediverse/handles.server.ts";
import { type ResponseSubject, type SubjectColumns, subjectOfRow } from "./subject.server.ts";

/** A subject with what a page says of it: its language and slug. */
export interface SubjectPost {
  subject: ResponseSubject;
  lang: Lang;
  slug: string;
}

/** What a post address (`/blog/{slug}`, `/en/blog/{slug}`) names, if readers see it now: a static article or a post. */
export async function subjectAt(db: Database, lang: Lang, slug: string): Promise<SubjectPost | undefined> {
  const article = findStaticArticle(slug);
  if (article) return { subject: { articleId: article.id, lang }, lang, slug: article.id };
  const post = await findPublishedPost(db, lang, slug);
  if (!post) return undefined;
  return { subject: { postId: post.id }, lang: post.lang === "en" ? "en" : "pt", slug: post.slug };
}

/**
 * The post of this site a URL names, if it is public now (the address or its `?from=` variant): a post of the
 * database, or a static article in the language of its address (decision 080).
 */
export async function postOfUrl(db: Database, origin: string, url: URL | null | undefined) {
  if (!url || url.origin !== new URL(origin).origin) return undefined;
  const address = postAddress(url.pathname);
  if (!address) return undefined;
  return subjectAt(db, address.lang, address.slug);
}

/** A static article's title, slug and language for a listed response (the database's posts come from its join). */
export function staticPostOf(row: SubjectColumns): { lang: Lang; slug: string; title: string } | undefined {
  const subject = subjectOfRow(row);
  if (!subject || "postId" in subject) return undefined;
  const article = findStaticArticle(subject.articleId);
  return article ? { lang: subject.lang, slug: article.id, title: tr(article.title, subject.lang) } : undefined;
}

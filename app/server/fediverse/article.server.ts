/**
 * A post as ActivityPub sees it: an `Article` in the post's one language
 * (decision 063). Mastodon shows an Article as its name, its summary and a
 * link, and reads the first language of `contentMap` for every reader, so a
 * post and its translation are two objects, each naming the other as an
 * alternate `url`, never merged.
 */
import { Article, Collection, Hashtag, Image, LanguageString, Link, PUBLIC_COLLECTION, Tombstone } from "@fedify/vocab";
import { Temporal as TemporalPolyfill } from "@js-temporal/polyfill";
import { localizePath } from "../../i18n/paths.ts";
import type { PostPage } from "../blog/public-posts.server.ts";
import { tagLabel } from "../blog/tags.server.ts";
import { type ResponseSubject, subjectOfPost } from "../responses/subject.server.ts";
import { actorUrl, FEDIVERSE_PREFIX, postUrl } from "./handles.server.ts";

/**
 * The replies collection of a post (its approved replies), beside the actors: `/replies/{uuid}` for a post of the
 * database, `/replies/{lang}/{id}` for a static article, whose two languages are two objects.
 */
export function repliesUrl(origin: string, subject: ResponseSubject): string {
  const path = "postId" in subject ? subject.postId : `${subject.lang}/${subject.articleId}`;
  return `${origin}${FEDIVERSE_PREFIX}/replies/${path}`;
}

/** Site-relative addresses in the post's HTML made absolute: a remote reader's server has no `/uploads/…` of its own. */
export function absoluteHtml(html: string, origin: string): string {
  return html
    .replace(/(\s(?:href|src)=")\/(?!\/)/g, `$1${origin}/`)
    .replace(/(\ssrcset=")([^"]*)"/g, (_all, start, set: string) => {
      const absolute = set.replace(/(^|,\s*)\/(?!\/)/g, `$1${origin}/`);
      return `${start}${absolute}"`;
    });
}

/** Fedify's types name the standard Temporal, its code runs the polyfill (Node has no Temporal yet). */
const instant = (iso: string) => TemporalPolyfill.Instant.from(iso) as unknown as Temporal.Instant;

export interface ArticleInput {
  origin: string;
  post: PostPage;
  /** Approved replies' ids (their Notes' addresses). */
  replyIds?: readonly string[];
}

/** The Article a post's address answers and a Create or Update carries. */
export function postArticle({ origin, post, replyIds = [] }: ArticleInput): Article {
  const lang = post.lang;
  const url = postUrl(origin, lang, post.slug);
  const html = absoluteHtml(post.html, origin);
  const tags = post.tags.map((slug) => {
    const name = tagLabel(slug, post.tagNames).replace(/\s+/g, "");
    return new Hashtag({ href: new URL(`${origin}${localizePath(`/blog/tag/${slug}`, lang)}`), name: `#${name}` });
  });
  const urls: (URL | Link)[] = [new URL(url)];
  if (post.translation)
    urls.push(
      new Link({
        href: new URL(postUrl(origin, post.translation.lang, post.translation.slug)),
        rel: "alternate",
        language: new Intl.Locale(post.translation.lang),
        mediaType: "text/html",
        name: post.translation.title,
      }),
    );
  const cover = post.cover ?? post.picture?.src;
  return new Article({
    id: new URL(url),
    attribution: new URL(actorUrl(lang, origin)),
    names: [post.title, new LanguageString(post.title, lang)],
    summaries: [post.excerpt, new LanguageString(post.excerpt, lang)],
    contents: [html, new LanguageString(html, lang)],
    mediaType: "text/html",
    urls,
    published: instant(post.publishedAt),
    ...(post.editedAt ? { updated: instant(post.editedAt) } : {}),
    tags,
    // The cover's description is the image's name, which servers show as its alternative text.
    ...(cover
      ? { image: new Image({ url: new URL(cover, origin), ...(post.coverAlt ? { name: post.coverAlt } : {}) }) }
      : {}),
    to: PUBLIC_COLLECTION,
    cc: new URL(`${actorUrl(lang, origin)}/followers`),
    replies: new Collection({
      id: new URL(repliesUrl(origin, subjectOfPost(post))),
      totalItems: replyIds.length,
      items: replyIds.map((id) => new URL(id)),
    }),
  });
}

/** What a post's address answers once its Delete went out: 410 and this. */
export function postTombstone(objectUrl: string, deletedAt: Date): Tombstone {
  return new Tombstone({ id: new URL(objectUrl), deleted: instant(deletedAt.toISOString()) });
}

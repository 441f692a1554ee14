/**
 * The post form's values: what a post starts from, and how two versions of
 * the form compare (the browser's kept copy, a save's answer).
 */
import type { Lang } from "~/i18n";
import type { PostText } from "~/lib/post-actions.ts";
import { slugify } from "~/lib/slugify.ts";
import type { EditablePost, NewPostStart } from "../post-types.ts";

export interface Values {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  coverImage: string;
  coverAlt: string;
  coverCaption: string;
  lang: Lang;
  tags: string[];
  translationOf: string;
  seoDescription: string;
  socialTitle: string;
  socialDescription: string;
}

export function valuesOf(post: EditablePost | undefined, start: NewPostStart): Values {
  if (!post) {
    return {
      title: start.title ?? "",
      slug: start.title ? slugify(start.title) : "",
      content: "",
      excerpt: "",
      coverImage: start.coverImage ?? "",
      // A translation describes its cover in its own language.
      coverAlt: "",
      coverCaption: "",
      lang: start.lang,
      tags: start.tags ?? [],
      translationOf: start.translation?.id ?? "",
      seoDescription: "",
      socialTitle: "",
      socialDescription: "",
    };
  }
  return {
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: post.excerpt ?? "",
    coverImage: post.coverImage ?? "",
    coverAlt: post.coverAlt ?? "",
    coverCaption: post.coverCaption ?? "",
    lang: post.lang,
    tags: post.tags,
    translationOf: post.translation?.id ?? "",
    seoDescription: post.seoDescription ?? "",
    socialTitle: post.socialTitle ?? "",
    socialDescription: post.socialDescription ?? "",
  };
}

export const same = (a: Values[keyof Values], b: Values[keyof Values]) =>
  Array.isArray(a) && Array.isArray(b) ? a.join(",") === b.join(",") : a === b;

/** The fields whose value differs between two versions of the form (a kept copy may lack new fields). */
export function changedFields(saved: Values, copy: Partial<Values>): (keyof Values)[] {
  return (Object.keys(saved) as (keyof Values)[]).filter(
    (key) => copy[key] !== undefined && !same(saved[key], copy[key] as Values[keyof Values]),
  );
}

/** The form with a kept copy's values put back, field by field, for the fields it has. */
export function restoredValues(current: Values, copy: Partial<Values>): Values {
  const restored = { ...current };
  for (const key of Object.keys(current) as (keyof Values)[]) {
    if (copy[key] !== undefined && typeof copy[key] === typeof current[key]) {
      (restored as Record<keyof Values, unknown>)[key] = copy[key];
    }
  }
  return restored;
}

/**
 * The form with a version of the post's text put in (a revision restored,
 * another tab's save taken); a change of language drops the translation, as
 * the server does.
 */
export function withText(current: Values, text: PostText): Values {
  const lang: Lang = text.lang === "en" ? "en" : "pt";
  return {
    ...current,
    title: text.title,
    slug: text.slug,
    excerpt: text.excerpt ?? "",
    content: text.content,
    coverImage: text.coverImage ?? "",
    coverAlt: text.coverAlt ?? "",
    coverCaption: text.coverCaption ?? "",
    tags: text.tags,
    lang,
    translationOf: lang === current.lang ? current.translationOf : "",
  };
}

/**
 * The blog's two fediverse accounts, one per language (decision 063):
 * `@blog@{host}` follows the Portuguese posts, `@blog.en@{host}` the English
 * ones. Each is an actor at `/fediverse/{identifier}` with its inbox,
 * outbox, followers and featured collections beside it, and one shared
 * inbox for both at `/fediverse/inbox`.
 */
import { type Lang, localizePath } from "../../i18n/paths.ts";

export const ACTOR_IDENTIFIERS = { pt: "blog", en: "blog.en" } as const satisfies Record<Lang, string>;

export type ActorIdentifier = (typeof ACTOR_IDENTIFIERS)[Lang];

export const FEDIVERSE_PREFIX = "/fediverse";
export const SHARED_INBOX_PATH = `${FEDIVERSE_PREFIX}/inbox`;

/** The language an actor identifier stands for. */
export function langOfIdentifier(identifier: string): Lang | undefined {
  if (identifier === ACTOR_IDENTIFIERS.pt) return "pt";
  if (identifier === ACTOR_IDENTIFIERS.en) return "en";
  return undefined;
}

export function actorPath(lang: Lang): string {
  return `${FEDIVERSE_PREFIX}/${ACTOR_IDENTIFIERS[lang]}`;
}

/** The account readers type to follow: `@blog@rafaelwerneck.dev`. */
export function handleOf(lang: Lang, origin: string): string {
  return `@${ACTOR_IDENTIFIERS[lang]}@${new URL(origin).host}`;
}

export function actorUrl(lang: Lang, origin: string): string {
  return `${origin}${actorPath(lang)}`;
}

/** A post's address (`/blog/{slug}`, `/en/blog/{slug}`): its language and slug; the list, tags and previews are not posts. */
export function postAddress(pathname: string): { lang: Lang; slug: string } | undefined {
  const match = /^(\/en)?\/blog\/([^/?#]+)\/?$/.exec(pathname);
  const slug = match?.[2];
  if (!match || !slug || slug === "tag" || slug === "preview" || slug.includes(".")) return undefined;
  return { lang: match[1] ? "en" : "pt", slug: decodeURIComponent(slug) };
}

/** A post's address in its language, the id of its Article: `https://site/en/blog/hello`. */
export function postUrl(origin: string, lang: Lang, slug: string): string {
  return `${origin}${localizePath(`/blog/${encodeURIComponent(slug)}`, lang)}`;
}

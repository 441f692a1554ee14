/**
 * The rules of a blog post as an author submits it, shared by the form (for
 * hints) and the server (which decides). Pure: no database, no request.
 */
import { type Dictionary, format, isLang, type Lang } from "../i18n/index.ts";
import { SLUG_MAX_LENGTH, SLUG_PATTERN, slugify } from "./slugify.ts";

export const POST_LIMITS = {
  title: 200,
  slug: SLUG_MAX_LENGTH,
  excerpt: 500,
  content: 200_000,
  tags: 10,
  tag: 40,
  /** What search engines show under the title; they cut it at about 155 characters. */
  seoDescription: 300,
  socialTitle: 200,
  socialDescription: 300,
  /** A cover's description: screen readers read it whole, so a sentence or two. */
  coverAlt: 300,
  coverCaption: 300,
} as const;

/** About as much of a description as search engines show under a result's title. */
export const SEARCH_SNIPPET_LENGTH = 155;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Public path of an uploaded cover: `/uploads/blog-images/{userId}/{random}.{extension}`. */
export const COVER_PATH_PATTERN =
  /^\/uploads\/blog-images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[A-Za-z0-9_-]{16,64}\.(?:jpg|png|webp|avif|gif)$/;

export interface PostInput {
  title: string;
  slug: string;
  content: string;
  excerpt: string | null;
  coverImage: string | null;
  published: boolean;
  lang: Lang;
  /** Tag slugs, without repeats, in the author's order. */
  tags: string[];
  /** The author's post in the other language this one translates; null: none. */
  translationOf: string | null;
  /** When the post goes out by itself (UTC); null: published now or a draft, as `published` says. */
  scheduledAt: Date | null;
  /** Each tag's name as the author typed it ("Programação Funcional"), by its slug. */
  tagNames?: Record<string, string>;
  /**
   * The description search engines show, and the link preview's own title and
   * description; null: none (the excerpt and the title stand in). Absent when
   * the form did not send the field: the stored value is kept.
   */
  seoDescription?: string | null;
  socialTitle?: string | null;
  socialDescription?: string | null;
  /**
   * The cover's description for readers who do not see it, and the line
   * under it on the article; null: none (a cover without a description is
   * decorative). Absent when the form did not send the field: the stored
   * value is kept, unless the post has no cover any more.
   */
  coverAlt?: string | null;
  coverCaption?: string | null;
}

export type PostField =
  | "title"
  | "slug"
  | "content"
  | "excerpt"
  | "coverImage"
  | "coverAlt"
  | "coverCaption"
  | "lang"
  | "tags"
  | "translationOf"
  | "scheduledAt"
  | "seoDescription"
  | "socialTitle"
  | "socialDescription";
export type FieldErrors = Partial<Record<PostField, string>>;

export type ParsedPost = { ok: true; value: PostInput } | { ok: false; errors: FieldErrors };

const text = (value: FormDataEntryValue | null | undefined) => (typeof value === "string" ? value : "");

/**
 * A tag as typed, made a slug: lower case, no accents, words joined by hyphens.
 * @example normalizeTag("  Node JS ") // "node-js"
 * @example normalizeTag("Programação") // "programacao"
 */
export function normalizeTag(tag: string): string {
  return slugify(tag);
}

/**
 * A tag's name as the author typed it, with its spaces made single.
 * @example tagName("  Programação   Funcional ") // "Programação Funcional"
 */
export function tagName(typed: string): string {
  return typed.replace(/\s+/g, " ").trim();
}

/**
 * The tags of a form: every `tags` field, each possibly a comma-separated
 * list (the form without JavaScript sends one text field), made slugs, without
 * repeats, with the name each was typed as (the first spelling of a slug).
 * Returns what could not be read as well, for a precise message.
 * @example readTags(["Node JS, node-js"]).names // { "node-js": "Node JS" }
 */
export function readTags(values: readonly string[]): {
  tags: string[];
  names: Record<string, string>;
  invalid: string[];
  tooLong: string[];
} {
  const tags: string[] = [];
  const names: Record<string, string> = {};
  const invalid: string[] = [];
  const tooLong: string[] = [];
  for (const raw of values.flatMap((value) => value.split(","))) {
    const typed = tagName(raw);
    if (!typed) continue;
    // Measured before normalizing: slugify would silently cut a long tag.
    if (typed.length > POST_LIMITS.tag) {
      tooLong.push(typed);
      continue;
    }
    const tag = normalizeTag(typed);
    if (!tag) invalid.push(typed);
    else if (!tags.includes(tag)) {
      tags.push(tag);
      names[tag] = typed;
    }
  }
  return { tags, names, invalid, tooLong };
}

/**
 * A description or title of the post's settings as plain text on one line:
 * what a search result or a link preview shows.
 * @example plainLine(" Um  texto\n em duas linhas ") // "Um texto em duas linhas"
 */
export function plainLine(value: string): string {
  // Control characters have no place in a meta tag; line breaks become spaces.
  return value
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const LINE_FIELDS = ["seoDescription", "socialTitle", "socialDescription", "coverAlt", "coverCaption"] as const;
type LineField = (typeof LINE_FIELDS)[number];

/**
 * The post's lines of plain text the form sent (its settings, its cover's
 * words; absent ones are left out: what is stored stays), and their errors.
 */
function readLines(form: FormData, messages: Dictionary["admin"]["errors"]) {
  const tooLong: Record<LineField, string> = {
    seoDescription: messages.seoDescriptionTooLong,
    socialTitle: messages.socialTitleTooLong,
    socialDescription: messages.socialDescriptionTooLong,
    coverAlt: messages.coverAltTooLong,
    coverCaption: messages.coverCaptionTooLong,
  };
  const values: Partial<Record<LineField, string | null>> = {};
  const errors: FieldErrors = {};
  for (const field of LINE_FIELDS) {
    if (!form.has(field)) continue;
    const value = plainLine(text(form.get(field)));
    if (value.length > POST_LIMITS[field]) errors[field] = format(tooLong[field], { max: POST_LIMITS[field] });
    values[field] = value || null;
  }
  return { values, errors };
}

/** A scheduled time must be at least this far ahead, so it is not in the past by the time it is stored. */
export const SCHEDULE_MIN_LEAD_MS = 30_000;

/**
 * Reads and checks a submitted post. `authorId` limits the cover to the
 * author's own uploads; `now` is when the request arrived (a schedule must
 * lie ahead of it).
 * @example parsePostInput(form, "user-uuid", pt.admin.errors)
 */
export function parsePostInput(
  form: FormData,
  authorId: string,
  messages: Dictionary["admin"]["errors"],
  now = new Date(),
): ParsedPost {
  const title = text(form.get("title")).trim();
  const slug = text(form.get("slug")).trim();
  // Markdown keeps its own whitespace; only line endings are made uniform.
  const content = text(form.get("content")).replace(/\r\n?/g, "\n");
  const excerpt = text(form.get("excerpt")).trim();
  const cover = text(form.get("coverImage")).trim();
  const published = ["on", "true", "1"].includes(text(form.get("published")));
  const lang = text(form.get("lang"));
  const translationOf = text(form.get("translationOf")).trim();
  const tagList = readTags(form.getAll("tags").map(text));
  const schedule = text(form.get("scheduledAt")).trim();
  // An ISO 8601 time with its offset, as the form writes it from the author's local time.
  const scheduledAt = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/.test(schedule)
    ? new Date(schedule)
    : null;

  const errors: FieldErrors = {};
  if (!title) errors.title = messages.titleRequired;
  else if (title.length > POST_LIMITS.title) errors.title = format(messages.titleTooLong, { max: POST_LIMITS.title });

  if (!slug) errors.slug = messages.slugRequired;
  else if (slug.length > POST_LIMITS.slug) errors.slug = format(messages.slugTooLong, { max: POST_LIMITS.slug });
  else if (!SLUG_PATTERN.test(slug)) errors.slug = messages.slugInvalid;

  if (!content.trim()) errors.content = messages.contentRequired;
  else if (content.length > POST_LIMITS.content) {
    errors.content = format(messages.contentTooLong, { max: POST_LIMITS.content.toLocaleString("en") });
  }

  if (excerpt.length > POST_LIMITS.excerpt)
    errors.excerpt = format(messages.excerptTooLong, { max: POST_LIMITS.excerpt });

  if (cover && COVER_PATH_PATTERN.exec(cover)?.[1] !== authorId) errors.coverImage = messages.coverInvalid;

  if (!isLang(lang)) errors.lang = messages.langRequired;

  const [firstTooLong] = tagList.tooLong;
  const [firstInvalid] = tagList.invalid;
  if (firstTooLong !== undefined)
    errors.tags = format(messages.tagTooLong, { tag: firstTooLong, max: POST_LIMITS.tag });
  else if (firstInvalid !== undefined) errors.tags = format(messages.tagInvalid, { tag: firstInvalid });
  else if (tagList.tags.length > POST_LIMITS.tags)
    errors.tags = format(messages.tagsTooMany, { max: POST_LIMITS.tags });

  if (translationOf && !UUID.test(translationOf)) errors.translationOf = messages.translationNotFound;

  const lines = readLines(form, messages);
  // Without a cover there is nothing to describe: its words go with it.
  if (!cover) Object.assign(lines.values, { coverAlt: null, coverCaption: null });
  Object.assign(errors, lines.errors);

  // "Agendar" ticked with no time entered is a mistake to point out, not a draft.
  const wantsSchedule = text(form.get("schedule")) === "on";
  if ((schedule || wantsSchedule) && (!scheduledAt || Number.isNaN(scheduledAt.getTime()))) {
    errors.scheduledAt = messages.scheduleInvalid;
  } else if (scheduledAt && scheduledAt.getTime() < now.getTime() + SCHEDULE_MIN_LEAD_MS) {
    errors.scheduledAt = messages.scheduleInPast;
  }

  if (Object.keys(errors).length > 0 || !isLang(lang)) return { ok: false, errors };
  return {
    ok: true,
    value: {
      title,
      slug,
      content,
      excerpt: excerpt || null,
      coverImage: cover || null,
      published,
      lang,
      tags: tagList.tags,
      ...(tagList.tags.length > 0 ? { tagNames: tagList.names } : {}),
      translationOf: translationOf || null,
      scheduledAt: scheduledAt && !Number.isNaN(scheduledAt.getTime()) ? scheduledAt : null,
      ...lines.values,
    },
  };
}

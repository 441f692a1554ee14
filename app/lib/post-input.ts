/**
 * The rules of a blog post as an author submits it, shared by the form (for
 * hints) and the server (which decides). Pure: no database, no request.
 */
import { type Dictionary, format, isLang, type Lang } from "~/i18n";
import { SLUG_MAX_LENGTH, SLUG_PATTERN, slugify } from "./slugify.ts";

export const POST_LIMITS = {
  title: 200,
  slug: SLUG_MAX_LENGTH,
  excerpt: 500,
  content: 200_000,
  tags: 10,
  tag: 40,
} as const;

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
}

export type PostField =
  | "title"
  | "slug"
  | "content"
  | "excerpt"
  | "coverImage"
  | "lang"
  | "tags"
  | "translationOf"
  | "scheduledAt";
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
 * The tags of a form: every `tags` field, each possibly a comma-separated
 * list (the form without JavaScript sends one text field), made slugs, without
 * repeats. Returns what could not be read as well, for a precise message.
 */
export function readTags(values: readonly string[]): { tags: string[]; invalid: string[]; tooLong: string[] } {
  const tags: string[] = [];
  const invalid: string[] = [];
  const tooLong: string[] = [];
  for (const raw of values.flatMap((value) => value.split(","))) {
    const typed = raw.trim();
    if (!typed) continue;
    // Measured before normalizing: slugify would silently cut a long tag.
    if (typed.length > POST_LIMITS.tag) {
      tooLong.push(typed);
      continue;
    }
    const tag = normalizeTag(typed);
    if (!tag) invalid.push(typed);
    else if (!tags.includes(tag)) tags.push(tag);
  }
  return { tags, invalid, tooLong };
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
      translationOf: translationOf || null,
      scheduledAt: scheduledAt && !Number.isNaN(scheduledAt.getTime()) ? scheduledAt : null,
    },
  };
}

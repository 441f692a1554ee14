/**
 * The rules of a blog post as an author submits it, shared by the form (for
 * hints) and the server (which decides). Pure: no database, no request.
 */
import { type Dictionary, format } from "~/i18n";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "./slugify.ts";

export const POST_LIMITS = { title: 200, slug: SLUG_MAX_LENGTH, excerpt: 500, content: 200_000 } as const;

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
}

export type PostField = "title" | "slug" | "content" | "excerpt" | "coverImage";
export type FieldErrors = Partial<Record<PostField, string>>;

export type ParsedPost = { ok: true; value: PostInput } | { ok: false; errors: FieldErrors };

const text = (value: FormDataEntryValue | null | undefined) => (typeof value === "string" ? value : "");

/**
 * Reads and checks a submitted post. `authorId` limits the cover to the
 * author's own uploads.
 * @example parsePostInput(form, "user-uuid", pt.admin.errors)
 */
export function parsePostInput(form: FormData, authorId: string, messages: Dictionary["admin"]["errors"]): ParsedPost {
  const title = text(form.get("title")).trim();
  const slug = text(form.get("slug")).trim();
  // Markdown keeps its own whitespace; only line endings are made uniform.
  const content = text(form.get("content")).replace(/\r\n?/g, "\n");
  const excerpt = text(form.get("excerpt")).trim();
  const cover = text(form.get("coverImage")).trim();
  const published = ["on", "true", "1"].includes(text(form.get("published")));

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

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: { title, slug, content, excerpt: excerpt || null, coverImage: cover || null, published },
  };
}

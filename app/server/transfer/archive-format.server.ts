/**
 * The blog's archive (docs/decisions/067-an-archive-a-writer-can-read.md): a
 * zip a person can open and another engine can read. One folder per post,
 * `{lang}/{slug}/index.md`, Markdown with YAML front matter whose keys are
 * Hugo's where Hugo has one (`title`, `slug`, `draft`, `date`, `lastmod`,
 * `tags`, `summary`, `description`, `translationKey`), its images beside it
 * (`image-1.jpg`) and linked relatively; and `archive.json` with what
 * Markdown cannot hold: the revisions, the tags' names in both languages,
 * the old addresses. This module is the format, written once for the export
 * and the import.
 */
import type { Lang } from "../../i18n/paths.ts";
import { SITE_UTC_OFFSET_MINUTES } from "../site-time.server.ts";

/** What `archive.json` says it is: an archive of this site, the version of its shape. */
export const ARCHIVE_FORMAT = "rafael-werneck-blog-archive";
export const ARCHIVE_VERSION = 1;
export const ARCHIVE_INDEX = "archive.json";

/** A post's state as a reader of the archive understands it; `draft` and the dates say it exactly. */
export type ArchiveStatus = "draft" | "published" | "scheduled" | "trashed";

/** The front matter of a post's `index.md`, in the order it is written. Absent keys: none. */
export interface ArchiveFrontMatter {
  title: string;
  slug: string;
  lang: Lang;
  translationKey?: string | undefined;
  status: ArchiveStatus;
  /** Not published (Hugo's key): a trashed post keeps whether it was. */
  draft: boolean;
  /** The first publication, or the scheduled one. */
  date?: string | undefined;
  created: string;
  lastmod: string;
  /** The last change readers saw after the first publication. */
  edited?: string | undefined;
  /** When it went to the trash. */
  trashed?: string | undefined;
  author: string;
  /** Display names in the post's language. */
  tags: string[];
  summary?: string | undefined;
  description?: string | undefined;
  socialTitle?: string | undefined;
  socialDescription?: string | undefined;
  /** An image beside the file (`image-1.jpg`). */
  cover?: string | undefined;
  /** The cover's description for readers who do not see it, and the line under it. */
  coverAlt?: string | undefined;
  coverCaption?: string | undefined;
}

export interface ArchiveRevision {
  kind: string;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  cover: string | null;
  /** Absent in archives written before covers had words. */
  coverAlt?: string | null | undefined;
  coverCaption?: string | null | undefined;
  tags: string[];
  lang: Lang;
  changed: string[];
  linesAdded: number;
  linesRemoved: number;
  created: string;
}

export interface ArchiveRedirect {
  path: string;
  source: string;
  created: string;
}

/** An old address of a tag's page (`tag`, its slug in `lang`) or of the feed of `lang` (no tag). */
export interface ArchiveSiteRedirect extends ArchiveRedirect {
  lang: Lang;
  tag?: string;
}

export interface ArchivePost {
  /** The post's Markdown file in the archive. */
  file: string;
  /** Tag slugs in the author's order (the front matter names them). */
  tags: string[];
  revisions: ArchiveRevision[];
  redirects: ArchiveRedirect[];
}

export interface ArchiveTag {
  lang: Lang;
  slug: string;
  name: string;
  /** Tags naming the same thing in both languages share one. */
  translationKey?: string;
}

export interface ArchiveIndex {
  format: typeof ARCHIVE_FORMAT;
  version: typeof ARCHIVE_VERSION;
  exportedAt: string;
  authors: string[];
  tags: ArchiveTag[];
  posts: ArchivePost[];
  /** The old addresses of tags' pages and feeds (absent in archives written before them). */
  redirects?: ArchiveSiteRedirect[];
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/**
 * A time in the site's zone with its offset and milliseconds: readable, and
 * read back to the same instant.
 * @example zonedTime(new Date("2026-11-29T12:00:00Z")) // "2026-11-29T09:00:00.000-03:00"
 */
export function zonedTime(date: Date): string {
  const offset = SITE_UTC_OFFSET_MINUTES;
  const local = new Date(date.getTime() + offset * 60_000);
  const sign = offset < 0 ? "-" : "+";
  const hours = pad(Math.floor(Math.abs(offset) / 60));
  const minutes = pad(Math.abs(offset) % 60);
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `.${pad(local.getUTCMilliseconds(), 3)}${sign}${hours}:${minutes}`
  );
}

/** The folder of a post in the archive. */
export const postFolder = (lang: Lang, slug: string) => `${lang}/${slug}`;

/** The status a reader of the archive sees. */
export function archiveStatus(
  post: { published: boolean; publishedAt: Date | null; deletedAt: Date | null },
  now: Date,
): ArchiveStatus {
  if (post.deletedAt) return "trashed";
  if (!post.published) return "draft";
  return post.publishedAt && post.publishedAt.getTime() > now.getTime() ? "scheduled" : "published";
}

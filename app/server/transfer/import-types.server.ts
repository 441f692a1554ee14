/**
 * What every source of an import (this site's archive, Ghost, WordPress, a
 * folder of Markdown) is read into: posts in the site's terms, each saying
 * where it came from, and the problems met, each with its file and line so
 * the author can find it. Problems are codes with values; the author reads
 * them in their language (`importTexts` in app/i18n).
 */
import type { Lang } from "../../i18n/paths.ts";
import { normalizeTag, POST_LIMITS, plainLine, tagName } from "../../lib/post-input.ts";
import type { MarkdownHazard } from "../blog/markdown-guard.server.ts";
import type { ArchiveRevision, ArchiveTag } from "./archive-format.server.ts";

export type SourceKind = "archive" | "ghost" | "wordpress" | "markdown";

/** Where in the upload something came from: a file (a zip's entry, a folder's file) and a line in it. */
export interface Origin {
  file: string;
  line?: number | undefined;
}

/** An image a post shows: as its text names it, and the file of the upload that holds it (none: missing). */
export interface ImageRef {
  /** The address as written in the source (`image-1.jpg`, `https://old.blog/wp-content/uploads/a.jpg`). */
  original: string;
  /** The upload's file holding it, when the upload ships it. */
  file?: string;
}

export interface ImportedTag {
  slug: string;
  name: string;
}

export interface ImportedPost {
  origin: Origin;
  title: string;
  slug: string;
  lang: Lang;
  /** Posts sharing a key translate each other (one per language). */
  translationKey?: string;
  draft: boolean;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  editedAt: Date | null;
  trashedAt: Date | null;
  /** Markdown; images named by their `original` address. */
  content: string;
  excerpt: string | null;
  seoDescription: string | null;
  socialTitle: string | null;
  socialDescription: string | null;
  tags: ImportedTag[];
  cover?: ImageRef;
  /** The cover's description (its `alt`) and the line under it, as plain text; absent: none. */
  coverAlt?: string;
  coverCaption?: string;
  /** Images of the text (and of the archive's revisions). */
  images: ImageRef[];
  /** Paths the post was published at before (`/2019/05/ola/`), answered with a redirect once imported. */
  oldPaths: string[];
  /** What turning its HTML into Markdown removed: element names and unsafe links. */
  removed: string[];
  /** What in its text the writing desk would refuse (markdown-guard.server.ts): the import is refused with it. */
  hazard?: MarkdownHazard;
  /** The site's own archive: the revisions and old addresses it kept. */
  revisions?: ArchiveRevision[];
  redirects?: { path: string; source: string; created: Date }[];
}

/** Problems that stop an import: nothing is written while one remains. */
export type ProblemCode =
  | "unknown-file"
  | "malformed-json"
  | "malformed-xml"
  | "malformed-front-matter"
  | "unsafe-path"
  | "too-large"
  | "document-too-large"
  | "too-many-files"
  | "zip-bomb"
  | "bad-zip"
  | "nothing-to-import"
  | "bad-date"
  | "unknown-language"
  | "missing-title"
  | "duplicate-slug"
  | "duplicate-translation"
  | "archive-version"
  | "too-many-marks"
  | "too-deep";

export interface ImportProblem extends Origin {
  code: ProblemCode;
  values?: Record<string, string>;
}

/**
 * What an import leaves out or changes on purpose, reported (WordPress's pages and attachments, Ghost's
 * pages; Ghost's e-mail-only and members' posts, which come in as drafts).
 */
export type NoteCode =
  | "page-skipped"
  | "attachment-skipped"
  | "tags-cut"
  | "categories-skipped"
  | "comments-skipped"
  | "files-missing"
  | "slug-made"
  | "email-only-draft"
  | "members-draft"
  | "password-draft"
  | "expired-draft";

export interface ImportNote extends Origin {
  code: NoteCode;
  values?: Record<string, string>;
}

export interface ParsedSource {
  kind: SourceKind;
  posts: ImportedPost[];
  problems: ImportProblem[];
  notes: ImportNote[];
  /** The archive's tags with their names in both languages and links. */
  tags?: ArchiveTag[];
  /**
   * The old site's origins (`https://blog.example`, from WordPress's channel and links, Hugo's `baseURL`,
   * Jekyll's `url`): a post's absolute links to another post there lead to its new address.
   */
  origins?: string[];
  /** Where the old site published its tags' pages and its feeds, each path once. */
  siteAddresses?: OldSiteAddress[];
}

/** An old address of a tag's page (`tag`, the tag's slug here) or of a feed (no tag), leading to it in `lang`. */
export interface OldSiteAddress {
  path: string;
  lang: Lang;
  tag?: string;
  /** This site's archive keeps where one came from and when. */
  source?: string;
  created?: Date;
}

/**
 * The old addresses of a source's tags' pages and feeds as a reader meets
 * them: each path once, the first kept (a tag of two languages leads to the
 * first language's page).
 * @example const old = new SiteAddresses(); old.add({ path: "/tag/cafe/", lang: "pt", tag: "cafe" }); old.list
 */
export class SiteAddresses {
  readonly #byPath = new Map<string, OldSiteAddress>();

  add(address: OldSiteAddress): void {
    if (!this.#byPath.has(address.path)) this.#byPath.set(address.path, address);
  }

  get list(): OldSiteAddress[] {
    return [...this.#byPath.values()];
  }
}

/**
 * How many items of each of the dry run's lists are shown: the rest are
 * counted (docs/decisions/089-an-import-that-holds-keys-not-posts.md).
 */
export const LIST_SHOWN = 200;

/**
 * What a reader meets (problems, notes), kept as the dry run shows it: the
 * first `LIST_SHOWN` items, the rest counted in `leftOut`, so a WordPress
 * export with 20,000 attachments holds 200 notes, not 20,000.
 */
export class ReportList<T> extends Array<T> {
  // Private: the list compares and serializes as the array of what it kept.
  #leftOut = 0;

  get leftOut(): number {
    return this.#leftOut;
  }

  // Its copies (map, filter, slice) are plain arrays.
  static override get [Symbol.species]() {
    return Array;
  }

  override push(...items: T[]): number {
    for (const item of items) {
      if (this.length < LIST_SHOWN) super.push(item);
      else this.#leftOut += 1;
    }
    return this.length;
  }
}

/** The items of a reader's list past those it kept. */
export const leftOut = (list: readonly unknown[]): number => (list instanceof ReportList ? list.leftOut : 0);

/** A problem as the parsers raise it, caught by the reader that frames it. */
export class ImportError extends Error {
  readonly problem: ImportProblem;
  constructor(problem: ImportProblem) {
    super(`${problem.code} in ${problem.file}${problem.line ? `:${problem.line}` : ""}`);
    this.problem = problem;
  }
}

/**
 * What the dry run and the choice of slugs read of a post: all of it but its
 * texts (the body, the excerpt, the descriptions, the revisions), which stay
 * on disk until the post is written (post-spool.server.ts).
 */
export type PostSummary = Omit<
  ImportedPost,
  "content" | "excerpt" | "seoDescription" | "socialTitle" | "socialDescription" | "revisions"
>;

/** Where a reader puts the posts it makes: kept in memory (the tests, a small file) or spooled to disk. */
export interface PostSink {
  add(post: ImportedPost): void;
  /**
   * Changes every post added so far (WordPress learns its channel's language
   * and its covers at the end): applied to what is kept now, and to each
   * post's texts as they are read back.
   */
  revise(change: (post: PostSummary, index: number) => void): void;
}

/** A sink that keeps every post in memory. */
export function arraySink(posts: ImportedPost[] = []): PostSink & { posts: ImportedPost[] } {
  return {
    posts,
    add: (post) => {
      posts.push(post);
    },
    revise: (change) => posts.forEach(change),
  };
}

/**
 * A source whose posts wait on disk (post-spool.server.ts): none is held in
 * memory; `summaries()` reads back what the dry run needs of each, in the
 * source's order, and `texts()` each post whole, one at a time.
 */
export interface SpooledSource extends Omit<ParsedSource, "posts"> {
  /** How many posts the source holds. */
  count: number;
  summaries(): AsyncIterable<PostSummary>;
  texts(): AsyncIterable<ImportedPost>;
  close(): void;
}

export type AnySource = ParsedSource | SpooledSource;

/**
 * A cover's description and caption as an imported post holds them: one line of plain text each, within the
 * desk's limits; empty ones left out.
 * @example coverWords(" Recife ao  entardecer ", "") // { coverAlt: "Recife ao entardecer" }
 */
export function coverWords(
  alt: string | undefined,
  caption: string | undefined,
): Pick<ImportedPost, "coverAlt" | "coverCaption"> {
  const coverAlt = plainLine(alt ?? "").slice(0, POST_LIMITS.coverAlt);
  const coverCaption = plainLine(caption ?? "").slice(0, POST_LIMITS.coverCaption);
  return { ...(coverAlt ? { coverAlt } : {}), ...(coverCaption ? { coverCaption } : {}) };
}

/** How many posts the source holds. */
export const postCount = (source: AnySource): number => ("texts" in source ? source.count : source.posts.length);

/** What the dry run reads of the source's posts, in order, one at a time. */
export async function* postSummaries(source: AnySource): AsyncIterable<PostSummary> {
  if ("texts" in source) yield* source.summaries();
  else yield* source.posts;
}

/** The source's posts whole, in order, one at a time. */
export async function* postTexts(source: AnySource): AsyncIterable<ImportedPost> {
  if ("texts" in source) yield* source.texts();
  else yield* source.posts;
}

/**
 * A post's tags from the names its source gives, as the site keeps them:
 * each name cleaned and cut to a tag's length, each tag once, and the first
 * `POST_LIMITS.tags` of them, with a note naming those left out.
 */
export function postTags(names: Iterable<string>, origin: Origin, notes: { push(note: ImportNote): unknown }) {
  const tags: ImportedTag[] = [];
  for (const raw of names) {
    const name = tagName(raw).slice(0, POST_LIMITS.tag);
    const slug = normalizeTag(name);
    if (slug && !tags.some((tag) => tag.slug === slug)) tags.push({ slug, name });
  }
  if (tags.length <= POST_LIMITS.tags) return tags;
  const dropped = tags.slice(POST_LIMITS.tags).map((tag) => tag.name);
  notes.push({ ...origin, code: "tags-cut", values: { max: String(POST_LIMITS.tags), dropped: dropped.join(", ") } });
  return tags.slice(0, POST_LIMITS.tags);
}

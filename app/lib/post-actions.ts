/**
 * What the admin's post actions answer (`app/server/blog/admin-actions.server.ts`)
 * and the editor reads: a message in the author's language, each refused
 * field's error, the saved post to go on from, or the newer version a stale
 * save lost to. One shape for the server that writes it and the editor that
 * reads it.
 */
import type { FieldErrors } from "./post-input.ts";

/** A saved post as the editor goes on from it. */
export interface SavedPost {
  id: string;
  /** The version the next save builds on. */
  updatedAt: string;
  /** The text waits, unseen by readers, for the next publication. */
  pending: boolean;
  /** Readers see the post now. */
  published: boolean;
  /** When a scheduled post goes out (UTC ISO); null when it is not scheduled. */
  scheduledAt: string | null;
  /** The post's public address (its live slug). */
  path: string;
}

/** What readers would see of a post: the fields a revision holds. */
export interface PostText {
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  coverImage: string | null;
  /** The cover's description and caption (absent: an answer from before covers had words). */
  coverAlt?: string | null;
  coverCaption?: string | null;
  tags: string[];
  lang: string;
}

/** A version's cover and its words; none: null, or an empty field in the form. */
type CoverText = Pick<PostText, "coverImage" | "coverAlt" | "coverCaption">;

/**
 * Whether restoring `revision` keeps the post's cover words: it shows the
 * same cover and has no words of its own (saved before covers had any), so
 * its restore, of the text, leaves the description alone.
 * @example keepsCoverWords({ coverImage: "/a.jpg", coverAlt: null }, { coverImage: "/a.jpg", coverAlt: "Recife" }) // true
 */
export function keepsCoverWords(revision: CoverText, current: CoverText): boolean {
  return (
    Boolean(revision.coverImage) &&
    revision.coverImage === current.coverImage &&
    !revision.coverAlt &&
    !revision.coverCaption
  );
}

/** The post as another tab or window left it: what a stale save is compared with. */
export interface CurrentVersion extends PostText {
  updatedAt: string;
}

export interface PostActionResult {
  ok: boolean;
  intent: string;
  message: string;
  fieldErrors?: FieldErrors;
  /** The saved post, for the editor's next save (the editor stays open). */
  saved?: SavedPost;
  /** A stale save's newer version, saved elsewhere. */
  current?: CurrentVersion;
  /** The request never reached the server, or its answer never came back (set in the browser). */
  network?: boolean;
  /** The session had expired: the server sent the author to sign in again (set in the browser). */
  signedOut?: boolean;
  /** The server failed on its side (set in the browser). */
  serverError?: boolean;
  /**
   * The publication would mail the newsletter and the request did not say
   * whether to: nothing was saved; the editor asks, with this count of the
   * confirmed readers of the post's language.
   */
  newsletter?: NewsletterQuestion;
}

/** What the editor asks before a publication that mails: how many readers of which language. */
export interface NewsletterQuestion {
  count: number;
  lang: "pt" | "en";
}

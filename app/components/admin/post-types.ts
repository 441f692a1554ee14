/**
 * The shapes the post editor and its panels share: a post as the editor
 * receives it, what a new post starts from, and what the post actions answer.
 * A module of their own, so the panels and hooks the form uses can name them
 * without importing the form.
 */
import type { Lang } from "~/i18n";
import type { PostInput } from "~/lib/post-input.ts";

export interface EditablePost
  extends Pick<PostInput, "title" | "slug" | "content" | "excerpt" | "coverImage" | "published" | "lang" | "tags"> {
  id: string;
  /** The linked post in the other language, if any. */
  translation: { id: string; title: string } | null;
  /** When a scheduled post goes out (UTC ISO); null when it is not scheduled. */
  scheduledAt: string | null;
  /** The fields are autosaved changes of a published post that readers do not see yet. */
  pending: boolean;
  /** ISO time of the version being edited, to detect a newer save elsewhere. */
  updatedAt: string;
  /** The newsletter is done with it (mailed, or published without mailing): publishing it again mails nobody. */
  mailed?: boolean;
  /** The post's settings (absent: the list did not load them; the editor starts them empty). */
  seoDescription?: string | null;
  socialTitle?: string | null;
  socialDescription?: string | null;
  /** The cover's description and caption. */
  coverAlt?: string | null;
  coverCaption?: string | null;
}

/** What a new post starts from: "translate this post" fills the language, the link, the title, tags and cover. */
export interface NewPostStart {
  lang: Lang;
  title?: string;
  tags?: string[];
  coverImage?: string | null;
  translation?: { id: string; title: string };
}

export type { CurrentVersion, NewsletterQuestion, PostActionResult, SavedPost } from "~/lib/post-actions.ts";

/**
 * A post as its public page would show it now, before readers can see it: its
 * latest saved version (a published post's autosaved changes, when it has
 * some), rendered by the same Markdown pipeline. The author's preview and a
 * shared link both show this.
 */
import { isLang, type Lang } from "~/i18n/paths.ts";
import type { Database } from "../db/client.server.ts";
import type { Blog } from "../db/schema.ts";
import { readingMinutes } from "./reading-time.server.ts";
import { renderCached } from "./render-cache.server.ts";
import { pendingVersions } from "./revisions.server.ts";
import { type TagNames, tagNamesFor } from "./tags.server.ts";

export interface DraftPage {
  id: string;
  lang: Lang;
  slug: string;
  title: string;
  /** Its publication, or, for a post never published, its last save (ISO). */
  publishedAt: string;
  tags: string[];
  tagNames?: TagNames;
  cover?: string;
  coverAlt?: string;
  coverCaption?: string;
  html: string;
  readingMinutes: number;
}

/** The post's latest saved version, rendered. */
export async function draftPage(db: Database, post: Blog): Promise<DraftPage> {
  const version = post.published ? ((await pendingVersions(db, [post.id])).get(post.id) ?? post) : post;
  const lang: Lang = isLang(version.lang) ? version.lang : "pt";
  // Keyed by the post's version: an autosave moves `updated_at`, so the newest text is always rendered.
  const rendered = await renderCached(`draft:${post.id}:${post.updatedAt.getTime()}`, version.content, lang);
  const tagNames = await tagNamesFor(db, lang, version.tags);
  return {
    id: post.id,
    lang,
    slug: version.slug,
    title: version.title,
    publishedAt: (post.publishedAt ?? post.updatedAt).toISOString(),
    tags: version.tags,
    ...(Object.keys(tagNames).length > 0 ? { tagNames } : {}),
    ...(version.coverImage ? { cover: version.coverImage } : {}),
    ...(version.coverImage && version.coverAlt ? { coverAlt: version.coverAlt } : {}),
    ...(version.coverImage && version.coverCaption ? { coverCaption: version.coverCaption } : {}),
    html: rendered.html,
    readingMinutes: readingMinutes(rendered.words),
  };
}

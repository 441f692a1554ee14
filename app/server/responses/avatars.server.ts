/**
 * The remote authors' avatars (a fediverse account's icon, a mentioning
 * page's h-card photo), kept by the site so that neither a reader's browser
 * nor the author's ever asks another server for them: the server fetches
 * each address once through the guarded client (1 MB, 10 s), checks it by
 * its bytes, re-encodes it as a 96 px WebP square (metadata dropped), and
 * stores it under a key named by its bytes (`remote-avatars/{hash}.webp`,
 * served at `/uploads/…` as immutable). The responses keep the key; an
 * avatar no response names any more is deleted within the hour.
 */
import { createHash } from "node:crypto";
import { and, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { responses } from "../db/schema.ts";
import { logEvent } from "../log.server.ts";
import { type FetchLimits, requestBounded } from "../net/guarded-fetch.server.ts";
import { processCoverImage } from "../uploads/cover-image.server.ts";
import { type ObjectStorage, UPLOADS_URL_PREFIX } from "../uploads/object-storage.server.ts";

export const AVATAR_PREFIX = "remote-avatars";
/** The stored square's side, twice the largest size shown (40 CSS px) for dense screens, rounded up. */
export const AVATAR_EDGE = 96;
/** Addresses fetched in one round. */
const BATCH = 8;
/** Unused avatars are looked for this often, and one stored this recently is never taken for unused. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** The address a stored avatar is served at, for the pages that show it. */
export const avatarUrl = (key: string | null): string | null => (key ? `${UPLOADS_URL_PREFIX}${key}` : null);

export interface RemoteAvatarOptions {
  uploads: ObjectStorage;
  /** The guard's setting (FEDERATION_ALLOW_PRIVATE) and, in tests, a resolver. */
  allowPrivate: boolean;
  userAgent: string;
  resolve?: FetchLimits["resolve"];
}

/** One avatar's bytes made into the stored square, or why not. */
export async function avatarFromBytes(bytes: Uint8Array): Promise<{ key: string; data: Buffer } | { refused: string }> {
  const made = await processCoverImage(bytes, { edge: AVATAR_EDGE, square: true });
  if (!made.ok) return { refused: made.reason };
  const hash = createHash("sha256").update(made.data).digest("hex").slice(0, 24);
  return { key: `${AVATAR_PREFIX}/${hash}.webp`, data: made.data };
}

/**
 * The avatars of the responses: each round stores those waiting, a batch of addresses at a time, and once an hour
 * deletes those no response names. Every server runs it; each address is claimed by one.
 */
export class RemoteAvatars {
  private sweptAt = 0;
  private readonly options: RemoteAvatarOptions;

  constructor(options: RemoteAvatarOptions) {
    this.options = options;
  }

  async round(db: Database, now = new Date()): Promise<{ stored: number; refused: number; deleted: number }> {
    const { stored, refused } = await this.storeWaiting(db, now);
    let deleted = 0;
    if (now.getTime() - this.sweptAt >= SWEEP_EVERY_MS) {
      this.sweptAt = now.getTime();
      deleted = await this.deleteUnused(db, now);
    }
    return { stored, refused, deleted };
  }

  /** Fetches, checks and stores the avatars responses wait for. */
  async storeWaiting(db: Database, now: Date): Promise<{ stored: number; refused: number }> {
    // An address already stored for another response is the same picture (remote servers name avatars by their
    // bytes): its key is reused without a request.
    await db.execute(sql`
      update ${responses} r set avatar_key = s.avatar_key, avatar_checked_at = s.avatar_checked_at, updated_at = now()
      from ${responses} s
      where r.avatar_checked_at is null and r.author_avatar = s.author_avatar and s.avatar_key is not null`);
    // Claimed by marking them checked: on PostgreSQL a second server's update waits for the first's and then finds
    // nothing left to mark.
    const claimed = await db.execute(sql`
      update ${responses} set avatar_checked_at = ${now.toISOString()}::timestamptz
      where avatar_checked_at is null and author_avatar in (
        select distinct author_avatar from ${responses}
        where author_avatar is not null and avatar_checked_at is null
        limit ${BATCH})
      returning author_avatar as url`);
    const urls = [...new Set((claimed as { rows: { url: string }[] }).rows.map((row) => row.url))];
    let stored = 0;
    for (const url of urls) {
      const made = await this.fetchOne(url);
      if ("refused" in made) {
        logEvent("avatar_refused", `A remote avatar was not kept: ${made.refused}.`, { host: hostOf(url) }, "warn");
        continue;
      }
      await this.options.uploads.put(made.key, made.data);
      // A changed response: the cached pages of every server showing it are made again (the blog's fingerprint
      // counts approved responses' newest change), so an avatar stored after the approval still shows.
      await db
        .update(responses)
        .set({ avatarKey: made.key, updatedAt: new Date() })
        .where(and(sql`${responses.authorAvatar} = ${url}`, isNotNull(responses.avatarCheckedAt)));
      stored += 1;
    }
    return { stored, refused: urls.length - stored };
  }

  private async fetchOne(url: string): Promise<{ key: string; data: Buffer } | { refused: string }> {
    try {
      const answer = await requestBounded(
        url,
        {
          timeoutMs: 10_000,
          maxBytes: 1024 * 1024,
          maxRedirects: 3,
          allowPrivate: this.options.allowPrivate,
          userAgent: this.options.userAgent,
          ...(this.options.resolve ? { resolve: this.options.resolve } : {}),
        },
        { accept: "image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.8" },
      );
      if (answer.status !== 200) return { refused: `HTTP ${answer.status}` };
      return await avatarFromBytes(answer.bytes);
    } catch (error) {
      return { refused: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Deletes the stored avatars no response names (its responses deleted, blocked or gone), older than an hour. */
  async deleteUnused(db: Database, now: Date): Promise<number> {
    const stored = await this.options.uploads.list(AVATAR_PREFIX);
    if (stored.length === 0) return 0;
    const named = new Set(
      (await db.selectDistinct({ key: responses.avatarKey }).from(responses).where(isNotNull(responses.avatarKey))).map(
        (row) => row.key,
      ),
    );
    let deleted = 0;
    for (const object of stored) {
      if (named.has(object.key) || now.getTime() - object.modifiedAt.getTime() < SWEEP_EVERY_MS) continue;
      await this.options.uploads.delete(object.key);
      deleted += 1;
    }
    return deleted;
  }
}

function hostOf(url: string): string {
  return URL.parse(url)?.host ?? "?";
}

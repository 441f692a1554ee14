/**
 * The remote authors' avatars (a fediverse account's icon, a mentioning
 * page's h-card photo), kept by the site so that neither a reader's browser
 * nor the author's ever asks another server for them: the server fetches
 * each address once through the guarded client (1 MB, 10 s), checks it by
 * its bytes, re-encodes it as a 96 px WebP square (metadata dropped), and
 * stores it under a key named by its bytes (`remote-avatars/{hash}.webp`,
 * served at `/uploads/…` as immutable). The responses keep the key; an
 * avatar no response names any more is deleted within the hour. A fetch that
 * fails for want of an answer (no connection, a time limit, a 5xx, 429 or
 * 408) is tried again later, four times in all over about three and a half
 * hours (decision 081); a picture refused for its bytes, or a 404, is not.
 */
import { createHash } from "node:crypto";
import { and, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { responses } from "../db/schema.ts";
import { logEvent } from "../log.server.ts";
import { FetchError, type FetchLimits, requestBounded } from "../net/guarded-fetch.server.ts";
import { processCoverImage } from "../uploads/cover-image.server.ts";
import { type ObjectStorage, UPLOADS_URL_PREFIX } from "../uploads/object-storage.server.ts";

export const AVATAR_PREFIX = "remote-avatars";
/** The stored square's side, twice the largest size shown (40 CSS px) for dense screens, rounded up. */
export const AVATAR_EDGE = 96;
/** Addresses fetched in one round. */
const BATCH = 8;
/** Unused avatars are looked for this often, and one stored this recently is never taken for unused. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Fetches of one address at most, the first included, when each fails for want of an answer. */
export const AVATAR_ATTEMPTS = 4;

/** The guarded client's refusals that a later fetch would meet again (its size limit, redirects, the address's form). */
const PERMANENT = /over the limit|passed the limit|redirect|not http|credentials|not a URL/;

/** The wait before fetching again after `failures` failed fetches: 5 min, 30 min, then 3 h. */
export function avatarRetryMs(failures: number): number {
  return 5 * 60 * 1000 * 6 ** Math.max(0, failures - 1);
}

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
export async function avatarFromBytes(
  bytes: Uint8Array,
): Promise<{ key: string; data: Buffer } | { refused: string; retry?: boolean }> {
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

  async round(
    db: Database,
    now = new Date(),
  ): Promise<{ stored: number; refused: number; retried: number; deleted: number }> {
    const { stored, refused, retried } = await this.storeWaiting(db, now);
    let deleted = 0;
    if (now.getTime() - this.sweptAt >= SWEEP_EVERY_MS) {
      this.sweptAt = now.getTime();
      deleted = await this.deleteUnused(db, now);
    }
    return { stored, refused, retried, deleted };
  }

  /** Fetches, checks and stores the avatars responses wait for: new addresses, and failed ones due again. */
  async storeWaiting(db: Database, now: Date): Promise<{ stored: number; refused: number; retried: number }> {
    // An address already stored for another response is the same picture (remote servers name avatars by their
    // bytes): its key is reused without a request.
    await db.execute(sql`
      update ${responses} r set avatar_key = s.avatar_key, avatar_checked_at = s.avatar_checked_at,
        avatar_retry_at = null, updated_at = now()
      from ${responses} s
      where r.avatar_key is null and r.author_avatar = s.author_avatar and s.avatar_key is not null`);
    // Claimed by marking them checked (and no retry due): on PostgreSQL a second server's update waits for the
    // first's and then finds nothing left to mark.
    const due = sql`(avatar_checked_at is null or avatar_retry_at <= ${now.toISOString()}::timestamptz)`;
    const claimed = await db.execute(sql`
      update ${responses} set avatar_checked_at = ${now.toISOString()}::timestamptz, avatar_retry_at = null
      where avatar_key is null and ${due} and author_avatar in (
        select distinct author_avatar from ${responses}
        where author_avatar is not null and avatar_key is null and ${due}
        limit ${BATCH})
      returning author_avatar as url, avatar_attempts as attempts`);
    const failures = new Map<string, number>();
    for (const row of (claimed as { rows: { url: string; attempts: number }[] }).rows)
      failures.set(row.url, Math.max(failures.get(row.url) ?? 0, Number(row.attempts)));
    let stored = 0;
    let retried = 0;
    for (const [url, failed] of failures) {
      const made = await this.fetchOne(url);
      if ("refused" in made) {
        // No answer (a connection, a time limit, a server's error): tried again later, a few times.
        const again = made.retry === true && failed + 1 < AVATAR_ATTEMPTS;
        if (again) retried += 1;
        if (made.retry)
          await db
            .update(responses)
            .set({
              avatarAttempts: failed + 1,
              avatarRetryAt: again ? new Date(now.getTime() + avatarRetryMs(failed + 1)) : null,
            })
            .where(and(sql`${responses.authorAvatar} = ${url}`, isNull(responses.avatarKey)));
        const next = again ? " (tried again later)" : "";
        logEvent(
          "avatar_refused",
          `A remote avatar was not kept: ${made.refused}${next}.`,
          { host: hostOf(url), attempt: failed + 1 },
          "warn",
        );
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
    return { stored, refused: failures.size - stored, retried };
  }

  private async fetchOne(url: string): Promise<{ key: string; data: Buffer } | { refused: string; retry?: boolean }> {
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
      if (answer.status !== 200)
        return { refused: `HTTP ${answer.status}`, retry: answer.status >= 500 || [408, 429].includes(answer.status) };
      return await avatarFromBytes(answer.bytes);
    } catch (error) {
      // A server that did not answer in time, or a connection that failed, may answer later; an address the guard
      // refuses, or one over the size limit, will not.
      const reason = error instanceof Error ? error.message : String(error);
      return { refused: reason, retry: error instanceof FetchError && !PERMANENT.test(reason) };
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

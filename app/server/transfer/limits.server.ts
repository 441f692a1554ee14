/**
 * How often an author may send a file to the admin's import: each upload,
 * dry run or import, may be 512 MB written to disk and read through, so
 * they are counted per author (the endpoint is behind sign-in: the author is
 * the client, and no address of theirs is stored) in a fixed window of an
 * hour, with sign-in's and the contact form's counters (in the database on
 * PostgreSQL, so every server shares the count). The command line is not
 * counted. See docs/decisions/074-imports-counted-per-author.md.
 */
import type { RateLimit, RateLimitFactory, RateLimitResult } from "../auth/rate-limit.server.ts";

export const IMPORT_WINDOW_MS = 60 * 60 * 1000;

/** The import's counter, or null when IMPORT_RATE_LIMIT is 0 (no limit). */
export function createImportLimiter(perHour: number, limiters: RateLimitFactory): RateLimit | null {
  return perHour > 0 ? limiters("import", perHour, IMPORT_WINDOW_MS) : null;
}

/** Counts one upload of the author's; always allowed without a limiter. */
export async function countImport(limiter: RateLimit | null | undefined, authorId: string): Promise<RateLimitResult> {
  return limiter ? await limiter.consume(authorId) : { allowed: true, retryAfterMs: 0 };
}

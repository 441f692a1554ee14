/**
 * Fixed-window counters per key (a client's IP address or its hash), for
 * sign-in and the contact form. In memory with the embedded database (one
 * process serves); in the database with PostgreSQL (`DATABASE_URL`), so the
 * limit is the same whether one server answers or ten.
 * See docs/decisions/021-shared-storage-and-several-servers.md.
 */
import { and, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { rateLimits } from "../db/schema.ts";
import { logError, logEvent } from "../log.server.ts";

export interface RateLimitResult {
  allowed: boolean;
  /** Milliseconds until the key may try again; 0 when allowed. */
  retryAfterMs: number;
}

/** What sign-in and the contact form count attempts with. */
export interface RateLimit {
  /** Counts one attempt for the key and says whether it is allowed. */
  consume(key: string, now?: number): RateLimitResult | Promise<RateLimitResult>;
}

/** Whether an attempt is allowed; a refusal is logged as the event `rate_limit_refused`, naming the limiter, never the client. */
function verdict(
  name: string,
  limit: number,
  windowMs: number,
  start: number,
  count: number,
  now: number,
): RateLimitResult {
  if (count <= limit) return { allowed: true, retryAfterMs: 0 };
  const retryAfterMs = Math.max(0, start + windowMs - now);
  logEvent(
    "rate_limit_refused",
    `A ${name} attempt was refused by its rate limit.`,
    { limiter: name, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) },
    "warn",
  );
  return { allowed: false, retryAfterMs };
}

/** Counters held by this process. */
export class RateLimiter implements RateLimit {
  readonly #name: string;
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #windows = new Map<string, { start: number; count: number }>();

  /** @example new RateLimiter(20, 15 * 60_000, "sign-in").consume("203.0.113.9") */
  constructor(limit: number, windowMs: number, name = "rate-limited") {
    this.#name = name;
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  consume(key: string, now = Date.now()): RateLimitResult {
    this.#prune(now);
    let window = this.#windows.get(key);
    if (!window || now - window.start >= this.#windowMs) {
      window = { start: now, count: 0 };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return verdict(this.#name, this.#limit, this.#windowMs, window.start, window.count, now);
  }

  // Expired windows are dropped once the map grows, so memory stays bounded under a flood of addresses.
  #prune(now: number) {
    if (this.#windows.size < 10_000) return;
    for (const [key, window] of this.#windows) {
      if (now - window.start >= this.#windowMs) this.#windows.delete(key);
    }
  }
}

/**
 * Counters in the `rate_limits` table, shared by every server on the
 * database. One statement counts an attempt: an insert that, when the key's
 * row exists, either adds one to it or, once its window is over, starts a new
 * window at one; PostgreSQL's row lock makes it atomic. Windows are timed by
 * the servers' clocks (kept in step by NTP; a skew only moves a window's end).
 * Should the database fail, the attempt is allowed and the error logged:
 * a limit must not lock everyone out.
 */
export class DatabaseRateLimiter implements RateLimit {
  readonly #db: Database;
  readonly #name: string;
  readonly #limit: number;
  readonly #windowMs: number;
  #lastPrune = 0;

  /** @example new DatabaseRateLimiter(db, "sign-in", 20, 15 * 60_000) */
  constructor(db: Database, name: string, limit: number, windowMs: number) {
    this.#db = db;
    this.#name = name;
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  async consume(key: string, now = Date.now()): Promise<RateLimitResult> {
    const at = new Date(now);
    const expired = sql`${rateLimits.windowStart} <= ${new Date(now - this.#windowMs).toISOString()}::timestamptz`;
    try {
      const [row] = await this.#db
        .insert(rateLimits)
        .values({ key: `${this.#name}:${key}`, windowStart: at, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            windowStart: sql`case when ${expired} then ${at.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
            count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
          },
        })
        .returning({ windowStart: rateLimits.windowStart, count: rateLimits.count });
      this.#prune(now);
      if (!row) return { allowed: true, retryAfterMs: 0 };
      return verdict(this.#name, this.#limit, this.#windowMs, row.windowStart.getTime(), row.count, now);
    } catch (error) {
      logError(`Counting a ${this.#name} attempt failed; allowed it:`, error);
      return { allowed: true, retryAfterMs: 0 };
    }
  }

  // Rows of windows that are over are removed about once a window, by whichever server gets there.
  #prune(now: number) {
    if (now - this.#lastPrune < this.#windowMs) return;
    this.#lastPrune = now;
    const cutoff = new Date(now - this.#windowMs);
    this.#db
      .delete(rateLimits)
      .where(and(lte(rateLimits.windowStart, cutoff), sql`starts_with(${rateLimits.key}, ${`${this.#name}:`})`))
      .catch((error: unknown) => logError("Removing old rate-limit windows failed:", error));
  }
}

/** Makes the limiters of one process: in the database on PostgreSQL, in memory on the embedded database. */
export type RateLimitFactory = (name: string, limit: number, windowMs: number) => RateLimit;

export function rateLimitFactory(database?: { db: Database; engine: "pglite" | "postgres" }): RateLimitFactory {
  if (database?.engine === "postgres") {
    const { db } = database;
    return (name, limit, windowMs) => new DatabaseRateLimiter(db, name, limit, windowMs);
  }
  return (name, limit, windowMs) => new RateLimiter(limit, windowMs, name);
}

/**
 * Token buckets per client, in this process's memory: each client may spend
 * `capacity` requests at once and earns `refillPerSecond` back. A bucket that
 * has filled up again is the same as none, so it is dropped (a sweep at most
 * once per refill time); and the number of clients held is capped, the one
 * least recently seen going first, so a flood of distinct addresses cannot
 * grow memory without bound. See docs/decisions/027-flood-limits.md.
 */

export interface TokenBucketOptions {
  /** Requests a client may make at once. */
  capacity: number;
  /** Requests earned back per second. */
  refillPerSecond: number;
  /** Clients held at most; the least recently seen is forgotten first. */
  maxClients?: number;
  now?: () => number;
}

export type TakeResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

/** Default bound of clients held per limit: about 1.5 MB at most. */
export const DEFAULT_MAX_CLIENTS = 10_000;

export class TokenBuckets {
  readonly #capacity: number;
  readonly #refillPerMs: number;
  readonly #maxClients: number;
  readonly #now: () => number;
  /** Insertion order is recency: a bucket is re-inserted when used. */
  readonly #buckets = new Map<string, Bucket>();
  /** Milliseconds for an empty bucket to fill up: after that a bucket holds nothing worth keeping. */
  readonly #fullAfterMs: number;
  #lastSweep: number;

  /** @example new TokenBuckets({ capacity: 60, refillPerSecond: 1 }).take("203.0.113.9") */
  constructor({ capacity, refillPerSecond, maxClients = DEFAULT_MAX_CLIENTS, now = Date.now }: TokenBucketOptions) {
    if (!(capacity >= 1) || !(refillPerSecond > 0) || !(maxClients >= 1))
      throw new Error("A token bucket needs a capacity >= 1, a refill > 0 and room for one client");
    this.#capacity = capacity;
    this.#refillPerMs = refillPerSecond / 1000;
    this.#maxClients = maxClients;
    this.#now = now;
    this.#fullAfterMs = capacity / this.#refillPerMs;
    this.#lastSweep = now();
  }

  /** Clients held now; for tests and metrics. */
  get size(): number {
    return this.#buckets.size;
  }

  /** Spends one request of the client's bucket, or says how long until it may ask again. */
  take(client: string): TakeResult {
    const now = this.#now();
    this.#sweep(now);
    const held = this.#buckets.get(client);
    let tokens = this.#capacity;
    if (held) {
      tokens = Math.min(this.#capacity, held.tokens + (now - held.at) * this.#refillPerMs);
      this.#buckets.delete(client);
    } else if (this.#buckets.size >= this.#maxClients) {
      const oldest = this.#buckets.keys().next().value;
      if (oldest !== undefined) this.#buckets.delete(oldest);
    }
    if (tokens < 1) {
      this.#buckets.set(client, { tokens, at: now });
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / this.#refillPerMs / 1000)) };
    }
    this.#buckets.set(client, { tokens: tokens - 1, at: now });
    return { allowed: true };
  }

  // Buckets full again are forgotten; at most once per fill time, so the cost is one pass per that time.
  #sweep(now: number) {
    if (now - this.#lastSweep < this.#fullAfterMs) return;
    this.#lastSweep = now;
    for (const [client, bucket] of this.#buckets) {
      // Oldest first: once one is recent enough, all that follow are too.
      if (now - bucket.at < this.#fullAfterMs) break;
      this.#buckets.delete(client);
    }
  }
}

/**
 * A fixed-window counter per key (the client's IP address), held in memory.
 * Enough for one server process; several processes each count on their own,
 * which only makes the limit proportionally looser.
 */
export interface RateLimitResult {
  allowed: boolean;
  /** Milliseconds until the key may try again; 0 when allowed. */
  retryAfterMs: number;
}

export class RateLimiter {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #windows = new Map<string, { start: number; count: number }>();

  /** @example new RateLimiter(20, 15 * 60_000).consume("203.0.113.9") */
  constructor(limit: number, windowMs: number) {
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  /** Counts one attempt for the key and says whether it is allowed. */
  consume(key: string, now = Date.now()): RateLimitResult {
    this.#prune(now);
    const window = this.#windows.get(key);
    if (!window || now - window.start >= this.#windowMs) {
      this.#windows.set(key, { start: now, count: 1 });
      return { allowed: this.#limit > 0, retryAfterMs: this.#limit > 0 ? 0 : this.#windowMs };
    }
    window.count += 1;
    if (window.count <= this.#limit) return { allowed: true, retryAfterMs: 0 };
    return { allowed: false, retryAfterMs: window.start + this.#windowMs - now };
  }

  // Expired windows are dropped once the map grows, so memory stays bounded under a flood of addresses.
  #prune(now: number) {
    if (this.#windows.size < 10_000) return;
    for (const [key, window] of this.#windows) {
      if (now - window.start >= this.#windowMs) this.#windows.delete(key);
    }
  }
}

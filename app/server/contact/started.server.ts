/**
 * The minimum fill time. The contact page is prerendered, so it cannot carry
 * a per-visitor timestamp; instead a tiny image on the form asks the server
 * for a signed "form shown at" cookie, which works with or without
 * JavaScript. A post that arrives sooner than MIN_FILL_MS after it, or
 * without a valid one, is refused with a request to wait and send again.
 */
import { timingSafeEqual } from "node:crypto";
import { readCookie } from "../../lib/auth-cookies.ts";
import { serializeCookie } from "../auth/cookies.server.ts";
import { keyedHash } from "./secret.server.ts";

export const STARTED_COOKIE = "contact_started";
export const STARTED_PATH = "/contact/started";
/** Faster than this, no person has read the form, typed a name, an e-mail and a message. */
export const MIN_FILL_MS = 3000;
/** A start time older than this is stale; a fresh one is issued. */
export const STARTED_MAX_AGE_MS = 24 * 60 * 60 * 1000;
// Clocks of several servers may differ a little; a start time from the near future still counts.
const CLOCK_SKEW_MS = 5000;

const PURPOSE = "contact-started";

/** @example signStarted(secret, Date.now()) // "1767225600000.Xy…" */
export function signStarted(secret: Buffer, startedAt: number): string {
  return `${startedAt}.${keyedHash(secret, PURPOSE, String(startedAt))}`;
}

/** The start time a cookie value proves, or undefined when it is forged, malformed or stale. */
export function verifyStarted(secret: Buffer, value: string | undefined, now: number): number | undefined {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(value ?? "");
  if (!match?.[1] || !match[2]) return undefined;
  const startedAt = Number(match[1]);
  const expected = Buffer.from(keyedHash(secret, PURPOSE, match[1]));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (startedAt > now + CLOCK_SKEW_MS || now - startedAt > STARTED_MAX_AGE_MS) return undefined;
  return startedAt;
}

export type FillTime = "ok" | "too-fast" | "unproven";

/** Whether the request's cookie shows the form was open long enough. */
export function checkFillTime(secret: Buffer, cookieHeader: string | null, now: number): FillTime {
  const startedAt = verifyStarted(secret, readCookie(cookieHeader, STARTED_COOKIE), now);
  if (startedAt === undefined) return "unproven";
  return now - startedAt >= MIN_FILL_MS ? "ok" : "too-fast";
}

/** The Set-Cookie value that starts the clock now. */
export function startedCookie(secret: Buffer, now: number, secure: boolean): string {
  return serializeCookie(STARTED_COOKIE, signStarted(secret, now), {
    secure,
    httpOnly: true,
    maxAge: STARTED_MAX_AGE_MS / 1000,
  });
}

/** A new cookie only when the request has no valid one: reloading the page does not restart the clock. */
export function startedCookieIfMissing(
  secret: Buffer,
  cookieHeader: string | null,
  now: number,
  secure: boolean,
): string | undefined {
  if (verifyStarted(secret, readCookie(cookieHeader, STARTED_COOKIE), now) !== undefined) return undefined;
  return startedCookie(secret, now, secure);
}

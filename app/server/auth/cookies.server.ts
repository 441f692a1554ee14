/**
 * The Set-Cookie values of sign-in. Every cookie is SameSite=Lax and Secure
 * whenever the site is served over https; only the session and the OAuth
 * state are HttpOnly, the hint and flash cookies are read by page scripts.
 */

import type { Lang } from "../../i18n/paths.ts";
import { encodeFlash, FLASH_COOKIE, type Flash, readCookie, SIGNED_IN_COOKIE } from "../../lib/auth-cookies.ts";

export const SESSION_COOKIE = "session";
/**
 * The session cookie's name over https: the `__Host-` prefix makes browsers
 * take it only when it is Secure, for this host alone and for the whole site
 * (no Domain, Path=/), so neither a sibling subdomain nor a plain-HTTP
 * response can plant or shadow a session.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The session cookie's name: `__Host-session` when cookies are Secure (an https site), `session` otherwise. */
export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}
const OAUTH_COOKIE = "github_oauth";
const OAUTH_PATH = "/auth/github";
const OAUTH_TTL_SECONDS = 10 * 60;
const FLASH_TTL_SECONDS = 60;

interface CookieAttributes {
  secure: boolean;
  httpOnly: boolean;
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  path?: string;
}

/** @example serializeCookie("a", "1", { secure: true, httpOnly: true, maxAge: 60 }) */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes): string {
  const parts = [`${name}=${value}`, `Path=${attributes.path ?? "/"}`, `Max-Age=${attributes.maxAge}`];
  if (attributes.maxAge > 0) parts.push(`Expires=${new Date(Date.now() + attributes.maxAge * 1000).toUTCString()}`);
  else parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (attributes.httpOnly) parts.push("HttpOnly");
  if (attributes.secure) parts.push("Secure");
  parts.push("SameSite=Lax");
  return parts.join("; ");
}

function secondsUntil(date: Date): number {
  return Math.max(0, Math.floor((date.getTime() - Date.now()) / 1000));
}

/** The session cookie and its readable "signed in" hint, both ending when the session does. */
export function sessionCookies(token: string, expiresAt: Date, secure: boolean): string[] {
  const maxAge = secondsUntil(expiresAt);
  return [
    serializeCookie(sessionCookieName(secure), token, { secure, httpOnly: true, maxAge }),
    serializeCookie(SIGNED_IN_COOKIE, "1", { secure, httpOnly: false, maxAge }),
  ];
}

export function clearSessionCookies(secure: boolean): string[] {
  return [
    serializeCookie(sessionCookieName(secure), "", { secure, httpOnly: true, maxAge: 0 }),
    serializeCookie(SIGNED_IN_COOKIE, "", { secure, httpOnly: false, maxAge: 0 }),
  ];
}

/** The session token the request carries, under the name the site's scheme uses (see sessionCookieName). */
export function readSessionToken(request: Request, secure: boolean): string | undefined {
  const token = readCookie(request.headers.get("Cookie"), sessionCookieName(secure));
  // Tokens are 43 base64url characters; anything else is not worth a query.
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

export function flashCookie(flash: Flash, secure: boolean): string {
  return serializeCookie(FLASH_COOKIE, encodeFlash(flash), { secure, httpOnly: false, maxAge: FLASH_TTL_SECONDS });
}

/** What the callback needs to finish the flow the start began, in one short-lived cookie. */
export interface OAuthState {
  state: string;
  codeVerifier: string;
  lang: Lang;
}

export function oauthStateCookie(value: OAuthState, secure: boolean): string {
  const raw = [value.state, value.codeVerifier, value.lang].join(".");
  return serializeCookie(OAUTH_COOKIE, raw, { secure, httpOnly: true, maxAge: OAUTH_TTL_SECONDS, path: OAUTH_PATH });
}

export function clearOAuthStateCookie(secure: boolean): string {
  return serializeCookie(OAUTH_COOKIE, "", { secure, httpOnly: true, maxAge: 0, path: OAUTH_PATH });
}

export function readOAuthState(request: Request): OAuthState | undefined {
  const raw = readCookie(request.headers.get("Cookie"), OAUTH_COOKIE);
  const [state, codeVerifier, lang] = raw?.split(".") ?? [];
  if (!state || !codeVerifier || (lang !== "pt" && lang !== "en")) return undefined;
  return { state, codeVerifier, lang };
}

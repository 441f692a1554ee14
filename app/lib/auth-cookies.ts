/**
 * Cookies that pages read in the browser. Public pages are static files, so
 * the server tells them about sign-in state and one-time messages through
 * cookies that scripts may read; neither carries a secret, and the server
 * never trusts them (the session cookie itself stays HttpOnly).
 */
import type { Dictionary } from "~/i18n";

/** "1" while the browser holds a session: the head script shows Admin/Sair before first paint. */
export const SIGNED_IN_COOKIE = "signed_in";
/** A message to toast on the next page, set by a redirect and cleared once shown. */
export const FLASH_COOKIE = "flash";

export type AuthMessage = keyof Dictionary["auth"];

export interface Flash {
  type: "success" | "error";
  /** A message of the auth dictionary, shown in the page's language. */
  key: AuthMessage;
  /** A message from GitHub, shown as written instead of `key` when present. */
  text?: string;
}

/** The value of one cookie in a `Cookie` header or `document.cookie`. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1 || part.slice(0, index).trim() !== name) continue;
    return part.slice(index + 1).trim();
  }
  return undefined;
}

/** @example encodeFlash({ type: "error", key: "loginError" }) */
export function encodeFlash(flash: Flash): string {
  return encodeURIComponent(JSON.stringify(flash));
}

/** The flash of a cookie value, or undefined when it is missing or not one of ours. */
export function decodeFlash(value: string | undefined): Flash | undefined {
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(value));
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const { type, key, text } = parsed as Record<string, unknown>;
    if ((type !== "success" && type !== "error") || typeof key !== "string") return undefined;
    return { type, key: key as AuthMessage, ...(typeof text === "string" && text ? { text: text.slice(0, 300) } : {}) };
  } catch {
    return undefined;
  }
}

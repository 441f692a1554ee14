/**
 * The links in newsletter mails carry no stored secret: each is the
 * subscriber's id and an HMAC of it (and, for a confirmation, of the moment
 * that confirmation was sent), keyed by the site's secret (`CONTACT_SECRET`,
 * shared by every server). A forged link fails the HMAC; an older
 * confirmation link fails once a newer one was sent.
 */
import { timingSafeEqual } from "node:crypto";
import { keyedHash } from "../contact/secret.server.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// 128 bits of the HMAC: enough that guessing is hopeless, short enough for a tidy link.
const MAC_LENGTH = 22;

export type TokenPurpose = "confirm" | "unsubscribe";

function mac(secret: Buffer, purpose: TokenPurpose, id: string, issuedAt?: Date): string {
  const value = issuedAt ? `${id}\n${issuedAt.getTime()}` : id;
  return keyedHash(secret, `newsletter-${purpose}`, value).slice(0, MAC_LENGTH);
}

/** @example signToken(secret, "unsubscribe", subscriber.id) // "3f0c…-….Zk1b…" */
export function signToken(secret: Buffer, purpose: TokenPurpose, id: string, issuedAt?: Date): string {
  return `${id}.${mac(secret, purpose, id, issuedAt)}`;
}

/** The subscriber id a token names, before its HMAC is checked; undefined when it cannot be one. */
export function tokenSubscriberId(token: string | null | undefined): string | undefined {
  if (!token || token.length > 100) return undefined;
  const [id, signature, ...rest] = token.split(".");
  if (rest.length > 0 || !id || !signature || !UUID.test(id)) return undefined;
  return id;
}

/** Whether `token` was signed for this subscriber (and this confirmation's time). */
export function tokenMatches(
  secret: Buffer,
  purpose: TokenPurpose,
  token: string,
  id: string,
  issuedAt?: Date,
): boolean {
  const expected = Buffer.from(signToken(secret, purpose, id, issuedAt));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Sessions of our own, in the database. The browser holds a random token;
 * the database holds only its SHA-256, so reading the table gives nobody a
 * way in. Sessions last 30 days from their last use.
 */
import { createHash, randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { sessions, type User, users } from "../db/schema.ts";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// Renewing at most once a day keeps the sliding expiry from costing a write per request.
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

export interface ValidSession {
  user: User;
  expiresAt: Date;
  /** The expiry moved: the caller sends the cookie again with the new date. */
  renewed: boolean;
}

/** 32 random bytes, base64url: what the session cookie carries. */
export function generateSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** @example hashToken(token) // 64 hex characters, the sessions.id of that token */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Starts a session for the user; also sweeps sessions that have expired meanwhile. */
export async function createSession(db: Database, userId: string, now = new Date()) {
  const token = generateSessionToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await deleteExpiredSessions(db, now);
  await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** The session's user, or null when the token is unknown or expired (an expired one is deleted). */
export async function validateSession(db: Database, token: string, now = new Date()): Promise<ValidSession | null> {
  const id = hashToken(token);
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  if (expiresAt.getTime() - row.expiresAt.getTime() < RENEW_AFTER_MS) {
    return { user: row.user, expiresAt: row.expiresAt, renewed: false };
  }
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
  return { user: row.user, expiresAt, renewed: true };
}

export async function invalidateSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

/** Removes every session past its expiry; returns how many. */
export async function deleteExpiredSessions(db: Database, now = new Date()): Promise<number> {
  const deleted = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  return deleted.length;
}

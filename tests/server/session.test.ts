import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSession,
  deleteExpiredSessions,
  hashToken,
  invalidateSession,
  SESSION_TTL_MS,
  validateSession,
} from "../../app/server/auth/session.server.ts";
import { upsertGitHubUser } from "../../app/server/auth/users.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import { sessions } from "../../app/server/db/schema.ts";
import { limit } from "../harness/host-speed.ts";
import { engines, engineTitle } from "./helpers/databases.ts";

const DAY = 24 * 60 * 60 * 1000;

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`sessions on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    let userId: string;
    beforeAll(async () => {
      database = await engine.open();
      const user = await upsertGitHubUser(database.db, {
        githubId: 7,
        login: "ana-autora",
        name: null,
        avatarUrl: null,
        email: null,
      });
      userId = user.id;
    }, limit(60_000));
    afterAll(async () => {
      await database?.close();
    });

    it("stores only the SHA-256 of a 32-byte token, expiring in 30 days", async () => {
      const now = new Date();
      const { token, expiresAt } = await createSession(database.db, userId, now);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
      expect(expiresAt.getTime() - now.getTime()).toBe(SESSION_TTL_MS);
      const rows = await database.db.select().from(sessions).where(eq(sessions.userId, userId));
      expect(rows.map((row) => row.id)).toContain(hashToken(token));
      expect(rows.map((row) => row.id)).not.toContain(token);
    });

    it("recognises a valid token and its user, and nothing else", async () => {
      const { token } = await createSession(database.db, userId);
      expect((await validateSession(database.db, token))?.user.login).toBe("ana-autora");
      const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
      expect(await validateSession(database.db, forged)).toBeNull();
    });

    it("slides the expiry forward when used a day or more later", async () => {
      const start = new Date("2030-01-01T00:00:00Z");
      const { token } = await createSession(database.db, userId, start);
      const sameDay = await validateSession(database.db, token, new Date(start.getTime() + 60_000));
      expect(sameDay?.renewed).toBe(false);
      const later = new Date(start.getTime() + 10 * DAY);
      const renewed = await validateSession(database.db, token, later);
      expect(renewed?.renewed).toBe(true);
      expect(renewed?.expiresAt.getTime()).toBe(later.getTime() + SESSION_TTL_MS);
      // Used again 35 days after sign-in: alive only thanks to the renewal.
      expect(await validateSession(database.db, token, new Date(start.getTime() + 35 * DAY))).not.toBeNull();
    });

    it("rejects an expired session and deletes it", async () => {
      const start = new Date("2020-01-01T00:00:00Z");
      const { token } = await createSession(database.db, userId, start);
      const expired = new Date(start.getTime() + SESSION_TTL_MS + 1);
      expect(await validateSession(database.db, token, expired)).toBeNull();
      expect(
        await database.db
          .select()
          .from(sessions)
          .where(eq(sessions.id, hashToken(token))),
      ).toEqual([]);
    });

    it("sweeps expired sessions and keeps live ones, also whenever someone signs in", async () => {
      const live = await createSession(database.db, userId);
      const old = await createSession(database.db, userId, new Date("2000-01-01T00:00:00Z"));
      expect(await deleteExpiredSessions(database.db)).toBeGreaterThanOrEqual(1);
      const ids = async () => (await database.db.select().from(sessions)).map((row) => row.id);
      expect(await ids()).not.toContain(hashToken(old.token));
      expect(await ids()).toContain(hashToken(live.token));

      const older = await createSession(database.db, userId, new Date("2000-01-01T00:00:00Z"));
      await createSession(database.db, userId);
      expect(await ids()).not.toContain(hashToken(older.token));
    });

    it("ends a session on sign-out", async () => {
      const { token } = await createSession(database.db, userId);
      await invalidateSession(database.db, token);
      expect(await validateSession(database.db, token)).toBeNull();
    });
  });
}

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  claimDueMessages,
  MAX_ATTEMPTS,
  markDelivered,
  markFailed,
  renewClaim,
  retryDelayMs,
} from "../../app/server/contact/delivery.server.ts";
import {
  countUnread,
  deleteMessage,
  listMessages,
  markMessageRead,
  type NewMessage,
  storeMessage,
} from "../../app/server/contact/messages.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import { contactMessages } from "../../app/server/db/schema.ts";
import { limit } from "../harness/host-speed.ts";
import { engines, engineTitle } from "./helpers/databases.ts";

const message = (name: string, extra: Partial<NewMessage> = {}): NewMessage => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  message: `Olá, sou ${name}.`,
  lang: "pt",
  ipHash: "hash",
  deliver: false,
  ...extra,
});

const at = (iso: string) => new Date(iso);

describe("retryDelayMs", () => {
  it.each([
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [7, 1_920_000],
    [8, 3_600_000],
    [40, 3_600_000],
  ])("after %i failures waits %i ms", (attempts, delay) => {
    expect(retryDelayMs(attempts)).toBe(delay);
  });
});

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`contact messages on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    beforeAll(async () => {
      database = await engine.open();
    }, limit(60_000));
    afterAll(async () => {
      await database?.close();
    });
    beforeEach(async () => {
      await database.db.delete(contactMessages);
    });

    it("stores every field and lists the inbox newest first", async () => {
      const older = await storeMessage(database.db, message("Ana"), at("2026-03-01T10:00:00Z"));
      const newer = await storeMessage(
        database.db,
        message("Bruno", { lang: "en", ipHash: "other" }),
        at("2026-03-02T10:00:00Z"),
      );
      const listed = await listMessages(database.db);
      expect(listed.map((row) => row.id)).toEqual([newer.id, older.id]);
      expect(listed[0]).toMatchObject({
        name: "Bruno",
        email: "bruno@example.com",
        message: "Olá, sou Bruno.",
        lang: "en",
        ipHash: "other",
        readAt: null,
        deliveredAt: null,
        deliveryAttempts: 0,
        createdAt: at("2026-03-02T10:00:00Z"),
      });
    });

    it("plans an e-mail only when delivery is configured", async () => {
      const now = at("2026-03-01T10:00:00Z");
      const listed = await storeMessage(database.db, message("Ana"), now);
      const mailed = await storeMessage(database.db, message("Bruno", { deliver: true }), now);
      expect(listed.nextAttemptAt).toBeNull();
      expect(mailed.nextAttemptAt).toEqual(now);
    });

    it("counts unread messages and marks one read once, keeping the first reading time", async () => {
      const ana = await storeMessage(database.db, message("Ana"));
      await storeMessage(database.db, message("Bruno"));
      expect(await countUnread(database.db)).toBe(2);
      expect(await markMessageRead(database.db, ana.id, at("2026-03-03T09:00:00Z"))).toBe(true);
      expect(await markMessageRead(database.db, ana.id, at("2026-03-04T09:00:00Z"))).toBe(true);
      expect(await countUnread(database.db)).toBe(1);
      const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, ana.id));
      expect(row?.readAt).toEqual(at("2026-03-03T09:00:00Z"));
    });

    it("deletes a message, and says so only when it existed", async () => {
      const ana = await storeMessage(database.db, message("Ana"));
      expect(await deleteMessage(database.db, ana.id)).toBe(true);
      expect(await deleteMessage(database.db, ana.id)).toBe(false);
      expect(await listMessages(database.db)).toEqual([]);
    });

    it("treats ids that are not UUIDs as unknown instead of failing", async () => {
      expect(await markMessageRead(database.db, "1 OR 1=1")).toBe(false);
      expect(await deleteMessage(database.db, "")).toBe(false);
      expect(await markMessageRead(database.db, "00000000-0000-4000-8000-000000000000")).toBe(false);
    });

    it("claims due messages once, retries a failure later, and stops after the last attempt", async () => {
      const now = at("2026-03-01T10:00:00Z");
      const due = await storeMessage(database.db, message("Ana", { deliver: true }), now);
      await storeMessage(database.db, message("Bruno"), now);

      const [claimed, ...rest] = await claimDueMessages(database.db, now);
      expect(rest).toEqual([]);
      expect(claimed).toMatchObject({ id: due.id, deliveryAttempts: 1 });
      // Claimed: another worker asking at the same moment gets nothing.
      expect(await claimDueMessages(database.db, now)).toEqual([]);

      await markFailed(database.db, due.id, 1, "421 try later", now);
      expect(await claimDueMessages(database.db, new Date(now.getTime() + 29_000))).toEqual([]);
      const [retried] = await claimDueMessages(database.db, new Date(now.getTime() + 30_000));
      expect(retried).toMatchObject({ id: due.id, deliveryAttempts: 2, lastError: "421 try later" });

      await markFailed(database.db, due.id, MAX_ATTEMPTS, "550 no such user", now);
      const [gaveUp] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, due.id));
      expect(gaveUp).toMatchObject({ nextAttemptAt: null, deliveredAt: null, lastError: "550 no such user" });
      expect(await claimDueMessages(database.db, new Date(now.getTime() + 86_400_000))).toEqual([]);
      expect(await listMessages(database.db)).toHaveLength(2);
    });

    it("hands a claim whose worker died back after the lease", async () => {
      const now = at("2026-03-01T10:00:00Z");
      const due = await storeMessage(database.db, message("Ana", { deliver: true }), now);
      expect(await claimDueMessages(database.db, now)).toHaveLength(1);
      expect(await claimDueMessages(database.db, new Date(now.getTime() + 4 * 60_000))).toEqual([]);
      const [again] = await claimDueMessages(database.db, new Date(now.getTime() + 5 * 60_000));
      expect(again?.id).toBe(due.id);
      await markDelivered(database.db, due.id, now);
      expect(await claimDueMessages(database.db, new Date(now.getTime() + 86_400_000))).toEqual([]);
    });

    it("sends a claimed message only while the claim is still the worker's own", async () => {
      const now = at("2026-03-01T10:00:00Z");
      await storeMessage(database.db, message("Ana", { deliver: true }), now);
      const [slow] = await claimDueMessages(database.db, now);
      if (!slow) throw new Error("nothing claimed");
      // Just before its send, the claim is renewed: the message is the worker's for another lease.
      const renewed = await renewClaim(database.db, slow, new Date(now.getTime() + 60_000));
      expect(renewed?.nextAttemptAt).toEqual(new Date(now.getTime() + 6 * 60_000));
      // A worker that got to it too late (its lease ran out, another took it over) must not send it too.
      const [takenOver] = await claimDueMessages(database.db, new Date(now.getTime() + 6 * 60_000));
      expect(takenOver?.id).toBe(slow.id);
      expect(await renewClaim(database.db, renewed ?? slow, new Date(now.getTime() + 6 * 60_000))).toBeUndefined();
      expect(await renewClaim(database.db, takenOver ?? slow, new Date(now.getTime() + 6 * 60_000))).toBeDefined();
    });
  });
}

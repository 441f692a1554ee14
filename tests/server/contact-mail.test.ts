import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverDue, startDelivery } from "../../app/server/contact/delivery.server.ts";
import { smtpMailer } from "../../app/server/contact/mailer.server.ts";
import { listMessages, storeMessage } from "../../app/server/contact/messages.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import { contactMessages } from "../../app/server/db/schema.ts";
import type { SmtpSettings } from "../../app/server/mail/smtp.server.ts";
import { limit } from "../harness/host-speed.ts";
import { type SmtpSink, startSmtpSink } from "../harness/smtp-sink.ts";
import { engines, engineTitle } from "./helpers/databases.ts";

const NOW = new Date("2026-03-02T10:00:00Z");
const later = (ms: number) => () => new Date(NOW.getTime() + ms);

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`e-mailing contact messages on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    let smtp: SmtpSink;
    let settings: SmtpSettings;
    beforeAll(async () => {
      database = await engine.open();
      smtp = await startSmtpSink({ login: { user: "site", pass: "s3cret" } });
      settings = {
        host: "127.0.0.1",
        port: smtp.port,
        secure: false,
        auth: { user: "site", pass: "s3cret" },
        from: "site@rafaelwerneck.dev",
      };
    }, limit(60_000));
    afterAll(async () => {
      await smtp?.close();
      await database?.close();
    });
    beforeEach(async () => {
      await database.db.delete(contactMessages);
      smtp.received.length = 0;
      delete smtp.refuseAll.code;
    });

    const store = (name: string) =>
      storeMessage(
        database.db,
        {
          name,
          email: `${name.toLowerCase().replace(/\s+/g, ".")}@example.com`,
          message: `Hello from ${name}.\nSecond line.`,
          lang: "en",
          ipHash: "h",
          deliver: true,
        },
        NOW,
      );

    it("sends the message to the owner, signed in, with Reply-To set to the visitor", async () => {
      const stored = await store("Ana Lima");
      const mailer = smtpMailer(settings, "owner@rafaelwerneck.dev");
      try {
        expect(await deliverDue(database.db, mailer, later(0))).toBe(1);
      } finally {
        mailer.close();
      }
      const [mail, ...more] = smtp.received;
      expect(more).toEqual([]);
      expect(mail?.user).toBe("site");
      expect(mail?.from).toBe("site@rafaelwerneck.dev");
      expect(mail?.to).toEqual(["owner@rafaelwerneck.dev"]);
      expect(mail?.raw).toMatch(/^Reply-To: Ana Lima <ana\.lima@example\.com>$/m);
      expect(mail?.raw).toMatch(/^Subject: Nova mensagem de Ana Lima pelo site$/m);
      expect(mail?.raw).toMatch(new RegExp(`^Message-ID: <contact-${stored.id}@rafaelwerneck\\.dev>$`, "m"));
      expect(mail?.raw).toMatch(/^Hello from Ana Lima\.\r?\nSecond line\.\r?$/m);
      const [row] = await listMessages(database.db);
      expect(row).toMatchObject({ deliveredAt: NOW, nextAttemptAt: null, lastError: null, deliveryAttempts: 1 });
    });

    it("keeps the message when the server refuses, and sends it on a later retry", async () => {
      await store("Bruno");
      smtp.refuseAll.code = 451;
      const mailer = smtpMailer(settings, "owner@rafaelwerneck.dev");
      try {
        expect(await deliverDue(database.db, mailer, later(0))).toBe(0);
        const [failed] = await listMessages(database.db);
        expect(failed).toMatchObject({ name: "Bruno", deliveredAt: null, deliveryAttempts: 1 });
        expect(failed?.lastError).toContain("451");
        expect(failed?.nextAttemptAt).toEqual(later(30_000)());
        expect(smtp.received).toEqual([]);

        // Not yet due: nothing is tried, even though the server is back.
        delete smtp.refuseAll.code;
        expect(await deliverDue(database.db, mailer, later(10_000))).toBe(0);
        expect(smtp.received).toEqual([]);

        expect(await deliverDue(database.db, mailer, later(30_000))).toBe(1);
      } finally {
        mailer.close();
      }
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.raw).toContain("Hello from Bruno.");
      const [delivered] = await listMessages(database.db);
      expect(delivered).toMatchObject({ deliveredAt: later(30_000)(), deliveryAttempts: 2, lastError: null });
    });

    it("records an unreachable server as a failure without losing anything", async () => {
      await store("Carla");
      const closed = await startSmtpSink();
      await closed.close();
      const mailer = smtpMailer({ ...settings, port: closed.port }, "owner@rafaelwerneck.dev");
      try {
        expect(await deliverDue(database.db, mailer, later(0))).toBe(0);
      } finally {
        mailer.close();
      }
      const [row] = await listMessages(database.db);
      expect(row).toMatchObject({ name: "Carla", deliveredAt: null, deliveryAttempts: 1 });
      expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    });

    it("the worker sends a new message as soon as it is woken, and stops cleanly", async () => {
      const worker = startDelivery(database.db, smtpMailer(settings, "owner@rafaelwerneck.dev"), 60_000);
      try {
        await storeMessage(database.db, {
          name: "Davi",
          email: "davi@example.com",
          message: "Oi!",
          lang: "pt",
          ipHash: "h",
          deliver: true,
        });
        worker.wake();
        await expect.poll(() => smtp.received.length, { timeout: limit(10_000) }).toBe(1);
      } finally {
        await worker.stop();
      }
      await expect.poll(async () => (await listMessages(database.db))[0]?.deliveredAt).not.toBeNull();
    });
  });
}

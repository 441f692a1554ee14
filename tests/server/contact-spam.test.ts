import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RateLimiter } from "../../app/server/auth/rate-limit.server.ts";
import { listMessages } from "../../app/server/contact/messages.server.ts";
import { hashIp, loadContactSecret } from "../../app/server/contact/secret.server.ts";
import {
  checkFillTime,
  MIN_FILL_MS,
  STARTED_COOKIE,
  STARTED_MAX_AGE_MS,
  signStarted,
  startedCookieIfMissing,
  verifyStarted,
} from "../../app/server/contact/started.server.ts";
import { submitContactMessage } from "../../app/server/contact/submit.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import { contactMessages } from "../../app/server/db/schema.ts";
import type { AppServices } from "../../app/server/services.server.ts";
import { localDiskStorage } from "../../app/server/uploads/storage.server.ts";
import { limit } from "../harness/host-speed.ts";
import { engines, engineTitle } from "./helpers/databases.ts";

const secret = Buffer.alloc(32, 7);
const NOW = Date.parse("2026-03-02T10:00:00Z");
const startedLongAgo = `${STARTED_COOKIE}=${signStarted(secret, NOW - 60_000)}`;

describe("the fill-time cookie", () => {
  it("proves a start time only with the server's signature", () => {
    const value = signStarted(secret, NOW);
    expect(verifyStarted(secret, value, NOW + 1)).toBe(NOW);
    expect(verifyStarted(Buffer.alloc(32, 8), value, NOW + 1)).toBeUndefined();
    // Moving the time back to look patient breaks the signature.
    const [, signature] = value.split(".");
    expect(verifyStarted(secret, `${NOW - 60_000}.${signature}`, NOW)).toBeUndefined();
    for (const junk of ["", "abc", `${NOW}.`, `${NOW}.${"A".repeat(43)}`, `-1.${signature}`]) {
      expect(verifyStarted(secret, junk, NOW), junk).toBeUndefined();
    }
  });

  it("refuses start times from the future and stale ones", () => {
    expect(verifyStarted(secret, signStarted(secret, NOW + 60_000), NOW)).toBeUndefined();
    expect(verifyStarted(secret, signStarted(secret, NOW - STARTED_MAX_AGE_MS - 1), NOW)).toBeUndefined();
    expect(verifyStarted(secret, signStarted(secret, NOW - STARTED_MAX_AGE_MS + 1000), NOW)).toBe(
      NOW - STARTED_MAX_AGE_MS + 1000,
    );
  });

  it.each([
    [0, "too-fast"],
    [MIN_FILL_MS - 1, "too-fast"],
    [MIN_FILL_MS, "ok"],
    [10 * 60_000, "ok"],
  ] as const)("a post %i ms after the form was shown is %s", (elapsed, verdict) => {
    const cookie = `theme=dark; ${STARTED_COOKIE}=${signStarted(secret, NOW)}`;
    expect(checkFillTime(secret, cookie, NOW + elapsed)).toBe(verdict);
  });

  it("calls a missing cookie unproven, and the form's image issues one only when none is valid", () => {
    expect(checkFillTime(secret, null, NOW)).toBe("unproven");
    const issued = startedCookieIfMissing(secret, null, NOW, true);
    expect(issued).toMatch(new RegExp(`^${STARTED_COOKIE}=${NOW}\\.[\\w-]{43}; Path=/; Max-Age=86400;`));
    expect(issued).toContain("HttpOnly");
    expect(issued).toContain("Secure");
    // Reloading the page keeps the clock running from the first view.
    expect(startedCookieIfMissing(secret, startedLongAgo, NOW, false)).toBeUndefined();
  });
});

describe("the contact secret", () => {
  it("is created once in the data directory, private, and read back on the next start", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "contact-secret-"));
    try {
      const first = loadContactSecret(undefined, path.join(dir, "nested"));
      expect(first).toHaveLength(32);
      const file = path.join(dir, "nested", "contact-secret");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, "utf8")).toBe(first.toString("hex"));
      expect(loadContactSecret(undefined, path.join(dir, "nested"))).toEqual(first);
      expect(loadContactSecret("x".repeat(32), dir).toString()).toBe("x".repeat(32));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("hashes an IP address into something stable that is not the address", () => {
    expect(hashIp(secret, "203.0.113.9")).toBe(hashIp(secret, "203.0.113.9"));
    expect(hashIp(secret, "203.0.113.9")).not.toBe(hashIp(secret, "203.0.113.10"));
    expect(hashIp(secret, "203.0.113.9")).not.toBe(hashIp(Buffer.alloc(32, 1), "203.0.113.9"));
    expect(hashIp(secret, "203.0.113.9")).not.toContain("203");
  });
});

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`a contact post on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    let app: AppServices;
    let wakes = 0;
    beforeAll(async () => {
      database = await engine.open();
    }, limit(60_000));
    afterAll(async () => {
      await database?.close();
    });
    beforeEach(async () => {
      await database.db.delete(contactMessages);
      wakes = 0;
      app = {
        db: database.db,
        auth: { github: null, authorLogins: [], secureCookies: false, signInLimiter: new RateLimiter(1, 1) },
        uploads: localDiskStorage(path.join(tmpdir(), "contact-spam-unused")),
        contact: {
          secret,
          limiter: new RateLimiter(2, 60 * 60_000),
          delivery: { wake: () => wakes++ },
          to: "owner@example.com",
        },
      };
    });

    const post = (
      fields: Record<string, string>,
      options: { ip?: string; cookie?: string | null; lang?: "pt" | "en"; now?: number } = {},
    ) => {
      const form = new FormData();
      for (const [key, value] of Object.entries({ lang: "pt", ...fields })) form.set(key, value);
      return submitContactMessage(
        {
          form,
          lang: options.lang ?? "pt",
          ip: options.ip ?? "203.0.113.9",
          cookieHeader: options.cookie === undefined ? startedLongAgo : options.cookie,
        },
        app,
        options.now ?? NOW,
      );
    };
    const valid = { name: "Ana Lima", email: "ana@example.com", message: "Quero um site para a minha loja." };

    it("stores an accepted message with its language and a hash of the IP, then wakes the e-mail worker", async () => {
      const outcome = await post(valid, { lang: "en" });
      expect(outcome.status).toBe(200);
      expect(outcome.reply).toEqual({ ok: true });
      const [stored, ...others] = await listMessages(database.db);
      expect(others).toEqual([]);
      expect(stored).toMatchObject({ ...valid, lang: "en", ipHash: hashIp(secret, "203.0.113.9") });
      expect(stored?.nextAttemptAt).toEqual(new Date(NOW));
      expect(JSON.stringify(stored)).not.toContain("203.0.113.9");
      expect(wakes).toBe(1);
    });

    it("plans no e-mail when SMTP is off", async () => {
      app.contact = { secret, limiter: new RateLimiter(2, 60_000), delivery: null, to: "owner@example.com" };
      expect((await post(valid)).status).toBe(200);
      expect((await listMessages(database.db))[0]?.nextAttemptAt).toBeNull();
    });

    it("answers a filled honeypot like a success and stores nothing", async () => {
      const outcome = await post({ ...valid, website: "https://spam.example" }, { cookie: null });
      expect(outcome).toMatchObject({ status: 200, reply: { ok: true } });
      expect(await listMessages(database.db)).toEqual([]);
      expect(wakes).toBe(0);
    });

    it("refuses bad fields with per-field messages in the visitor's language and the typed text", async () => {
      const typed = { name: "Ana", email: "ana@localhost", message: "   " };
      const outcome = await post(typed, { lang: "en" });
      expect(outcome.status).toBe(400);
      expect(outcome.reply).toEqual({
        ok: false,
        message: "Fix the highlighted fields and send again.",
        fieldErrors: { email: "Enter a valid e-mail, such as you@example.com.", message: "Write your message." },
        values: typed,
      });
      expect(await listMessages(database.db)).toEqual([]);
    });

    it("refuses a post sent sooner than the minimum fill time, keeping the text", async () => {
      const cookie = `${STARTED_COOKIE}=${signStarted(secret, NOW - 1000)}`;
      const outcome = await post(valid, { cookie });
      expect(outcome.status).toBe(400);
      expect(outcome.reply).toEqual({
        ok: false,
        message: "Isso foi rápido demais. Aguarde alguns segundos e envie de novo.",
        values: valid,
      });
      // The clock keeps running from the first view: no new cookie.
      expect(outcome.headers.get("Set-Cookie")).toBeNull();
      expect((await post(valid, { cookie, now: NOW + 2000 })).status).toBe(200);
    });

    it("refuses a post without a valid start time and starts the clock, so waiting and resending works", async () => {
      for (const cookie of [null, `${STARTED_COOKIE}=${NOW - 60_000}.forged`]) {
        const outcome = await post(valid, { cookie });
        expect(outcome.status).toBe(400);
        expect(outcome.reply.ok).toBe(false);
        const issued = outcome.headers.get("Set-Cookie")?.split(";")[0] ?? "";
        expect(issued).toMatch(new RegExp(`^${STARTED_COOKIE}=${NOW}\\.`));
        expect((await post(valid, { cookie: issued, now: NOW + MIN_FILL_MS })).status).toBe(200);
        await database.db.delete(contactMessages);
      }
    });

    it("stores a message sent again (its first answer lost) once, answers it the same and does not count it", async () => {
      expect((await post(valid)).reply).toEqual({ ok: true });
      const again = await post(valid, { now: NOW + 5 * 60_000 });
      expect(again).toMatchObject({ status: 200, reply: { ok: true } });
      expect(await listMessages(database.db)).toHaveLength(1);
      expect(wakes).toBe(1);
      // Not counted: the limit of 2 still lets another message through.
      expect((await post({ ...valid, message: "Outra mensagem, outro assunto." })).status).toBe(200);
      // Another sender, or the same text after the resend window, is a new message.
      expect((await post(valid, { ip: "198.51.100.7" })).status).toBe(200);
      expect((await post(valid, { ip: "198.51.100.7", now: NOW + 11 * 60_000 })).status).toBe(200);
      expect(await listMessages(database.db)).toHaveLength(4);
    });

    it("limits messages per IP address, says when to try again, and lets other addresses through", async () => {
      expect((await post(valid)).status).toBe(200);
      expect((await post({ ...valid, message: `${valid.message} De novo.` })).status).toBe(200);
      const limited = await post({ ...valid, message: `${valid.message} Mais uma.` }, { now: NOW + 60_000 });
      expect(limited.status).toBe(429);
      expect(limited.headers.get("Retry-After")).toBe("3540");
      expect(limited.reply).toEqual({
        ok: false,
        message: "Você enviou muitas mensagens em pouco tempo. Tente de novo em 59 min.",
        values: { ...valid, message: `${valid.message} Mais uma.` },
      });
      expect((await post(valid, { ip: "198.51.100.7" })).status).toBe(200);
      expect(await listMessages(database.db)).toHaveLength(3);
      expect((await post(valid, { now: NOW + 60 * 60_000 })).status).toBe(200);
    });

    it("does not count refused posts against the limit", async () => {
      for (let i = 0; i < 5; i++) expect((await post({ ...valid, email: "nope" })).status).toBe(400);
      expect((await post(valid)).status).toBe(200);
    });
  });
}

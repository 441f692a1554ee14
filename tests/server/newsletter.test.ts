import { generateKeyPairSync } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { dkimVerify } from "mailauth/lib/dkim/verify.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RateLimiter } from "../../app/server/auth/rate-limit.server.ts";
import { createPost, updatePost } from "../../app/server/blog/posts.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import {
  blogs,
  newsletterMails,
  newsletterPosts,
  newsletterSettings,
  newsletterSubscribers,
  rateLimits,
} from "../../app/server/db/schema.ts";
import { pacer } from "../../app/server/newsletter/pace.server.ts";
import {
  confirmByToken,
  submitSubscription,
  subscriberForToken,
  unsubscribeByToken,
} from "../../app/server/newsletter/public.server.ts";
import {
  announcePosts,
  claimDueMails,
  digestSlot,
  markSent,
  saveDigestSettings,
} from "../../app/server/newsletter/queue.server.ts";
import { findSubscriber } from "../../app/server/newsletter/subscribers.server.ts";
import { signToken } from "../../app/server/newsletter/tokens.server.ts";
import { type DkimSettings, smtpTransport } from "../../app/server/newsletter/transport.server.ts";
import { type NewsletterWorkerOptions, newsletterRound } from "../../app/server/newsletter/worker.server.ts";
import type { AppServices } from "../../app/server/services.server.ts";
import { SITE_UTC_OFFSET_MINUTES } from "../../app/server/site-time.server.ts";
import { limit } from "../harness/host-speed.ts";
import { header, plainTextPart, readableText, startSmtpSink } from "../harness/smtp-sink.ts";
import { engines, engineTitle } from "./helpers/databases.ts";
import { postInput, saved, twoAuthors } from "./helpers/posts.ts";

const SECRET = Buffer.alloc(32, 7);
const PUBLIC_URL = "https://rafaelwerneck.dev";
const FROM = "blog@rafaelwerneck.dev";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`the newsletter on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
    let author: string;
    let clock: number;
    const now = () => new Date(clock);
    let app: AppServices;
    let woken = 0;

    const options = (extra: Partial<NewsletterWorkerOptions> = {}): NewsletterWorkerOptions => ({
      db: database.db,
      transport: smtpTransport({ host: "127.0.0.1", port: smtp.port, secure: false, auth: null, from: FROM }, null),
      pacer: pacer(database.db, { perSecond: 1000, perHour: 100_000 }),
      secret: SECRET,
      publicUrl: PUBLIC_URL,
      from: FROM,
      leaseMs: 60_000,
      batch: 10,
      now,
      ...extra,
    });
    /** One worker round with its own connection, closed after. */
    const round = async (extra: Partial<NewsletterWorkerOptions> = {}) => {
      const opts = options(extra);
      try {
        return await newsletterRound(opts);
      } finally {
        opts.transport.close();
      }
    };
    const form = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [key, value] of Object.entries(fields)) body.set(key, value);
      return body;
    };
    const subscribeAs = (email: string, lang: "pt" | "en", languages: string, frequency = "post", ip = "203.0.113.9") =>
      submitSubscription(form({ email, languages, frequency, source: "/blog" }), lang, ip, app, clock);
    /** The link a confirmation mail carries, as a path with its token. */
    const confirmationToken = (email: string) => {
      const text = readableText(smtp.to(email).at(-1));
      const match = /\/newsletter\/confirm\?token=([\w.%-]+)/.exec(text);
      if (!match?.[1]) throw new Error(`no confirmation link in the mail to ${email}:\n${text}`);
      return decodeURIComponent(match[1]);
    };
    const confirmed = async (email: string, lang: "pt" | "en", languages: string, frequency = "post") => {
      await subscribeAs(email, lang, languages, frequency);
      await round();
      await confirmByToken(confirmationToken(email), app, clock);
    };
    const publish = async (slug: string, lang: "pt" | "en", extra: Parameters<typeof postInput>[1] = {}) =>
      saved(await createPost(database.db, author, postInput(slug, { lang, published: true, ...extra })));

    beforeAll(async () => {
      database = await engine.open();
      smtp = await startSmtpSink();
      author = (await twoAuthors(database.db)).ana;
    }, limit(60_000));
    afterAll(async () => {
      await smtp?.close();
      await database?.close();
    });
    beforeEach(async () => {
      const { db } = database;
      await db.delete(newsletterMails);
      await db.delete(newsletterSubscribers);
      await db.delete(newsletterPosts);
      await db.delete(blogs);
      await db.delete(rateLimits);
      await db.update(newsletterSettings).set({ lastDigestSlot: null, digestWeekday: 1, digestHour: 9 });
      smtp.received.length = 0;
      smtp.refuse.clear();
      // A minute ahead of the database's clock, so a post published now is public at the worker's time.
      clock = Date.now() + 60_000;
      woken = 0;
      const limiter = { consume: () => ({ allowed: true, retryAfterMs: 0 }) };
      app = {
        db,
        newsletter: {
          secret: SECRET,
          limiter,
          worker: {
            wake: () => {
              woken += 1;
            },
          },
          sendTest: null,
        },
      } as unknown as AppServices;
    });

    it("answers the same for a new, a pending and a subscribed address, and mails one confirmation in the reader's language", async () => {
      const first = await subscribeAs("Ana@Example.com", "en", "both");
      expect(first).toEqual({ status: 200, reply: { ok: true } });
      expect(woken).toBe(1);
      await round();
      const [mail, ...more] = smtp.to("ana@example.com");
      expect(more).toEqual([]);
      expect(header(mail, "Subject")).toBe("Confirm your newsletter subscription");
      expect(header(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      expect(header(mail, "List-Unsubscribe")).toMatch(
        /^<https:\/\/rafaelwerneck\.dev\/en\/newsletter\/unsubscribe\?token=[\w.%-]+>, <mailto:blog@rafaelwerneck\.dev\?subject=unsubscribe%20[\w.%-]+>$/,
      );
      expect(readableText(mail)).toContain("https://rafaelwerneck.dev/en/newsletter/confirm?token=");

      // Again while pending, and once confirmed: the same answer, and no second mail.
      expect(await subscribeAs("ana@example.com", "en", "both")).toEqual(first);
      await confirmByToken(confirmationToken("ana@example.com"), app, clock);
      expect(await subscribeAs("ana@example.com", "pt", "pt")).toEqual(first);
      await round();
      expect(smtp.to("ana@example.com")).toHaveLength(1);
      const [row] = await database.db.select().from(newsletterSubscribers);
      expect(row).toMatchObject({
        email: "ana@example.com",
        langs: ["en", "pt"],
        status: "confirmed",
        source: "/blog",
      });
    });

    it("a confirmation's plain text has its way out with its link, and its footer says what will happen, in both languages", async () => {
      for (const [email, lang, why, cancel, privacy] of [
        [
          "pt@example.com",
          "pt",
          "Você receberá os novos posts do blog de Rafael Werneck neste endereço se confirmar a inscrição; se não pediu, ignore este e-mail.",
          "Cancelar o pedido de inscrição: https://rafaelwerneck.dev/newsletter/unsubscribe?token=",
          "Privacidade: https://rafaelwerneck.dev/privacidade",
        ],
        [
          "en@example.com",
          "en",
          "You will receive the new posts of Rafael Werneck's blog at this address if you confirm the subscription; if you did not ask for it, ignore this e-mail.",
          "Cancel the subscription request: https://rafaelwerneck.dev/en/newsletter/unsubscribe?token=",
          "Privacy: https://rafaelwerneck.dev/en/privacy",
        ],
      ] as const) {
        await subscribeAs(email, lang, lang);
        await round();
        const mail = smtp.to(email).at(-1);
        const text = plainTextPart(mail);
        const lines = text.split(/\r?\n/);
        // The footer, after the signature separator: what will happen, then the way out and its link.
        const footer = lines.slice(lines.indexOf("-- ") + 1);
        expect(footer[0]).toBe(why);
        expect(footer[1]).toMatch(new RegExp(`^${cancel.replace(/[.?]/g, "\\$&")}[\\w.%-]+$`));
        expect(footer[2]).toBe(privacy);
        // The link is the one of the List-Unsubscribe header, the HTML part's too; nothing says the reader subscribed.
        const link = footer[1]?.slice(footer[1].indexOf("https://")) ?? "";
        expect(header(mail, "List-Unsubscribe")).toContain(`<${link}>`);
        expect(readableText(mail)).toContain(`href="${link}"`);
        expect(readableText(mail)).not.toMatch(/se inscreveu|you subscribed/);
      }
    });

    it("refuses a malformed address in the reader's language, keeping what was typed", async () => {
      const answer = await submitSubscription(
        form({ email: "ana@", languages: "pt", frequency: "weekly" }),
        "pt",
        "203.0.113.9",
        app,
        clock,
      );
      expect(answer.status).toBe(400);
      expect(answer.reply).toMatchObject({
        ok: false,
        fieldError: "Digite um e-mail válido, como voce@exemplo.com.",
        values: { email: "ana@", languages: "pt", frequency: "weekly" },
      });
      expect(await database.db.select().from(newsletterSubscribers)).toEqual([]);
    });

    it("refuses a flood of subscriptions from one client with 429, in the reader's language", async () => {
      const limited = {
        ...app,
        newsletter: { ...app.newsletter, limiter: new RateLimiter(2, 60 * 60 * 1000, "newsletter") },
      } as AppServices;
      const send = (email: string) =>
        submitSubscription(form({ email, languages: "en" }), "en", "198.51.100.7", limited, clock);
      expect((await send("one@example.com")).status).toBe(200);
      expect((await send("two@example.com")).status).toBe(200);
      const refused = await send("three@example.com");
      expect(refused.status).toBe(429);
      expect(refused.reply).toMatchObject({
        ok: false,
        message: "Too many subscriptions from your connection in a short time. Try again in 60 min.",
        values: { email: "three@example.com" },
      });
      expect(refused.reply.ok === false && refused.reply.retryAfterSeconds).toBe(3600);
      const stored = await database.db.select().from(newsletterSubscribers);
      expect(stored.map((row) => row.email).sort()).toEqual(["one@example.com", "two@example.com"]);
      // Another client is not refused.
      expect(
        (await submitSubscription(form({ email: "four@example.com" }), "en", "198.51.100.8", limited, clock)).status,
      ).toBe(200);
    });

    it("confirms only by the button's POST: reading the link changes nothing; forged, replaced and week-old links do nothing", async () => {
      await subscribeAs("bia@example.com", "pt", "pt");
      await round();
      const token = confirmationToken("bia@example.com");
      // What the GET of the link does: it reads, and the reader is still pending.
      expect((await subscriberForToken("confirm", token, app, clock))?.status).toBe("pending");
      const [pending] = await database.db.select().from(newsletterSubscribers);
      expect(pending?.status).toBe("pending");

      const [id = ""] = token.split(".");
      expect(await confirmByToken(`${id}.AAAAAAAAAAAAAAAAAAAAAA`, app, clock)).toBeUndefined();
      expect(await confirmByToken(signToken(SECRET, "unsubscribe", id), app, clock)).toBeUndefined();
      expect(await confirmByToken("not-a-token", app, clock)).toBeUndefined();
      expect(await confirmByToken(token, app, clock + 7 * DAY + 1)).toBeUndefined();
      expect((await findSubscriber(database.db, id))?.status).toBe("pending");

      // Never confirmed: a day after the link expired, nothing is kept of the address.
      await round({ now: () => new Date(clock + 8 * DAY + 1) });
      expect(await findSubscriber(database.db, id)).toBeUndefined();
      await subscribeAs("bia@example.com", "pt", "pt");
      await round();
      const again = confirmationToken("bia@example.com");
      expect(await confirmByToken(token, app, clock)).toBeUndefined();
      const [newId = ""] = again.split(".");
      expect((await confirmByToken(again, app, clock))?.email).toBe("bia@example.com");
      expect((await confirmByToken(again, app, clock))?.email).toBe("bia@example.com");
      expect((await findSubscriber(database.db, newId))?.status).toBe("confirmed");
      // A confirmed reader is never forgotten that way.
      await round({ now: () => new Date(clock + 30 * DAY) });
      expect((await findSubscriber(database.db, newId))?.status).toBe("confirmed");
    });

    it("confirming twice is harmless", async () => {
      await subscribeAs("bia@example.com", "pt", "pt");
      await round();
      const token = confirmationToken("bia@example.com");
      const [id = ""] = token.split(".");
      expect((await confirmByToken(token, app, clock))?.email).toBe("bia@example.com");
      expect((await findSubscriber(database.db, id))?.status).toBe("confirmed");
    });

    it("mails a published post once to each confirmed reader of its language, in its language; a reader of both gets a post and its translation once", async () => {
      await confirmed("pt@example.com", "pt", "pt");
      await confirmed("en@example.com", "en", "en");
      await confirmed("both@example.com", "en", "both");
      await subscribeAs("pending@example.com", "pt", "pt");
      await round();
      smtp.received.length = 0;

      const pt = await publish("ola", "pt", { title: "Olá, <mundo> & cia", excerpt: "Um resumo." });
      expect((await round()).sent).toBe(2);
      expect(smtp.to("pt@example.com").map((mail) => header(mail, "Subject"))).toEqual(["Olá, <mundo> & cia"]);
      expect(smtp.to("both@example.com").map((mail) => header(mail, "Subject"))).toEqual(["Olá, <mundo> & cia"]);
      expect(smtp.to("en@example.com")).toEqual([]);
      expect(smtp.to("pending@example.com")).toEqual([]);
      const mail = smtp.to("pt@example.com")[0];
      const text = readableText(mail);
      expect(text).toContain("https://rafaelwerneck.dev/blog/ola");
      expect(text).toContain("Um resumo.");
      expect(text).toContain("Olá, &lt;mundo&gt; &amp; cia");
      // The HTML escapes what came from the post (the plain text part carries it as written).
      expect(text.slice(text.indexOf("<!DOCTYPE"))).not.toContain("<mundo>");
      expect(header(mail, "List-Id")).toBe("Blog de Rafael Werneck <newsletter.rafaelwerneck.dev>");

      // The translation, published later: its language's readers get it, the reader of both does not again.
      await publish("hello", "en", { translationOf: pt.id });
      expect((await round()).sent).toBe(1);
      expect(smtp.to("en@example.com").map((mail) => readableText(mail).includes("/en/blog/hello"))).toEqual([true]);
      expect(smtp.to("both@example.com")).toHaveLength(1);

      // Edited, unpublished and published again: nothing more.
      const current = (await database.db.select().from(blogs).where(eq(blogs.id, pt.id)))[0];
      if (!current) throw new Error("the post is gone");
      saved(
        await updatePost(
          database.db,
          author,
          pt.id,
          postInput("ola", { published: false, title: "Olá de novo" }),
          current.updatedAt,
        ),
      );
      const unpublished = (await database.db.select().from(blogs).where(eq(blogs.id, pt.id)))[0];
      saved(
        await updatePost(
          database.db,
          author,
          pt.id,
          postInput("ola", { published: true, title: "Olá de novo" }),
          unpublished?.updatedAt ?? new Date(),
        ),
      );
      expect((await round()).sent).toBe(0);
      expect(smtp.received).toHaveLength(3);
    });

    it("a reader of both languages gets their first language when both versions are public at the time of sending", async () => {
      await confirmed("both@example.com", "en", "both");
      smtp.received.length = 0;
      const pt = await publish("dois", "pt");
      await publish("two", "en", { translationOf: pt.id });
      await round();
      const [mail, ...more] = smtp.to("both@example.com");
      expect(more).toEqual([]);
      expect(header(mail, "Subject")).toBe("Title two");
    });

    it("sends nothing more after a one-click unsubscribe, not even what was already queued", async () => {
      await confirmed("leaver@example.com", "pt", "pt");
      await confirmed("stayer@example.com", "pt", "pt");
      smtp.received.length = 0;
      await publish("fila", "pt");
      // The mails are queued and one server claimed them; the reader leaves before their turn.
      await announcePosts(database.db, now());
      const subscriber = (
        await database.db
          .select()
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.email, "leaver@example.com"))
      )[0];
      if (!subscriber) throw new Error("no subscriber");
      await unsubscribeByToken(signToken(SECRET, "unsubscribe", subscriber.id), app, clock);
      await round();
      expect(smtp.to("leaver@example.com")).toEqual([]);
      expect(smtp.to("stayer@example.com")).toHaveLength(1);
      await publish("depois", "pt");
      await round();
      expect(smtp.to("leaver@example.com")).toEqual([]);
      expect(smtp.to("stayer@example.com")).toHaveLength(2);
    });

    it("suppresses an address refused for good at once, retries a temporary refusal for 72 hours, and waits out a server that is down", async () => {
      await confirmed("gone@example.com", "pt", "pt");
      await confirmed("full@example.com", "pt", "pt");
      smtp.received.length = 0;
      smtp.refuse.set("gone@example.com", 550);
      smtp.refuse.set("full@example.com", 452);
      await publish("recusa", "pt");
      await round();
      const status = async (email: string) =>
        (await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]
          ?.status;
      expect(await status("gone@example.com")).toBe("suppressed");
      expect(await status("full@example.com")).toBe("confirmed");

      // Still refused a day later: tried again, still subscribed; after 72 hours of it, suppressed.
      clock += DAY;
      await round();
      expect(await status("full@example.com")).toBe("confirmed");
      clock += 3 * DAY;
      await round();
      expect(await status("full@example.com")).toBe("suppressed");
      expect(smtp.received).toEqual([]);

      // A suppressed address subscribing anew gets a confirmation, and mail again once confirmed.
      smtp.refuse.clear();
      await confirmed("gone@example.com", "pt", "pt");
      expect(await status("gone@example.com")).toBe("confirmed");

      // The site's own mail server down: the mail waits, the reader stays subscribed.
      smtp.received.length = 0;
      await publish("fora-do-ar", "pt");
      await round({
        transport: smtpTransport({ host: "127.0.0.1", port: 1, secure: false, auth: null, from: FROM }, null),
      });
      expect(await status("gone@example.com")).toBe("confirmed");
      clock += HOUR;
      await round();
      expect(smtp.to("gone@example.com")).toHaveLength(1);
    });

    it("records a mail as sent even when its post was deleted while it was on its way", async () => {
      await confirmed("late@example.com", "pt", "pt");
      const post = await publish("apagado", "pt");
      await announcePosts(database.db, now());
      const [mail] = await claimDueMails(database.db, now(), 10, 60_000);
      if (!mail) throw new Error("no mail queued");
      await database.db.delete(blogs).where(eq(blogs.id, post.id));
      await markSent(database.db, mail, now(), { postId: post.id, lang: "pt" });
      const [row] = await database.db.select().from(newsletterMails).where(eq(newsletterMails.id, mail.id));
      expect(row).toMatchObject({ deliveredAt: now(), postId: null, nextAttemptAt: null });
    });

    it("keeps to the sending rate: over it, the rest of the mails wait for the next second", async () => {
      for (const name of ["a", "b", "c", "d", "e"]) await confirmed(`${name}@example.com`, "pt", "pt");
      smtp.received.length = 0;
      await publish("ritmo", "pt");
      const slow = { pacer: pacer(database.db, { perSecond: 2, perHour: 1000 }) };
      // A second of its own: the confirmations above counted in the one before.
      clock += 1000;
      // The clock stands still, so the second never ends: two go, the round stops and says when to resume.
      const first = await round(slow);
      expect(first.sent).toBe(2);
      expect(first.resumeInMs).toBeGreaterThan(0);
      expect(first.resumeInMs).toBeLessThanOrEqual(1000);
      clock += 1000;
      expect((await round(slow)).sent).toBe(2);
      clock += 1000;
      expect((await round(slow)).sent).toBe(1);
      expect(new Set(smtp.received.flatMap((mail) => mail.to)).size).toBe(5);
    });

    it("queues a weekly digest once per slot, only for readers with something new in their languages", async () => {
      await confirmed("weekly-pt@example.com", "pt", "pt", "weekly");
      await confirmed("weekly-en@example.com", "en", "en", "weekly");
      smtp.received.length = 0;
      await publish("semana", "pt", { title: "Post da semana" });
      await round();
      expect(smtp.received).toEqual([]);
      // The slot after now, at the next hour of Recife's clock (after 23:00, the next day's midnight): the digest
      // goes out at its hour, once.
      const nextHour = new Date(clock + SITE_UTC_OFFSET_MINUTES * 60_000 + HOUR);
      const settings = { weekday: nextHour.getUTCDay(), hour: nextHour.getUTCHours() };
      await saveDigestSettings(database.db, settings);
      const slot = digestSlot(new Date(clock + HOUR), settings.weekday, settings.hour);
      expect(slot.getTime()).toBeGreaterThan(clock);
      clock = slot.getTime() + 1000;
      await round();
      await round();
      expect(smtp.to("weekly-pt@example.com").map((mail) => header(mail, "Subject"))).toEqual([
        "Os posts da semana no blog de Rafael Werneck",
      ]);
      expect(readableText(smtp.to("weekly-pt@example.com")[0])).toContain("Post da semana");
      expect(smtp.to("weekly-en@example.com")).toEqual([]);
    });

    it("every recipient gets one mail when two servers send the same post at once", async () => {
      const readers = Array.from({ length: 40 }, (_, index) => `reader${index}@example.com`);
      for (const email of readers) await subscribeAs(email, "pt", "pt");
      await database.db.update(newsletterSubscribers).set({ status: "confirmed", confirmedAt: now() });
      await database.db.delete(newsletterMails);
      await publish("juntos", "pt");
      await Promise.all([round({ batch: 5 }), round({ batch: 5 })]);
      expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([...readers].sort());
      const open = await claimDueMails(database.db, new Date(clock + HOUR), 100, 1000);
      expect(open).toEqual([]);
    });

    it(
      "sends a post to 400 readers in claims of one batch at most, each once",
      async () => {
        // The bounded version of `npm run bench:newsletter` (10,000 readers, memory measured): rows are read a
        // batch at a time, so what a send holds does not grow with the list.
        const readers = 400;
        await database.db.execute(
          sql`insert into newsletter_subscribers (email, langs, frequency, status, source, confirm_sent_at, confirmed_at)
          select 'many' || n || '@example.com', array['pt'], 'post', 'confirmed', '/blog', now(), now()
          from generate_series(1, ${readers}) as n`,
        );
        await publish("muitos", "pt");
        // Before each mail, how many rows are claimed and not yet sent: at most one batch, however many readers.
        const held: number[] = [];
        const transport = smtpTransport(
          { host: "127.0.0.1", port: smtp.port, secure: false, auth: null, from: FROM },
          null,
        );
        const counting = {
          async send(mail: Parameters<typeof transport.send>[0]) {
            const [row] = await database.db
              .select({ value: sql<number>`count(*)::int` })
              .from(newsletterMails)
              .where(sql`delivered_at is null and failed_at is null and attempts > 0`);
            held.push(row?.value ?? 0);
            return transport.send(mail);
          },
          close: () => transport.close(),
        };
        const fast = pacer(database.db, { perSecond: 100_000, perHour: 1_000_000 });
        const { sent } = await round({ transport: counting, pacer: fast, batch: 50 });
        expect(sent).toBe(readers);
        expect(Math.max(...held)).toBeLessThanOrEqual(50);
        expect(Math.max(...held)).toBeGreaterThan(1);
        expect(new Set(smtp.received.map((mail) => mail.to[0])).size).toBe(readers);
      },
      limit(120_000),
    );

    it("signs both unsubscribe headers with DKIM, as an independent verifier checks", async () => {
      const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      const dkim: DkimSettings = {
        domain: "rafaelwerneck.dev",
        selector: "news",
        privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      };
      await subscribeAs("signed@example.com", "pt", "pt");
      await round({
        transport: smtpTransport({ host: "127.0.0.1", port: smtp.port, secure: false, auth: null, from: FROM }, dkim),
      });
      const [mail] = smtp.to("signed@example.com");
      const key = publicKey.export({ type: "spki", format: "der" }).toString("base64");
      const result = await dkimVerify(mail?.bytes ?? Buffer.alloc(0), {
        resolver: async (name: string, type: string) => {
          if (name === "news._domainkey.rafaelwerneck.dev" && type === "TXT") return [[`v=DKIM1; k=rsa; p=${key}`]];
          throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
        },
      });
      const [signature] = result.results;
      expect(signature?.status.result).toBe("pass");
      const signed = (signature?.signingHeaders?.keys ?? "").toLowerCase().split(/\s*:\s*/);
      expect(signed).toEqual(expect.arrayContaining(["list-unsubscribe", "list-unsubscribe-post", "list-id"]));
    });
  });
}

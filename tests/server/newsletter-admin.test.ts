import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { en } from "../../app/i18n/en.ts";
import { pt } from "../../app/i18n/pt.ts";
import { createPost } from "../../app/server/blog/posts.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import { type Blog, blogs, newsletterMails, newsletterSubscribers } from "../../app/server/db/schema.ts";
import {
  CSV_COLUMNS,
  csvCell,
  subscriberAdminAction,
  subscribersCsv,
  wholeIn,
} from "../../app/server/newsletter/admin.server.ts";
import { readDigestSettings, saveDigestSettings } from "../../app/server/newsletter/queue.server.ts";
import { findSubscriber } from "../../app/server/newsletter/subscribers.server.ts";
import { limit } from "../harness/host-speed.ts";
import { engines, engineTitle } from "./helpers/databases.ts";
import { postInput, saved, twoAuthors } from "./helpers/posts.ts";

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
};

const noTest = { sendTest: null, to: "me@example.com" };

describe("a CSV cell", () => {
  it("stays as it is when nothing in it needs quoting", () => {
    expect(csvCell("ana@example.com")).toBe("ana@example.com");
    expect(csvCell("/en/blog/bot-discord")).toBe("/en/blog/bot-discord");
    expect(csvCell("")).toBe("");
  });

  it("is quoted, quotes doubled, when it holds a comma, a quote or a line break", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("one\ntwo")).toBe('"one\ntwo"');
    expect(csvCell("one\r\ntwo")).toBe('"one\r\ntwo"');
  });

  it("never starts with what a spreadsheet reads as a formula", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+55 81")).toBe("'+55 81");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    // Only the first character counts.
    expect(csvCell("a=b")).toBe("a=b");
  });
});

describe("a whole number in a form", () => {
  it("is read within its range and refused otherwise", () => {
    expect(wholeIn("0", 0, 6)).toBe(0);
    expect(wholeIn(" 6 ", 0, 6)).toBe(6);
    for (const value of ["7", "-1", "1.5", "1e1", "", "abc", "0x1", "007"])
      expect(wholeIn(value, 0, 6), value).toBe(undefined);
    expect(wholeIn(null, 0, 6)).toBe(undefined);
    expect(wholeIn(new File([], "x"), 0, 6)).toBe(undefined);
  });
});

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`the subscribers' admin on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    let author: string;

    const subscriber = (email: string, extra: Partial<typeof newsletterSubscribers.$inferInsert> = {}) =>
      database.db
        .insert(newsletterSubscribers)
        .values({
          email,
          langs: ["pt"],
          frequency: "post",
          status: "confirmed",
          source: "/blog",
          confirmSentAt: new Date("2026-01-01T00:00:00Z"),
          confirmedAt: new Date("2026-01-01T00:05:00Z"),
          createdAt: new Date("2026-01-01T00:00:00Z"),
          ...extra,
        })
        .returning()
        .then((rows) => rows[0] as typeof newsletterSubscribers.$inferSelect);
    const csv = (pageSize?: number) => new Response(subscribersCsv(database.db, pageSize)).text();

    beforeAll(async () => {
      database = await engine.open();
      author = (await twoAuthors(database.db)).ana;
    }, limit(60_000));
    afterAll(async () => {
      await database?.close();
    });
    beforeEach(async () => {
      await database.db.delete(newsletterMails);
      await database.db.delete(newsletterSubscribers);
      await database.db.delete(blogs);
      await saveDigestSettings(database.db, { weekday: 1, hour: 9 });
    });

    it("exports a header row alone when nobody subscribed", async () => {
      expect(await csv()).toBe(`${CSV_COLUMNS.join(",")}\r\n`);
      expect(CSV_COLUMNS.join(",")).toBe("email,status,languages,frequency,source,confirmed_at,created_at");
    });

    it("exports every subscriber once, by address, a page at a time, with hostile text made harmless", async () => {
      await subscriber("e@example.com", { status: "pending", confirmedAt: null, langs: ["en", "pt"] });
      await subscriber("a@example.com", { source: "=cmd|' /C calc'!A0", frequency: "weekly" });
      await subscriber("c@example.com", { status: "unsubscribed", source: '/blog/"quoted",post' });
      await subscriber("b@example.com", { status: "suppressed", source: "@import" });
      await subscriber("d@example.com", { source: "-1+1", langs: ["en"] });

      // Two rows a page: the header, then three pages, each its own chunk, read only as the stream is read.
      const reader = subscribersCsv(database.db, 2).getReader();
      const chunks: string[] = [];
      const decoder = new TextDecoder();
      for (let read = await reader.read(); !read.done; read = await reader.read())
        chunks.push(decoder.decode(read.value));
      expect(chunks.map((chunk) => chunk.split("\r\n").length - 1)).toEqual([1, 2, 2, 1]);

      const text = chunks.join("");
      expect(text).toBe(await csv(500));
      expect(text.split("\r\n")).toEqual([
        "email,status,languages,frequency,source,confirmed_at,created_at",
        "a@example.com,confirmed,pt,weekly,'=cmd|' /C calc'!A0,2026-01-01T00:05:00.000Z,2026-01-01T00:00:00.000Z",
        "b@example.com,suppressed,pt,post,'@import,2026-01-01T00:05:00.000Z,2026-01-01T00:00:00.000Z",
        'c@example.com,unsubscribed,pt,post,"/blog/""quoted"",post",2026-01-01T00:05:00.000Z,2026-01-01T00:00:00.000Z',
        "d@example.com,confirmed,en,post,'-1+1,2026-01-01T00:05:00.000Z,2026-01-01T00:00:00.000Z",
        "e@example.com,pending,en pt,post,/blog,,2026-01-01T00:00:00.000Z",
        "",
      ]);
    });

    it("ends after a full last page too", async () => {
      for (const email of ["a@x.dev", "b@x.dev", "c@x.dev", "d@x.dev"]) await subscriber(email);
      const rows = (await csv(2)).trimEnd().split("\r\n").slice(1);
      expect(rows.map((row) => row.split(",")[0])).toEqual(["a@x.dev", "b@x.dev", "c@x.dev", "d@x.dev"]);
    });

    it("saves the digest's day and hour, and refuses others with the field named, in the author's language", async () => {
      const saved = await subscriberAdminAction(
        database.db,
        form({ intent: "digest", weekday: "0", hour: "23" }),
        pt.admin.subscribers,
        noTest,
      );
      expect(saved).toEqual({
        status: 200,
        body: { ok: true, intent: "digest", message: "Resumo salvo: domingo, 23h." },
      });
      expect(await readDigestSettings(database.db)).toEqual({ weekday: 0, hour: 23 });

      const english = await subscriberAdminAction(
        database.db,
        form({ intent: "digest", weekday: "5", hour: "7" }),
        en.admin.subscribers,
        noTest,
      );
      expect(english.body.message).toBe("Digest saved: Friday, 7:00.");

      for (const [weekday, hour, field] of [
        ["7", "9", "weekday"],
        ["-1", "9", "weekday"],
        ["", "9", "weekday"],
        ["1", "24", "hour"],
        ["1", "9.5", "hour"],
        ["1", "", "hour"],
      ] as const) {
        const refused = await subscriberAdminAction(
          database.db,
          form({ intent: "digest", weekday, hour }),
          pt.admin.subscribers,
          noTest,
        );
        expect(refused.status, `${weekday} ${hour}`).toBe(400);
        expect(refused.body).toEqual({
          ok: false,
          intent: "digest",
          field,
          message: field === "weekday" ? "Escolha um dia da semana da lista." : "Escolha uma hora de 0 a 23.",
        });
      }
      expect(await readDigestSettings(database.db)).toEqual({ weekday: 5, hour: 7 });
    });

    it("deletes a subscriber with every mail to them, and says an unknown or malformed id is not there", async () => {
      const ana = await subscriber("ana@example.com");
      const bia = await subscriber("bia@example.com");
      await database.db
        .insert(newsletterMails)
        .values({ subscriberId: ana.id, kind: "confirm", issue: "confirm:1", lang: "pt", deliveredAt: new Date() });

      const deleted = await subscriberAdminAction(
        database.db,
        form({ intent: "delete", id: ana.id }),
        pt.admin.subscribers,
        noTest,
      );
      expect(deleted).toEqual({
        status: 200,
        body: { ok: true, intent: "delete", message: "ana@example.com foi apagado." },
      });
      expect(await findSubscriber(database.db, ana.id)).toBeUndefined();
      expect(await database.db.select().from(newsletterMails)).toEqual([]);
      expect(await findSubscriber(database.db, bia.id)).toBeDefined();

      for (const id of [ana.id, "not-an-id", "", "00000000-0000-4000-8000-000000000000'; drop table blogs; --"]) {
        const refused = await subscriberAdminAction(
          database.db,
          form({ intent: "delete", id }),
          en.admin.subscribers,
          noTest,
        );
        expect(refused, id).toEqual({
          status: 404,
          body: {
            ok: false,
            intent: "delete",
            field: "id",
            message: "This subscriber no longer exists: it may have been deleted already.",
          },
        });
      }
    });

    it("sends the latest public post as a test, and says why when it cannot", async () => {
      const sent: { to: string; post: Blog }[] = [];
      const test = { sendTest: async (to: string, post: Blog) => void sent.push({ to, post }), to: "me@example.com" };
      const action = (mail: typeof test | typeof noTest) =>
        subscriberAdminAction(database.db, form({ intent: "test" }), pt.admin.subscribers, mail);

      expect(await action(noTest)).toEqual({
        status: 409,
        body: { ok: false, intent: "test", message: pt.admin.subscribers.testOff },
      });
      expect(await action(test)).toEqual({
        status: 409,
        body: { ok: false, intent: "test", message: "Publique um post antes de enviar um teste." },
      });

      const DAY = 24 * 60 * 60 * 1000;
      const publish = async (slug: string, lang: "pt" | "en", daysAgo: number) =>
        saved(
          await createPost(
            database.db,
            author,
            postInput(slug, { lang, published: true, scheduledAt: new Date(Date.now() - daysAgo * DAY) }),
          ),
        );
      await publish("older", "pt", 2);
      await publish("newer", "en", 1);
      // Scheduled for tomorrow: not public yet, so not the latest.
      await publish("scheduled", "pt", -1);
      await createPost(database.db, author, postInput("draft", { lang: "pt" }));

      expect(await action(test)).toEqual({
        status: 200,
        body: { ok: true, intent: "test", message: "Teste enviado para me@example.com." },
      });
      expect(sent.map(({ to, post }) => [to, post.slug])).toEqual([["me@example.com", "newer"]]);

      const failing = {
        sendTest: () => Promise.reject(new Error("535 Authentication failed")),
        to: "me@example.com",
      };
      expect(await subscriberAdminAction(database.db, form({ intent: "test" }), en.admin.subscribers, failing)).toEqual(
        {
          status: 502,
          body: { ok: false, intent: "test", message: "The test was not sent: 535 Authentication failed" },
        },
      );
    });

    it("refuses an unknown intent", async () => {
      expect(await subscriberAdminAction(database.db, form({ intent: "drop" }), pt.admin.subscribers, noTest)).toEqual({
        status: 400,
        body: { ok: false, intent: "drop", message: "Ação desconhecida." },
      });
    });
  });
}

/**
 * The fediverse's storage on each engine: Fedify's key-value store over the
 * database (expiry, compare-and-set, listing by prefix), an import that is
 * never announced, and the author's mail about waiting responses, grouped,
 * at most once an hour.
 */
import { Temporal } from "@js-temporal/polyfill";
import { eq } from "drizzle-orm";
import type { SendMailOptions } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import { blogs, fediverseActivities, fediversePosts } from "../../app/server/db/schema.ts";
import { createSiteFederation } from "../../app/server/fediverse/federation.server.ts";
import { DatabaseKvStore } from "../../app/server/fediverse/kv.server.ts";
import { federationStartedAt } from "../../app/server/fediverse/publication.server.ts";
import { fediverseRound } from "../../app/server/fediverse/worker.server.ts";
import { saveResponse } from "../../app/server/responses/responses.server.ts";
import { limit } from "../harness/host-speed.ts";
import { engines, engineTitle } from "./helpers/databases.ts";
import { twoAuthors } from "./helpers/posts.ts";

/** A time to live, as Fedify passes it (its types name the standard Temporal). */
const ttl = (seconds: number) => Temporal.Duration.from({ seconds }) as never;

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`the fediverse's storage on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    let author: string;

    beforeAll(async () => {
      database = await engine.open();
      author = (await twoAuthors(database.db)).ana;
    }, limit(60_000));
    afterAll(async () => {
      await database?.close();
    });

    it("keeps Fedify's keys and values, forgets them when they expire, and lists them by prefix", async () => {
      const kv = new DatabaseKvStore(database.db);
      await kv.set(["a", "b"], { n: 1 });
      await kv.set(["a", "b", "c"], "deeper");
      await kv.set(["a", "bc"], "not under a/b");
      await kv.set(["gone"], 1, { ttl: ttl(-1) });
      expect(await kv.get(["a", "b"])).toEqual({ n: 1 });
      expect(await kv.get(["gone"])).toBeUndefined();
      const listed = [];
      for await (const entry of kv.list(["a", "b"])) listed.push(entry.key);
      // In no particular order: the key itself and the keys under it, not ["a", "bc"].
      expect(listed).toHaveLength(2);
      expect(listed).toEqual(
        expect.arrayContaining([
          ["a", "b"],
          ["a", "b", "c"],
        ]),
      );
      expect(await kv.cas(["a", "b"], { n: 2 }, { n: 3 })).toBe(false);
      expect(await kv.cas(["a", "b"], { n: 1 }, { n: 3 })).toBe(true);
      expect(await kv.cas(["new"], undefined, "first")).toBe(true);
      expect(await kv.cas(["new"], undefined, "second")).toBe(false);
      await kv.delete(["a", "b"]);
      expect(await kv.get(["a", "b"])).toBeUndefined();
    });

    it("never announces a post published before federation began, as an import's are", async () => {
      const started = await federationStartedAt(database.db);
      const before = new Date(started.getTime() - 30 * 86_400_000);
      await database.db.insert(blogs).values({
        title: "Imported",
        slug: "imported",
        content: "From another blog.",
        authorId: author,
        published: true,
        publishedAt: before,
        lang: "en",
      });
      const federation = createSiteFederation({
        db: database.db,
        origin: "http://127.0.0.1:9",
        allowPrivate: true,
        wake: () => undefined,
      });
      await fediverseRound({
        db: database.db,
        federation,
        origin: "http://127.0.0.1:9",
        allowPrivate: true,
        leaseMs: 1000,
      });
      expect(await database.db.select().from(fediversePosts)).toEqual([]);
      expect(await database.db.select().from(fediverseActivities)).toEqual([]);
    });

    it("names the old and the new addresses of a moved blog, and sends each account's Move once", async () => {
      const origin = "http://127.0.0.1:9";
      const federation = createSiteFederation({
        db: database.db,
        origin,
        allowPrivate: true,
        previousOrigin: "https://old.example",
        movedTo: "https://new.example",
        wake: () => undefined,
      });
      const actor = (await (
        await federation.fetch(
          new Request(`${origin}/fediverse/blog.en`, { headers: { Accept: "application/activity+json" } }),
          {
            contextData: {},
          },
        )
      ).json()) as Record<string, unknown>;
      expect(actor.alsoKnownAs).toEqual("https://old.example/fediverse/blog.en");
      expect(actor.movedTo).toBe("https://new.example/fediverse/blog.en");
      const options = {
        db: database.db,
        federation,
        origin,
        allowPrivate: true,
        leaseMs: 1000,
        movedTo: "https://new.example",
      };
      await fediverseRound(options);
      await fediverseRound(options);
      const moves = await database.db.select().from(fediverseActivities).where(eq(fediverseActivities.type, "Move"));
      expect(moves.map((move) => move.lang).sort()).toEqual(["en", "pt"]);
      expect(JSON.parse(moves[0]?.body ?? "{}")).toMatchObject({
        type: "Move",
        target: expect.stringMatching(/^https:\/\/new\.example\/fediverse\/blog/),
      });
    });

    it("mails the author the responses waiting, grouped, at most once an hour", async () => {
      const [post] = await database.db
        .insert(blogs)
        .values({
          title: "Com respostas",
          slug: "com-respostas",
          content: "Texto.",
          authorId: author,
          published: true,
          lang: "pt",
        })
        .returning({ id: blogs.id });
      const postId = post?.id ?? "";
      const sent: SendMailOptions[] = [];
      const transport = { send: async (mail: SendMailOptions) => void sent.push(mail), close: () => undefined };
      const origin = "http://127.0.0.1:9";
      const federation = createSiteFederation({ db: database.db, origin, allowPrivate: true, wake: () => undefined });
      let clock = Date.now();
      const round = () =>
        fediverseRound({
          db: database.db,
          federation,
          origin,
          allowPrivate: true,
          leaseMs: 1000,
          mail: { transport, from: "site@example.com", to: "author@example.com" },
          now: () => new Date(clock),
        });
      const remote = (n: number) => ({
        postId,
        authorHandle: `@r${n}@social.example`,
        sourceUrl: `https://social.example/${n}`,
      });
      await saveResponse(database.db, { kind: "reply", ...remote(1), contentHtml: "<p>Oi</p>" });
      await saveResponse(database.db, { kind: "like", ...remote(2) });
      await round();
      expect(sent).toHaveLength(1);
      expect(sent[0]?.subject).toBe("2 respostas esperando moderação");
      expect(String(sent[0]?.text)).toMatch(/Resposta de @r1@social\.example em “Com respostas”/);
      expect(String(sent[0]?.text)).toMatch(/Curtida de @r2@social\.example/);
      // Another response within the hour waits for the next slot.
      await saveResponse(database.db, { kind: "announce", ...remote(3) });
      clock += 30 * 60_000;
      await round();
      expect(sent).toHaveLength(1);
      clock += 31 * 60_000;
      await round();
      expect(sent).toHaveLength(2);
      expect(sent[1]?.subject).toBe("1 resposta esperando moderação");
      expect(String(sent[1]?.text)).not.toContain("@r1@");
    });
  });
}

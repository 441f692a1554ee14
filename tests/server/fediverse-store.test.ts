/**
 * The fediverse's storage on each engine: Fedify's key-value store over the
 * database (expiry, compare-and-set, listing by prefix), an import that is
 * never announced, the author's mail about waiting responses, grouped,
 * at most once an hour, what is finished forgotten after a month (delivery
 * and mention records, cached remote keys), and the responses and mentions stored before
 * migration 0016 (which let a response answer a static article) kept as
 * they were.
 */
import { exportJwk } from "@fedify/fedify";
import { Temporal } from "@js-temporal/polyfill";
import { eq, sql } from "drizzle-orm";
import type { SendMailOptions } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertGitHubUser } from "../../app/server/auth/users.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import {
  blogs,
  fediverseActivities,
  fediverseDeliveries,
  fediverseKeys,
  fediverseKv,
  fediversePosts,
  webmentionsReceived,
} from "../../app/server/db/schema.ts";
import { FinishedRecords, FORGET_AFTER_MS, forgetFinished } from "../../app/server/fediverse/expiry.server.ts";
import { federationStartedAt } from "../../app/server/fediverse/federated-posts.server.ts";
import { createSiteFederation } from "../../app/server/fediverse/federation.server.ts";
import { actorKeyPairs } from "../../app/server/fediverse/keys.server.ts";
import { DatabaseKvStore } from "../../app/server/fediverse/kv.server.ts";
import { fediverseRound } from "../../app/server/fediverse/worker.server.ts";
import { approvedResponses, listResponses, saveResponse } from "../../app/server/responses/responses.server.ts";
import { limit } from "../harness/host-speed.ts";
import { acrossMigration, engines, engineTitle } from "./helpers/databases.ts";
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

    it(
      "keeps the responses and mentions stored before static articles took responses, each with its post",
      () =>
        acrossMigration(
          engine,
          "0016_static_article_responses",
          async (db) => {
            const profile = { name: null, avatarUrl: null, email: null };
            const author = (await upsertGitHubUser(db, { ...profile, githubId: 7, login: "old" })).id;
            // The tables as they were then: the schema of today names columns this migration adds.
            await db.execute(sql`
              with post as (
                insert into blogs (author_id, content, slug, title, published, published_at, lang)
                values (${author}, 'Texto.', 'antigo', 'Um post antigo', true, now(), 'pt') returning id
              ), reply as (
                insert into responses (kind, post_id, source_url, author_name, content_html, status)
                select 'reply', id, 'https://remote.example/notes/1', 'Alice', '<p>Oi</p>', 'approved' from post
              )
              insert into webmentions_received (source, target, post_id)
              select 'https://other.example/a', 'https://site.example/blog/antigo', id from post`);
          },
          async (db) => {
            const [listed] = await listResponses(db);
            expect(listed).toMatchObject({
              kind: "reply",
              postTitle: "Um post antigo",
              postSlug: "antigo",
              postLang: "pt",
              articleId: null,
              articleLang: null,
              status: "approved",
            });
            const shown = await approvedResponses(db, { postId: listed?.postId ?? "" });
            expect(shown.replies.map((reply) => reply.contentHtml)).toEqual(["<p>Oi</p>"]);
            const mentions = await db.execute(sql`select post_id, article_id from webmentions_received`);
            expect((mentions as { rows: unknown[] }).rows).toEqual([{ post_id: listed?.postId, article_id: null }]);
            // A response must name exactly one of a post or a static article in a language.
            await expect(
              db.execute(sql`insert into responses (kind, source_url, article_id) values ('like', 'x', 'bot-discord')`),
            ).rejects.toThrow();
          },
        ),
      limit(60_000),
    );

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

    it("forgets finished deliveries, mentions' records and cached remote keys after a month, and nothing else", async () => {
      const now = new Date();
      const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
      const [post] = await database.db
        .insert(blogs)
        .values({
          title: "Mencionado",
          slug: "mencionado",
          content: "x",
          authorId: author,
          published: true,
          lang: "pt",
        })
        .returning();
      const activity = async (createdAt: Date) =>
        (
          await database.db
            .insert(fediverseActivities)
            .values({ lang: "pt", type: "Create", body: "{}", createdAt })
            .returning()
        )[0]?.id ?? "";
      const old = await activity(ago(40));
      const failedOld = await activity(ago(40));
      const recent = await activity(ago(2));
      // Old, and no delivery at all (no follower then): forgotten too.
      await activity(ago(31));
      await database.db.insert(fediverseDeliveries).values([
        { activityId: old, inbox: "https://a.example/inbox", deliveredAt: ago(31) },
        { activityId: old, inbox: "https://b.example/inbox", nextAttemptAt: now },
        { activityId: failedOld, inbox: "https://c.example/inbox", failedAt: ago(31) },
        { activityId: recent, inbox: "https://a.example/inbox", deliveredAt: ago(2) },
      ]);
      await database.db.insert(webmentionsReceived).values([
        {
          source: "https://m.example/old",
          target: "t",
          postId: post?.id ?? "",
          receivedAt: ago(40),
          verifiedAt: ago(31),
        },
        {
          source: "https://m.example/due",
          target: "t",
          postId: post?.id ?? "",
          receivedAt: ago(40),
          nextAttemptAt: now,
        },
        {
          source: "https://m.example/new",
          target: "t",
          postId: post?.id ?? "",
          receivedAt: ago(3),
          verifiedAt: ago(3),
        },
      ]);
      const kv = new DatabaseKvStore(database.db);
      await kv.set(["_fedify", "publicKey", "https://a.example/users/x#main-key"], { key: 1 });
      // Past its end at `now`, however long the rows above took to write on a busy host.
      await kv.set(["_fedify", "activityIdempotence", "https://a.example/1"], true, { ttl: ttl(-3600) });
      await kv.set(["site", "moved"], "claimed");
      await kv.set(["fedify", "not-a-cache"], 1);

      const finished = new FinishedRecords();
      // The expired idempotence entry, and any other test's expired entries.
      const forgotten = await finished.round(database.db, now);
      expect(forgotten).toMatchObject({ deliveries: 2, activities: 2, mentions: 1 });
      expect(forgotten?.cached).toBeGreaterThanOrEqual(1);
      // Once an hour on a server.
      expect(await finished.round(database.db, new Date(now.getTime() + 60_000))).toBeUndefined();
      const left = await database.db.select().from(fediverseDeliveries);
      expect(left.map((row) => row.inbox).sort()).toEqual(["https://a.example/inbox", "https://b.example/inbox"]);
      expect((await database.db.select().from(fediverseActivities)).map((row) => row.id).sort()).toEqual(
        [old, recent].sort(),
      );
      expect((await database.db.select().from(webmentionsReceived)).map((row) => row.source).sort()).toEqual([
        "https://m.example/due",
        "https://m.example/new",
      ]);
      // A cached key is kept for a month from the sweep that first saw it; the site's own entries are not caches.
      expect(await kv.get(["_fedify", "publicKey", "https://a.example/users/x#main-key"])).toEqual({ key: 1 });
      const later = await forgetFinished(database.db, new Date(now.getTime() + FORGET_AFTER_MS + 1_000));
      expect(later.cached).toBe(1);
      expect(await kv.get(["_fedify", "publicKey", "https://a.example/users/x#main-key"])).toBeUndefined();
      expect(await kv.get(["site", "moved"])).toBe("claimed");
      expect(await kv.get(["fedify", "not-a-cache"])).toBe(1);
      const keys = (await database.db.select().from(fediverseKv)).map((row) => row.key);
      expect(keys).toEqual(
        expect.arrayContaining([JSON.stringify(["fedify", "not-a-cache"]), JSON.stringify(["site", "moved"])]),
      );
      expect(keys.filter((key) => key.startsWith('["_fedify"'))).toEqual([]);
      await database.db.delete(fediverseKv);
      await database.db.delete(fediverseDeliveries);
      await database.db.delete(fediverseActivities);
      await database.db.delete(blogs).where(eq(blogs.id, post?.id ?? ""));
    });

    it("never announces a post published before federation began, as an import's are, nor loads the federation for it", async () => {
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
      let made = 0;
      const options = {
        db: database.db,
        federation: async () => {
          made += 1;
          return federation;
        },
        origin: "http://127.0.0.1:9",
        allowPrivate: true,
        leaseMs: 1000,
      };
      await fediverseRound(options);
      expect(await database.db.select().from(fediversePosts)).toEqual([]);
      expect(await database.db.select().from(fediverseActivities)).toEqual([]);
      // Nothing to send: the round did not ask for the federation, so a quiet server never loads Fedify.
      expect(made).toBe(0);
      // A post published now is: its Create is made through the federation, and queued.
      const [fresh] = await database.db
        .insert(blogs)
        .values({
          title: "New",
          slug: "new-here",
          content: "Just written.",
          authorId: author,
          published: true,
          lang: "en",
        })
        .returning();
      await fediverseRound(options);
      expect(made).toBeGreaterThan(0);
      expect((await database.db.select().from(fediverseActivities)).map((row) => [row.type, row.postId])).toEqual([
        ["Create", fresh?.id],
      ]);
      await database.db.delete(fediverseActivities);
      await database.db.delete(fediversePosts);
      await database.db.delete(blogs).where(eq(blogs.id, fresh?.id ?? ""));
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
        federation: async () => federation,
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
          federation: async () => federation,
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

    it("signs for each database with the keys stored in it, in a process that opens two", async () => {
      const other = await engine.open();
      try {
        const storedKeys = async (db: OpenDatabase["db"]) =>
          (
            await db.select().from(fediverseKeys).where(eq(fediverseKeys.lang, "pt")).orderBy(fediverseKeys.algorithm)
          ).map((row) => row.publicJwk);
        const published = async (db: OpenDatabase["db"]) =>
          Promise.all(
            (await actorKeyPairs(db, "pt")).map(async (pair) => JSON.stringify(await exportJwk(pair.publicKey))),
          );
        const first = await published(database.db);
        const second = await published(other.db);
        // Each database made and keeps its own pairs, and each is signed for with them.
        expect(second).not.toEqual(first);
        for (const [db, keys] of [
          [database.db, first],
          [other.db, second],
        ] as const)
          expect([...keys].sort()).toEqual([...(await storedKeys(db))].sort());
        expect(await published(database.db)).toEqual(first);
      } finally {
        await other.close();
      }
    });
  });
}

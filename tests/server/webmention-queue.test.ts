/**
 * The webmention queues on both databases: which versions of which posts
 * are mentioned, the worker sending them to another site on loopback, and
 * received mentions verified against that site's pages (stored pending,
 * removed when the link or the page goes), with sources too large, too slow
 * or blocked refused while the queue goes on.
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPost, updatePost } from "../../app/server/blog/posts.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import { blogs, responses, webmentionPosts, webmentionSends, webmentionsReceived } from "../../app/server/db/schema.ts";
import { servicesContext } from "../../app/server/request-context.server.ts";
import { block } from "../../app/server/responses/responses.server.ts";
import { type AppServices, webmentionsEnabled } from "../../app/server/services.server.ts";
import { queueNewVersions, queueReceived, queueWithdrawals } from "../../app/server/webmention/queue.server.ts";
import { type WebmentionWorkerOptions, webmentionRound } from "../../app/server/webmention/worker.server.ts";
import { limit } from "../harness/host-speed.ts";
import { mentionPage, type OtherSite, serveOtherSite } from "../helpers/webmention-pages.ts";
import { engines, engineTitle } from "./helpers/databases.ts";
import { postInput, saved, twoAuthors } from "./helpers/posts.ts";

const SITE = "https://site.example";

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`webmentions on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    let author: string;
    let other: OtherSite;
    let options: WebmentionWorkerOptions;

    beforeAll(async () => {
      database = await engine.open();
      author = (await twoAuthors(database.db)).ana;
      other = await serveOtherSite();
      options = {
        db: database.db,
        publicUrl: SITE,
        limits: {
          timeoutMs: limit(1_500),
          maxBytes: 256 * 1024,
          maxRedirects: 3,
          allowPrivate: true,
          userAgent: "Webmention (+https://site.example)",
        },
        leaseMs: 60_000,
        batch: 10,
      };
    }, limit(60_000));

    afterAll(async () => {
      await other?.close();
      await database?.close();
    });

    beforeEach(async () => {
      await database.db.delete(blogs);
      await database.db.delete(webmentionsReceived);
    });

    const publish = async (slug: string, content: string) =>
      saved(await createPost(database.db, author, postInput(slug, { content, published: true })));

    const sends = () => database.db.select().from(webmentionSends);

    it("a published post queues each external page it links to once, on every server together", async () => {
      const post = await publish(
        "links",
        `[a](${other.origin}/a) [b](${other.origin}/b#part) [again](${other.origin}/a) [own](${SITE}/blog/other) [mail](mailto:x@y.z) ![an image, not a page](${other.origin}/c.png)`,
      );
      const [first, second] = await Promise.all([
        queueNewVersions(database.db, SITE),
        queueNewVersions(database.db, SITE),
      ]);
      expect((first ?? 0) + (second ?? 0)).toBe(2);
      expect((await sends()).map((row) => row.target).sort()).toEqual([`${other.origin}/a`, `${other.origin}/b`]);
      expect(new Set((await sends()).map((row) => row.source))).toEqual(new Set([`${SITE}/blog/links`]));
      expect(await queueNewVersions(database.db, SITE)).toBe(0);
      const [recorded] = await database.db.select().from(webmentionPosts).where(eq(webmentionPosts.postId, post.id));
      expect(recorded?.version.getTime()).toBe(post.publishedAt?.getTime());
    });

    it("a draft queues nothing, a scheduled post only once its time came", async () => {
      await createPost(database.db, author, postInput("draft", { content: `[a](${other.origin}/a)` }));
      const at = new Date(Date.now() + 3_600_000);
      await createPost(database.db, author, postInput("later", { content: `[a](${other.origin}/a)`, scheduledAt: at }));
      expect(await queueNewVersions(database.db, SITE)).toBe(0);
      expect(await queueNewVersions(database.db, SITE, new Date(at.getTime() + 1_000))).toBe(1);
    });

    it("an edit of the published text mentions every page again, a link it removed too", async () => {
      const post = await publish("edited", `[a](${other.origin}/a) [b](${other.origin}/b)`);
      await queueNewVersions(database.db, SITE);
      await database.db.update(webmentionSends).set({ sentAt: new Date(), nextAttemptAt: null });
      const updated = await updatePost(
        database.db,
        author,
        post.id,
        postInput("edited", { content: `[b](${other.origin}/b) [c](${other.origin}/c)`, published: true }),
        post.updatedAt,
      );
      expect(updated.status).toBe("saved");
      expect(await queueNewVersions(database.db, SITE)).toBe(3);
      const rows = await sends();
      expect(rows.map((row) => row.target).sort()).toEqual(["/a", "/b", "/c"].map((path) => other.origin + path));
      expect(rows.every((row) => row.sentAt === null && row.nextAttemptAt !== null)).toBe(true);
    });

    it("a post taken from readers mentions again the pages that were told, and again when it is back", async () => {
      const post = await publish("withdrawn", `[a](${other.origin}/a) [b](${other.origin}/b)`);
      await queueNewVersions(database.db, SITE);
      // The first page took the mention, the second had no endpoint.
      await database.db
        .update(webmentionSends)
        .set({ sentAt: new Date(), nextAttemptAt: null })
        .where(eq(webmentionSends.target, `${other.origin}/a`));
      await database.db
        .update(webmentionSends)
        .set({ failedAt: new Date(), nextAttemptAt: null })
        .where(eq(webmentionSends.target, `${other.origin}/b`));
      await database.db.update(blogs).set({ deletedAt: new Date() }).where(eq(blogs.id, post.id));
      const [first, second] = await Promise.all([queueWithdrawals(database.db), queueWithdrawals(database.db)]);
      expect((first ?? 0) + (second ?? 0)).toBe(1);
      const pending = (await sends()).filter((row) => row.sentAt === null && row.failedAt === null);
      expect(pending.map((row) => row.target)).toEqual([`${other.origin}/a`]);
      expect(await queueWithdrawals(database.db)).toBe(0);
      // Back from the trash, a week and more after it was first published: told again all the same.
      await database.db
        .update(blogs)
        .set({ deletedAt: null, publishedAt: new Date(Date.now() - 30 * 86_400_000) })
        .where(eq(blogs.id, post.id));
      expect(await queueNewVersions(database.db, SITE)).toBe(2);
    });

    it("a version first seen more than a week late (an imported archive) is recorded and sends nothing", async () => {
      const post = await publish("archived", `[a](${other.origin}/a)`);
      await database.db
        .update(blogs)
        .set({ publishedAt: new Date(Date.now() - 30 * 86_400_000) })
        .where(eq(blogs.id, post.id));
      expect(await queueNewVersions(database.db, SITE)).toBe(0);
      expect(await database.db.select().from(webmentionPosts)).toHaveLength(1);
      expect(await sends()).toEqual([]);
    });

    it("the worker sends to the endpoint a page advertises, and gives up on a page without one", async () => {
      other.set("/with-endpoint", { headers: { Link: "</endpoint?from=test>; rel=webmention" }, body: "<p>x</p>" });
      other.set("/without", { body: "<p>no endpoint here</p>" });
      other.set("POST /endpoint?from=test", { status: 201 });
      await publish("sending", `[one](${other.origin}/with-endpoint) [two](${other.origin}/without)`);
      const before = other.posts.length;
      const round = await webmentionRound(options);
      expect(round).toMatchObject({ queued: 2, sent: 1 });
      expect(other.posts.slice(before)).toEqual([
        { path: "/endpoint?from=test", source: `${SITE}/blog/sending`, target: `${other.origin}/with-endpoint` },
      ]);
      const rows = await sends();
      const sent = rows.find((row) => row.target.endsWith("/with-endpoint"));
      expect(sent).toMatchObject({ status: 201, endpoint: `${other.origin}/endpoint?from=test`, failedAt: null });
      expect(sent?.sentAt).toBeInstanceOf(Date);
      const without = rows.find((row) => row.target.endsWith("/without"));
      expect(without).toMatchObject({ sentAt: null, lastError: "no webmention endpoint", nextAttemptAt: null });
    });

    const mentionOf = async (slug: string, source: string) => {
      const post = await publish(slug, "Texto.");
      await database.db.insert(webmentionPosts).values({ postId: post.id, version: new Date(), source: "" });
      const target = `${SITE}/blog/${slug}`;
      await queueReceived(database.db, { source, target, postId: post.id });
      return { post, target };
    };

    const stored = () => database.db.select().from(responses).where(eq(responses.kind, "webmention"));
    const outcomes = async () =>
      Object.fromEntries(
        (await database.db.select().from(webmentionsReceived)).map((row) => [row.source, row.outcome]),
      );

    it("a mention whose source links to the post is stored pending, with the entry's title and author as text", async () => {
      const source = `${other.origin}/reply`;
      const { post, target } = await mentionOf("mentioned", source);
      other.set("/reply", {
        body: mentionPage(target, {
          title: "Re: the post<script>alert(1)</script>",
          author: "Bia <b>Lima</b>",
          photo: "/bia.png",
          text: "<script>steal()</script>Nice",
        }),
      });
      expect(await webmentionRound(options)).toMatchObject({ stored: 1 });
      const [row] = await stored();
      expect(row).toMatchObject({
        postId: post.id,
        sourceUrl: source,
        targetUrl: target,
        status: "pending",
        title: "Re: the post",
        authorName: "Bia Lima",
        authorAvatar: `${other.origin}/bia.png`,
        instance: "127.0.0.1",
      });
      expect(row?.contentHtml).toBe("<p>Nice about this post.</p>");
      expect(row?.verifiedAt).toBeInstanceOf(Date);

      // Sent again without the link: removed. With it again, back; then the page gone (410): removed.
      other.set("/reply", { body: mentionPage(undefined, { title: "Changed" }) });
      await queueReceived(database.db, { source, target, postId: post.id });
      await webmentionRound(options);
      expect(await stored()).toEqual([]);
      expect(await outcomes()).toEqual({ [source]: "no-link" });
      other.set("/reply", { body: mentionPage(target, { title: "Back" }) });
      await queueReceived(database.db, { source, target, postId: post.id });
      await webmentionRound(options);
      expect((await stored()).map((response) => response.title)).toEqual(["Back"]);
      other.set("/reply", { status: 410, body: "gone" });
      await queueReceived(database.db, { source, target, postId: post.id });
      await webmentionRound(options);
      expect(await stored()).toEqual([]);
      expect(await outcomes()).toEqual({ [source]: "gone" });
    });

    it("a source too large, one that never answers, or a blocked site stores nothing, and the queue goes on", async () => {
      const huge = `${other.origin}/huge`;
      const silent = `${other.origin}/silent`;
      const fine = `${other.origin}/fine`;
      other.set("/huge", { bytes: 2 * 1024 * 1024 });
      other.set("/silent", { hang: true });
      const { post, target } = await mentionOf("bad-sources", huge);
      await queueReceived(database.db, { source: silent, target, postId: post.id });
      await queueReceived(database.db, { source: fine, target, postId: post.id });
      other.set("/fine", { body: mentionPage(target, { title: "Fine" }) });
      await webmentionRound(options);
      expect((await stored()).map((row) => row.title)).toEqual(["Fine"]);
      expect(await outcomes()).toEqual({ [huge]: "refused", [silent]: "unreachable", [fine]: "linked" });
      const [waiting] = await database.db
        .select()
        .from(webmentionsReceived)
        .where(eq(webmentionsReceived.source, silent));
      // The one that did not answer is tried again later; the others are done.
      expect(waiting?.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now());

      await block(database.db, "instance", "127.0.0.1");
      expect(await stored()).toEqual([]);
      await queueReceived(database.db, { source: fine, target, postId: post.id });
      await webmentionRound(options);
      expect(await stored()).toEqual([]);
      expect((await outcomes())[fine]).toBe("blocked");
    });
  });
}

describe("webmentions turned off (FEDERATION=off)", () => {
  it("the endpoint answers 404 where it would have answered, and post pages name none", async () => {
    const { action } = await import("../../app/routes/webmention.ts");
    const limiter = { consume: () => ({ allowed: true, retryAfterMs: 0 }) };
    // A target of another site is refused before the database is read.
    const ask = (app: AppServices) =>
      action({
        context: new RouterContextProvider(new Map([[servicesContext, app]])),
        request: new Request(`${SITE}/webmention`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ source: "https://a.example/x", target: "https://b.example/blog/x" }).toString(),
        }),
      } as never);
    const on = { db: {}, webmentions: { enabled: true, limiter } } as unknown as AppServices;
    expect((await ask(on)).status).toBe(400);
    expect(webmentionsEnabled(on)).toBe(true);
    const off = { db: {}, webmentions: { enabled: false, limiter } } as unknown as AppServices;
    expect((await ask(off)).status).toBe(404);
    expect(webmentionsEnabled(off)).toBe(false);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dictionaryFor } from "../../app/i18n/index.ts";
import { type PostServices, savePostAction } from "../../app/server/blog/admin-actions.server.ts";
import { listRevisions } from "../../app/server/blog/revisions.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import {
  blogs,
  newsletterMails,
  newsletterPosts,
  newsletterSettings,
  newsletterSubscribers,
  type User,
} from "../../app/server/db/schema.ts";
import { newsletterSkipped, readersByLang } from "../../app/server/newsletter/publish-choice.server.ts";
import { announcePosts, queueDigest } from "../../app/server/newsletter/queue.server.ts";
import { SITE_UTC_OFFSET_MINUTES } from "../../app/server/site-time.server.ts";
import { limit } from "../harness/host-speed.ts";
import { engines, engineTitle } from "./helpers/databases.ts";
import { twoAuthors } from "./helpers/posts.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};

/** A post as the editor's form posts it. */
const post = (slug: string, lang: "pt" | "en" = "pt") => ({ title: `Título ${slug}`, slug, content: "Texto.", lang });

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`publishing and the newsletter on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    let author: User;
    /** The editor's services: the newsletter is on (a mail server is configured, so a worker runs). */
    let app: PostServices;
    let wakes: number;

    const reader = (email: string, langs: string[], status = "confirmed", frequency = "post") =>
      database.db.insert(newsletterSubscribers).values({
        email,
        langs,
        frequency,
        status,
        source: "/blog",
        confirmSentAt: new Date("2026-01-01T00:00:00Z"),
        confirmedAt: status === "confirmed" ? new Date("2026-01-01T00:05:00Z") : null,
      });
    const mailsOf = async (postId: string) =>
      (await database.db.select().from(newsletterMails)).filter((mail) => mail.postId === postId);

    beforeAll(async () => {
      database = await engine.open();
      author = { id: (await twoAuthors(database.db)).ana } as User;
    }, limit(60_000));
    afterAll(async () => {
      await database?.close();
    });
    beforeEach(async () => {
      const { db } = database;
      await db.delete(newsletterMails);
      await db.delete(newsletterSubscribers);
      await db.delete(newsletterPosts);
      await db.delete(blogs);
      wakes = 0;
      app = { db, newsletter: { worker: { wake: () => wakes++ } } } as unknown as PostServices;
      await reader("pt1@example.com", ["pt"]);
      await reader("both@example.com", ["en", "pt"], "confirmed", "weekly");
      await reader("en1@example.com", ["en"]);
      await reader("pending@example.com", ["pt"], "pending");
      await reader("left@example.com", ["pt"], "unsubscribed");
    });
    it("counts the confirmed readers of each language, a reader of both in each", async () => {
      expect(await readersByLang(database.db)).toEqual({ pt: 2, en: 2 });
    });

    for (const lang of ["pt", "en"] as const) {
      it(`refuses a publication that would mail without the author's answer, saying so in ${lang}`, async () => {
        const messages = dictionaryFor(lang).admin;
        const refused = await savePostAction(
          app,
          form({ intent: "publish", ...post(`sem-resposta-${lang}`, lang) }),
          author,
          messages,
        );
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({
          ok: false,
          message: messages.editor.newsletter.unanswered,
          newsletter: { count: 2, lang },
        });
        // Nothing was saved, so nothing can be announced.
        expect(await database.db.select().from(blogs)).toEqual([]);
        expect(await announcePosts(database.db, new Date(Date.now() + 60_000))).toBe(0);
        // A made-up answer is no answer.
        const odd = await savePostAction(
          app,
          form({ intent: "publish", newsletter: "yes", ...post(`sem-resposta-${lang}`, lang) }),
          author,
          messages,
        );
        expect(odd.status).toBe(409);
      });
    }

    it("mails the readers when the author says send", async () => {
      const messages = dictionaryFor("pt").admin;
      const answer = await savePostAction(
        app,
        form({ intent: "publish", newsletter: "send", ...post("enviar") }),
        author,
        messages,
      );
      expect(answer).toMatchObject({ status: 200, body: { ok: true } });
      // The worker is woken to announce it now, not at its next poll.
      expect(wakes).toBe(1);
      const id = answer.body.saved?.id ?? "";
      expect(await announcePosts(database.db, new Date(Date.now() + 60_000))).toBe(1);
      expect(await mailsOf(id)).toHaveLength(1);
      expect(await newsletterSkipped(database.db, id)).toBe(false);
    });

    it("publishes without mailing when the author says skip, and a later publication mails nobody either", async () => {
      const messages = dictionaryFor("pt").admin;
      // An autosave made the post first; publishing it asks.
      const draft = await savePostAction(app, form({ intent: "autosave", ...post("pular") }), author, messages);
      const { id, updatedAt } = draft.body.saved ?? { id: "", updatedAt: "" };
      const asked = await savePostAction(
        app,
        form({ intent: "publish", id, updatedAt, ...post("pular") }),
        author,
        messages,
      );
      expect(asked.body.newsletter).toEqual({ count: 2, lang: "pt" });
      const published = await savePostAction(
        app,
        form({ intent: "publish", id, updatedAt, newsletter: "skip", ...post("pular") }),
        author,
        messages,
      );
      expect(published).toMatchObject({ status: 200, body: { ok: true, saved: { published: true } } });
      expect(await newsletterSkipped(database.db, id)).toBe(true);
      expect(await announcePosts(database.db, new Date(Date.now() + 60_000))).toBe(0);
      expect(await mailsOf(id)).toEqual([]);

      // Unpublished and published again: no question, no mail.
      const back = await savePostAction(
        app,
        form({ intent: "unpublish", id, updatedAt: published.body.saved?.updatedAt ?? "", ...post("pular") }),
        author,
        messages,
      );
      const again = await savePostAction(
        app,
        form({ intent: "publish", id, updatedAt: back.body.saved?.updatedAt ?? "", ...post("pular") }),
        author,
        messages,
      );
      expect(again).toMatchObject({ status: 200, body: { ok: true } });
      expect(await announcePosts(database.db, new Date(Date.now() + 60_000))).toBe(0);
      expect(await mailsOf(id)).toEqual([]);

      // Nor is it in the weekly digest of a reader of its language, the next hour.
      const next = new Date(Date.now() + 60 * 60_000);
      const local = new Date(next.getTime() + SITE_UTC_OFFSET_MINUTES * 60_000);
      const slot = { digestWeekday: local.getUTCDay(), digestHour: local.getUTCHours(), lastDigestSlot: null };
      await database.db
        .insert(newsletterSettings)
        .values({ id: 1, ...slot })
        .onConflictDoUpdate({ target: newsletterSettings.id, set: slot });
      expect(await queueDigest(database.db, new Date(next.getTime() + 60_000))).toBe(0);
    });

    it("asks when a schedule is set, and a skipped schedule is never mailed at its time", async () => {
      const messages = dictionaryFor("en").admin;
      const at = new Date(Date.now() + 10 * 60_000).toISOString();
      const asked = await savePostAction(
        app,
        form({ intent: "schedule", scheduledAt: at, ...post("scheduled", "en") }),
        author,
        messages,
      );
      expect(asked).toMatchObject({ status: 409, body: { newsletter: { count: 2, lang: "en" } } });
      const scheduled = await savePostAction(
        app,
        form({ intent: "schedule", scheduledAt: at, newsletter: "skip", ...post("scheduled", "en") }),
        author,
        messages,
      );
      expect(scheduled).toMatchObject({ status: 200, body: { ok: true } });
      const id = scheduled.body.saved?.id ?? "";
      expect(await newsletterSkipped(database.db, id)).toBe(true);
      // At its time it is public, and announced to nobody.
      expect(await announcePosts(database.db, new Date(Date.now() + 20 * 60_000))).toBe(0);
      const [row] = await database.db.select().from(blogs).where(eq(blogs.id, id));
      expect(row?.published).toBe(true);
    });

    it("asks nothing when no reader would get it, or without a newsletter", async () => {
      const messages = dictionaryFor("pt").admin;
      await database.db.delete(newsletterSubscribers);
      const none = await savePostAction(app, form({ intent: "publish", ...post("ninguem") }), author, messages);
      expect(none).toMatchObject({ status: 200, body: { ok: true } });
      await reader("pt1@example.com", ["pt"]);
      app = { db: database.db } as unknown as PostServices;
      const off = await savePostAction(app, form({ intent: "publish", ...post("sem-newsletter") }), author, messages);
      expect(off).toMatchObject({ status: 200, body: { ok: true } });
    });

    it("names an update of the published version in the revisions, with what changed since it was published", async () => {
      const messages = dictionaryFor("pt").admin;
      const first = await savePostAction(
        app,
        form({ intent: "publish", newsletter: "skip", ...post("atualizar") }),
        author,
        messages,
      );
      const { id, updatedAt } = first.body.saved ?? { id: "", updatedAt: "" };
      // Saved (kept aside, unseen by readers), then published.
      const changed = { ...post("atualizar"), content: "Texto.\n\nMais um parágrafo." };
      const pending = await savePostAction(app, form({ intent: "save", id, updatedAt, ...changed }), author, messages);
      const update = await savePostAction(
        app,
        form({ intent: "publish", id, updatedAt: pending.body.saved?.updatedAt ?? "", ...changed }),
        author,
        messages,
      );
      expect(update).toMatchObject({ status: 200, body: { message: messages.editor.toasts.publicationUpdated } });
      const [newest] = (await listRevisions(database.db, author.id, id)) ?? [];
      expect(newest).toMatchObject({ kind: "update", changed: ["content"], linesAdded: 2, linesRemoved: 0 });
    });
  });
}

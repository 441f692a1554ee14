/**
 * The static articles shipped with the site take responses as the posts of
 * the database do (decision 080), and an answer the author withdraws leaves
 * the fediverse (decision 081); over HTTP on the production build, one server
 * per database, against the tests' loopback peer and another site on loopback:
 *
 * - a signed reply to a static article's Article (its English address) is
 *   held for the author, and once approved shows under that article in
 *   English only, in its Article's `replies` and the collection they name;
 *   a like of it is taken too;
 * - a webmention whose source links to a static article's Portuguese
 *   address is verified, held, and shown under that page once approved;
 *   the page names the endpoint;
 * - a reply, a like or a mention of a static id the site does not have
 *   still gets a 4xx and stores nothing;
 * - the author's answer to a reply reaches the followers and the reply's
 *   author; rejecting or deleting the reply, its author deleting it, or
 *   blocking its account sends each of those inboxes a `Delete` of the
 *   answer's Note, signed, through the delivery queue, and the Note's
 *   address answers 410 with a Tombstone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findStaticArticle } from "../../app/content/articles.ts";
import { FediversePeer, type Received } from "../harness/fediverse-peer.ts";
import { limit, until } from "../harness/host-speed.ts";
import { mentionPage, type OtherSite, serveOtherSite } from "../helpers/webmention-pages.ts";
import { type TestBuild, testBuild } from "./helpers/build.ts";
import { engines, engineTitle } from "./helpers/databases.ts";
import { type SiteProcess, startSeededSiteOn } from "./helpers/site-process.ts";

const AP = "application/activity+json";
const ARTICLE = "bot-discord";
const titles = findStaticArticle(ARTICLE)?.title ?? { pt: "", en: "" };

let build: TestBuild | undefined;

beforeAll(async () => {
  build = await testBuild("fediverse-static");
}, limit(600_000));

afterAll(() => build?.remove());

/** The part of a post's page that shows its responses. */
const responsesOf = (html: string) => /<section[^>]*data-testid="responses"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`responses to a static article on ${engineTitle(engine)}`, () => {
    let site: SiteProcess;
    let other: OtherSite;
    let cookie = "";
    let stop = async () => {};
    const peer = new FediversePeer();

    beforeAll(async () => {
      await peer.start();
      peer.addAccount("bob");
      other = await serveOtherSite();
      const seeded = await startSeededSiteOn(
        engine.name === "postgres" ? "postgres" : "pglite",
        build?.dir ?? "",
        async () => undefined,
        { FEDERATION_ALLOW_PRIVATE: "true" },
      );
      ({ site, stop } = seeded);
      cookie = `session=${seeded.author.session}`;
    }, limit(120_000));

    afterAll(async () => {
      await stop();
      await peer.stop();
      await other?.close();
    }, limit(60_000));

    const inbox = () => `${site.origin}/fediverse/inbox`;
    const english = () => `${site.origin}/en/blog/${ARTICLE}`;
    const portuguese = () => `${site.origin}/blog/${ARTICLE}`;
    const adminPage = async () =>
      (await fetch(`${site.origin}/admin/responses`, { headers: { Cookie: cookie } })).text();
    const idsOnAdmin = async () => new Set((await adminPage()).match(/(?<=name="id" value=")[0-9a-f-]{36}/g));
    const moderate = (intent: string, id: string, fields: Record<string, string> = {}) =>
      fetch(`${site.origin}/admin/responses.data`, {
        method: "POST",
        headers: { Origin: site.origin, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent, id, ...fields }),
      });
    /** Sends a reply to the English article and returns its id on the Responses page. */
    const reply = async (text: string) => {
      const before = await idsOnAdmin();
      const note = peer.note(`<p>${text}</p>`, english());
      expect((await peer.send(inbox(), peer.activity("Create", note))).status).toBe(202);
      const added = [...(await idsOnAdmin())].filter((id) => !before.has(id));
      expect(added).toHaveLength(1);
      return { id: added[0] ?? "", note };
    };

    it("holds a signed reply to a static article, and once approved shows it under that article in its language", async () => {
      const { id, note } = await reply("Gostei do artigo sobre o bot.");
      const admin = await adminPage();
      expect(admin).toContain("Gostei do artigo sobre o bot.");
      // Listed with the article it answers, in the language of the address it was sent to.
      expect(admin).toContain(`href="/en/blog/${ARTICLE}"`);
      expect(admin).toContain(titles.en);
      expect(await (await fetch(english())).text(), "not shown before it is approved").not.toContain("sobre o bot");
      expect((await moderate("approve", id)).status).toBe(200);
      const shown = responsesOf(await (await fetch(english())).text());
      expect(shown).toContain("Gostei do artigo sobre o bot.");
      expect(shown).toContain("Alice Remote");
      // The Portuguese address is another object: it shows none of it.
      expect(await (await fetch(portuguese())).text()).not.toContain("sobre o bot");
      const article = (await (await fetch(english(), { headers: { Accept: AP } })).json()) as {
        replies: { id: string; totalItems: number; items: string | string[] };
      };
      expect(article.replies).toMatchObject({ id: `${site.origin}/fediverse/replies/en/${ARTICLE}`, totalItems: 1 });
      const collection = (await (await fetch(article.replies.id, { headers: { Accept: AP } })).json()) as {
        items: string[];
      };
      expect(collection.items).toEqual([note.id]);
      const ptArticle = (await (await fetch(portuguese(), { headers: { Accept: AP } })).json()) as {
        replies: { totalItems: number };
      };
      expect(ptArticle.replies.totalItems).toBe(0);
      // A like of it is taken and held too.
      const before = (await idsOnAdmin()).size;
      expect((await peer.send(inbox(), peer.activity("Like", english(), "bob"), { username: "bob" })).status).toBe(202);
      expect((await idsOnAdmin()).size).toBe(before + 1);
    });

    it("refuses a reply, a like or a mention of a static article the site does not have, and stores nothing", async () => {
      const before = await idsOnAdmin();
      const missing = `${site.origin}/en/blog/no-such-article`;
      const answer = await peer.send(inbox(), peer.activity("Create", peer.note("<p>Oi</p>", missing)));
      expect(answer.status).toBe(404);
      expect(await answer.text()).toMatch(/No such post/);
      expect((await peer.send(inbox(), peer.activity("Like", missing))).status).toBe(404);
      const mention = await fetch(`${site.origin}/webmention`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ source: `${other.origin}/nowhere`, target: missing }),
      });
      expect(mention.status).toBe(400);
      expect(await idsOnAdmin()).toEqual(before);
    });

    it("verifies a webmention of a static article, holds it, and shows it under that page once approved", async () => {
      const page = await fetch(portuguese());
      expect(page.headers.get("link")).toBe(`<${site.origin}/webmention>; rel="webmention"`);
      const source = `${other.origin}/sobre-o-bot`;
      other.set("/sobre-o-bot", { body: mentionPage(portuguese(), { title: "Li sobre o bot", author: "Bia" }) });
      const before = await idsOnAdmin();
      const sent = await fetch(`${site.origin}/webmention`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ source, target: portuguese() }),
      });
      expect(sent.status).toBe(202);
      const added = await until(
        "the verified mention on the Responses page",
        async () => [...(await idsOnAdmin())].filter((id) => !before.has(id)),
        (ids) => ids.length === 1,
      );
      expect(await adminPage()).toContain(titles.pt);
      expect(await (await fetch(portuguese())).text()).not.toContain("Li sobre o bot");
      expect((await moderate("approve", added[0] ?? "")).status).toBe(200);
      const shown = responsesOf(await (await fetch(portuguese())).text());
      expect(shown).toContain("Li sobre o bot");
      expect(shown).toContain(`href="${source}"`);
      expect(await (await fetch(english())).text()).not.toContain("Li sobre o bot");
    });

    it("withdraws the author's answer when the reply is rejected, deleted, deleted by its author or blocked: a Delete where its Create went, and 410", async () => {
      const follow = peer.activity("Follow", `${site.origin}/fediverse/blog.en`, "bob");
      expect((await peer.send(inbox(), follow, { username: "bob" })).status).toBe(202);
      await peer.waitFor((r) => r.body.type === "Accept", limit(15_000));
      // Last, the block: the account's later replies would be refused.
      for (const intent of ["reject", "delete", "remote", "block-account"]) {
        const { id, note } = await reply(`Uma pergunta para ${intent}.`);
        const answered = await moderate("answer", id, { text: `Resposta do autor (${intent}).` });
        expect(answered.status).toBe(200);
        const isCreate = (r: Received) =>
          r.body.type === "Create" && String((r.body.object as { content?: string }).content).includes(intent);
        // To the follower's shared inbox and to the reply's author.
        await until(
          "the answer's Create at both inboxes",
          async () => peer.received.filter(isCreate),
          (creates) => creates.length === 2,
        );
        const noteId = String((peer.received.find(isCreate)?.body.object as { id?: string } | undefined)?.id);
        expect((await fetch(noteId, { headers: { Accept: AP } })).status).toBe(200);
        expect(responsesOf(await (await fetch(english())).text())).toContain(`Resposta do autor (${intent}).`);
        if (intent === "remote") expect((await peer.send(inbox(), peer.activity("Delete", note.id))).status).toBe(202);
        else expect((await moderate(intent, id)).status).toBe(200);
        const isDelete = (r: Received) => r.body.type === "Delete" && (r.body.object as { id?: string }).id === noteId;
        const deletes = await until(
          "the answer's Delete at both inboxes",
          async () => peer.received.filter(isDelete),
          (found) => found.length === 2,
        );
        expect(deletes.map((r) => r.path).sort()).toEqual(
          peer.received
            .filter(isCreate)
            .map((r) => r.path)
            .sort(),
        );
        for (const deletion of deletes) {
          expect(deletion.verified, deletion.problem).toBe(true);
          expect(deletion.body).toMatchObject({ actor: `${site.origin}/fediverse/blog.en` });
          expect(deletion.body.object).toMatchObject({ type: "Tombstone", id: noteId });
        }
        const gone = await fetch(noteId, { headers: { Accept: AP } });
        expect(gone.status).toBe(410);
        expect(await gone.json()).toMatchObject({ type: "Tombstone", id: noteId });
        expect(await (await fetch(english())).text()).not.toContain(`Resposta do autor (${intent}).`);
      }
    });
  });
}

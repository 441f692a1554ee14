/**
 * Bad input at the fediverse's doors, over HTTP on the production build and
 * on both databases: malformed JSON, a wrong content type, a body over the
 * limit (declared or streamed), an activity for an unknown account or post,
 * an actor whose key cannot be read, a reply whose object cannot be fetched
 * from its origin, a WebFinger handle with odd characters. Each gets a
 * clear 4xx and changes nothing: no follower, no response, and a refused
 * activity is taken when sent again once its object can be fetched.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPost } from "../../app/server/blog/posts.server.ts";
import { FediversePeer } from "../harness/fediverse-peer.ts";
import { limit } from "../harness/host-speed.ts";
import { type TestBuild, testBuild } from "./helpers/build.ts";
import { engines, engineTitle } from "./helpers/databases.ts";
import { postInput, saved } from "./helpers/posts.ts";
import { type SiteProcess, startSeededSiteOn } from "./helpers/site-process.ts";

const AP = "application/activity+json";
const SLUG = "post-respondido";

let build: TestBuild | undefined;

beforeAll(async () => {
  build = await testBuild("fediverse-bad-input");
}, limit(600_000));

afterAll(() => build?.remove());

/** A body streamed without a declared length, so only reading it finds it too large. */
function streamed(url: string, size: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: "POST",
        headers: {
          "Content-Type": AP,
          "Transfer-Encoding": "chunked",
          Signature: 'keyId="http://127.0.0.1:1/users/x#main-key",signature="x"',
        },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    // The server may answer and close before the whole body is written.
    sent.on("error", (error) => (sent.writableEnded ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, "a");
    for (let written = 0; written < size; written += chunk.length) sent.write(chunk);
    sent.end();
  });
}

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`bad input to the fediverse on ${engineTitle(engine)}`, () => {
    let site: SiteProcess;
    let cookie = "";
    let stop = async () => {};
    const peer = new FediversePeer();

    beforeAll(async () => {
      await peer.start();
      peer.addAccount("bob");
      const seeded = await startSeededSiteOn(
        engine.name === "postgres" ? "postgres" : "pglite",
        build?.dir ?? "",
        async (db, user) => saved(await createPost(db, user.id, postInput(SLUG, { published: true }))),
        { FEDERATION_ALLOW_PRIVATE: "true" },
      );
      ({ site, stop } = seeded);
      cookie = `session=${seeded.author.session}`;
    }, limit(120_000));

    afterAll(async () => {
      await stop();
      await peer.stop();
    }, limit(60_000));

    const inbox = () => `${site.origin}/fediverse/inbox`;
    const postUrl = () => `${site.origin}/blog/${SLUG}`;
    /** What is stored, as the author and the remote servers see it: responses listed, followers counted. */
    const stored = async () => {
      const page = await (await fetch(`${site.origin}/admin/responses`, { headers: { Cookie: cookie } })).text();
      const followers = await Promise.all(
        ["blog", "blog.en"].map(
          async (account) =>
            (
              (await (
                await fetch(`${site.origin}/fediverse/${account}/followers`, { headers: { Accept: AP } })
              ).json()) as { totalItems: number }
            ).totalItems,
        ),
      );
      // Each response's forms (approve, reject, block…) name its id.
      return { responses: new Set(page.match(/name="id" value="[0-9a-f-]{36}"/g)).size, followers };
    };
    const nothing = { responses: 0, followers: [0, 0] };

    it("refuses a body that is not an activity: malformed, not JSON's type, not an object, too large", async () => {
      const follow = peer.activity("Follow", `${site.origin}/fediverse/blog`);
      const answers = {
        malformed: await peer.send(inbox(), follow, { rawBody: "{not json" }),
        array: await peer.send(inbox(), follow, { rawBody: "[]" }),
        form: await peer.send(inbox(), follow, { contentType: "application/x-www-form-urlencoded" }),
        html: await peer.send(inbox(), follow, { contentType: "text/html" }),
        declared: await peer.send(inbox(), follow, {
          rawBody: JSON.stringify({ ...follow, padding: "x".repeat(300 * 1024) }),
        }),
        actor: await peer.send(inbox(), { ...follow, actor: "not an address" }),
      };
      expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.status]))).toEqual({
        malformed: 400,
        array: 400,
        form: 415,
        html: 415,
        declared: 413,
        actor: 400,
      });
      expect(await answers.malformed.text()).toMatch(/not a JSON object/);
      expect(await streamed(inbox(), 512 * 1024)).toBe(413);
      expect(await stored()).toEqual(nothing);
    });

    it("refuses an activity for an account or a post the site does not have", async () => {
      const nobody = `${site.origin}/fediverse/nobody`;
      const toNobody = await peer.send(`${nobody}/inbox`, peer.activity("Follow", nobody));
      expect(toNobody.status).toBe(404);
      // Through the shared inbox the signature is verified first; the follow of no account is then refused.
      const followNobody = await peer.send(inbox(), peer.activity("Follow", nobody));
      expect(followNobody.status).toBe(404);
      expect(await followNobody.text()).toMatch(/No such account/);
      const missing = `${site.origin}/blog/no-such-post`;
      expect((await peer.send(inbox(), peer.activity("Like", missing))).status).toBe(404);
      expect((await peer.send(inbox(), peer.activity("Announce", missing))).status).toBe(404);
      expect((await peer.send(inbox(), peer.activity("Create", peer.note("<p>Oi</p>", missing)))).status).toBe(404);
      // A reply named by its address only, fetched from its origin, to a post the site does not have.
      const byAddress = peer.note("<p>Oi</p>", missing);
      const answer = await peer.send(inbox(), peer.activity("Create", byAddress.id));
      expect(answer.status).toBe(404);
      expect(await answer.text()).toMatch(/No such post/);
      expect(await stored()).toEqual(nothing);
    });

    it("refuses with 401 an activity whose actor is not the one who signed it", async () => {
      const ghost = peer.activity("Like", postUrl(), "bob", { actor: `${peer.origin}/users/ghost` });
      // Signed with bob's key but claiming another actor: the signer and the actor differ.
      expect((await peer.send(inbox(), ghost, { username: "bob" })).status).toBe(401);
      expect(await stored()).toEqual(nothing);
    });

    it("refuses a reply whose object cannot be fetched with 422, and takes it once it can be", async () => {
      // Named by an address its server answers 404 for.
      const note = peer.note("<p>Resposta que ainda não existe</p>", postUrl());
      const body = peer.notes.get(String(note.id)) ?? {};
      peer.notes.delete(String(note.id));
      const create = peer.activity("Create", note.id);
      const refused = await peer.send(inbox(), create);
      expect(refused.status).toBe(422);
      expect(await refused.text()).toMatch(/could not be fetched/);
      // Named by an address nothing answers at.
      const unreachable = await peer.send(inbox(), peer.activity("Create", "http://127.0.0.1:1/notes/nowhere"));
      expect(unreachable.status).toBe(422);
      // Sent by someone else than its author (a relay), the Note is read from its origin, which does not have it.
      const relayed = peer.note("<p>Repassada</p>", postUrl(), "bob");
      peer.notes.delete(String(relayed.id));
      const forwarded = await peer.send(inbox(), peer.activity("Create", relayed));
      expect(forwarded.status).toBe(422);
      expect(await forwarded.text()).toMatch(/could not be fetched from its origin/);
      // An edit of a reply whose Note cannot be fetched.
      expect((await peer.send(inbox(), peer.activity("Update", note.id))).status).toBe(422);
      expect(await stored()).toEqual(nothing);
      // The same activity, sent again once its Note answers, is taken: the refusal recorded nothing.
      peer.notes.set(String(note.id), body);
      const taken = await peer.send(inbox(), create);
      expect(taken.status).toBe(202);
      expect(await stored()).toEqual({ ...nothing, responses: 1 });
    });

    it("answers WebFinger's odd handles with 4xx, never an error of the server", async () => {
      const host = new URL(site.origin).host;
      const resources = [
        `acct:bl<o>g@${host}`,
        `acct:blog\u0000@${host}`,
        `acct:\u202eblog@${host}`,
        `acct:blog@${host}@${host}`,
        `acct:${"b".repeat(5_000)}@${host}`,
        `acct:blog@`,
        "acct:",
        "http://[::1",
        "%",
        "",
      ];
      for (const resource of resources) {
        const answer = await fetch(`${site.origin}/.well-known/webfinger?resource=${encodeURIComponent(resource)}`);
        expect(answer.status, resource).toBeGreaterThanOrEqual(400);
        expect(answer.status, resource).toBeLessThan(500);
      }
      const raw = await fetch(`${site.origin}/.well-known/webfinger?resource=acct:%ZZblog@${host}`);
      expect(raw.status).toBeGreaterThanOrEqual(400);
      expect(raw.status).toBeLessThan(500);
      expect((await fetch(`${site.origin}/.well-known/webfinger`)).status).toBe(400);
      // The server still answers, and a good handle still resolves.
      expect((await peer.webfinger(site.origin, `blog@${host}`)).actor).toBe(`${site.origin}/fediverse/blog`);
    });
  });
}

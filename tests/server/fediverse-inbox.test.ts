/**
 * The fediverse's inbox and what comes back, over HTTP on the production
 * build and on both databases, one server per database:
 *
 * - bad input: malformed JSON, a wrong content type, a body over the limit
 *   (declared or streamed), an activity for an unknown account or post, an
 *   actor that did not sign it, a reply whose object cannot be fetched from
 *   its origin, a WebFinger handle with odd characters. Each gets a clear
 *   4xx and changes nothing: no follower, no response, and a refused
 *   activity is taken when sent again once its object can be fetched;
 * - remote authors' avatars: a reply's author's icon is fetched by the
 *   server once, kept under the site's own address and shown with alt text
 *   on the Responses page and, once approved, under the post; an account
 *   whose icon is not a picture keeps its initial; no page names the remote
 *   server's picture. A mention's title links to its source, its author's
 *   name to the h-card. The author deletes a response for good.
 */
import { request } from "node:http";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPost } from "../../app/server/blog/posts.server.ts";
import { saveResponse } from "../../app/server/responses/responses.server.ts";
import { FediversePeer } from "../harness/fediverse-peer.ts";
import { limit, until } from "../harness/host-speed.ts";
import { type TestBuild, testBuild } from "./helpers/build.ts";
import { engines, engineTitle } from "./helpers/databases.ts";
import { tags } from "./helpers/html.ts";
import { postInput, saved } from "./helpers/posts.ts";
import { type SiteProcess, startSeededSiteOn } from "./helpers/site-process.ts";

const AP = "application/activity+json";
const SLUG = "post-respondido";

let build: TestBuild | undefined;

beforeAll(async () => {
  build = await testBuild("fediverse-inbox");
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
  describe.skipIf(engine.skip !== undefined)(`the fediverse's inbox and responses on ${engineTitle(engine)}`, () => {
    let site: SiteProcess;
    let cookie = "";
    let stop = async () => {};
    const peer = new FediversePeer();

    beforeAll(async () => {
      await peer.start();
      peer.addAccount("bob");
      peer.avatars.set("alice", {
        type: "image/png",
        body: await sharp({ create: { width: 300, height: 300, channels: 3, background: "#3a7" } })
          .png()
          .toBuffer(),
      });
      // Bob's icon is a page that calls itself a picture.
      peer.avatars.set("bob", { type: "image/png", body: new TextEncoder().encode("<html>not a picture</html>") });
      const seeded = await startSeededSiteOn(
        engine.name === "postgres" ? "postgres" : "pglite",
        build?.dir ?? "",
        async (db, user) => {
          const post = saved(await createPost(db, user.id, postInput(SLUG, { published: true })));
          // A mention whose source page had an h-entry with a title and an h-card with a name and an address.
          await saveResponse(db, {
            kind: "webmention",
            postId: post.id,
            sourceUrl: "https://other.example/notes/mentioning",
            targetUrl: `http://127.0.0.1/blog/${SLUG}`,
            title: "Uma página que menciona",
            authorName: "Carla Outra",
            authorUrl: "https://other.example/",
            contentHtml: "<p>Li e gostei.</p>",
            status: "approved",
          });
        },
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
    const adminPage = async (path = "/admin/responses") =>
      (await fetch(`${site.origin}${path}`, { headers: { Cookie: cookie } })).text();
    /** What is stored, as the author and the remote servers see it: responses listed, followers counted. */
    const stored = async () => {
      const page = await adminPage();
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
    /** The seeded mention, and no follower. */
    const nothing = { responses: 1, followers: [0, 0] };

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
      const kept = peer.notes.get(String(note.id)) ?? {};
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
      peer.notes.set(String(note.id), kept);
      const taken = await peer.send(inbox(), create);
      expect(taken.status).toBe(202);
      expect(await stored()).toEqual({ ...nothing, responses: nothing.responses + 1 });
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

    it("fetches a reply's author's avatar once, keeps it at the site's address and shows it with alt text", async () => {
      // Alice's first reply (the refused one taken again above) had her avatar fetched; this one comes with bob's like.
      const note = peer.note("<p>Bela foto.</p>", postUrl());
      expect((await peer.send(`${site.origin}/fediverse/inbox`, peer.activity("Create", note))).status).toBe(202);
      const like = peer.activity("Like", postUrl(), "bob");
      expect((await peer.send(`${site.origin}/fediverse/inbox`, like, { username: "bob" })).status).toBe(202);
      const page = await until(
        "the avatar on the Responses page",
        () => adminPage(),
        (html) => html.includes('src="/uploads/remote-avatars/'),
      );
      const images = tags(page, "img").filter((img) => img.src?.startsWith("/uploads/remote-avatars/"));
      expect(images.length).toBeGreaterThan(0);
      for (const image of images)
        expect(image).toMatchObject({ src: images[0]?.src, alt: "Avatar de Alice Remote", width: "40", height: "40" });
      // Bob's icon was not a picture: his initial stands for it. No picture names the remote server.
      await until(
        "bob's icon to be tried",
        async () => peer.avatarRequests,
        (asked) => asked.includes("/avatars/bob.png"),
      );
      expect(tags(await adminPage(), "img").filter((img) => img.src?.includes(peer.origin))).toEqual([]);
      expect(tags(await adminPage("/en/admin/responses"), "img").map((img) => img.alt)).toContain(
        "Alice Remote's avatar",
      );
      const stored = await fetch(`${site.origin}${images[0]?.src}`);
      expect(stored.status).toBe(200);
      expect(stored.headers.get("content-type")).toBe("image/webp");
      expect(stored.headers.get("cache-control")).toMatch(/immutable/);
      const metadata = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
      expect(metadata).toMatchObject({ format: "webp", width: 96, height: 96 });
      // A second reply by the same account takes the same avatar without asking again.
      const again = peer.note("<p>E outra.</p>", postUrl());
      expect((await peer.send(`${site.origin}/fediverse/inbox`, peer.activity("Create", again))).status).toBe(202);
      await until(
        "alice's three replies with the avatar",
        () => adminPage(),
        (html) => tags(html, "img").filter((img) => img.src === images[0]?.src).length === 3,
      );
      expect(peer.avatarRequests.filter((asked) => asked === "/avatars/alice.png")).toHaveLength(1);
    });

    it("shows the approved reply under the post with the kept avatar, and a mention's title linked to its source", async () => {
      const page = await adminPage();
      const id = /name="id" value="([0-9a-f-]{36})"/.exec(page)?.[1] ?? "";
      const approved = await fetch(`${site.origin}/admin/responses.data`, {
        method: "POST",
        headers: { Origin: site.origin, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "approve", id }),
      });
      expect(approved.status).toBe(200);
      const html = await (await fetch(postUrl())).text();
      const avatars = tags(html, "img").filter((img) => img.src?.startsWith("/uploads/remote-avatars/"));
      expect(avatars).toEqual([expect.objectContaining({ alt: "Avatar de Alice Remote", width: "32" })]);
      expect(html).not.toContain(`${peer.origin}/avatars/`);
      const links = tags(html, "a");
      expect(links).toContainEqual(
        expect.objectContaining({ href: "https://other.example/notes/mentioning", rel: "nofollow ugc" }),
      );
      expect(links).toContainEqual(expect.objectContaining({ href: "https://other.example/", rel: "nofollow ugc" }));
      expect(html).toMatch(/href="https:\/\/other\.example\/notes\/mentioning"[^>]*>Uma página que menciona<\/a>/);
      expect(html).toMatch(/href="https:\/\/other\.example\/"[^>]*>Carla Outra<\/a>/);
    });

    it("deletes a response for good when the author says so, where rejecting only hides it", async () => {
      const ids = () => adminPage().then((html) => new Set(html.match(/(?<=name="id" value=")[0-9a-f-]{36}/g)));
      const before = await ids();
      const [first] = before;
      const moderate = (intent: string) =>
        fetch(`${site.origin}/admin/responses.data`, {
          method: "POST",
          headers: { Origin: site.origin, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent, id: first ?? "" }),
        });
      expect((await moderate("reject")).status).toBe(200);
      expect(await ids()).toEqual(before);
      expect((await moderate("delete")).status).toBe(200);
      const after = await ids();
      expect(after.size).toBe(before.size - 1);
      expect(after.has(first ?? "")).toBe(false);
      expect((await moderate("delete")).status).toBe(404);
    });

    it("refuses with 422 a reply or an edit whose HTML carries scripts, styles or event handlers, and stores nothing", async () => {
      const before = await stored();
      for (const html of [
        "<p>Oi <script>alert(1)</script></p>",
        "<style>body{display:none}</style><p>Oi</p>",
        '<p>Oi <img src="x" onerror="alert(1)"></p>',
      ]) {
        const note = peer.note(html, postUrl());
        const refused = await peer.send(inbox(), peer.activity("Create", note));
        expect(refused.status, html).toBe(422);
        expect(await refused.text()).toMatch(/scripts, styles or event handlers/);
      }
      // A reply taken, then edited to carry a script: the edit is refused, the reply keeps its text.
      const note = peer.note("<p>Uma resposta boa</p>", postUrl());
      expect((await peer.send(inbox(), peer.activity("Create", note))).status).toBe(202);
      const edited = { ...note, content: "<p>Uma resposta boa<script>alert(1)</script></p>" };
      peer.notes.set(String(note.id), edited);
      const edit = await peer.send(inbox(), peer.activity("Update", edited));
      expect(edit.status).toBe(422);
      expect(await stored()).toEqual({ ...before, responses: before.responses + 1 });
      expect(await adminPage()).toContain("Uma resposta boa");
      expect(await adminPage()).not.toContain("alert(1)");
    });
  });
}

/**
 * Remote authors' avatars on the pages, over HTTP on the build, on both
 * databases: a reply's author's icon is fetched by the server once, kept
 * under the site's own address and shown with alt text on the Responses
 * page and, once approved, under the post; an account whose icon is not a
 * picture keeps its initial; no page names the remote server's picture.
 * A mention's title links to its source, its author's name to the h-card.
 * The author deletes a response for good.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPost } from "../../app/server/blog/posts.server.ts";
import { saveResponse } from "../../app/server/responses/responses.server.ts";
import { FediversePeer } from "../harness/fediverse-peer.ts";
import { limit } from "../harness/host-speed.ts";
import { type TestBuild, testBuild } from "./helpers/build.ts";
import { engines, engineTitle } from "./helpers/databases.ts";
import { tags } from "./helpers/html.ts";
import { postInput, saved } from "./helpers/posts.ts";
import { type SiteProcess, startSeededSiteOn } from "./helpers/site-process.ts";

const SLUG = "post-com-avatares";

let build: TestBuild | undefined;

beforeAll(async () => {
  build = await testBuild("fediverse-avatars");
}, limit(600_000));

afterAll(() => build?.remove());

/** Waits for a state, failing with what was seen when it does not come. */
async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + limit(30_000);
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`Waited for ${what}; last saw ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`remote avatars on the pages on ${engineTitle(engine)}`, () => {
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

    const postUrl = () => `${site.origin}/blog/${SLUG}`;
    const adminPage = async (path = "/admin/responses") =>
      (await fetch(`${site.origin}${path}`, { headers: { Cookie: cookie } })).text();

    it("fetches a reply's author's avatar once, keeps it at the site's address and shows it with alt text", async () => {
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
      expect(images).toEqual([expect.objectContaining({ alt: "Avatar de Alice Remote", width: "40", height: "40" })]);
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
        "both replies with the avatar",
        () => adminPage(),
        (html) => tags(html, "img").filter((img) => img.src === images[0]?.src).length === 2,
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
  });
}

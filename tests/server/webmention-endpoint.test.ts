/**
 * Webmentions over HTTP on the production build, on both databases: a post
 * page names the endpoint (Link header and `<link>`, cached or not); the
 * endpoint answers bad input with a clear 4xx in the sender's language and
 * a good mention with 202; the mention is verified against a page of
 * another site on loopback and held pending; a published post's link gets
 * its webmention at the page's endpoint; a source host is limited.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../app/server/auth/session.server.ts";
import { upsertGitHubUser } from "../../app/server/auth/users.server.ts";
import { createPost } from "../../app/server/blog/posts.server.ts";
import { type Database, openDatabase } from "../../app/server/db/client.server.ts";
import { responses, webmentionSends } from "../../app/server/db/schema.ts";
import { MENTIONS_PER_HOST } from "../../app/server/webmention/runtime.server.ts";
import { limit, until } from "../harness/host-speed.ts";
import { mentionPage, type OtherSite, serveOtherSite } from "../helpers/webmention-pages.ts";
import { type TestBuild, testBuild } from "./helpers/build.ts";
import { adminQuery, engines, engineTitle, migratedPostgresDatabase } from "./helpers/databases.ts";
import { tags } from "./helpers/html.ts";
import { postInput, saved } from "./helpers/posts.ts";
import { type SiteProcess, startSeededSite, startSiteProcess } from "./helpers/site-process.ts";

let build: TestBuild | undefined;

beforeAll(async () => {
  build = await testBuild("webmention");
}, limit(600_000));

afterAll(() => build?.remove());

const SLUG = "post-mencionado";

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`the webmention endpoint on ${engineTitle(engine)}`, () => {
    let other: OtherSite;
    let site: SiteProcess;
    /** PostgreSQL's database, read while the server runs; the embedded one is read once it stopped. */
    let databaseUrl: string | undefined;
    let dropDatabase: (() => Promise<void>) | undefined;
    /** The author's session cookie. */
    let cookie = "";

    const seed = async (db: Database, authorId: string) => {
      saved(
        await createPost(
          db,
          authorId,
          postInput(SLUG, {
            title: "Um post mencionado",
            content: `Veja [a página](${other.origin}/linked-page) e [outra](${other.origin}/no-endpoint).`,
            published: true,
          }),
        ),
      );
    };

    beforeAll(async () => {
      other = await serveOtherSite();
      other.set("/linked-page", { headers: { Link: '</endpoint>; rel="webmention"' }, body: "<p>Linked.</p>" });
      const env = { FEDERATION_ALLOW_PRIVATE: "true" };
      if (engine.name === "pglite") {
        const seeded = await startSeededSite(build?.dir ?? "", (db, user) => seed(db, user.id), env);
        site = seeded.site;
        cookie = `session=${seeded.author.session}`;
        return;
      }
      const fresh = await migratedPostgresDatabase();
      dropDatabase = () => adminQuery(`DROP DATABASE ${fresh.name} WITH (FORCE)`);
      databaseUrl = fresh.url;
      const opened = await openDatabase({ dataDir: "unused", databaseUrl, maxConnections: 2 });
      try {
        const user = await upsertGitHubUser(opened.db, {
          githubId: 7,
          login: "ana",
          name: "Ana",
          avatarUrl: null,
          email: null,
        });
        await seed(opened.db, user.id);
        cookie = `session=${(await createSession(opened.db, user.id)).token}`;
      } finally {
        await opened.close();
      }
      site = await startSiteProcess(build?.dir ?? "", {
        ...env,
        DATABASE_URL: databaseUrl,
        AUTHOR_GITHUB_LOGINS: "ana",
      });
    }, limit(120_000));

    afterAll(async () => {
      await site?.stop();
      await other?.close();
      await dropDatabase?.();
    }, limit(60_000));

    const target = () => `${site.origin}/blog/${SLUG}`;
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${site.origin}/webmention`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body,
      });
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

    it("a post's page names the endpoint in a Link header and a <link>, cached as rendered; a static article's too", async () => {
      const endpoint = `${site.origin}/webmention`;
      for (const state of ["miss", "hit"]) {
        const page = await fetch(target());
        expect(page.status).toBe(200);
        expect(page.headers.get("x-cache")).toBe(state);
        expect(page.headers.get("link")).toBe(`<${endpoint}>; rel="webmention"`);
        expect(tags(await page.text(), "link").filter((link) => link.rel === "webmention")).toEqual([
          { rel: "webmention", href: endpoint },
        ]);
      }
      // A static article takes mentions as a post does (decision 080; fediverse-static-articles.test.ts).
      const article = await fetch(`${site.origin}/blog/bot-discord`);
      expect(article.headers.get("link")).toBe(`<${endpoint}>; rel="webmention"`);
      expect(tags(await article.text(), "link").filter((link) => link.rel === "webmention")).toEqual([
        { rel: "webmention", href: endpoint },
      ]);
    });

    it("publishing sent the post's link its webmention at the endpoint that page advertises", async () => {
      const sent = await until(
        "the webmention of the published post",
        () => other.posts.filter((one) => one.path === "/endpoint"),
        (posts) => posts.length > 0,
      );
      expect(sent).toEqual([{ path: "/endpoint", source: target(), target: `${other.origin}/linked-page` }]);
      // The page without an endpoint was asked for, and nothing was posted to it.
      expect(other.gets.some((get) => get.path === "/no-endpoint")).toBe(true);
      expect(other.posts.filter((one) => one.path !== "/endpoint")).toEqual([]);
    });

    it("refuses bad input with a clear 4xx in the sender's language, and a GET with 405", async () => {
      const get = await fetch(`${site.origin}/webmention`, { headers: { "Accept-Language": "en" } });
      expect(get.status).toBe(405);
      expect(get.headers.get("allow")).toBe("POST");
      expect(await get.text()).toMatch(/takes webmentions/);
      const source = `${other.origin}/reply`;
      const cases: [string, Record<string, string>, number, RegExp][] = [
        ["a JSON body", { "Content-Type": "application/json" }, 415, /x-www-form-urlencoded/],
        ["no fields", {}, 400, /Faltam campos/],
        ["a source that is not http(s)", { source: "javascript:alert(1)", target: target() }, 400, /source não é/],
        ["a source that is no URL", { source: "http://[::1", target: target() }, 400, /source não é/],
        ["a target on another site", { source, target: `${other.origin}/blog/${SLUG}` }, 400, /não é um post/],
        ["a target that is no post", { source, target: `${site.origin}/blog/nao-existe` }, 400, /não é um post/],
        ["a static article that is not", { source, target: `${site.origin}/blog/bot-telegram` }, 400, /não é um post/],
        ["a target badly encoded", { source, target: `${site.origin}/blog/%zz` }, 400, /não é um post/],
        ["a target that is not a post page", { source, target: `${site.origin}/about` }, 400, /não é um post/],
        ["source and target the same", { source: target(), target: `${target()}#x` }, 400, /mesmo endereço/],
        ["a source too long", { source: `${other.origin}/${"a".repeat(2100)}`, target: target() }, 400, /longo/],
      ];
      for (const [what, fields, status, message] of cases) {
        const answer =
          "Content-Type" in fields
            ? await post('{"source":"x"}', fields)
            : await post(form(fields), { "Accept-Language": "pt-BR,pt;q=0.9" });
        expect(answer.status, what).toBe(status);
        expect(await answer.text(), what).toMatch(message);
      }
      const twice = await post(`source=${encodeURIComponent(source)}&source=x&target=${encodeURIComponent(target())}`);
      expect(twice.status).toBe(400);
      const english = await post(form({ source: "ftp://x", target: target() }), { "Accept-Language": "en-GB" });
      expect(await english.text()).toMatch(/^source is not an http or https address/);
      const garbage = await post("%%%&&&===\u0000", {});
      expect(garbage.status).toBe(400);
    });

    it(
      "limits the mentions one source host sends in an hour (429 with Retry-After)",
      async () => {
        // Sources on loopback addresses with nothing listening: the worker's verification of each is refused at once.
        // A host name would be looked up in the machine's DNS, whose resolver here let one query in 25 wait 5 s.
        const statuses: number[] = [];
        for (let n = 0; n <= MENTIONS_PER_HOST; n += 1) {
          const answer = await post(form({ source: `http://127.0.0.2:1/${n}`, target: target() }));
          statuses.push(answer.status);
          if (answer.status === 429) {
            expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
            expect(await answer.text()).toMatch(/127\.0\.0\.2/);
          } else await answer.arrayBuffer();
        }
        expect(statuses.filter((status) => status === 202)).toHaveLength(MENTIONS_PER_HOST);
        expect(statuses.at(-1)).toBe(429);
        // Another host is not held back by that one.
        expect((await post(form({ source: "http://127.0.0.3:1/1", target: target() }))).status).toBe(202);
      },
      limit(60_000),
    );

    // Last: on the embedded database the server is stopped to read what it stored.
    it(
      "a mention from a page that links to the post is verified there, held pending, and shown once approved",
      async () => {
        const source = `${other.origin}/reply`;
        other.set("/reply", {
          body: mentionPage(target(), { title: "Resposta <script>alert(1)</script>ao post", author: "Bia" }),
        });
        const answer = await post(form({ source, target: target() }), { "Accept-Language": "en" });
        expect(answer.status).toBe(202);
        expect(await answer.text()).toMatch(/^Mention received/);
        const fetched = await until(
          "the site's request for the source",
          () => other.gets.filter((get) => get.path === "/reply"),
          (gets) => gets.length > 0,
        );
        expect(fetched[0]?.userAgent).toBe(`Webmention (+${site.origin})`);
        await until(
          "the verification in the server's log",
          () => site.lines.slice(-20).join("\n"),
          () => site.lines.some((line) => /1 verified and held for approval/.test(line)),
        );
        expect(await (await fetch(target())).text(), "not shown before it is approved").not.toContain(
          "Resposta ao post",
        );
        // The author approves it on the admin's Responses page; then readers see it under the post, as text.
        const admin = await fetch(`${site.origin}/admin/responses`, { headers: { Cookie: cookie } });
        expect(admin.status).toBe(200);
        const ids = tags(await admin.text(), "input").filter((input) => input.name === "id");
        expect(new Set(ids.map((input) => input.value)).size).toBe(1);
        const approved = await fetch(`${site.origin}/admin/responses`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: site.origin, "Content-Type": "application/x-www-form-urlencoded" },
          body: form({ intent: "approve", id: ids[0]?.value ?? "" }),
        });
        expect(approved.status).toBe(200);
        const page = await (await fetch(target())).text();
        const shown = /<section[^>]*data-testid="responses"[\s\S]*?<\/section>/.exec(page)?.[0] ?? "";
        expect(shown).toContain("Resposta ao post");
        expect(shown).toContain("Bia");
        expect(shown).toContain(`href="${source}"`);
        expect(shown).not.toMatch(/<script|alert\(1\)/);
        const read = async (db: Database) => ({
          mentions: await db.select().from(responses).where(eq(responses.kind, "webmention")),
          sends: await db.select().from(webmentionSends),
        });
        const { mentions, sends } = await (databaseUrl ? readPostgres(databaseUrl, read) : readEmbedded(site, read));
        expect(mentions).toHaveLength(1);
        expect(mentions[0]).toMatchObject({
          sourceUrl: source,
          targetUrl: target(),
          status: "approved",
          title: "Resposta ao post",
          authorName: "Bia",
        });
        expect(sends.map((row) => [row.target, row.sentAt !== null, row.lastError])).toEqual(
          expect.arrayContaining([
            [`${other.origin}/linked-page`, true, null],
            [`${other.origin}/no-endpoint`, false, "no webmention endpoint"],
          ]),
        );
      },
      limit(60_000),
    );
  });
}

/** Reads a PostgreSQL database the server is using. */
async function readPostgres<T>(databaseUrl: string, read: (db: Database) => Promise<T>): Promise<T> {
  const opened = await openDatabase({ dataDir: "unused", databaseUrl, maxConnections: 2 });
  try {
    return await read(opened.db);
  } finally {
    await opened.close();
  }
}

/** Reads the embedded database once its server stopped (it holds the directory while it runs). */
async function readEmbedded<T>(site: SiteProcess, read: (db: Database) => Promise<T>): Promise<T> {
  if (site.child.exitCode === null) {
    const exited = new Promise((resolve) => site.child.once("exit", resolve));
    site.child.kill("SIGTERM");
    await exited;
  }
  const opened = await openDatabase({ dataDir: site.dataDir });
  try {
    return await read(opened.db);
  } finally {
    await opened.close();
  }
}

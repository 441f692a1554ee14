/**
 * A shared draft's address is its secret (`/blog/preview/{token}`): opening
 * it, or a revoked or made-up one, leaves no trace of the token anywhere an
 * author or an operator can read it. The compiled server of a real build, on
 * the embedded database, with JSON logs: a reader opens the links as a
 * browser does, then the Audience page (both languages), its CSV, every log
 * line, the metrics and a backup are searched for the tokens. A broken link
 * and a page opened beside them are found in the same places, so the search
 * can find what a counted path leaves.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPost } from "../../app/server/blog/posts.server.ts";
import { createShareLink, revokeShareLink } from "../../app/server/blog/share-links.server.ts";
import { checkBackupFile, readMember } from "../../backups/archive.ts";
import { requestBackup } from "../../backups/socket.ts";
import { limit } from "../harness/host-speed.ts";
import { type TestBuild, testBuild } from "./helpers/build.ts";
import { postInput, saved } from "./helpers/posts.ts";
import { type SeededAuthor, type SiteProcess, startSeededSite } from "./helpers/site-process.ts";

/** What a browser sends when a person opens an address (a view the audience counts). */
const READER = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
  "Sec-Fetch-Dest": "document",
  Accept: "text/html",
};

let build: TestBuild | undefined;
let site: SiteProcess | undefined;
const temps: string[] = [];
const secrets = { live: "", revoked: "", forged: randomBytes(32).toString("base64url") };
let session = "";
/** A path that answers 404 and is counted as a broken link: what a counted path leaves, found where the tokens are not. */
const brokenLink = `/blog/nao-existe-${randomBytes(4).toString("hex")}`;

beforeAll(async () => {
  build = await testBuild("secret-paths-test");
  // The author, a session, a draft and its links, made as the site makes them, before the server opens the database.
  let author: SeededAuthor | undefined;
  ({ site, author } = await startSeededSite(
    build.dir,
    async (db, user) => {
      const post = saved(await createPost(db, user.id, postInput("rascunho-secreto", { title: "Rascunho secreto" })));
      secrets.live = (await createShareLink(db, user.id, post.id))?.token ?? "";
      const revoked = await createShareLink(db, user.id, post.id);
      secrets.revoked = revoked?.token ?? "";
      expect(await revokeShareLink(db, user.id, post.id, revoked?.link.id ?? "")).toBe(true);
    },
    { LOG_FORMAT: "json" },
  ));
  session = author?.session ?? "";
}, limit(600_000));

afterAll(async () => {
  await site?.stop();
  build?.remove();
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
}, limit(60_000));

async function get(pathname: string, headers: Record<string, string> = READER) {
  const response = await fetch(`${site?.origin}${pathname}`, { headers, redirect: "manual" });
  return { status: response.status, text: await response.text() };
}

const asAuthor = (pathname: string) => get(pathname, { Cookie: `session=${session}` });

/** What a person sees of a page: its title and its main heading. */
const shown = (html: string) => [/<title>([^<]*)<\/title>/.exec(html)?.[1], /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]];

/** Every form of each token a trace could hold: as given, and the first 16 characters of it. */
const traces = () => Object.values(secrets).flatMap((token) => [token, token.slice(0, 16)]);

describe("a shared draft's token", () => {
  it(
    "is found nowhere an author or an operator reads: the Audience page, its CSV, the logs, the metrics, a backup",
    async () => {
      const { live, revoked, forged } = secrets;
      expect(live).toMatch(/^[\w-]{43}$/);
      // A reader opens the link as given, as its data (a client-side navigation), with a campaign tag, in capitals.
      const opened = await get(`/blog/preview/${live}`);
      expect(opened.status).toBe(200);
      expect(opened.text).toContain("Rascunho secreto");
      expect((await get(`/blog/preview/${live}.data`, { ...READER, "Sec-Fetch-Dest": "empty" })).status).toBe(200);
      expect((await get(`/blog/preview/${live}?utm_source=newsletter`)).status).toBe(200);
      expect((await get(`/BLOG/Preview/${live}`)).status).toBe(200);
      // A revoked and a made-up one answer the site's usual 404, the same as any unknown address.
      const notFound = await get(brokenLink);
      expect(notFound.status).toBe(404);
      const notFoundEn = await get(`/en${brokenLink}`);
      for (const token of [revoked, forged]) {
        for (const prefix of ["/blog/preview/", "/en/blog/preview/"]) {
          const answer = await get(`${prefix}${token}`);
          expect(answer.status).toBe(404);
          expect(shown(answer.text)).toEqual(shown(prefix.startsWith("/en") ? notFoundEn.text : notFound.text));
        }
      }
      expect((await get("/blog")).status).toBe(200);

      // The counts of a second are added to the database once a second: the broken link and the blog's view show
      // once the seconds they fell in are written.
      let csv = { status: 0, text: "" };
      await expect
        .poll(
          async () => {
            csv = await asAuthor("/admin/audience.csv?days=7");
            return (await asAuthor("/admin/audience")).text.includes(brokenLink) && /\/blog\b/.test(csv.text);
          },
          { timeout: limit(30_000) },
        )
        .toBe(true);
      expect(csv.status).toBe(200);
      const pages = [(await asAuthor("/admin/audience")).text, (await asAuthor("/en/admin/audience")).text, csv.text];
      for (const page of pages) {
        expect(page).not.toMatch(/blog\/preview/i);
        for (const trace of traces()) expect(page).not.toContain(trace);
      }

      // The request log names the route's pattern; the metrics too.
      const log = site?.lines.join("\n") ?? "";
      expect(log).toContain('"route":"/blog/preview/:token"');
      const metrics = await (await fetch(site?.metrics ?? "")).text();
      expect(metrics).toContain('route="/blog/preview/:token"');
      for (const trace of traces()) {
        expect(log).not.toContain(trace);
        expect(metrics).not.toContain(trace);
      }

      // A backup made now: the database's files hold the broken link's path, and none of the tokens.
      const dir = mkdtempSync(path.join(tmpdir(), "portfolio-secret-backup-"));
      temps.push(dir);
      const chunks: Uint8Array[] = [];
      await requestBackup(site?.dataDir ?? "", async (chunk) => {
        chunks.push(Uint8Array.from(chunk));
      });
      const file = path.join(dir, "backup.tar");
      writeFileSync(file, Buffer.concat(chunks));
      const archive = await checkBackupFile(file);
      const member = archive.members.find((entry) => entry.name === "database.tar.gz");
      if (!member) throw new Error(`no database in the backup: ${archive.members.map((entry) => entry.name)}`);
      const database = Buffer.from(gunzipSync(await readMember(file, member)));
      expect(database.includes(brokenLink)).toBe(true);
      for (const trace of traces()) expect(database.includes(trace), `the backup holds ${trace}`).toBe(false);
    },
    limit(120_000),
  );
});

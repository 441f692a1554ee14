/**
 * The remote authors' avatars kept by the site, on each engine: fetched
 * once per address through the guarded client, checked by their bytes (a
 * page or an SVG that calls itself a PNG is refused), re-encoded as a small
 * WebP square without metadata, stored under a key named by its bytes,
 * refused at a private address unless allowed, tried again later when its
 * server did not answer (a few times, then given up), and deleted once no
 * response names them.
 */
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPost } from "../../app/server/blog/posts.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import { responses } from "../../app/server/db/schema.ts";
import {
  AVATAR_ATTEMPTS,
  AVATAR_EDGE,
  AVATAR_PREFIX,
  avatarRetryMs,
  RemoteAvatars,
} from "../../app/server/responses/avatars.server.ts";
import { saveResponse } from "../../app/server/responses/responses.server.ts";
import { localDiskStorage } from "../../app/server/uploads/storage.server.ts";
import { limit } from "../harness/host-speed.ts";
import { engines, engineTitle } from "./helpers/databases.ts";
import { postInput, saved, twoAuthors } from "./helpers/posts.ts";

/** A picture as a remote server would serve it: a photo with its camera's metadata. */
const photo = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .withMetadata({ exif: { IFD0: { Copyright: "someone", ImageDescription: "GPS here" } } })
    .jpeg()
    .toBuffer();

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`remote avatars on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    let server: Server;
    let remote = "";
    let postId = "";
    const served = new Map<string, { type: string; body: Uint8Array | string }>();
    /** Paths answered 503 while set. */
    const unavailable = new Set<string>();
    const asked: string[] = [];
    const uploads = localDiskStorage(mkdtempSync(path.join(tmpdir(), "portfolio-avatars-")));
    const avatars = (allowPrivate: boolean) =>
      new RemoteAvatars({
        uploads,
        allowPrivate,
        userAgent: "avatar-test",
        resolve: async () => [{ address: "127.0.0.1", family: 4 }],
      });

    beforeAll(async () => {
      database = await engine.open();
      const { ana } = await twoAuthors(database.db);
      postId = saved(await createPost(database.db, ana, postInput("com-respostas", { published: true }))).id;
      server = createServer((req, res) => {
        asked.push(req.url ?? "");
        if (unavailable.has(req.url ?? "")) return void res.writeHead(503).end();
        const found = served.get(req.url ?? "");
        if (!found) return void res.writeHead(404).end();
        res.writeHead(200, { "Content-Type": found.type }).end(found.body);
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      remote = `http://remote.example:${(server.address() as AddressInfo).port}`;
      served.set("/a.jpg", { type: "image/jpeg", body: await photo() });
      served.set("/page.png", { type: "image/png", body: "<!doctype html><title>not a picture</title>" });
      served.set("/drawing.png", {
        type: "image/png",
        body: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      });
    }, limit(60_000));

    afterAll(async () => {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
      await database?.close();
    });

    const respond = (source: string, avatar: string) =>
      saveResponse(database.db, {
        kind: "like",
        postId,
        sourceUrl: `${remote}/activities/${source}`,
        authorName: source,
        authorHandle: `@${source}@remote.example`,
        authorUrl: `${remote}/@${source}`,
        authorAvatar: `${remote}${avatar}`,
        authorActor: `${remote}/users/${source}`,
        instance: "remote.example",
      });
    const keyOf = async (source: string) =>
      (
        await database.db
          .select({ key: responses.avatarKey, checked: responses.avatarCheckedAt, updated: responses.updatedAt })
          .from(responses)
          .where(eq(responses.sourceUrl, `${remote}/activities/${source}`))
      )[0];

    it("refuses an avatar whose name resolves to a private address, unless allowed", async () => {
      await respond("first", "/a.jpg");
      const refused = await avatars(false).round(database.db);
      expect(refused).toMatchObject({ stored: 0, refused: 1 });
      expect(asked).toEqual([]);
      expect(await keyOf("first")).toMatchObject({ key: null, checked: expect.any(Date) });
    });

    it("stores a picture once per address, small, as WebP, without its metadata, under a key named by its bytes", async () => {
      await respond("second", "/a.jpg");
      await respond("third", "/a.jpg");
      const saved = (await keyOf("second"))?.updated?.getTime() ?? 0;
      const kept = avatars(true);
      expect(await kept.round(database.db)).toMatchObject({ stored: 1, refused: 0 });
      expect(asked).toEqual(["/a.jpg"]);
      const { key } = (await keyOf("second")) ?? {};
      expect(key).toMatch(new RegExp(`^${AVATAR_PREFIX}/[0-9a-f]{24}\\.webp$`));
      expect((await keyOf("third"))?.key).toBe(key);
      // Changed, so the pages that show it are made again on every server (the blog's fingerprint).
      expect((await keyOf("second"))?.updated?.getTime()).toBeGreaterThan(saved);
      const stored = await uploads.get(key ?? "");
      const metadata = await sharp(stored).metadata();
      expect(metadata).toMatchObject({ format: "webp", width: AVATAR_EDGE, height: AVATAR_EDGE });
      expect(metadata.exif).toBeUndefined();
      // A new response with an address already kept takes its key without a request.
      await respond("fourth", "/a.jpg");
      expect(await kept.round(database.db)).toMatchObject({ stored: 0, refused: 0 });
      expect((await keyOf("fourth"))?.key).toBe(key);
      expect(asked).toEqual(["/a.jpg"]);
    });

    it("refuses what is not a picture, whatever its type says, and a missing one", async () => {
      await respond("page", "/page.png");
      await respond("drawing", "/drawing.png");
      await respond("missing", "/missing.png");
      expect(await avatars(true).round(database.db)).toMatchObject({ stored: 0, refused: 3 });
      for (const source of ["page", "drawing", "missing"])
        expect(await keyOf(source)).toMatchObject({ key: null, checked: expect.any(Date) });
    });

    it("tries an avatar again later when its server did not answer, a few times, then gives up", async () => {
      const start = new Date();
      const at = (ms: number) => new Date(start.getTime() + ms);
      const kept = avatars(true);
      const other = sharp({ create: { width: 64, height: 64, channels: 3, background: "#236" } });
      served.set("/busy.jpg", { type: "image/png", body: await other.png().toBuffer() });
      unavailable.add("/busy.jpg");
      await respond("busy", "/busy.jpg");
      expect(await kept.round(database.db, start)).toMatchObject({ stored: 0, refused: 1, retried: 1 });
      // Not before its time.
      expect(await kept.round(database.db, at(avatarRetryMs(1) - 1_000))).toMatchObject({ stored: 0, refused: 0 });
      expect(asked.filter((path) => path === "/busy.jpg")).toHaveLength(1);
      unavailable.delete("/busy.jpg");
      expect(await kept.round(database.db, at(avatarRetryMs(1)))).toMatchObject({ stored: 1, refused: 0 });
      expect((await keyOf("busy"))?.key).toMatch(new RegExp(`^${AVATAR_PREFIX}/`));
      // One that never answers is fetched AVATAR_ATTEMPTS times in all, each after its wait, then left to its initial.
      unavailable.add("/down.png");
      await respond("down", "/down.png");
      let when = start.getTime();
      await kept.round(database.db, new Date(when));
      for (let failures = 1; failures < AVATAR_ATTEMPTS + 2; failures += 1) {
        when += avatarRetryMs(failures);
        await kept.round(database.db, new Date(when));
      }
      expect(asked.filter((path) => path === "/down.png")).toHaveLength(AVATAR_ATTEMPTS);
      expect(await keyOf("down")).toMatchObject({ key: null });
      // A 404 is an answer: never asked again.
      expect(asked.filter((path) => path === "/missing.png")).toHaveLength(1);
    });

    it("deletes an avatar once no response names it, an hour after it was stored", async () => {
      const kept = avatars(true);
      const { key } = (await keyOf("second")) ?? {};
      const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
      expect(await kept.deleteUnused(database.db, later)).toBe(0);
      await database.db.delete(responses).where(eq(responses.authorAvatar, `${remote}/a.jpg`));
      // Just stored: a response naming it may not be written yet.
      expect(await kept.deleteUnused(database.db, new Date())).toBe(0);
      expect(await kept.deleteUnused(database.db, later)).toBe(1);
      expect(await uploads.get(key ?? "")).toBeUndefined();
    });
  });
}

import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { draftPage } from "../../app/server/blog/draft-preview.server.ts";
import { isCacheablePageUrl, missingBlogAddresses } from "../../app/server/blog/page-cache.server.ts";
import { createPost, updatePost } from "../../app/server/blog/posts.server.ts";
import {
  createShareLink,
  findSharedPost,
  listShareLinks,
  revokeShareLink,
  SHARE_LINK_DAYS,
} from "../../app/server/blog/share-links.server.ts";
import { restoreTrashedPost, trashPost } from "../../app/server/blog/trash.server.ts";
import type { OpenDatabase } from "../../app/server/db/client.server.ts";
import { postShareLinks } from "../../app/server/db/schema.ts";
import { workKind } from "../../http-server/flood-limits.ts";
import { limit } from "../harness/host-speed.ts";
import { engines, engineTitle } from "./helpers/databases.ts";
import { postInput, saved, twoAuthors } from "./helpers/posts.ts";

const DAY = 24 * 60 * 60 * 1000;

describe("a shared draft's address", () => {
  const paths = ["/blog/preview/abc", "/en/blog/preview/abc", "/blog/preview/abc.data"];
  it("is never kept by the response cache nor answered by its index of unknown slugs", () => {
    const missing = missingBlogAddresses({ slugs: new Set(), tags: new Set() });
    for (const path of paths) {
      expect(isCacheablePageUrl(path), path).toBe(false);
      expect(missing(path), path).toBeUndefined();
    }
  });
  it("is a render like any other, under the flood limits", () => {
    for (const path of paths) expect(workKind("GET", path, "/admin/blog/upload"), path).toBe("render");
  });
});

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`shared drafts on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    let ana: string;
    let bruno: string;
    beforeAll(async () => {
      database = await engine.open();
      ({ ana, bruno } = await twoAuthors(database.db));
    }, limit(60_000));
    afterAll(async () => {
      await database?.close();
    });

    it("opens the post for anyone with the link, storing only the token's SHA-256", async () => {
      const { db } = database;
      const post = saved(await createPost(db, ana, postInput("rascunho-compartilhado")));
      const made = await createShareLink(db, ana, post.id);
      if (!made) throw new Error("no link");
      expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(made.link.expiresAt.getTime() - made.link.createdAt.getTime()).toBe(SHARE_LINK_DAYS * DAY);
      const stored = await db.select().from(postShareLinks);
      expect(stored.map((row) => row.tokenHash)).toContain(createHash("sha256").update(made.token).digest("hex"));
      expect(JSON.stringify(stored)).not.toContain(made.token);
      expect((await findSharedPost(db, made.token))?.id).toBe(post.id);
      expect((await listShareLinks(db, ana, post.id)).map((link) => link.id)).toEqual([made.link.id]);
    });

    it("finds nothing for a forged, revoked or expired token, or a post in the trash, and tells them apart nowhere", async () => {
      const { db } = database;
      const post = saved(await createPost(db, ana, postInput("fechado")));
      const made = await createShareLink(db, ana, post.id);
      if (!made) throw new Error("no link");
      const forged = `${made.token.slice(0, -1)}${made.token.endsWith("A") ? "B" : "A"}`;
      for (const token of [forged, "", "../../etc", `${made.token}x`, "' or 1=1 --"]) {
        expect(await findSharedPost(db, token)).toBeUndefined();
      }
      expect(await findSharedPost(db, made.token, new Date(Date.now() + (SHARE_LINK_DAYS + 1) * DAY))).toBeUndefined();
      expect((await listShareLinks(db, ana, post.id, new Date(Date.now() + 8 * DAY))).length).toBe(0);

      await trashPost(db, ana, post.id);
      expect(await findSharedPost(db, made.token)).toBeUndefined();
      await restoreTrashedPost(db, ana, post.id);
      expect((await findSharedPost(db, made.token))?.id).toBe(post.id);

      expect(await revokeShareLink(db, ana, post.id, made.link.id)).toBe(true);
      expect(await findSharedPost(db, made.token)).toBeUndefined();
      expect(await listShareLinks(db, ana, post.id)).toEqual([]);
      expect(await revokeShareLink(db, ana, post.id, made.link.id)).toBe(false);
    });

    it("lets no author share, list or revoke the links of another's post", async () => {
      const { db } = database;
      const post = saved(await createPost(db, ana, postInput("so-da-ana")));
      expect(await createShareLink(db, bruno, post.id)).toBeUndefined();
      expect(await createShareLink(db, ana, "not-a-uuid")).toBeUndefined();
      const made = await createShareLink(db, ana, post.id);
      if (!made) throw new Error("no link");
      expect(await listShareLinks(db, bruno, post.id)).toEqual([]);
      expect(await revokeShareLink(db, bruno, post.id, made.link.id)).toBe(false);
      expect((await findSharedPost(db, made.token))?.id).toBe(post.id);
    });

    it("shows the latest saved version: a published post's autosaved changes included", async () => {
      const { db } = database;
      const post = saved(
        await createPost(db, ana, postInput("publicado", { published: true, content: "Versão publicada" })),
      );
      await updatePost(
        db,
        ana,
        post.id,
        postInput("publicado", { title: "Título novo", content: "Versão **nova**" }),
        post.updatedAt,
        "autosave",
      );
      const made = await createShareLink(db, ana, post.id);
      const shared = made && (await findSharedPost(db, made.token));
      if (!shared) throw new Error("no shared post");
      const page = await draftPage(db, shared);
      expect(page.title).toBe("Título novo");
      expect(page.html).toContain("<strong>nova</strong>");
    });
  });
}

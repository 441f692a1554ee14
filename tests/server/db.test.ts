import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertGitHubUser } from "../../app/server/auth/users.server.ts";
import { type OpenDatabase, PGLITE_SETTINGS } from "../../app/server/db/client.server.ts";
import { FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from "../../app/server/db/errors.server.ts";
import { blogs, users } from "../../app/server/db/schema.ts";
import { limit } from "../harness/host-speed.ts";
import { engines, engineTitle } from "./helpers/databases.ts";

const profile = { githubId: 42, login: "rafael-werneck", name: "Rafael", avatarUrl: null, email: "r@example.com" };

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`database on ${engineTitle(engine)}`, () => {
    let database: OpenDatabase;
    beforeAll(async () => {
      database = await engine.open();
    }, limit(60_000));
    afterAll(async () => {
      await database?.close();
    });

    it("runs the migrations: users, sessions and blogs exist", async () => {
      const result = await database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      const names = (result as unknown as { rows: { table_name: string }[] }).rows.map((row) => row.table_name);
      expect(names).toEqual(expect.arrayContaining(["blogs", "sessions", "users"]));
    });

    it("creates a user on first sign-in and updates them by GitHub id afterwards", async () => {
      const first = await upsertGitHubUser(database.db, profile);
      const renamed = await upsertGitHubUser(database.db, { ...profile, login: "rafael-new", name: "Rafael W." });
      expect(renamed.id).toBe(first.id);
      expect(renamed.login).toBe("rafael-new");
      expect(renamed.updatedAt.getTime()).toBeGreaterThanOrEqual(first.updatedAt.getTime());
      const rows = await database.db.select().from(users).where(eq(users.githubId, 42));
      expect(rows).toHaveLength(1);
    });

    it("stores a post as a draft by default, with its timestamps", async () => {
      const [author] = await database.db.select().from(users).where(eq(users.githubId, 42));
      const [post] = await database.db
        .insert(blogs)
        .values({ title: "Olá", slug: "ola", content: "# Olá", authorId: author?.id ?? "" })
        .returning();
      expect(post).toMatchObject({ published: false, excerpt: null, coverImage: null });
      expect(post?.createdAt).toBeInstanceOf(Date);
      expect(post?.updatedAt).toBeInstanceOf(Date);
    });

    it("refuses a second post with the same slug", async () => {
      const [author] = await database.db.select().from(users).where(eq(users.githubId, 42));
      const insert = database.db
        .insert(blogs)
        .values({ title: "B", slug: "ola", content: "x", authorId: author?.id ?? "" });
      await expect(insert).rejects.toSatisfy((error) => pgErrorCode(error) === UNIQUE_VIOLATION);
    });

    it("refuses a post whose author does not exist", async () => {
      const insert = database.db.insert(blogs).values({
        title: "Orphan",
        slug: "orphan",
        content: "x",
        authorId: "00000000-0000-4000-8000-000000000000",
      });
      await expect(insert).rejects.toSatisfy((error) => pgErrorCode(error) === FOREIGN_KEY_VIOLATION);
    });

    it("rolls a transaction back as a whole", async () => {
      const [author] = await database.db.select().from(users).where(eq(users.githubId, 42));
      const attempt = database.db.transaction(async (tx) => {
        await tx.insert(blogs).values({ title: "T", slug: "in-tx", content: "x", authorId: author?.id ?? "" });
        await tx.insert(blogs).values({ title: "T", slug: "in-tx", content: "x", authorId: author?.id ?? "" });
      });
      await expect(attempt).rejects.toBeDefined();
      expect(await database.db.select().from(blogs).where(eq(blogs.slug, "in-tx"))).toEqual([]);
    });

    it.runIf(engine.name === "pglite")("runs the embedded engine with the small buffer cache", async () => {
      const result = await database.db.execute(sql`show shared_buffers`);
      const rows = (result as unknown as { rows: { shared_buffers: string }[] }).rows;
      expect(PGLITE_SETTINGS).toContain(`shared_buffers=${rows[0]?.shared_buffers}`);
    });
  });
}

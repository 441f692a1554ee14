/**
 * Import and export through the domain's functions, on PGlite and on
 * PostgreSQL: an author's archive holds their posts and nobody else's, in
 * both languages, every state, with images, revisions and tag names; the
 * archive imported into an empty site and exported again is the same
 * archive field for field; the fixtures of other engines land with their
 * titles, dates, states, tags and translations, are never mailed, and leave
 * their old addresses; a clash is skipped, renamed or replaced as chosen;
 * a failure or a problem writes nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import yauzl from "yauzl";
import { upsertGitHubUser } from "../../app/server/auth/users.server.ts";
import { saveCover } from "../../app/server/blog/covers.server.ts";
import { CONTAINERS_PER_LINE, MARKS_PER_BLOCK } from "../../app/server/blog/markdown-guard.server.ts";
import { createPost, updatePost } from "../../app/server/blog/posts.server.ts";
import { setTagTranslation } from "../../app/server/blog/tags.server.ts";
import { trashPost } from "../../app/server/blog/trash.server.ts";
import type { Database, OpenDatabase } from "../../app/server/db/client.server.ts";
import {
  blogs,
  blogTags,
  fediversePosts,
  newsletterMails,
  newsletterPosts,
  newsletterSubscribers,
  postRedirects,
  postRevisions,
  searchDocuments,
  webmentionPosts,
  webmentionSends,
} from "../../app/server/db/schema.ts";
import { federationStartedAt } from "../../app/server/fediverse/federated-posts.server.ts";
import { announcePosts } from "../../app/server/newsletter/queue.server.ts";
import { exportArchive } from "../../app/server/transfer/export.server.ts";
import { applyImport, type ClashChoice, ImportRefused, planImport } from "../../app/server/transfer/import.server.ts";
import { problemText } from "../../app/server/transfer/messages.server.ts";
import { readSource } from "../../app/server/transfer/read-source.server.ts";
import {
  addAuthorRedirect,
  addRedirects,
  listRedirects,
  redirectTable,
  removeRedirect,
} from "../../app/server/transfer/redirects.server.ts";
import { fillSearchDocuments, searchAfterImport } from "../../app/server/transfer/search-after-import.server.ts";
import { openSource } from "../../app/server/transfer/source-files.server.ts";
import { localDiskStorage, type ObjectStorage } from "../../app/server/uploads/storage.server.ts";
import { queueNewVersions } from "../../app/server/webmention/queue.server.ts";
import { limit } from "../harness/host-speed.ts";
import { solidPng } from "../helpers/images.ts";
import { fixtureFolder, fixtureText, IMPORT_FIXTURES, zipFile } from "../helpers/import-files.ts";
import { engines, engineTitle } from "./helpers/databases.ts";
import { postInput, saved, twoAuthors } from "./helpers/posts.ts";

const DAY = 24 * 60 * 60 * 1000;
/** The site's public address the imports are told. */
const SITE = "http://127.0.0.1:3000";

/** Every entry of a zip: name to bytes. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of (await zip.openReadStreamPromise(entry)) as AsyncIterable<Buffer>) chunks.push(chunk);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  return entries;
}

async function exported(db: Database, storage: ObjectStorage, authorId: string): Promise<Buffer> {
  const { stream } = exportArchive(db, storage, { authorId });
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A post's front matter and text from its Markdown file. */
function markdownParts(text: string): { front: Record<string, unknown>; body: string } {
  const [, front = "", body = ""] = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(text) ?? [];
  return { front: parseYaml(front) as Record<string, unknown>, body };
}

for (const engine of engines) {
  describe.skipIf(engine.skip !== undefined)(`import and export on ${engineTitle(engine)}`, () => {
    const opened: OpenDatabase[] = [];
    const dirs: string[] = [];
    let database: OpenDatabase;
    let storage: ObjectStorage;
    let ana: string;
    let bruno: string;

    const freshSite = async () => {
      const site = await engine.open();
      opened.push(site);
      const root = mkdtempSync(path.join(tmpdir(), "transfer-storage-"));
      dirs.push(root);
      const user = await upsertGitHubUser(site.db, {
        githubId: 1,
        login: "ana",
        name: null,
        avatarUrl: null,
        email: null,
      });
      return { db: site.db, storage: localDiskStorage(root), ana: user.id };
    };

    const importInto = async (
      site: { db: Database; storage: ObjectStorage },
      authorId: string,
      location: string,
      clash: ClashChoice = "skip",
    ) => {
      const tree = await openSource(location);
      try {
        const source = await readSource(tree);
        const plan = await planImport(site.db, source, authorId);
        const result = await applyImport(site.db, site.storage, tree, source, authorId, { clash, publicUrl: SITE });
        return { plan, result };
      } finally {
        tree.close();
      }
    };

    beforeAll(async () => {
      database = await engine.open();
      opened.push(database);
      ({ ana, bruno } = await twoAuthors(database.db));
      const root = mkdtempSync(path.join(tmpdir(), "transfer-storage-"));
      dirs.push(root);
      storage = localDiskStorage(root);
      const db = database.db;
      const cover = await saveCover(storage, ana, await solidPng("#b45309", 900, 500));
      const inline = await saveCover(storage, ana, await solidPng("#1d4ed8", 60, 40));
      if (!cover.ok || !inline.ok) throw new Error("saving the test images failed");
      // A published post with a cover, an image in its text, accented tags and settings, later edited.
      const ola = saved(
        await createPost(db, ana, {
          ...postInput("ola-mundo", {
            title: "Olá, mundo",
            content: `Primeiro texto.\n\n![Diagrama](${inline.url})\n`,
            published: true,
            coverImage: cover.url,
            tags: ["programacao-funcional", "cafe"],
            tagNames: { "programacao-funcional": "Programação Funcional", cafe: "Café" },
            excerpt: "Um resumo.",
            seoDescription: "Descrição para buscadores.",
            socialTitle: "Título social",
            socialDescription: "Descrição social",
            coverAlt: "Um pôr do sol laranja sobre o mar",
            coverCaption: "Foto: Ana, Boa Viagem",
          }),
        }),
      );
      saved(
        await updatePost(
          db,
          ana,
          ola.id,
          {
            ...postInput("ola-mundo"),
            title: "Olá, mundo!",
            content: ola.content,
            published: true,
            coverImage: cover.url,
            tags: ola.tags,
            excerpt: "Um resumo.",
          },
          ola.updatedAt,
        ),
      );
      // Its translation, a draft, with the tag's English name linked to the Portuguese one.
      saved(
        await createPost(db, ana, {
          ...postInput("hello-world", {
            title: "Hello, world",
            lang: "en",
            translationOf: ola.id,
            tags: ["functional-programming"],
            tagNames: { "functional-programming": "Functional Programming" },
          }),
        }),
      );
      expect((await setTagTranslation(db, "pt", "programacao-funcional", "Functional Programming")).status).toBe(
        "saved",
      );
      // Scheduled, and in the trash.
      saved(
        await createPost(
          db,
          ana,
          postInput("agendado", { published: true, scheduledAt: new Date(Date.now() + 30 * DAY) }),
        ),
      );
      const gone = saved(await createPost(db, ana, postInput("na-lixeira", { published: true })));
      await trashPost(db, ana, gone.id);
      expect((await addAuthorRedirect(db, ana, "/blog/ola-mundo", "/2019/05/ola/")).status).toBe("added");
      expect((await addAuthorRedirect(db, ana, "/blog/do-bruno", "/2019/05/dele/")).status).toBe("post-not-found");
      // Another author's post: never in Ana's archive.
      saved(await createPost(db, bruno, postInput("do-bruno", { published: true })));
      // A tag's old page and the old feed an import of Ana's kept, and one of Bruno's.
      await addRedirects(db, [
        { path: "/tag/cafe", lang: "pt", tag: "cafe", authorId: ana, source: "wordpress" },
        { path: "/feed", lang: "en", tag: null, authorId: ana, source: "wordpress" },
        { path: "/tag/dele", lang: "pt", tag: "dele", authorId: bruno, source: "ghost" },
      ]);
    }, limit(120_000));

    afterAll(async () => {
      for (const site of opened) await site.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    let archive: Buffer;
    it("exports the author's posts in both languages and every state, with images and what Markdown cannot hold", async () => {
      archive = await exported(database.db, storage, ana);
      const entries = await unzip(archive);
      expect([...entries.keys()].sort()).toEqual([
        "archive.json",
        "en/hello-world/index.md",
        "pt/agendado/index.md",
        "pt/na-lixeira/index.md",
        "pt/ola-mundo/image-1.png",
        "pt/ola-mundo/image-2.png",
        "pt/ola-mundo/index.md",
      ]);
      const ola = markdownParts(entries.get("pt/ola-mundo/index.md")?.toString("utf8") ?? "");
      expect(ola.front).toMatchObject({
        title: "Olá, mundo!",
        slug: "ola-mundo",
        lang: "pt",
        status: "published",
        draft: false,
        author: "ana",
        tags: ["Programação Funcional", "Café"],
        summary: "Um resumo.",
        description: "Descrição para buscadores.",
        socialTitle: "Título social",
        socialDescription: "Descrição social",
        cover: "image-1.png",
        // The save after it did not send the cover's words: they stayed.
        coverAlt: "Um pôr do sol laranja sobre o mar",
        coverCaption: "Foto: Ana, Boa Viagem",
      });
      expect(String(ola.front.date)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-03:00$/);
      expect(ola.body).toBe("Primeiro texto.\n\n![Diagrama](image-2.png)\n");
      const hello = markdownParts(entries.get("en/hello-world/index.md")?.toString("utf8") ?? "");
      expect(hello.front).toMatchObject({ status: "draft", tags: ["Functional Programming"] });
      expect(hello.front.translationKey).toBe(ola.front.translationKey);
      expect(markdownParts(entries.get("pt/agendado/index.md")?.toString("utf8") ?? "").front.status).toBe("scheduled");
      const trashed = markdownParts(entries.get("pt/na-lixeira/index.md")?.toString("utf8") ?? "").front;
      expect(trashed).toMatchObject({ status: "trashed", draft: false });
      expect(trashed.trashed).toBeDefined();
      const index = JSON.parse(entries.get("archive.json")?.toString("utf8") ?? "{}");
      expect(index.authors).toEqual(["ana"]);
      const olaIndex = index.posts.find((post: { file: string }) => post.file === "pt/ola-mundo/index.md");
      expect(olaIndex.revisions.map((revision: { kind: string }) => revision.kind)).toEqual(["publish", "save"]);
      expect(olaIndex.revisions[0].content).toContain("image-2.png");
      expect(olaIndex.revisions[1]).toMatchObject({
        cover: "image-1.png",
        coverAlt: "Um pôr do sol laranja sobre o mar",
      });
      expect(olaIndex.redirects).toEqual([expect.objectContaining({ path: "/2019/05/ola", source: "author" })]);
      // The tags' names in both languages, linked: what Markdown, one language a file, cannot hold.
      const tag = (lang: string, slug: string) =>
        index.tags.find((row: { lang: string; slug: string }) => row.lang === lang && row.slug === slug);
      expect(tag("pt", "programacao-funcional")).toMatchObject({ name: "Programação Funcional" });
      expect(tag("en", "functional-programming")).toMatchObject({ name: "Functional Programming" });
      expect(tag("pt", "programacao-funcional").translationKey).toBe(
        tag("en", "functional-programming").translationKey,
      );
      expect(JSON.stringify(index)).not.toContain("do-bruno");
      expect(index.redirects).toEqual([
        { path: "/feed", lang: "en", source: "wordpress", created: expect.stringMatching(/-03:00$/) },
        { path: "/tag/cafe", lang: "pt", tag: "cafe", source: "wordpress", created: expect.stringMatching(/-03:00$/) },
      ]);
    });

    it("round-trips: the archive imported into an empty site and exported again is the same archive", async () => {
      const site = await freshSite();
      const file = path.join(mkdtempSync(path.join(tmpdir(), "transfer-archive-")), "archive.zip");
      dirs.push(path.dirname(file));
      writeFileSync(file, archive);
      const { plan, result } = await importInto(site, site.ana, file);
      expect(plan.kind).toBe("archive");
      expect(plan.problems).toEqual([]);
      expect(plan.translations).toEqual([{ pt: "Olá, mundo!", en: "Hello, world" }]);
      expect(result).toMatchObject({ imported: 4, skipped: 0, renamed: 0, images: 2, redirects: 3 });
      const again = await unzip(await exported(site.db, site.storage, site.ana));
      const first = await unzip(archive);
      expect([...again.keys()].sort()).toEqual([...first.keys()].sort());
      for (const [name, bytes] of first) {
        if (name.endsWith(".png")) continue;
        const other = again.get(name)?.toString("utf8") ?? "";
        if (name === "archive.json") {
          const { exportedAt: _a, ...before } = JSON.parse(bytes.toString("utf8"));
          const { exportedAt: _b, ...after } = JSON.parse(other);
          expect(after, name).toEqual(before);
        } else expect(other, name).toBe(bytes.toString("utf8"));
      }
      // Images are made again by the site (what is stored is an image it made): same kind, same size.
      const sharp = (await import("sharp")).default;
      for (const name of ["pt/ola-mundo/image-1.png", "pt/ola-mundo/image-2.png"]) {
        const [before, after] = await Promise.all(
          [first.get(name), again.get(name)].map((bytes) => sharp(bytes).metadata()),
        );
        expect([after?.format, after?.width, after?.height], name).toEqual([
          before?.format,
          before?.width,
          before?.height,
        ]);
      }
    });

    it("lists a tag's and the feed's old addresses to the author whose they are, who alone removes one", async () => {
      const { rows, total } = await listRedirects(database.db, ana);
      expect(total).toBe(3);
      expect(rows).toEqual([
        expect.objectContaining({
          path: "/2019/05/ola",
          kind: "post",
          title: "Olá, mundo!",
          target: "/blog/ola-mundo",
        }),
        expect.objectContaining({ path: "/feed", kind: "feed", lang: "en", target: "/en/rss.xml" }),
        expect.objectContaining({ path: "/tag/cafe", kind: "tag", title: "Café", target: "/blog/tag/cafe" }),
      ]);
      const table = await redirectTable(database.db);
      expect([table.get("/tag/cafe"), table.get("/feed"), table.get("/tag/dele")]).toEqual([
        "/blog/tag/cafe",
        "/en/rss.xml",
        "/blog/tag/dele",
      ]);
      expect(await removeRedirect(database.db, bruno, "/tag/cafe")).toBe(false);
      expect(await removeRedirect(database.db, ana, "/tag/dele")).toBe(false);
      expect(await removeRedirect(database.db, ana, "/tag/cafe")).toBe(true);
      expect((await redirectTable(database.db)).has("/tag/cafe")).toBe(false);
      // A post's old address leads to it in its language as it is now, an author having changed it since.
      const moved = saved(await createPost(database.db, ana, postInput("muda-de-lingua", { published: true })));
      expect((await addAuthorRedirect(database.db, ana, "/blog/muda-de-lingua", "/2018/muda/")).status).toBe("added");
      saved(
        await updatePost(
          database.db,
          ana,
          moved.id,
          postInput("muda-de-lingua", { published: true, lang: "en" }),
          moved.updatedAt,
        ),
      );
      expect((await redirectTable(database.db)).get("/2018/muda")).toBe("/en/blog/muda-de-lingua");
      expect((await listRedirects(database.db, ana)).rows).toContainEqual(
        expect.objectContaining({ path: "/2018/muda", lang: "en", target: "/en/blog/muda-de-lingua" }),
      );
      // A post's old address is not a tag's: the table's rule holds.
      await expect(
        database.db.insert(postRedirects).values({ path: "/x", lang: "pt", tag: "x", source: "author" }),
      ).rejects.toThrow();
    });

    it("imports a WordPress export, Ghost 4 and 5 and a bilingual Hugo folder with their titles, dates, states, tags and links", async () => {
      const site = await freshSite();
      await site.db.insert(newsletterSubscribers).values({
        email: "leitora@example.com",
        langs: ["pt", "en"],
        frequency: "post",
        status: "confirmed",
        source: "/blog",
        confirmSentAt: new Date("2026-01-01T00:00:00Z"),
        confirmedAt: new Date("2026-01-01T00:05:00Z"),
      });
      const wordpress = await importInto(site, site.ana, path.join(IMPORT_FIXTURES, "wordpress.xml"));
      // Three posts' addresses, the feed's and the two tags' pages.
      expect(wordpress.plan).toMatchObject({ kind: "wordpress", byLang: { pt: 2, en: 0 }, oldAddresses: 6 });
      expect(wordpress.plan.missingImages.map((image) => image.address)).toEqual([
        "https://diario.exemplo.com.br/wp-content/uploads/2021/07/ponte.png",
        "https://diario.exemplo.com.br/wp-content/uploads/2021/07/sumiu.jpg",
      ]);
      expect(wordpress.plan.removed).toEqual([expect.objectContaining({ slug: "ola-sao-paulo", items: ["script"] })]);
      expect(wordpress.result).toMatchObject({ imported: 2, redirects: 6 });
      const ghost4 = await importInto(site, site.ana, path.join(IMPORT_FIXTURES, "ghost-4.json"));
      expect(ghost4.plan).toMatchObject({ kind: "ghost", byLang: { pt: 2, en: 1 } });
      const ghost5 = await importInto(site, site.ana, path.join(IMPORT_FIXTURES, "ghost-5.json"));
      expect(ghost5.result.imported).toBe(2);
      const hugo = await importInto(site, site.ana, await fixtureFolder("hugo-bilingual"));
      expect(hugo.plan.translations).toEqual([
        { pt: "Olá, mundo: notas de uma mudança", en: "Hello, world: notes from a move" },
        { pt: "Segundo post, em TOML", en: "Second post, in JSON" },
      ]);
      // The Portuguese bundle and its English translation share the cover: the file is stored once.
      expect(hugo.result).toMatchObject({ imported: 4, images: 2 });

      const rows = await site.db.select().from(blogs);
      const bySlug = (lang: string, slug: string) => {
        const row = rows.find((candidate) => candidate.lang === lang && candidate.slug === slug);
        if (!row) throw new Error(`no ${lang}/${slug}`);
        return row;
      };
      const ola = bySlug("pt", "ola-sao-paulo");
      expect(ola).toMatchObject({ title: "Olá, São Paulo: um post com acentos", published: true, authorId: site.ana });
      expect(ola.publishedAt?.toISOString()).toBe("2021-07-10T15:30:00.000Z");
      expect(ola.tags).toEqual(["programacao", "acessibilidade-inclusao"]);
      expect(bySlug("pt", "um-rascunho-guardado").published).toBe(false);
      expect(bySlug("en", "scheduled-for-the-future").publishedAt?.toISOString()).toBe("2099-01-01T12:00:00.000Z");
      const names = await site.db.select().from(blogTags);
      expect(names).toContainEqual(
        expect.objectContaining({ lang: "pt", slug: "acessibilidade-inclusao", name: "Acessibilidade & Inclusão" }),
      );
      expect(names).toContainEqual(expect.objectContaining({ lang: "pt", slug: "migracao", name: "Migração" }));
      const olaMundo = bySlug("pt", "ola-mundo");
      expect(olaMundo.translationGroup).not.toBeNull();
      expect(bySlug("en", "ola-mundo").translationGroup).toBe(olaMundo.translationGroup);
      expect(bySlug("en", "second-post").translationGroup).toBe(bySlug("pt", "segundo").translationGroup);
      expect(olaMundo).toMatchObject({
        coverImage: expect.stringMatching(/^\/uploads\/blog-images\//),
        coverAlt: "Caixas de mudança empilhadas diante de uma janela",
        coverCaption: "A mudança, em março",
      });
      expect(bySlug("en", "ola-mundo")).toMatchObject({
        coverAlt: "Moving boxes stacked in front of a window",
        coverCaption: null,
      });
      expect(olaMundo.content).toMatch(/!\[Diagrama da mudança\]\(\/uploads\/blog-images\/[^)]+\.png\)/);

      // An import is not a publication: every public or scheduled post is listed as not to be mailed.
      const published = rows.filter((row) => row.published);
      const skipped = await site.db.select().from(newsletterPosts);
      expect(skipped.map((row) => row.postId).sort()).toEqual(published.map((row) => row.id).sort());
      expect(skipped.every((row) => row.skipped)).toBe(true);
      expect(await announcePosts(site.db)).toBe(0);
      expect(await site.db.select().from(newsletterMails)).toEqual([]);

      // The admin's page lists the first of them, and says how many there are (Hugo's `:slug` is the title when
      // the post has no `slug`; the Hugo draft, never published, had no address).
      expect(await listRedirects(site.db, site.ana, 2)).toMatchObject({
        rows: [{ path: "/2021/07/ola-sao-paulo" }, { path: "/2023/03/olá-mundo-notas-de-uma-mudança" }],
        total: 31,
      });
      const table = await redirectTable(site.db);
      expect(table.get("/2021/07/ola-sao-paulo")).toBe("/blog/ola-sao-paulo");
      expect(table.get("/?p=42")).toBe("/blog/ola-sao-paulo");
      expect(table.get("/migrando-do-wordpress")).toBe("/blog/migrando-do-wordpress");
      expect(table.get("/moving-from-wordpress")).toBe("/en/blog/moving-from-wordpress");
      expect(table.get("/2023/03/olá-mundo-notas-de-uma-mudança")).toBe("/blog/ola-mundo");
      expect(table.get("/en/2023/03/hello-world-notes-from-a-move")).toBe("/en/blog/ola-mundo");
      expect(table.get("/en/notes/second")).toBe("/en/blog/second-post");
      // The old site's tags' pages and feeds lead to the blog's, in their language.
      expect(table.get("/tag/acessibilidade")).toBe("/blog/tag/acessibilidade-inclusao");
      expect(table.get("/feed")).toBe("/rss.xml");
      expect(table.get("/tag/ghost-5")).toBe("/en/blog/tag/ghost-5");
      expect(table.get("/rss")).toBe("/rss.xml");
      expect(table.get("/tags/programação-funcional")).toBe("/blog/tag/programacao-funcional");
      expect(table.get("/en/tags/functional-programming")).toBe("/en/blog/tag/functional-programming");
      expect(table.get("/index.xml")).toBe("/rss.xml");
      expect(table.get("/en/posts/index.xml")).toBe("/en/rss.xml");
    });

    it("makes the imported posts' search documents after its transaction, and a start makes those a stop left", async () => {
      const site = await freshSite();
      await importInto(site, site.ana, path.join(IMPORT_FIXTURES, "ghost-5.json"));
      const documented = async () =>
        (await site.db.select({ postId: searchDocuments.postId }).from(searchDocuments))
          .map((row) => row.postId)
          .sort();
      const published = (await site.db.select().from(blogs).where(eq(blogs.published, true))).map((row) => row.id);
      expect(published.length).toBeGreaterThan(0);
      expect(await documented()).toEqual([...published].sort());
      // The trigger still makes a document as a post is saved, outside an import.
      const later = saved(await createPost(site.db, site.ana, postInput("depois-da-importacao", { published: true })));
      expect(await documented()).toContain(later.id);
      // Within a transaction that says so, the trigger leaves an inserted post's document to the import.
      const deferred = await site.db.transaction(async (tx) => {
        await searchAfterImport(tx);
        return saved(await createPost(tx as unknown as Database, site.ana, postInput("adiada", { published: true })));
      });
      expect(await documented()).not.toContain(deferred.id);
      expect(await fillSearchDocuments(site.db)).toBe(1);
      // A stop between the transaction and the documents leaves posts without one: the next start makes them.
      await site.db.delete(searchDocuments).where(eq(searchDocuments.postId, published[0] ?? ""));
      expect(await fillSearchDocuments(site.db, 1)).toBe(1);
      expect(await documented()).toEqual([...published, later.id, deferred.id].sort());
      expect(await fillSearchDocuments(site.db)).toBe(0);
    });

    it("is not a publication for the fediverse or webmentions either, however recent its dates", async () => {
      const site = await freshSite();
      // The fediverse has been on for a day, and the post was published an hour ago, linking to another site.
      const now = new Date();
      await federationStartedAt(site.db, new Date(now.getTime() - DAY));
      const folder = mkdtempSync(path.join(tmpdir(), "portfolio-import-recent-"));
      writeFileSync(
        path.join(folder, "recente.md"),
        `---\ntitle: Um post de ontem\nslug: um-post-recente\nlang: pt\ndate: ${new Date(now.getTime() - 60 * 60 * 1000).toISOString()}\n---\n\nLeia [este texto](https://example.com/um-texto).\n`,
      );
      try {
        expect((await importInto(site, site.ana, folder)).result.imported).toBe(1);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
      const [post] = await site.db.select().from(blogs);
      // Told already, at the version it came with: the worker finds nothing to send of it.
      expect(await site.db.select().from(fediversePosts)).toEqual([
        expect.objectContaining({
          postId: post?.id,
          state: "published",
          objectUrl: `${SITE}/blog/um-post-recente`,
          version: post?.publishedAt,
        }),
      ]);
      expect(await site.db.select().from(webmentionPosts)).toEqual([
        expect.objectContaining({ postId: post?.id, version: post?.publishedAt }),
      ]);
      expect(await queueNewVersions(site.db, SITE, now)).toBe(0);
      expect(await site.db.select().from(webmentionSends)).toEqual([]);
      // An edit by its author is a change like any other: mentioned then.
      await site.db.update(blogs).set({ editedAt: new Date(now.getTime() + 1000) });
      expect(await queueNewVersions(site.db, SITE, new Date(now.getTime() + 2000))).toBe(1);
    });

    it("skips, renames or replaces a clashing slug as chosen once, never another author's post", async () => {
      const site = await freshSite();
      const other = await upsertGitHubUser(site.db, {
        githubId: 2,
        login: "bia",
        name: null,
        avatarUrl: null,
        email: null,
      });
      saved(await createPost(site.db, other.id, postInput("rascunho-cafe", { title: "O café da Bia" })));
      const ghost = path.join(IMPORT_FIXTURES, "ghost-4.json");
      await importInto(site, site.ana, ghost);
      const skip = await importInto(site, site.ana, ghost, "skip");
      expect(skip.plan.clashes.map((post) => [post.slug, post.yours])).toEqual([
        ["migrando-do-wordpress", true],
        ["rascunho-cafe", false],
        ["moving-from-wordpress", true],
      ]);
      expect(skip.result).toMatchObject({ imported: 0, skipped: 3 });
      const rename = await importInto(site, site.ana, ghost, "rename");
      expect(rename.result).toMatchObject({ imported: 3, renamed: 3 });
      const replace = await importInto(site, site.ana, ghost, "replace");
      // Ana's own posts are replaced; Bia's keeps its slug and the import's takes another.
      expect(replace.result).toMatchObject({ imported: 3, replaced: 2, renamed: 1 });
      const slugs = (await site.db.select({ slug: blogs.slug, authorId: blogs.authorId }).from(blogs))
        .map((row) => `${row.authorId === other.id ? "bia" : "ana"}:${row.slug}`)
        .sort();
      expect(slugs).toEqual([
        "ana:migrando-do-wordpress",
        "ana:migrando-do-wordpress-2",
        "ana:moving-from-wordpress",
        "ana:moving-from-wordpress-2",
        "ana:rascunho-cafe-2",
        "ana:rascunho-cafe-3",
        "bia:rascunho-cafe",
      ]);
    });

    it("unlinks the translation a replaced post leaves alone", async () => {
      const site = await freshSite();
      const pt = saved(await createPost(site.db, site.ana, postInput("par", { title: "Par" })));
      saved(
        await createPost(site.db, site.ana, postInput("pair", { title: "Pair", lang: "en", translationOf: pt.id })),
      );
      const upload = await zipFile({ "par.md": "---\ntitle: Par de novo\n---\nTexto novo" });
      expect((await importInto(site, site.ana, upload, "replace")).result).toMatchObject({ imported: 1, replaced: 1 });
      const rows = await site.db.select().from(blogs);
      expect(rows.map((row) => [row.slug, row.title, row.translationGroup]).sort()).toEqual([
        ["pair", "Pair", null],
        ["par", "Par de novo", null],
      ]);
    });

    it("makes a post's links to another post of the import lead to its new address, renamed or not", async () => {
      const site = await freshSite();
      const wordpress = (await fixtureText("wordpress.xml")).replace(
        "Segunda linha, que o WordPress também separa.",
        'Veja <a href="https://diario.exemplo.com.br/2021/07/ola-sao-paulo/#fim">o outro</a>, <a href="http://www.diario.exemplo.com.br/?p=42">de novo</a>, não <a href="https://outro.example/2021/07/ola-sao-paulo/">este</a> nem <a href="https://diario.exemplo.com.br/2020/01/sumiu/">aquele</a>.',
      );
      const file = path.join(mkdtempSync(path.join(tmpdir(), "import-links-")), "export.xml");
      writeFileSync(file, wordpress);
      const draftText = async (slug: string) =>
        (await site.db.select().from(blogs).where(eq(blogs.slug, slug)))[0]?.content ?? "";
      await importInto(site, site.ana, file);
      expect(await draftText("um-rascunho-guardado")).toContain(
        "Veja [o outro](/blog/ola-sao-paulo#fim), [de novo](/blog/ola-sao-paulo), não [este](https://outro.example/2021/07/ola-sao-paulo/) nem [aquele](https://diario.exemplo.com.br/2020/01/sumiu/).",
      );
      // Imported again beside the first, renamed: the links follow the renamed post, not the first one.
      await importInto(site, site.ana, file, "rename");
      expect(await draftText("um-rascunho-guardado-2")).toContain(
        "Veja [o outro](/blog/ola-sao-paulo-2#fim), [de novo](/blog/ola-sao-paulo-2),",
      );

      // A Hugo site: its baseURL, a post's permalink and aliases, reference links, in both languages.
      const hugo = await zipFile({
        "site/hugo.toml":
          'baseURL = "https://notas.example/"\ndefaultContentLanguage = "pt"\n[languages.pt]\n[languages.en]\n',
        "site/content/posts/alvo.md": "---\ntitle: Alvo\ntranslationKey: alvo\naliases: [/velho/alvo/]\n---\nO alvo.",
        "site/content/posts/alvo.en.md": "---\ntitle: Target\ntranslationKey: alvo\n---\nThe target.",
        "site/content/posts/links.md":
          "---\ntitle: Links\n---\n[um](https://notas.example/posts/alvo/), [dois][velho], [three](/en/posts/alvo/), [quatro](/blog/alvo)\n\n[velho]: /velho/alvo/\n",
      });
      await importInto(site, site.ana, hugo);
      expect(await draftText("links")).toBe(
        "[um](/blog/alvo), [dois][velho], [three](/en/blog/alvo), [quatro](/blog/alvo)\n\n[velho]: /blog/alvo\n",
      );
      // Renamed beside the first, its links follow it, the one written with its address here too.
      await importInto(site, site.ana, hugo, "rename");
      expect(await draftText("links-2")).toBe(
        "[um](/blog/alvo-2), [dois][velho], [three](/en/blog/alvo-2), [quatro](/blog/alvo-2)\n\n[velho]: /blog/alvo-2\n",
      );
    });

    it("refuses a post whose text the site cannot show safely, naming it and the line, from every source", async () => {
      const site = await freshSite();
      const crowded = "a* ".repeat(MARKS_PER_BLOCK + 1);
      const markdown = await zipFile({
        "cheio.md": `---\ntitle: Cheio\n---\nPrimeiro.\n\n${crowded}`,
        "fundo.md": `---\ntitle: Fundo\n---\n${"> ".repeat(CONTAINERS_PER_LINE + 1)}x`,
        "bom.md": "---\ntitle: Bom\n---\nUm *bom* texto.",
      });
      const tree = await openSource(markdown);
      const source = await readSource(tree);
      const plan = await planImport(site.db, source, site.ana);
      expect(plan.problems).toEqual([
        {
          file: "cheio.md",
          code: "too-many-marks",
          values: { title: "Cheio", line: "3", max: String(MARKS_PER_BLOCK) },
        },
        {
          file: "fundo.md",
          code: "too-deep",
          values: { title: "Fundo", line: "1", max: String(CONTAINERS_PER_LINE) },
        },
      ]);
      expect(problemText("pt", plan.problems[0] as (typeof plan.problems)[0])).toContain(
        `“Cheio”: o parágrafo da linha 3 do texto tem mais de ${MARKS_PER_BLOCK} marcas de formatação`,
      );
      expect(problemText("en", plan.problems[1] as (typeof plan.problems)[0])).toContain(
        `“Fundo”: line 1 of the text opens more than ${CONTAINERS_PER_LINE} lists or quotes`,
      );
      await expect(
        applyImport(site.db, site.storage, tree, source, site.ana, { clash: "skip", publicUrl: SITE }),
      ).rejects.toBeInstanceOf(ImportRefused);
      tree.close();
      expect(await site.db.select().from(blogs)).toEqual([]);

      // HTML becomes Markdown first: a WordPress paragraph of literal asterisks is as crowded, escaped.
      const wordpress = await fixtureText("wordpress.xml");
      const file = path.join(mkdtempSync(path.join(tmpdir(), "import-crowded-")), "export.xml");
      writeFileSync(
        file,
        wordpress.replace(
          "<p>Um parágrafo com <strong>",
          `<p>${"a] ".repeat(MARKS_PER_BLOCK + 1)}</p><p>Um parágrafo com <strong>`,
        ),
      );
      const wordpressTree = await openSource(file);
      const problems = (await planImport(site.db, await readSource(wordpressTree), site.ana)).problems;
      wordpressTree.close();
      expect(problems).toEqual([
        expect.objectContaining({
          code: "too-many-marks",
          values: { title: "Olá, São Paulo: um post com acentos", line: "1", max: String(MARKS_PER_BLOCK) },
        }),
      ]);
    });

    it("writes nothing when the dry run has problems or the transaction fails midway", async () => {
      const site = await freshSite();
      const count = async () => ({
        posts: (await site.db.select().from(blogs)).length,
        redirects: (await site.db.select().from(postRedirects)).length,
        revisions: (await site.db.select().from(postRevisions)).length,
        images: (await site.storage.list("blog-images")).length,
      });
      const twice = await zipFile({
        "a.md": "---\ntitle: Um\nslug: mesmo\n---\nUm",
        "b.md": "---\ntitle: Dois\nslug: mesmo\n---\nDois",
      });
      const tree = await openSource(twice);
      const source = await readSource(tree);
      const plan = await planImport(site.db, source, site.ana);
      expect(plan.problems).toEqual([
        { file: "b.md", code: "duplicate-slug", values: { slug: "mesmo", lang: "pt", other: "a.md" } },
      ]);
      await expect(
        applyImport(site.db, site.storage, tree, source, site.ana, { clash: "skip", publicUrl: SITE }),
      ).rejects.toBeInstanceOf(ImportRefused);
      tree.close();
      expect(await count()).toEqual({ posts: 0, redirects: 0, revisions: 0, images: 0 });

      // A slug twice in one file names the line of the post it repeats, in the author's language.
      const wordpress = await fixtureText("wordpress.xml");
      const first = wordpress.slice(wordpress.indexOf("<item>"), wordpress.indexOf("</item>") + "</item>".length);
      const doubled = path.join(mkdtempSync(path.join(tmpdir(), "import-twice-")), "export.xml");
      writeFileSync(doubled, wordpress.replace(first, `${first}\n${first}`));
      const doubledTree = await openSource(doubled);
      const repeated = (await planImport(site.db, await readSource(doubledTree), site.ana)).problems;
      doubledTree.close();
      const line = wordpress.slice(0, wordpress.indexOf("<item>")).split("\n").length;
      expect(repeated).toEqual([
        expect.objectContaining({
          code: "duplicate-slug",
          values: { slug: "ola-sao-paulo", lang: "pt", other: "export.xml", otherLine: String(line) },
        }),
      ]);
      expect(problemText("pt", repeated[0] as (typeof repeated)[0])).toMatch(
        new RegExp(`aparece duas vezes; a outra em export\\.xml, linha ${line}\\.$`),
      );
      expect(problemText("en", repeated[0] as (typeof repeated)[0])).toMatch(
        new RegExp(`appears twice; the other in export\\.xml, line ${line}\\.$`),
      );

      // A text PostgreSQL refuses (a NUL character), after a valid post with an image and an old address.
      const broken = await zipFile({
        "bom/index.md": "---\ntitle: Bom\naliases: [/antigo/]\n---\n![x](foto.png)",
        "bom/foto.png": await solidPng("#15803d", 20, 20),
        "ruim.md": "---\ntitle: Ruim\n---\nantes\u0000depois",
      });
      await expect(importInto(site, site.ana, broken)).rejects.toThrow();
      expect(await count()).toEqual({ posts: 0, redirects: 0, revisions: 0, images: 0 });
      expect(await site.db.select().from(blogs).where(eq(blogs.slug, "bom"))).toEqual([]);
    });
  });
}

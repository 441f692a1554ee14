/**
 * Import, export and old addresses over HTTP, on the production build: a
 * visitor reaches none of the admin's endpoints and another author none of
 * Ana's posts; the dry run and its problems answer in the author's
 * language, an upload over the limit is refused before it is read, the
 * import reports its progress, and then the old addresses answer 301 to
 * the post in its language, never instead of a page of the site, while an
 * unknown path still answers the one cached not-found page. Each author's
 * uploads are counted (IMPORT_RATE_LIMIT). A file checked is kept for its
 * import (decision 085): without scripts, the page's plain form answers the
 * dry run as the page with the kept file's token, its import form sends the
 * token alone and leads to the page of the import's progress; with scripts
 * the import names the token too; a token unknown, used or another
 * author's imports nothing, in the author's language. On the embedded
 * database, and on PostgreSQL with two servers: an import on one is
 * answered by the other, a file kept on one is not known to the other, and
 * an author's uploads are counted by both.
 */
import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../app/server/auth/session.server.ts";
import { upsertGitHubUser } from "../../app/server/auth/users.server.ts";
import { createPost } from "../../app/server/blog/posts.server.ts";
import { openDatabase } from "../../app/server/db/client.server.ts";
import { claimKept, findKept, keepUpload, recordKept } from "../../app/server/transfer/kept-imports.server.ts";
import { limit } from "../harness/host-speed.ts";
import { IMPORT_FIXTURES, zipFile } from "../helpers/import-files.ts";
import { rawRequest } from "../helpers/raw-http.ts";
import { type TestBuild, testBuild } from "./helpers/build.ts";
import { adminQuery, postgresUrl } from "./helpers/databases.ts";
import { postInput, saved } from "./helpers/posts.ts";
import { type SiteProcess, startSeededSite, startSiteProcess } from "./helpers/site-process.ts";

/** The import's limit on the embedded database's server: more than Ana's uploads here. */
const IMPORTS_PER_HOUR = 20;

let build: TestBuild | undefined;
let site: SiteProcess | undefined;
let ana = "";
let anaId = "";
let bruno = "";

beforeAll(async () => {
  build = await testBuild("transfer-http-test");
  let brunoSession = "";
  const started = await startSeededSite(
    build.dir,
    async (db, user) => {
      saved(await createPost(db, user.id, postInput("post-da-ana", { title: "Post da Ana", published: true })));
      const other = await upsertGitHubUser(db, {
        githubId: 8,
        login: "bruno",
        name: null,
        avatarUrl: null,
        email: null,
      });
      saved(await createPost(db, other.id, postInput("post-do-bruno", { title: "Post do Bruno", published: true })));
      brunoSession = (await createSession(db, other.id)).token;
    },
    // Ana's uploads in this file stay under the import's limit; Bruno's test reaches it.
    { AUTHOR_GITHUB_LOGINS: "ana,bruno", IMPORT_RATE_LIMIT: String(IMPORTS_PER_HOUR) },
  );
  site = started.site;
  ana = started.author.session;
  anaId = started.author.user.id;
  bruno = brunoSession;
}, limit(600_000));

afterAll(async () => {
  await site?.stop();
  build?.remove();
}, limit(60_000));

const url = (pathname: string, origin = site?.origin) => `${origin}${pathname}`;
const as = (session: string) => ({ Cookie: `session=${session}` });

/** Posts a file to the import endpoint as the admin's page does. */
function upload(origin: string, session: string, query: string, body: Buffer | string) {
  return fetch(url(`/admin/blog/import?${query}`, origin), {
    method: "POST",
    headers: { ...as(session), Origin: origin, "Content-Type": "application/octet-stream" },
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
}

/** The lines of an import's answer, parsed. */
async function importLines(response: Response): Promise<Record<string, unknown>[]> {
  return (await response.text())
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const location = async (pathname: string, origin = site?.origin) => {
  const response = await fetch(url(pathname, origin), { redirect: "manual" });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get("location") };
};

/** Posts the page's import form as a browser does: multipart, with its length. */
async function postForm(
  pathname: string,
  fields: Record<string, string>,
  file?: { name: string; text: string },
  session = ana,
  origin = site?.origin ?? "",
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new Blob(file ? [file.text] : []), file?.name ?? "");
  const encoded = new Response(form);
  const response = await fetch(url(pathname, origin), {
    method: "POST",
    headers: {
      ...as(session),
      Origin: origin,
      "Content-Type": encoded.headers.get("content-type") ?? "",
    },
    body: await encoded.arrayBuffer(),
    redirect: "manual",
  });
  return { status: response.status, html: await response.text() };
}
/** Posts the dry run's import form: no file, its token and the clash choice. */
async function postApply(pathname: string, fields: Record<string, string>, session = ana, origin = site?.origin ?? "") {
  const response = await fetch(url(pathname, origin), {
    method: "POST",
    headers: { ...as(session), Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "apply-import", ...fields }),
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}
/** A page of the admin's, as the author reads it. */
const page = async (pathname: string, session = ana, origin = site?.origin ?? "") =>
  (await fetch(url(pathname, origin), { headers: as(session) })).text();
const tokenIn = (html: string) => /name="token" value="([A-Za-z0-9_-]{43})"/.exec(html)?.[1];

describe("who may import and export", () => {
  it("sends a visitor away from every endpoint, in words of the request's language", async () => {
    const origin = site?.origin ?? "";
    for (const pathname of ["/admin/blog/export.zip", "/admin/blog/transfer", "/en/admin/blog/transfer"]) {
      const response = await fetch(url(pathname), { redirect: "manual" });
      expect(response.status, pathname).toBeGreaterThanOrEqual(300);
      expect(response.status, pathname).toBeLessThan(400);
    }
    const refused = await fetch(url("/admin/blog/import?lang=en&step=check&name=x.xml"), {
      method: "POST",
      headers: { Origin: origin },
      body: "<rss/>",
    });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: "You need to be signed in to access this page" });
  });

  it("gives each author an archive of their own posts only", async () => {
    const response = await fetch(url("/admin/blog/export.zip"), { headers: as(ana) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="blog-ana-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const archive = Buffer.from(await response.arrayBuffer());
    expect(archive.includes("pt/post-da-ana/index.md")).toBe(true);
    expect(archive.includes("post-do-bruno")).toBe(false);
    const theirs = Buffer.from(
      await (await fetch(url("/admin/blog/export.zip"), { headers: as(bruno) })).arrayBuffer(),
    );
    expect(theirs.includes("pt/post-do-bruno/index.md")).toBe(true);
    expect(theirs.includes("post-da-ana")).toBe(false);
  });
});

describe("the dry run and its refusals", () => {
  it("counts an export and writes nothing", async () => {
    const origin = site?.origin ?? "";
    const response = await upload(
      origin,
      ana,
      "lang=pt&step=check&name=wordpress.xml",
      await readFile(path.join(IMPORT_FIXTURES, "wordpress.xml")),
    );
    expect(response.status).toBe(200);
    const { plan } = (await response.json()) as { plan: Record<string, unknown> & { notes: { message: string }[] } };
    expect(plan).toMatchObject({ kind: "wordpress", byLang: { pt: 2, en: 0 }, oldAddresses: 6, problems: [] });
    expect(plan.notes.map((note) => note.message)).toContain("wordpress.xml, linha 86: Página, não post: “Sobre mim”");
    expect((await location("/?p=42")).status).toBe(200);
  });

  it("names the problem, its file and its line in the author's language", async () => {
    const origin = site?.origin ?? "";
    const hostile = await readFile(await zipFile({ "ok.md": "---\ntitle: Ok\n---\nok", "!../../etc/evil.md": "x" }));
    const pt = (await (await upload(origin, ana, "lang=pt&step=check&name=a.zip", hostile)).json()) as {
      plan: { problems: { message: string }[] };
    };
    expect(pt.plan.problems.map((problem) => problem.message)).toEqual([
      "../../etc/evil.md: O zip tem um caminho que sai da pasta dele ou é absoluto. Nada foi lido.",
    ]);
    const badDate = "---\ntitle: Data ruim\ndate: 2019-13-45\n---\ntexto";
    const en = (await (await upload(origin, ana, "lang=en&step=check&name=post.md", badDate)).json()) as {
      plan: { problems: { message: string }[] };
    };
    expect(en.plan.problems.map((problem) => problem.message)).toEqual([
      "post.md, line 3: The date date is not a valid date: “2019-13-45”.",
    ]);
    // Applying what the dry run refused writes nothing either.
    const applied = await importLines(await upload(origin, ana, "lang=en&step=apply&name=a.zip", hostile));
    expect(applied).toEqual([{ plan: expect.objectContaining({ posts: 0 }) }]);
  });

  it("refuses an upload over the limit before reading it, in the author's language", async () => {
    const reply = await rawRequest(
      url("/admin/blog/import?lang=pt&step=check&name=enorme.zip"),
      { ...as(ana), Origin: site?.origin ?? "", "Content-Length": String(2 * 1024 ** 3) },
      "POST",
    );
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body.toString("utf8"))).toEqual({
      error: expect.stringMatching(/^O arquivo passa de 512 MB/),
    });
  });
});

describe("a dry run's long lists", () => {
  it("shows a list's first 200 items and counts the rest exactly, on the page and in its data, in both languages", async () => {
    const images = Array.from({ length: 203 }, (_, i) => `![figura ${i}](figuras/f-${i}.png)`).join("\n\n");
    const post = { name: "figuras.md", text: `---\ntitle: Muitas figuras\nlang: pt\n---\n${images}` };
    const response = await upload(site?.origin ?? "", ana, "lang=pt&step=check&name=figuras.md", post.text);
    const { plan } = (await response.json()) as {
      plan: { missingImages: { address: string }[]; more: Record<string, number> };
    };
    expect(plan.missingImages.map((image) => image.address).slice(-1)).toEqual(["figuras/f-199.png"]);
    expect(plan.missingImages).toHaveLength(200);
    expect(plan.more).toMatchObject({ missingImages: 3, translations: 0, problems: 0 });
    const pt = await postForm("/admin/blog/transfer", { intent: "check-import" }, post);
    expect(pt.html).toContain("figuras/f-199.png");
    expect(pt.html).not.toContain("figuras/f-200.png");
    expect(pt.html).toContain("… e mais 3");
    const en = await postForm("/en/admin/blog/transfer", { intent: "check-import" }, post);
    expect(en.html).toContain("… and 3 more");
  });
});

describe("what the server reads whole", () => {
  it("refuses a text file over its reading limit by its size, naming the command line, in the author's language", async () => {
    const big = Buffer.alloc(65 * 1024 ** 2, "a");
    big.write('<?xml version="1.0"?><rss xmlns:wp="http://wordpress.org/export/1.2/"><channel>');
    const response = await upload(site?.origin ?? "", ana, "lang=pt&step=check&name=enorme.xml", big);
    expect(response.status).toBe(200);
    const { plan } = (await response.json()) as { plan: { posts: number; problems: { message: string }[] } };
    expect(plan.posts).toBe(0);
    expect(plan.problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/^enorme\.xml: O arquivo tem 65 MB, .* até 64 MB: .*\(npm run import\)/),
    ]);
  });
});

describe("the import's limit", () => {
  it("counts each author's uploads and refuses those over the limit with the wait, in the author's language", async () => {
    const origin = site?.origin ?? "";
    const post = "---\ntitle: Um post\n---\ntexto";
    for (let i = 0; i < IMPORTS_PER_HOUR; i += 1) {
      expect((await upload(origin, bruno, "lang=pt&step=check&name=post.md", post)).status, `upload ${i + 1}`).toBe(
        200,
      );
    }
    const refused = await upload(origin, bruno, "lang=pt&step=check&name=post.md", post);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toEqual({
      error: `Você enviou arquivos para importar muitas vezes em pouco tempo. Tente de novo em ${Math.ceil(wait / 60)} min.`,
    });
    // An import is refused the same way, before a line of progress, and in English for English.
    const applying = await upload(origin, bruno, "lang=en&step=apply&name=post.md", post);
    expect(applying.status).toBe(429);
    expect(await applying.json()).toEqual({
      error: expect.stringMatching(
        /^You have sent files to import too many times in a short while\. Try again in \d+ min\.$/,
      ),
    });
    // The page's plain form is counted with them, and its page says so, with the wait.
    const form = new FormData();
    form.append("intent", "check-import");
    form.append("file", new Blob([post]), "post.md");
    const encoded = new Response(form);
    const page = await fetch(url("/admin/blog/transfer"), {
      method: "POST",
      headers: { ...as(bruno), Origin: origin, "Content-Type": encoded.headers.get("content-type") ?? "" },
      body: await encoded.arrayBuffer(),
    });
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await page.text()).toContain("Você enviou arquivos para importar muitas vezes em pouco tempo.");
    // Another author's count is their own.
    expect((await upload(origin, ana, "lang=pt&step=check&name=post.md", post)).status).toBe(200);
  });
});

describe("the import as a plain form, without scripts", () => {
  const post = {
    name: "sem-javascript.md",
    text: "---\ntitle: Sem JavaScript\nlang: pt\ndate: 2021-07-04\n---\nTexto.",
  };

  it("answers the dry run as the page, keeps the file, then imports it by its token alone, showing its progress", async () => {
    const checked = await postForm("/admin/blog/transfer", { intent: "check-import" }, post);
    expect(checked.status).toBe(200);
    expect(checked.html).toContain("Pasta de Markdown: 1 post (1 em português, 0 em inglês).");
    const token = tokenIn(checked.html);
    expect(token, "the dry run's page names the kept file").toBeDefined();
    // The import's form sends no file: it is a plain form with the token and the clash choice.
    expect(checked.html).not.toMatch(/<form[^>]*multipart[^>]*data-testid="dry-run"/);
    expect((await fetch(url("/blog/sem-javascript"))).status).toBe(404);

    // Another author's import of Ana's token finds nothing, and imports nothing.
    const stolen = await postApply("/admin/blog/transfer", { token: token ?? "", clash: "skip" }, bruno);
    expect(stolen.status).toBe(410);
    expect(stolen.html).toContain("O arquivo que você conferiu não está mais guardado no servidor");
    expect(await page(`/admin/blog/transfer?import=${token}`, bruno)).toContain("não está mais guardado");

    const applied = await postApply("/admin/blog/transfer", { token: token ?? "", clash: "skip" });
    expect(applied.status).toBe(303);
    expect(applied.location).toBe(`/admin/blog/transfer?import=${token}`);
    await expect
      .poll(async () => page(applied.location ?? ""), { timeout: limit(20_000) })
      .toContain("Importação concluída: 1 posts importados, 0 pulados");
    expect((await fetch(url("/blog/sem-javascript"))).status).toBe(200);
    // The form sent again is led to the same import's outcome: nothing is imported twice.
    const again = await postApply("/admin/blog/transfer", { token: token ?? "", clash: "rename" });
    expect(again.location).toBe(applied.location);
    expect(await page(applied.location ?? "")).toContain("1 posts importados, 0 pulados, 0 renomeados");
    expect((await fetch(url("/blog/sem-javascript-2"))).status).toBe(404);
  });

  it("shows a running import's progress with a link to reload it, in the page's language", async () => {
    if (!site) throw new Error("no site");
    // An import running in a live process (this one), as the server records it beside the kept file.
    const kept = { dir: path.join(site.dataDir, "imports"), keepMs: 60_000 };
    const file = path.join(site.dataDir, "a-file-to-keep.md");
    await writeFile(file, post.text);
    const token = await keepUpload(kept, anaId, { path: file, name: "post.md", size: post.text.length, posts: 1 });
    const upload = await findKept(kept, token, anaId);
    if (!upload || !(await claimKept(upload))) throw new Error("kept and claimed");
    await recordKept(kept, upload, { state: "running", progress: { phase: "posts", done: 200, total: 1000 } });
    const html = await page(`/en/admin/blog/transfer?import=${token}`);
    expect(html).toContain("Posts: 200 of 1000");
    expect(html).toMatch(/<progress[^>]*max="1000"[^>]*value="200"/);
    expect(html).toContain("The page does not refresh itself: reload it to see how far it has gone.");
    expect(html).toContain(`href="/en/admin/blog/transfer?import=${token}"`);
    expect(html, "no timed refresh (WCAG 2.2.1)").not.toMatch(/http-equiv="refresh"/i);
    await recordKept(kept, upload, { state: "failed" });
  });

  it("says what is wrong in the page's language: no file, a file it cannot read, a file no longer kept", async () => {
    const empty = await postForm("/en/admin/blog/transfer", { intent: "check-import" });
    expect(empty.status).toBe(400);
    expect(empty.html).toContain("Choose a file to import.");
    const broken = await postForm(
      "/en/admin/blog/transfer",
      { intent: "check-import" },
      { name: "x.xml", text: '<rss xmlns:wp="http://wordpress.org/export/1.2/"><channel><item>' },
    );
    expect(broken.status).toBe(200);
    expect(broken.html).toMatch(/x\.xml, line \d+: Invalid XML/);
    expect(tokenIn(broken.html), "a file with problems is not kept").toBeUndefined();
    const gone = await postApply("/en/admin/blog/transfer", { token: "A".repeat(43), clash: "skip" });
    expect(gone.status).toBe(410);
    expect(gone.html).toContain(
      "The file you checked is no longer kept on the server: it waits 30 min for its import, and a restart of the server forgets it.",
    );
    // The page shows the file's form again, with the reason under it.
    expect(gone.html).toContain("File to import");
  });
});

describe("the import with scripts, the file kept since its dry run", () => {
  it("imports by the dry run's token without sending the file again; a token unknown is 410", async () => {
    const origin = site?.origin ?? "";
    const text = "---\ntitle: Enviado uma vez\nlang: pt\n---\nTexto.";
    const checked = (await (await upload(origin, ana, "lang=pt&step=check&name=uma-vez.md", text)).json()) as {
      token?: string;
    };
    expect(checked.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const gone = await upload(origin, ana, `lang=en&step=apply&token=${"B".repeat(43)}`, "");
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { error: string }).error).toMatch(/^The file you checked is no longer kept/);
    const lines = await importLines(
      await upload(origin, ana, `lang=pt&step=apply&clash=skip&token=${checked.token}`, ""),
    );
    // The file read again for its import is reported against the dry run's count.
    expect(lines).toContainEqual({ progress: { phase: "reading", done: 1, total: 1 } });
    expect(lines.at(-1)).toMatchObject({ result: { imported: 1 }, message: expect.stringMatching(/^Importação/) });
    expect((await fetch(url("/blog/uma-vez"))).status).toBe(200);
    // Used once: its second import finds no file.
    expect((await upload(origin, ana, `lang=pt&step=apply&token=${checked.token}`, "")).status).toBe(410);
  });
});

describe("an import and its old addresses", () => {
  it("imports with progress, then answers the old addresses with a 301 to the post in its language", async () => {
    const origin = site?.origin ?? "";
    for (const fixture of ["wordpress.xml", "ghost-4.json"]) {
      const lines = await importLines(
        await upload(
          origin,
          ana,
          `lang=pt&step=apply&name=${fixture}`,
          await readFile(path.join(IMPORT_FIXTURES, fixture)),
        ),
      );
      expect(lines.filter((line) => "progress" in line).length, fixture).toBeGreaterThan(0);
      expect(lines.at(-1), fixture).toMatchObject({
        result: { imported: expect.any(Number) },
        message: expect.stringMatching(/^Importação concluída/),
      });
    }
    expect(await location("/2021/07/ola-sao-paulo/")).toEqual({ status: 301, location: "/blog/ola-sao-paulo" });
    expect(await location("/?p=42")).toEqual({ status: 301, location: "/blog/ola-sao-paulo" });
    expect(await location("/index.php?p=42")).toEqual({ status: 301, location: "/blog/ola-sao-paulo" });
    expect(await location("/migrando-do-wordpress/")).toEqual({ status: 301, location: "/blog/migrando-do-wordpress" });
    expect(await location("/moving-from-wordpress/")).toEqual({
      status: 301,
      location: "/en/blog/moving-from-wordpress",
    });
    // The old blogs' feeds and tags' pages lead to the blog's.
    expect(await location("/feed/")).toEqual({ status: 301, location: "/rss.xml" });
    expect(await location("/tag/acessibilidade/")).toEqual({
      status: 301,
      location: "/blog/tag/acessibilidade-inclusao",
    });
    expect(await location("/tag/migration/")).toEqual({ status: 301, location: "/en/blog/tag/migration" });
    // The post answers where the redirect leads; a draft's old address leads to its (not yet public) address.
    expect((await fetch(url("/blog/ola-sao-paulo"))).status).toBe(200);
    // Pages of the site and unknown paths are untouched.
    expect((await location("/about")).status).toBe(200);
    const unknown = await fetch(url(`/nada-aqui-${randomBytes(3).toString("hex")}`));
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("x-cache") ?? "").not.toBe("");
  });

  it("lets the author add and remove an old address, never one of a page, never another author's", async () => {
    const origin = site?.origin ?? "";
    const post = async (session: string, fields: Record<string, string>) =>
      fetch(url("/admin/blog/transfer"), {
        method: "POST",
        headers: { ...as(session), Origin: origin },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    const page = await (await fetch(url("/admin/blog/transfer"), { headers: as(ana) })).text();
    expect(page).toContain("/2021/07/ola-sao-paulo");
    const postAddress = "/blog/post-da-ana";

    const sitePage = await post(ana, { intent: "add-redirect", post: postAddress, path: "/about" });
    expect(sitePage.status).toBe(400);
    expect(await sitePage.text()).toContain("Esse endereço é uma página deste site");
    expect(
      (
        await post(ana, {
          intent: "add-redirect",
          post: `https://site.example${postAddress}`,
          path: "https://velho.blog/2018/01/antigo/",
        })
      ).status,
    ).toBe(200);
    expect(await location("/2018/01/antigo")).toEqual({ status: 301, location: "/blog/post-da-ana" });

    // Bruno cannot remove Ana's address, nor point one at her post.
    expect((await post(bruno, { intent: "remove-redirect", path: "/2018/01/antigo" })).status).toBe(404);
    expect((await post(bruno, { intent: "add-redirect", post: postAddress, path: "/do-bruno" })).status).toBe(400);
    expect((await location("/2018/01/antigo")).status).toBe(301);

    expect((await post(ana, { intent: "remove-redirect", path: "/2018/01/antigo" })).status).toBe(200);
    expect((await location("/2018/01/antigo")).status).toBe(404);
  });
});

describe.skipIf(!postgresUrl)("old addresses on PostgreSQL, two servers", () => {
  const servers: SiteProcess[] = [];
  const name = `portfolio_test_${randomBytes(6).toString("hex")}`;
  let session = "";
  let carla = "";

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${name}`);
    const databaseUrl = new URL(postgresUrl ?? "");
    databaseUrl.pathname = `/${name}`;
    const database = await openDatabase({ dataDir: "unused", databaseUrl: databaseUrl.toString(), maxConnections: 2 });
    try {
      const user = await upsertGitHubUser(database.db, {
        githubId: 7,
        login: "ana",
        name: null,
        avatarUrl: null,
        email: null,
      });
      session = (await createSession(database.db, user.id)).token;
      const other = await upsertGitHubUser(database.db, {
        githubId: 9,
        login: "carla",
        name: null,
        avatarUrl: null,
        email: null,
      });
      carla = (await createSession(database.db, other.id)).token;
    } finally {
      await database.close();
    }
    const env = {
      DATABASE_URL: databaseUrl.toString(),
      AUTHOR_GITHUB_LOGINS: "ana,carla",
      RENDER_RATE_LIMIT: "0",
      IMPORT_RATE_LIMIT: "2",
      STORAGE_DRIVER: "postgres",
    };
    servers.push(await startSiteProcess(build?.dir ?? "", env), await startSiteProcess(build?.dir ?? "", env));
  }, limit(300_000));

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }, limit(60_000));

  it("answers on one server the old addresses an import made on the other", async () => {
    const [first, second] = servers;
    if (!first || !second) throw new Error("two servers expected");
    // The second server has answered a 404 for the address before the import: nothing of that is kept.
    expect((await location("/migrando-do-wordpress/", second.origin)).status).toBe(404);
    const lines = await importLines(
      await upload(
        first.origin,
        session,
        "lang=en&step=apply&name=ghost.json",
        await readFile(path.join(IMPORT_FIXTURES, "ghost-4.json")),
      ),
    );
    // The three posts' addresses, the feed's and three tags' pages.
    expect(lines.at(-1)).toMatchObject({ result: { imported: 3, redirects: 7 } });
    await expect
      .poll(async () => location("/migrando-do-wordpress/", second.origin), { timeout: limit(10_000) })
      .toEqual({ status: 301, location: "/blog/migrando-do-wordpress" });
    expect(await location("/moving-from-wordpress", second.origin)).toEqual({
      status: 301,
      location: "/en/blog/moving-from-wordpress",
    });
  });

  it("imports without scripts by the kept file's token; another server, which has not the file, says so", async () => {
    const [first, second] = servers;
    if (!first || !second) throw new Error("two servers expected");
    const file = { name: "no-postgres.md", text: "---\ntitle: No PostgreSQL\nlang: en\n---\nText." };
    const checked = await postForm("/en/admin/blog/transfer", { intent: "check-import" }, file, session, first.origin);
    const token = tokenIn(checked.html) ?? "";
    expect(checked.html).toContain("Folder of Markdown: 1 post (0 in Portuguese, 1 in English).");
    const elsewhere = await postApply("/en/admin/blog/transfer", { token }, session, second.origin);
    expect(elsewhere.status).toBe(410);
    expect(elsewhere.html).toContain("The file you checked is no longer kept on the server");
    const applied = await postApply("/en/admin/blog/transfer", { token, clash: "skip" }, session, first.origin);
    expect(applied.location).toBe(`/en/admin/blog/transfer?import=${token}`);
    await expect
      .poll(async () => page(applied.location ?? "", session, first.origin), { timeout: limit(20_000) })
      .toContain("Import finished: 1 posts imported");
    expect((await fetch(url("/en/blog/no-postgres", second.origin))).status).toBe(200);
  });

  it("counts an author's uploads in the database, so every server refuses past the limit", async () => {
    const [first, second] = servers;
    if (!first || !second) throw new Error("two servers expected");
    const post = "---\ntitle: Um post\n---\ntexto";
    expect((await upload(first.origin, carla, "lang=pt&step=check&name=post.md", post)).status).toBe(200);
    expect((await upload(second.origin, carla, "lang=pt&step=check&name=post.md", post)).status).toBe(200);
    const refused = await upload(first.origin, carla, "lang=pt&step=check&name=post.md", post);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

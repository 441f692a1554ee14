import { afterAll, beforeAll, expect, it } from "vitest";
import { staticArticleIds } from "../../app/content/ids.ts";
import { languages, localizePath } from "../../app/i18n/paths.ts";
import { prerenderPaths } from "../../app/routing/pages.ts";
import { SESSION_COOKIE } from "../../app/server/auth/cookies.server.ts";
import { createPost } from "../../app/server/blog/posts.server.ts";
import { createShareLink } from "../../app/server/blog/share-links.server.ts";
import { limit } from "../harness/host-speed.ts";
import { headingSkips, htmlErrors } from "../helpers/vnu.ts";
import { type TestBuild, testBuild } from "./helpers/build.ts";
import { postInput, saved } from "./helpers/posts.ts";
import { type SeededAuthor, type SiteProcess, startSeededSite } from "./helpers/site-process.ts";

let build: TestBuild | undefined;
let site: SiteProcess | undefined;
let session = "";
/** A published post of the author's, its Markdown as the pipeline renders it; a draft and its shared link. */
const seeded = { published: "html-valido", publishedId: "", draftId: "", shared: "" };

/** Every admin screen of a language. */
const adminPaths = (lang: (typeof languages)[number]) =>
  [
    "/admin/blog",
    "/admin/blog/trash",
    "/admin/blog/tags",
    "/admin/blog/transfer",
    "/admin/messages",
    "/admin/subscribers",
    "/admin/audience",
  ].map((p) => localizePath(p, lang));

beforeAll(async () => {
  build = await testBuild("valid-html");
  let author: SeededAuthor | undefined;
  ({ site, author } = await startSeededSite(build.dir, async (db, user) => {
    const content = [
      "## Seção",
      "Texto com **negrito**, `código`, [um link](https://example.com) e uma imagem:",
      "![Ícone do site](/favicon.svg)",
      "```js\nconst a = 1;\n```",
      "| a | b |\n| - | - |\n| 1 | 2 |",
      "> Citação\n\n- item\n- [x] feito",
    ].join("\n\n");
    const post = saved(
      await createPost(
        db,
        user.id,
        postInput(seeded.published, { title: `HTML válido ${seeded.published}`, content, published: true }),
      ),
    );
    seeded.publishedId = post.id;
    const draft = saved(
      await createPost(
        db,
        user.id,
        postInput("previa-valida", { title: "Prévia previa-valida", content: "## Seção\n\nTexto." }),
      ),
    );
    seeded.draftId = draft.id;
    seeded.shared = `/blog/preview/${(await createShareLink(db, user.id, draft.id))?.token ?? ""}`;
  }));
  session = author?.session ?? "";
}, limit(600_000));

afterAll(async () => {
  await site?.stop();
  build?.remove();
}, limit(60_000));

it("every page is valid HTML (W3C Nu Html Checker) and skips no heading level", {
  timeout: limit(180_000),
}, async () => {
  const origin = site?.origin ?? "";
  const asAuthor = { Cookie: `${SESSION_COOKIE}=${session}` };
  const pages = new Map<string, string>();
  const fetchPage = async (url: string, expectedStatus = 200, headers: Record<string, string> = {}) => {
    const response = await fetch(`${origin}${url}`, { headers });
    expect(response.status, url).toBe(expectedStatus);
    pages.set(url, await response.text());
  };
  for (const lang of languages) {
    const at = (p: string) => localizePath(p, lang);
    for (const url of prerenderPaths().filter((p) => (lang === "en") === (p === "/en" || p.startsWith("/en/"))))
      await fetchPage(url);
    for (const p of ["/blog", "/blog/tag/discord", ...staticArticleIds.map((id) => `/blog/${id}`)])
      await fetchPage(at(p));
    await fetchPage(at("/pagina-que-nao-existe"), 404);
    const search = await fetch(`${origin}${at("/blog/search?q=docker")}`);
    if (search.status === 200) pages.set(at("/blog/search?q=docker"), await search.text());
  }

  // The author's published post, and the admin signed in: the screens as sent.
  await fetchPage(`/blog/${seeded.published}`);
  for (const lang of languages) for (const p of adminPaths(lang)) await fetchPage(p, 200, asAuthor);

  // A draft as its author previews it, and as the link that shares it shows it to anyone.
  for (const lang of languages)
    await fetchPage(localizePath(`/admin/blog/${seeded.draftId}/preview`, lang), 200, asAuthor);
  await fetchPage(seeded.shared);
  // The published post moved to the trash: its address is gone (410), with the not-found page's look.
  const trashed = await fetch(`${origin}/admin/blog/trash`, {
    method: "POST",
    headers: { ...asAuthor, origin },
    body: new URLSearchParams({ intent: "trash", id: seeded.publishedId }),
  });
  expect(trashed.status).toBe(200);
  const gone = await fetch(`${origin}/blog/${seeded.published}`);
  expect(gone.status).toBe(410);
  pages.set(`/blog/${seeded.published} (in the trash)`, await gone.text());

  const errors = await htmlErrors(pages);
  expect(errors, errors.join("\n")).toEqual([]);

  // The outline never skips a level on the way down (h1 then h3 hides a section from heading navigation).
  const skips = headingSkips(pages);
  expect(skips, skips.join("\n")).toEqual([]);
});

it("an author's screens say in their HTML that the author is signed in, for a browser without scripts; no public page does", async () => {
  const origin = site?.origin ?? "";
  const asAuthor = { Cookie: `${SESSION_COOKIE}=${session}` };
  const htmlTag = async (url: string) => {
    const response = await fetch(`${origin}${url}`, { headers: asAuthor });
    expect(response.status, url).toBe(200);
    return /<html[^>]*>/.exec(await response.text())?.[0] ?? "";
  };
  for (const lang of languages) {
    for (const p of adminPaths(lang)) expect(await htmlTag(p), p).toContain('data-auth="in"');
    // Prerendered, cached or rendered for the one reader: a public page is the same for everyone.
    for (const p of [localizePath("/", lang), localizePath("/blog", lang), localizePath("/contact", lang)])
      expect(await htmlTag(p), p).not.toContain("data-auth");
  }
});

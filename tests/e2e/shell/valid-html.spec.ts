import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { staticArticleIds } from "../../../app/content/ids.ts";
import { languages, localizePath } from "../../../app/i18n/paths.ts";
import { prerenderPaths } from "../../../app/routing/pages.ts";
import { limit } from "../../harness/host-speed.ts";
import { shareDraft, writeDraft } from "../admin/desk-helpers.ts";
import { createPostThroughForm, openNewPostForm, uniqueSlug } from "../admin/helpers.ts";
import { adminPaths, expect, signIn, test } from "../fixtures.ts";

/**
 * Every page is valid HTML by the W3C Nu Html Checker (vnu-jar, which needs
 * Java): each prerendered page, the pages rendered per request (blog, an
 * article, a tag, the search, the 404) and the admin signed in, in both
 * languages, as the server sends them. One JVM checks them all at once.
 */

const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

async function validate(files: Map<string, string>): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "valid-html-"));
  try {
    // vnu names each file by its URL; the report names the page.
    const names = new Map<string, string>();
    const paths = [...files].map(([label, html], index) => {
      const file = path.join(dir, `${index}.html`);
      writeFileSync(file, html);
      names.set(`file:${file}`, label);
      return file;
    });
    let output: string;
    try {
      const run = await promisify(execFile)(
        "java",
        ["-jar", vnuJar, "--errors-only", "--format", "json", "--exit-zero-always", ...paths],
        { maxBuffer: 64 * 1024 * 1024 },
      );
      output = run.stderr || run.stdout;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new Error(
        code === "ENOENT"
          ? "The HTML check needs Java on PATH (Debian: apt-get install default-jre-headless)"
          : String(error),
      );
    }
    const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
    return messages
      .filter((m) => m.type === "error" || m.subType === "fatal")
      .map((m) => `${names.get(m.url) ?? m.url}:${m.lastLine ?? "?"}: ${m.message}\n    ${m.extract ?? ""}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("every page is valid HTML (W3C Nu Html Checker) and skips no heading level", async ({ page }) => {
  test.setTimeout(limit(180_000));
  const pages = new Map<string, string>();
  const fetchPage = async (url: string, expectedStatus = 200) => {
    const response = await page.request.get(url);
    expect(response.status(), url).toBe(expectedStatus);
    pages.set(url, await response.text());
  };
  for (const lang of languages) {
    const at = (p: string) => localizePath(p, lang);
    for (const url of prerenderPaths().filter((p) => (lang === "en") === (p === "/en" || p.startsWith("/en/"))))
      await fetchPage(url);
    for (const p of ["/blog", "/blog/tag/discord", ...staticArticleIds.map((id) => `/blog/${id}`)])
      await fetchPage(at(p));
    await fetchPage(at("/pagina-que-nao-existe"), 404);
    const search = await page.request.get(at("/blog/search?q=docker"));
    if (search.status() === 200) pages.set(at("/blog/search?q=docker"), await search.text());
  }

  // The admin signed in: the screens as sent, and the post form as the browser builds it.
  await signIn(page, "author");
  // A published post of the author's: its article as the Markdown pipeline renders it, and a row in the admin list.
  const slug = uniqueSlug("html-valido");
  await createPostThroughForm(page, {
    title: `HTML válido ${slug}`,
    slug,
    content: [
      "## Seção",
      "Texto com **negrito**, `código`, [um link](https://example.com) e uma imagem:",
      "![Ícone do site](/favicon.svg)",
      "```js\nconst a = 1;\n```",
      "| a | b |\n| - | - |\n| 1 | 2 |",
      "> Citação\n\n- item\n- [x] feito",
    ].join("\n\n"),
    publish: true,
  });
  await fetchPage(`/blog/${slug}`);
  for (const lang of languages) {
    for (const path of adminPaths(lang)) await fetchPage(path);
    await openNewPostForm(page, lang);
    pages.set(`${localizePath("/admin/blog", lang)} (form open)`, await page.content());
  }

  // A draft as its author previews it, and as the link that shares it shows it to anyone.
  const draft = uniqueSlug("previa-valida");
  const id = await writeDraft(page, { title: `Prévia ${draft}`, slug: draft, content: "## Seção\n\nTexto." });
  const shared = await shareDraft(page, id);
  for (const lang of languages) await fetchPage(localizePath(`/admin/blog/${id}/preview`, lang));
  await fetchPage(new URL(shared).pathname);
  // The published post moved to the trash: its address is gone (410), with the not-found page's look.
  await page.goto(`/admin/blog?q=${encodeURIComponent(slug)}`);
  const published = await page.getByTestId("admin-post-list").locator('input[name="id"]').getAttribute("value");
  const trashed = await page.request.post("/admin/blog/trash", {
    headers: { origin: new URL(page.url()).origin },
    form: { intent: "trash", id: published ?? "" },
  });
  expect(trashed.status()).toBe(200);
  const gone = await page.request.get(`/blog/${slug}`);
  expect(gone.status()).toBe(410);
  pages.set(`/blog/${slug} (in the trash)`, await gone.text());

  const errors = await validate(pages);
  expect(errors, errors.join("\n")).toEqual([]);

  // The outline never skips a level on the way down (h1 then h3 hides a section from heading navigation).
  const skips = [...pages].flatMap(([url, html]) => {
    let previous = 0;
    const found: string[] = [];
    for (const [, level] of html.matchAll(/<h([1-6])\b/g)) {
      if (Number(level) > previous + 1) found.push(`${url}: h${previous} then h${level}`);
      previous = Number(level);
    }
    return found;
  });
  expect(skips, skips.join("\n")).toEqual([]);
});

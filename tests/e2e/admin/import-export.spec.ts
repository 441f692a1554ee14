import { readFile } from "node:fs/promises";
import path from "node:path";
import { createPost } from "../../../app/server/blog/posts.server.ts";
import type { Database } from "../../../app/server/db/client.server.ts";
import { limit } from "../../harness/host-speed.ts";
import { IMPORT_FIXTURES, zipFile } from "../../helpers/import-files.ts";
import { postInput } from "../../server/helpers/posts.ts";
import { expect, expectNoSeriousA11yViolations, storePreferences, test } from "../fixtures.ts";
import { checkOnAPhone, seededServerFor } from "./desk-helpers.ts";

/** One post of the author's, so the page's list of posts to redirect to has one. */
async function seed(db: Database, author: { id: string }) {
  const result = await createPost(
    db,
    author.id,
    postInput("ja-estava-aqui", { title: "Já estava aqui", published: true }),
  );
  if (result.status !== "saved") throw new Error(result.status);
}

const server = seededServerFor("import-export", seed);

test("an author exports, checks a WordPress export, imports it with its progress and keeps its old addresses", async ({
  page,
}) => {
  await storePreferences(page, { theme: "light", language: "pt" });
  await server().open(page, "/admin/blog/transfer");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Importar e exportar");
  await expect(page.getByRole("link", { name: "Exportar" })).toHaveAttribute("href", "/admin/blog/export.zip");

  const importing = page.getByTestId("import");
  await importing.getByLabel("Arquivo para importar").setInputFiles({
    name: "diario.WordPress.xml",
    mimeType: "text/xml",
    buffer: await readFile(path.join(IMPORT_FIXTURES, "wordpress.xml")),
  });
  await importing.getByRole("button", { name: "Ver o que será importado" }).click();
  const dryRun = page.getByTestId("dry-run");
  await expect(dryRun.getByRole("status").first()).toHaveText("WordPress: 2 posts (2 em português, 0 em inglês).");
  await expect(dryRun.getByRole("status").first()).toBeFocused();
  await expect(dryRun).toContainText("Importar não é publicar");
  await expect(dryRun).toContainText("Olá, São Paulo: um post com acentos (diario.WordPress.xml, linha 24): script");
  await expect(dryRun).toContainText("diario.WordPress.xml, linha 86: Página, não post: “Sobre mim”");
  await expect(dryRun).toContainText("https://diario.exemplo.com.br/wp-content/uploads/2021/07/sumiu.jpg");
  await expectNoSeriousA11yViolations(page);

  // The file kept since its dry run is named by its token: it is not sent again.
  const applying = page.waitForRequest((request) => /[?&]step=apply&.*&token=[\w-]{43}$/.test(request.url()));
  await dryRun.getByRole("button", { name: "Importar 2 posts" }).click();
  expect((await applying).postDataBuffer()).toBeNull();
  await expect(page.getByTestId("import-done")).toHaveText(
    "Importação concluída: 2 posts importados, 0 pulados, 0 renomeados, 0 substituídos, 0 imagens, 6 endereços antigos.",
  );
  const redirects = page.getByTestId("redirects");
  await expect(redirects.getByRole("rowheader", { name: "/2021/07/ola-sao-paulo" })).toBeVisible();
  await expect(redirects.getByRole("rowheader", { name: "/?p=42" })).toBeVisible();
  // The old blog's tags' pages and feed lead to the blog's.
  await expect(redirects.getByRole("link", { name: "Página da tag Acessibilidade & Inclusão" })).toHaveAttribute(
    "href",
    "/blog/tag/acessibilidade-inclusao",
  );
  await expect(redirects.getByRole("link", { name: "Feed em português" })).toHaveAttribute("href", "/rss.xml");
  const tagPage = await page.request.get(new URL("/tag/acessibilidade/", page.url()).href, { maxRedirects: 0 });
  expect([tagPage.status(), tagPage.headers().location]).toEqual([301, "/blog/tag/acessibilidade-inclusao"]);

  // An address of the author's own, added and removed; a page of the site refused.
  await redirects.getByLabel("Endereço do post").fill("/blog/ja-estava-aqui");
  await redirects.getByLabel("Endereço antigo").fill("/about");
  await redirects.getByRole("button", { name: "Adicionar" }).click();
  await expect(redirects.getByRole("alert")).toHaveText(
    "Esse endereço é uma página deste site: ele não pode redirecionar.",
  );
  await redirects.getByLabel("Endereço antigo").fill("/2017/01/ja-estava/");
  await redirects.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Endereço adicionado.")).toBeVisible();
  await redirects.getByRole("button", { name: "Remover /2017/01/ja-estava" }).click();
  await expect(redirects.getByRole("rowheader", { name: "/2017/01/ja-estava" })).toHaveCount(0);
});

test("a hostile archive is refused with its file named, in English, in the dark theme", async ({ page }) => {
  await storePreferences(page, { theme: "dark", language: "en" });
  await server().open(page, "/en/admin/blog/transfer");
  const importing = page.getByTestId("import");
  await importing.getByRole("button", { name: "Check what will be imported" }).click();
  await expect(importing.getByRole("alert")).toHaveText("Choose a file to import.");
  await importing.getByLabel("File to import").setInputFiles({
    name: "export.zip",
    mimeType: "application/zip",
    buffer: await readFile(await zipFile({ "post.md": "---\ntitle: Ok\n---\nok", "!../../etc/evil.md": "x" })),
  });
  await importing.getByRole("button", { name: "Check what will be imported" }).click();
  const problems = page.getByTestId("problems");
  await expect(problems).toContainText(
    "../../etc/evil.md: The zip has a path that leaves its folder or is absolute. Nothing was read.",
  );
  await expect(page.getByRole("button", { name: /^Import \d/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test("without scripts the import is a plain form: its dry run as a page, then imported by the kept file, with its progress page", async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    colorScheme: "dark",
    viewport: { width: 375, height: 800 },
  });
  const page = await context.newPage();
  await server().signIn(page);
  await page.goto(`${server().origin}/admin/blog/transfer`);
  const file = {
    name: "sem-javascript.md",
    mimeType: "text/markdown",
    buffer: Buffer.from("---\ntitle: Sem JavaScript\nlang: pt\ndate: 2021-07-04\n---\nTexto."),
  };
  await page.getByTestId("import").getByLabel("Arquivo para importar").setInputFiles(file);
  await page.getByRole("button", { name: "Ver o que será importado" }).click();
  const dryRun = page.getByTestId("dry-run");
  await expect(dryRun.getByRole("status")).toHaveText("Pasta de Markdown: 1 post (1 em português, 0 em inglês).");
  // The file is kept on the server: the import asks for nothing more.
  await expect(dryRun.locator('input[type="file"]')).toHaveCount(0);
  await dryRun.getByRole("button", { name: "Importar 1 post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/transfer\?import=[\w-]{43}$/);
  // The page of the import's progress does not refresh itself: its link reloads it until the import ends.
  await expect(async () => {
    const reload = page.getByRole("link", { name: "Atualizar o progresso" });
    if (await reload.isVisible()) await reload.click();
    await expect(page.getByTestId("import-done")).toHaveText(/^Importação concluída: 1 posts importados, 0 pulados/, {
      timeout: 1000,
    });
  }).toPass({ timeout: limit(20_000) });
  await context.close();
});

test("the plain form's dry run, posted before the page's script ran, is accessible, in English", async ({ page }) => {
  await storePreferences(page, { theme: "light", language: "en" });
  await server().open(page, "/en/admin/blog/transfer");
  const importing = page.getByTestId("import");
  await importing.getByLabel("File to import").setInputFiles({
    name: "ghost.json",
    mimeType: "application/json",
    buffer: await readFile(path.join(IMPORT_FIXTURES, "ghost-5.json")),
  });
  // Sent as the browser sends a form whose script has not run: no submit event, a page back.
  await importing.locator("form").evaluate((form: HTMLFormElement) => form.submit());
  const dryRun = page.getByTestId("dry-run");
  await expect(dryRun.getByRole("button", { name: /^Import \d+ posts?$/ })).toBeVisible();
  await expect(dryRun.getByRole("status").first()).toContainText("Ghost:");
  await expectNoSeriousA11yViolations(page);
});

checkOnAPhone("the import and export page", async (page, lang) => {
  await server().open(page, lang === "en" ? "/en/admin/blog/transfer" : "/admin/blog/transfer");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    lang === "en" ? "Import and export" : "Importar e exportar",
  );
});

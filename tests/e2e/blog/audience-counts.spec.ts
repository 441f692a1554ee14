/**
 * The audience counted as readers come, through a real browser and plain
 * HTTP (as curl sends it): ten readers with their own addresses and user
 * agents open a new post three times each, a reader with Global Privacy
 * Control once, while a search engine's bot, a prefetch, a HEAD and the
 * signed-in author open it too. The export says 31 views and 10 visitors for
 * that post and day; the Audience page says the same in both languages; a
 * backup of the database holds none of the addresses or user agents.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import type { APIRequestContext, Page } from "@playwright/test";
import { checkBackupFile, readMember } from "../../../backups/archive.ts";
import { createPostThroughForm, uniqueSlug } from "../admin/helpers.ts";
import { expect, restoreSession, test } from "../fixtures.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../../..");

/** Reader n's address (TEST-NET-2, trusted through X-Forwarded-For from loopback) and browser. */
const readerAddress = (n: number) => `198.51.100.${n + 10}`;
const readerAgent = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 AudienceReader${n}`;

/** The export's row of a path today: views and visitors, or undefined before anything was counted. */
async function exportRow(request: APIRequestContext, pagePath: string) {
  const response = await request.get("/admin/audience.csv?days=7");
  expect(response.status()).toBe(200);
  const text = await response.text();
  const [header, ...rows] = text.trim().split("\n");
  expect(header).toBe("date,path,lang,views,visitors");
  const row = rows.map((line) => line.split(",")).find((fields) => fields[1] === pagePath);
  return row ? { date: row[0], views: Number(row[3]), visitors: Number(row[4]) } : undefined;
}

test.describe("counting readers without following them", () => {
  // A headless browser names itself in its user agent and counts as a bot: the author's browser here
  // says what an ordinary one says, so that only the author's session leaves the author's visit out.
  test.use({
    userAgent:
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  });
  test("31 views and 10 visitors: bots, prefetches, HEAD and the author count nothing", async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    test.slow();
    await restoreSession(page);
    const slug = uniqueSlug("contado");
    await createPostThroughForm(page, {
      title: `Contado ${slug}`,
      slug,
      content: "Um post lido por dez pessoas.",
      publish: true,
    });
    const postPath = `/blog/${slug}`;

    // Nothing that is not a person reading counts: the author, a bot, a prefetch, a HEAD.
    await page.goto(postPath);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(slug);
    const plain = await playwright.request.newContext(baseURL ? { baseURL } : {});
    const asCurl = (n: number, extra: Record<string, string> = {}) => ({
      headers: { "User-Agent": readerAgent(n), "X-Forwarded-For": readerAddress(n), Accept: "*/*", ...extra },
    });
    const bot = await plain.get(postPath, {
      headers: {
        "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "X-Forwarded-For": "66.249.66.1",
      },
    });
    expect(bot.status()).toBe(200);
    expect((await plain.get(postPath, asCurl(90, { "Sec-Purpose": "prefetch" }))).status()).toBe(200);
    expect((await plain.head(postPath, asCurl(91))).status()).toBe(200);

    // Ten readers, three visits each: five in a browser of their own, five as curl sends it.
    for (let n = 0; n < 5; n += 1) {
      const context = await browser.newContext({
        userAgent: readerAgent(n),
        extraHTTPHeaders: { "X-Forwarded-For": readerAddress(n) },
      });
      const reader: Page = await context.newPage();
      for (let visit = 0; visit < 3; visit += 1) {
        const response = await reader.goto(postPath);
        expect([200, 304]).toContain(response?.status());
      }
      await context.close();
    }
    for (let n = 5; n < 10; n += 1)
      for (let visit = 0; visit < 3; visit += 1) expect((await plain.get(postPath, asCurl(n))).status()).toBe(200);
    // Global Privacy Control: a view, no visitor.
    expect((await plain.get(postPath, asCurl(50, { "Sec-GPC": "1" }))).status()).toBe(200);

    // Counts reach the database within a second or so: wait for the state, then check it holds.
    await expect.poll(async () => (await exportRow(page.request, postPath))?.views, { timeout: 15_000 }).toBe(31);
    expect(await exportRow(page.request, postPath)).toMatchObject({ views: 31, visitors: 10 });
    // One more flush later, nothing late came in (the bot, the prefetch, the HEAD, the author).
    await page.waitForTimeout(2_500);
    expect(await exportRow(page.request, postPath)).toMatchObject({ views: 31, visitors: 10 });

    // The Audience page says the same, in both languages.
    for (const lang of ["pt", "en"] as const) {
      await page.goto(lang === "en" ? "/en/admin/audience?days=7" : "/admin/audience?days=7");
      const row = page.getByRole("row").filter({ hasText: `Contado ${slug}` });
      await expect(row).toContainText("31");
    }

    // A backup of the database holds none of the readers' addresses or user agents.
    const backupDir = mkdtempSync(path.join(tmpdir(), "portfolio-audience-backup-"));
    try {
      await run(process.execPath, ["tools/commands/backup.ts"], {
        cwd: root,
        env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, BACKUP_DIR: backupDir },
      });
      const [file] = readdirSync(backupDir).filter((name) => name.endsWith(".tar"));
      if (!file) throw new Error("no backup was written");
      const archive = await checkBackupFile(path.join(backupDir, file));
      const database = archive.members.find((member) => member.name.startsWith("database"));
      if (!database) throw new Error("the backup has no database");
      const bytes = Buffer.from(await readMember(path.join(backupDir, file), database));
      const contents = (database.name.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("latin1");
      expect(contents).toContain(slug);
      for (let n = 0; n < 10; n += 1) {
        expect(contents).not.toContain(readerAddress(n));
        expect(contents).not.toContain(`AudienceReader${n}`);
      }
    } finally {
      rmSync(backupDir, { recursive: true, force: true });
      await plain.dispose();
    }
  });
});

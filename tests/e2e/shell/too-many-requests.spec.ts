import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type SiteServer, startSiteServer } from "../../harness/site-server.ts";
import { expect, expectNoSeriousA11yViolations, test } from "../fixtures.ts";

// The shared server of the end-to-end tests runs without the flood limits (every test asks from
// 127.0.0.1); this one starts a production server of the tested build with low ones.
const LIMIT = 3;

let server: SiteServer | undefined;
let origin = "";
let dataDir = "";

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-limits-"));
  server = await startSiteServer({
    ...process.env,
    DATA_DIR: dataDir,
    RENDER_RATE_LIMIT: String(LIMIT),
    SEARCH_RATE_LIMIT: String(LIMIT),
  });
  origin = server.origin;
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// Each test is its own client: the server trusts X-Forwarded-For from loopback, as from a local proxy.
for (const [lang, client, searchPath, heading, text, home] of [
  ["pt", "198.51.100.1", "/blog/search", "Muitas solicitações em pouco tempo", /Tente de novo em \d+ s\./, "/"],
  ["en", "198.51.100.2", "/en/blog/search", "Too many requests in a short time", /Try again in \d+ s\./, "/en"],
] as const) {
  test(`a visitor over the search limit sees a page saying so, in ${lang}`, async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": client });
    for (let i = 0; i < LIMIT; i++) {
      const response = await page.goto(`${origin}${searchPath}?q=docker${i}`);
      expect(response?.status()).toBe(200);
    }
    const refused = await page.goto(`${origin}${searchPath}?q=docker`);
    expect(refused?.status()).toBe(429);
    expect(Number(refused?.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByText(text)).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", lang === "pt" ? "pt-BR" : "en");
    await expectNoSeriousA11yViolations(page);
    // The way out works: the home page is a static file, never limited.
    await page.getByRole("link").click();
    await expect(page).toHaveURL(`${origin}${home}`);
  });
}

test("loader data over the limit gets a plain line, and static pages and cached articles stay open", async ({
  request,
}) => {
  const headers = { "X-Forwarded-For": "198.51.100.3" };
  for (let i = 0; i < LIMIT; i++) await request.get(`${origin}/blog/search.data?q=${i}`, { headers });
  const data = await request.get(`${origin}/en/blog/search.data?q=x`, { headers });
  expect(data.status()).toBe(429);
  expect(data.headers()["content-type"]).toContain("text/plain");
  expect(await data.text()).toMatch(/^You have made too many requests in a short time\. Try again in \d+ s\.\n$/);
  expect((await request.get(`${origin}/about`, { headers })).status()).toBe(200);
  expect((await request.get(`${origin}/blog/nao-existe`, { headers })).status()).toBe(404);
});

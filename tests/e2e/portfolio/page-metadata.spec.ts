import { limit } from "../../harness/host-speed.ts";
import { pagesWithOwnHead as paths } from "../../helpers/portfolio-pages.ts";
import { expect, test } from "../fixtures.ts";

// Each page's title, description and Open Graph tags are in the HTML the server sends: read over HTTP in
// tests/server/served-pages.test.ts, for these pages in both languages.

test("no page needs another host for its images", async ({ page }) => {
  test.setTimeout(limit(90_000));
  const foreign: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith("http://127.0.0.1")) foreign.push(request.url());
  });
  for (const path of paths) {
    await page.goto(path);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  }
  expect(foreign).toEqual([]);
  await page.goto("/projects");
  const sources = await page.locator("picture source").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("type")));
  expect(sources).toEqual(expect.arrayContaining(["image/avif", "image/webp"]));
});

import { localizePath } from "../../../app/i18n/paths.ts";
import { limit } from "../../harness/host-speed.ts";
import { expect, test } from "../fixtures.ts";

const paths = [
  "/about",
  "/career",
  "/companies",
  "/companies/werneck-group",
  "/projects",
  "/projects/devstudio",
  "/services",
  "/services/consulting",
  "/certificates",
  "/recommendations",
  "/course",
  "/discord",
  "/contact",
  "/privacidade",
];

for (const lang of ["pt", "en"] as const) {
  test(`every page has its own title, description and Open Graph tags (${lang})`, async ({ page }) => {
    // Fourteen full page loads: more than the default budget on a busy machine.
    test.setTimeout(limit(90_000));
    const titles = new Set<string>();
    for (const path of paths) {
      const url = localizePath(path, lang);
      await page.goto(url);
      const title = await page.title();
      expect(title, url).toMatch(/· Rafael Werneck$/);
      titles.add(title);
      await expect(page.locator('meta[name="description"]'), url).toHaveAttribute("content", /.{20,}/);
      await expect(page.locator('meta[property="og:title"]'), url).toHaveAttribute("content", title);
      await expect(page.locator('meta[property="og:locale"]'), url).toHaveAttribute(
        "content",
        lang === "pt" ? "pt_BR" : "en_US",
      );
      await expect(page.locator("html"), url).toHaveAttribute("lang", lang === "pt" ? "pt-BR" : "en");
    }
    expect(titles.size).toBe(paths.length);
  });
}

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

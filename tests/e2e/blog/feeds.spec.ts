import { axeBuilder, expect, test } from "../fixtures.ts";

// What the feeds, the sitemap and robots.txt say, and that every page names its language's feed, is read over
// HTTP (tests/server/served-pages.test.ts, feed-stylesheet.test.ts); here, the page a person who opens a feed reads.

for (const [lang, path, heading, address, blog] of [
  ["pt", "/rss.xml", "Blog de Rafael Werneck", "Endereço do feed", "Ir para o blog"],
  ["en", "/en/rss.xml", "Rafael Werneck's blog", "Feed address", "Go to the blog"],
] as const) {
  for (const scheme of ["light", "dark"] as const) {
    test(`a person who opens the ${lang} feed reads a page: what it is, how to follow it, its posts (${scheme})`, async ({
      page,
      cspViolations,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", lang === "pt" ? "pt-BR" : "en");
      // The address to copy into a feed reader is the feed's own.
      await expect(page.getByRole("textbox", { name: address })).toHaveValue(
        new RegExp(`${path.replace(".", "\\.")}$`),
      );
      await expect(page.getByRole("link", { name: blog })).toHaveAttribute("href", /\/blog$/);
      const posts = page.locator("main").getByRole("listitem");
      expect(await posts.count()).toBeGreaterThanOrEqual(5);
      await expect(posts.first().getByRole("link")).toHaveAttribute(
        "href",
        new RegExp(lang === "pt" ? "/blog/" : "/en/blog/"),
      );
      await expect(posts.first().locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
      // Drawn with the site's own stylesheet, in the reader's theme.
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe(scheme === "dark" ? "rgb(9, 9, 11)" : "rgb(255, 255, 255)");
      const results = await axeBuilder(page).exclude("xslt-warning-banner").analyze();
      const serious = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(serious, serious.join("\n")).toEqual([]);
      expect(cspViolations, cspViolations.join("\n")).toEqual([]);
    });
  }
}

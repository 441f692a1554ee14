import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { addDays, siteDay } from "../../../app/server/analytics/days.server.ts";
import { analyticsCounts, analyticsFeedReaders, blogs } from "../../../app/server/db/schema.ts";
import { limit } from "../../harness/host-speed.ts";
import {
  expect,
  expectNoSeriousA11yViolations,
  pageStates,
  restoreSession,
  storePreferences,
  test,
  viewports,
  waitForHydration,
} from "../fixtures.ts";
import { type SeededServer, startSeededServer } from "./helpers.ts";

const CSV_HEADER = "date,path,lang,views,visitors";

/** The page fits a phone: nothing but a table's own box scrolls sideways. */
async function expectNoPageScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

/** A summary figure by its name. */
const figure = (page: Page, name: "views" | "visitors-per-day" | "peak-visitors") => page.getByTestId(`figure-${name}`);

test.describe("on the shared server", () => {
  test("a visitor gets neither the page, its data nor the CSV", async ({ request }) => {
    for (const [address, home] of [
      ["/admin/audience", "/"],
      ["/en/admin/audience", "/en"],
      ["/admin/audience?days=365", "/"],
      ["/admin/audience.csv", "/"],
      ["/admin/audience.csv?days=7", "/"],
    ] as const) {
      const response = await request.get(address, { maxRedirects: 0 });
      expect(response.status(), address).toBe(302);
      expect(response.headers().location, address).toBe(home);
      expect(response.headers()["content-disposition"], address).toBeUndefined();
      expect(await response.text(), address).not.toContain(CSV_HEADER);
    }
    // React Router's data request: a redirect it follows, never the loader's data.
    const data = await request.get("/admin/audience.data", { maxRedirects: 0 });
    expect(await data.text()).not.toMatch(/peakVisitors|visitorsPerDay|report/);
  });

  for (const lang of ["pt", "en"] as const) {
    test(`the author reaches it from the admin's navigation, with the newsletter's numbers (${lang})`, async ({
      page,
    }, testInfo) => {
      const nav = lang === "pt" ? "Audiência" : "Audience";
      await restoreSession(page);
      await page.goto(lang === "pt" ? "/admin/messages" : "/en/admin/messages");
      await waitForHydration(page);
      await page.getByTestId("admin-nav").getByRole("link", { name: nav }).click();
      await expect(page).toHaveURL(new RegExp(`${lang === "pt" ? "" : "/en"}/admin/audience$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(nav);
      await expect(page.getByTestId("admin-nav").getByRole("link", { name: nav })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(page.locator("meta[name=robots]")).toHaveAttribute("content", "noindex, nofollow");
      // Counting is on, and the newsletter too (the mail sink is its server).
      await expect(page.getByTestId("counting-off")).toHaveCount(0);
      await expect(page.getByTestId("newsletter-off")).toHaveCount(0);
      const newsletter = page.getByTestId("audience-newsletter");
      await expect(
        newsletter.getByRole("heading", {
          name: lang === "pt" ? "Inscrições por post ou página" : "Sign-ups per post or page",
        }),
      ).toBeVisible();
      await expect(
        newsletter.getByRole("heading", { name: lang === "pt" ? "Enviados por post" : "Sent per post" }),
      ).toBeVisible();
      const response = await page.request.get(lang === "pt" ? "/admin/audience" : "/en/admin/audience");
      expect(response.headers()["cache-control"]).toBe("private, no-store");
      await page.screenshot({ path: testInfo.outputPath(`audience-shared-${lang}.png`), fullPage: true });
    });
  }
});

/**
 * A server of its own with counting off (nothing the test does adds to the
 * counts), without a mail server, on a database seeded before it starts.
 */
test.describe("with known counts, on a server of its own", () => {
  test.describe.configure({ mode: "serial" });

  let server: SeededServer | undefined;
  // The site's day the counts were seeded on, and the days before it.
  const today = siteDay(new Date());
  const ago = (days: number) => addDays(today, -days);

  test.beforeAll(async () => {
    test.setTimeout(limit(120_000));
    server = await startSeededServer(
      "audience",
      async (db, author) => {
        const post = { content: "Texto.", published: true, publishedAt: new Date(), authorId: author.id };
        await db.insert(blogs).values([
          { ...post, title: "Olá, audiência", slug: "ola-audiencia", lang: "pt" },
          { ...post, title: "Hello, audience", slug: "hello-audience", lang: "en" },
        ]);
        type Kind = "page" | "site" | "source" | "device" | "not-found" | "feed";
        const rows: [Kind, string, string, string, number, number][] = [
          // The whole site per day: 7 days hold 75 views, 30 days 175, a year 1,175.
          ["site", today, "", "", 40, 12],
          ["site", ago(1), "", "", 25, 9],
          ["site", ago(2), "", "", 10, 4],
          ["site", ago(10), "", "", 100, 30],
          ["site", ago(100), "", "", 1000, 200],
          ["page", today, "/blog", "pt", 20, 8],
          ["page", today, "/blog/ola-audiencia", "pt", 15, 6],
          ["page", today, "/en/blog/hello-audience", "en", 5, 3],
          ["page", ago(1), "/blog", "pt", 10, 5],
          ["page", ago(1), "/about", "pt", 10, 4],
          ["page", ago(1), "/en/blog/hello-audience", "en", 5, 2],
          ["page", ago(2), "/en", "en", 10, 4],
          ["page", ago(10), "/blog/ola-audiencia", "pt", 100, 30],
          ["page", ago(100), "/about", "pt", 1000, 200],
          ["source", today, "", "pt", 20, 0],
          ["source", today, "utm:newsletter", "pt", 12, 0],
          ["source", today, "news.ycombinator.com", "en", 8, 0],
          ["source", ago(1), "google.com", "pt", 25, 0],
          ["device", today, "phone", "pt", 22, 0],
          ["device", today, "desktop", "pt", 15, 0],
          ["device", today, "tablet", "en", 3, 0],
          // Broken links only ten days ago: none in the last 7 days.
          ["not-found", ago(10), "/wp-login.php", "pt", 4, 0],
          ["not-found", ago(10), "/blog/old-post", "pt", 2, 0],
          ["feed", today, "/rss.xml", "pt", 12, 0],
        ];
        await db
          .insert(analyticsCounts)
          .values(rows.map(([kind, day, key, lang, views, visitors]) => ({ kind, day, key, lang, views, visitors })));
        await db.insert(analyticsFeedReaders).values([
          { day: ago(1), feed: "/rss.xml", lang: "pt", reader: "Feedly", subscribers: 128 },
          { day: today, feed: "/rss.xml", lang: "pt", reader: "Feedly", subscribers: 130 },
          { day: today, feed: "/rss.xml", lang: "pt", reader: "Inoreader", subscribers: 7 },
        ]);
      },
      { ANALYTICS: "off" },
    );
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  async function open(page: Page, pathname: string) {
    if (!server) throw new Error("the server did not start");
    await server.open(page, pathname);
  }

  const longDay = (day: string, locale: string) =>
    new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${day}T00:00:00Z`),
    );

  test("in Portuguese, 30 days by default: the figures, the top lists, where readers came from, the feeds", async ({
    page,
  }) => {
    await open(page, "/admin/audience");
    await expect(page.getByTestId("counting-off")).toContainText("A contagem está desligada (ANALYTICS=off)");
    const range = page.getByRole("navigation", { name: "Período" });
    await expect(range.getByRole("link")).toHaveText(["7 dias", "30 dias", "365 dias"]);
    await expect(range.getByRole("link", { name: "30 dias" })).toHaveAttribute("aria-current", "page");
    await expect(range.locator("[aria-current]")).toHaveCount(1);
    await expect(page.getByTestId("audience-dates")).toHaveText(
      `De ${longDay(ago(29), "pt-BR")} a ${longDay(today, "pt-BR")}`,
    );

    await expect(figure(page, "views")).toHaveText("175");
    // (12 + 9 + 4 + 30) visitors over 30 days: 1.8 a day, and 30 on the busiest; never 55.
    await expect(figure(page, "visitors-per-day")).toHaveText("1,8");
    await expect(figure(page, "peak-visitors")).toHaveText("30");

    await expect(page.getByTestId("audience-pages").getByRole("row")).toHaveText([
      "PáginaIdiomaVisualizações",
      "/blog/ola-audienciaPortuguês115",
      "/blogPortuguês30",
      "/aboutPortuguês10",
      "/enInglês10",
      "/en/blog/hello-audienceInglês10",
    ]);
    const ptPosts = page.getByTestId("audience-posts-pt");
    await expect(ptPosts.getByRole("row")).toHaveText([
      "PostVisualizaçõesPico de visitantes por dia",
      "Olá, audiência11530",
    ]);
    await expect(ptPosts.getByRole("link", { name: "Olá, audiência" })).toHaveAttribute("href", "/blog/ola-audiencia");
    await expect(page.getByTestId("audience-posts-en").getByRole("link", { name: "Hello, audience" })).toHaveAttribute(
      "href",
      "/en/blog/hello-audience",
    );
    await expect(page.getByTestId("audience-sources").getByRole("row")).toHaveText([
      "OrigemVisualizações",
      "google.com25",
      "Sem referência20",
      "newsletter (utm)12",
      "news.ycombinator.com8",
    ]);
    await expect(page.getByTestId("audience-devices").getByRole("row")).toHaveText([
      "AparelhoVisualizações",
      "Celular22",
      "Computador15",
      "Tablet3",
    ]);
    await expect(page.getByTestId("audience-feeds").getByRole("row")).toHaveText([
      "FeedIdiomaAssinantesPedidos do feed",
      "/rss.xmlPortuguês13712",
    ]);
    await expect(page.getByTestId("audience-readers").getByRole("row")).toHaveText([
      "LeitorFeedAssinantes",
      "Feedly/rss.xml130",
      "Inoreader/rss.xml7",
    ]);
    await expect(page.getByTestId("audience-not-found").getByRole("row")).toHaveText([
      "EndereçoPedidos",
      "/wp-login.php4",
      "/blog/old-post2",
    ]);
    await expect(page.getByTestId("newsletter-off")).toHaveText(
      "A newsletter está desligada: não há servidor de e-mail configurado (SMTP_HOST e SMTP_FROM).",
    );
  });

  test("the range switches by keyboard, and a short range says in words what it has none of", async ({ page }) => {
    await open(page, "/admin/audience");
    const range = page.getByRole("navigation", { name: "Período" });
    // From the top of the page, the keyboard reaches the range's links.
    await range.getByRole("link", { name: "7 dias" }).focus();
    await expect(range.getByRole("link", { name: "7 dias" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/audience\?days=7$/);
    await expect(range.getByRole("link", { name: "7 dias" })).toHaveAttribute("aria-current", "page");
    await expect(range.getByRole("link", { name: "30 dias" })).not.toHaveAttribute("aria-current");
    await expect(figure(page, "views")).toHaveText("75");
    // (12 + 9 + 4) over 7 days: 3.6 a day, to a tenth.
    await expect(figure(page, "visitors-per-day")).toHaveText("3,6");
    await expect(figure(page, "peak-visitors")).toHaveText("12");
    const broken = page.getByRole("region", { name: "Links quebrados" });
    await expect(broken).toContainText("Nada contado ainda.");
    await expect(broken.getByRole("table")).toHaveCount(0);
    await expect(page.getByTestId("export-csv")).toHaveAttribute("href", "/admin/audience.csv?days=7");

    await page.keyboard.press("Tab");
    await expect(range.getByRole("link", { name: "30 dias" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(range.getByRole("link", { name: "365 dias" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\?days=365$/);
    await expect(figure(page, "views")).toHaveText("1.175");
    await expect(figure(page, "peak-visitors")).toHaveText("200");
    // A year is one shape a chart, and its table a week a row (365 days: one day, then 52 weeks).
    await expect(page.getByTestId("views-chart").locator("svg rect")).toHaveCount(0);
    await expect(page.getByTestId("views-chart").locator("svg path")).toHaveCount(1);
    await expect(page.getByTestId("views-chart").locator("tbody th[scope=row]")).toHaveCount(53);
    await page.keyboard.press("Tab");
    await expect(page.getByTestId("export-csv")).toBeFocused();
    await expect(page.getByTestId("export-csv")).toHaveAttribute("href", "/admin/audience.csv?days=365");
  });

  test("each chart is an image with a summary for its name, and its numbers in a table", async ({ page }) => {
    await open(page, "/admin/audience?days=7");
    const views = page.getByTestId("views-chart");
    const chart = views.getByRole("img");
    await expect(chart).toHaveAttribute(
      "aria-label",
      `Gráfico de barras das visualizações por dia, de ${longDay(ago(6), "pt-BR")} a ${longDay(today, "pt-BR")}: 75 no total; o dia com mais foi ${longDay(today, "pt-BR")}, com 40.`,
    );
    await expect(chart.locator("rect")).toHaveCount(7);
    await expect(page.getByTestId("visitors-chart").getByRole("img")).toHaveAttribute(
      "aria-label",
      new RegExp(`3,6 por dia em média; o dia com mais foi ${longDay(today, "pt-BR")}, com 12\\.$`),
    );

    const table = views.getByRole("table");
    await expect(table).toBeHidden();
    const toggle = views.getByText("Ver tabela");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(table).toBeVisible();
    await expect(table.locator("caption")).toHaveText(
      `Visualizações por dia: De ${longDay(ago(6), "pt-BR")} a ${longDay(today, "pt-BR")}`,
    );
    await expect(table.locator("th[scope=col]")).toHaveText(["Dia", "Visualizações"]);
    await expect(table.locator("th[scope=row]")).toHaveCount(7);
    await expect(table.getByRole("row").last()).toHaveText(`${longDay(today, "pt-BR")}40`);
    await expect(table.getByRole("row").nth(1)).toHaveText(`${longDay(ago(6), "pt-BR")}0`);
  });

  test("the CSV link downloads the range's rows, a header first", async ({ page }) => {
    await open(page, "/admin/audience?days=7");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: /^Exportar CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`audience-${ago(6)}-${today}.csv`);
    expect(readFileSync(await file.path(), "utf8").split("\n")).toEqual([
      CSV_HEADER,
      `${ago(2)},/en,en,10,4`,
      `${ago(1)},/about,pt,10,4`,
      `${ago(1)},/blog,pt,10,5`,
      `${ago(1)},/en/blog/hello-audience,en,5,2`,
      `${today},/blog,pt,20,8`,
      `${today},/blog/ola-audiencia,pt,15,6`,
      `${today},/en/blog/hello-audience,en,5,3`,
      "",
    ]);
  });

  test("in English, a year: numbers and days as English writes them", async ({ page }) => {
    await open(page, "/en/admin/audience?days=365");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audience");
    await expect(page.getByTestId("counting-off")).toContainText("Counting is off (ANALYTICS=off)");
    await expect(
      page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "365 days" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("audience-dates")).toHaveText(
      `From ${longDay(ago(364), "en")} to ${longDay(today, "en")}`,
    );
    await expect(figure(page, "views")).toHaveText("1,175");
    // (12 + 9 + 4 + 30 + 200) over 365 days: under one a day, yet not 0.
    await expect(figure(page, "visitors-per-day")).toHaveText("0.7");
    await expect(figure(page, "peak-visitors")).toHaveText("200");
    await expect(page.getByTestId("audience-pages").getByRole("row").nth(1)).toHaveText("/aboutPortuguese1,010");
    await expect(page.getByTestId("audience-sources").getByRole("row").nth(2)).toHaveText("No referrer20");
    await expect(page.getByTestId("audience-devices").getByRole("row").nth(1)).toHaveText("Phone22");
    await expect(page.getByTestId("newsletter-off")).toHaveText(
      "The newsletter is off: no mail server is configured (SMTP_HOST and SMTP_FROM).",
    );
  });

  test("on a phone, a table wider than the screen says it scrolls, keeps its row headers in view and scrolls by keyboard", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 812 });
    for (const [lang, pathname, name, hint] of [
      ["pt", "/admin/audience", "Assinantes do RSS", "Deslize a tabela para o lado para ver todas as colunas."],
      ["en", "/en/admin/audience", "RSS subscribers", "Swipe the table sideways to see every column."],
    ] as const) {
      await open(page, pathname);
      // The feeds' table, four columns, is wider than the phone; the others fit it.
      const box = page.getByTestId("audience-feeds");
      await expect(box).toHaveRole("region");
      await expect(box).toHaveAccessibleName(name);
      await expect(box).toHaveAttribute("tabindex", "0");
      // Wider than the phone: a visible line says so, and describes the box.
      expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      const note = page.getByText(hint).first();
      await expect(note).toBeVisible();
      await expect(box).toHaveAccessibleDescription(hint);
      // A table that fits says nothing.
      await expect(page.getByTestId("audience-devices")).not.toHaveAttribute("aria-describedby", /./);
      // By keyboard: focused, the arrow keys scroll it; its row header and column header stay at the left edge.
      await box.focus();
      await expect(box).toBeFocused();
      const left = await box.evaluate((element) => element.getBoundingClientRect().left);
      const rowHeader = box.getByRole("rowheader").first();
      const corner = box.getByRole("columnheader", { name: "Feed", exact: true });
      for (let press = 0; press < 8; press++) await page.keyboard.press("ArrowRight");
      await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
      for (const header of [rowHeader, corner]) {
        const at = await header.evaluate((element) => element.getBoundingClientRect().left);
        expect(Math.abs(at - left)).toBeLessThanOrEqual(2);
      }
      await expect(rowHeader).toBeVisible();
      await expect(box.getByRole("columnheader").last()).toBeInViewport();
      await expectNoPageScroll(page);
      await box.screenshot({ path: testInfo.outputPath(`audience-scrolled-table-${lang}.png`) });
    }
  });

  for (const { lang, theme, size } of pageStates) {
    // A year's chart in Portuguese, a week's in English: on a phone, the year's 365 bars.
    const pathname = lang === "pt" ? "/admin/audience?days=365" : "/en/admin/audience?days=7";
    test(`whole and accessible on a ${size}, ${theme} (${lang}, ${lang === "pt" ? "a year" : "a week"})`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(viewports[size]);
      await storePreferences(page, { theme });
      await open(page, pathname);
      // Both charts' tables open, so they are checked too.
      for (const chart of ["views-chart", "visitors-chart"]) await page.getByTestId(chart).locator("summary").click();
      await expect(page.getByTestId("visitors-chart").getByRole("table")).toBeVisible();
      if (size === "phone") {
        await expectNoPageScroll(page);
        // The chart's bars fit the phone's width, each at least a sliver.
        const bars = page.getByTestId("views-chart").getByRole("img");
        const box = await bars.boundingBox();
        expect(box?.width).toBeGreaterThan(250);
        expect(box?.width).toBeLessThanOrEqual(375);
      }
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`audience-${lang}-${size}-${theme}.png`), fullPage: true });
    });
  }
});

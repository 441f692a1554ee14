import { en } from "../../../app/i18n/en.ts";
import { localizePath } from "../../../app/i18n/paths.ts";
import { pt } from "../../../app/i18n/pt.ts";
import { expect, test } from "../fixtures.ts";

// Every page of the specification's route table, with the heading each must show.
const pages: { path: string; heading: { pt: string; en: string } }[] = [
  { path: "/", heading: { pt: "Rafael Werneck", en: "Rafael Werneck" } },
  ...(
    [
      "about",
      "career",
      "companies",
      "projects",
      "services",
      "certificates",
      "contact",
      "recommendations",
      "course",
      "discord",
      "blog",
    ] as const
  ).map((key) => ({
    path: `/${key}`,
    heading: { pt: pt.pages[key].heading, en: en.pages[key].heading },
  })),
  { path: "/companies/cheetah-network", heading: { pt: "Cheetah Network", en: "Cheetah Network" } },
  { path: "/companies/werneck-group", heading: { pt: "Werneck Group", en: "Werneck Group" } },
  { path: "/projects/site-global-mode", heading: { pt: "Site Global Mode", en: "Global Mode Website" } },
  {
    path: "/projects/site-da-família-werneck",
    heading: { pt: "Site da Família Werneck", en: "Werneck Family Website" },
  },
  { path: "/services/web-development", heading: { pt: "Desenvolvimento Web", en: "Web Development" } },
  { path: "/services/consulting", heading: { pt: "Consultoria", en: "Consulting" } },
  { path: "/privacidade", heading: { pt: pt.pages.privacy.heading, en: en.pages.privacy.heading } },
  { path: "/blog/bot-discord", heading: { pt: "Como criar um bot para Discord", en: "How to build a Discord bot" } },
];

for (const lang of ["pt", "en"] as const) {
  test(`every route answers 200 with its heading and language (${lang})`, async ({ page }) => {
    for (const { path, heading } of pages) {
      const url = localizePath(path, lang);
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      // The home page's heading carries the typewriter; it always includes the full name.
      const h1 = page.getByRole("heading", { level: 1 });
      if (path === "/") await expect(h1, url).toContainText(heading[lang]);
      else await expect(h1, url).toHaveText(heading[lang]);
      await expect(page.locator("html")).toHaveAttribute("lang", lang === "pt" ? "pt-BR" : "en");
      await expect(page).toHaveTitle(/\S/);
    }
  });
}

test("each page names its canonical URL and both language alternates", async ({ page }) => {
  await page.goto("/en/about");
  const href = (selector: string) => page.locator(selector).getAttribute("href");
  expect(await href('link[rel="canonical"]')).toMatch(/\/en\/about$/);
  expect(await href('link[rel="alternate"][hreflang="pt-BR"]')).toMatch(/[^n]\/about$/);
  expect(await href('link[rel="alternate"][hreflang="en"]')).toMatch(/\/en\/about$/);
  expect(await href('link[rel="alternate"][hreflang="x-default"]')).toMatch(/[^n]\/about$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", en.pages.about.description);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /About me/);
});

test("a typed non-ASCII project slug and its percent-encoded form both work", async ({ page, request }) => {
  for (const spelling of ["/projects/site-da-fam%C3%ADlia-werneck", "/projects/site-da-fam%c3%adlia-werneck"]) {
    const response = await request.get(spelling);
    expect(response.status(), spelling).toBe(200);
  }
  await page.goto("/projects/site-da-família-werneck");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Site da Família Werneck");
});

test("a trailing slash redirects to the one canonical spelling", async ({ request }) => {
  const response = await request.get("/about/", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe("/about");
});
